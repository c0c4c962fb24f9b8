import type { ComponentChild } from 'preact';
import { Fragment } from 'preact';
import { fillSentence } from './sentence-markers';

/**
 * A translated sentence with elements in its placeholders: `message` is `t(key, sentenceMarkers(n))`
 * and `parts` fill `$1..$n` (see sentence-markers.ts).
 */
export function Sentence({ message, parts }: { message: string; parts: readonly ComponentChild[] }) {
  return (
    <>
      {fillSentence(message, parts).map((piece, index) => (
        // The pieces never reorder within one sentence: the index is a stable key.
        <Fragment key={index}>{piece}</Fragment>
      ))}
    </>
  );
}
