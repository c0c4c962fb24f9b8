import { useMemo } from 'preact/hooks';
import { currentProfile } from '@/lib/config';
import { linkPieces } from '@/lib/messages/messages-model';
import { siteOrigins } from './links';
import { Marked } from './search-marks';

/**
 * Comment text with the site's links clickable: addresses on the site and @names become links,
 * everything else is text (Preact text children: nothing is ever parsed as HTML).
 */
export function CommentText({ text, class: className }: { text: string; class?: string }) {
  const pieces = useMemo(() => linkPieces(text, currentProfile().site, siteOrigins()), [text]);
  return (
    <bdi class={className}>
      {pieces.map((piece, index) =>
        'href' in piece ? (
          // Pieces never reorder within one text: the index is a stable key.
          <a key={index} href={piece.href} target="_blank" rel="noreferrer">
            <Marked text={piece.text} />
          </a>
        ) : (
          <Marked key={index} text={piece.text} />
        ),
      )}
    </bdi>
  );
}
