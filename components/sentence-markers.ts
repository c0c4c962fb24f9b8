/**
 * Sentences whose placeholders are elements (links), in any language's word order: the message is
 * read with marker characters in place of `$1..$9`, then split at them. The markers are private-use
 * characters that no locale file contains; remote text never goes through the template (it is in the
 * parts), so it cannot forge a marker.
 */
const MARKER_BASE = 0xe000;
const MARKERS = /([\ue000-\ue008])/;

/** The markers to pass as a message's substitutions: `$1` gets the first, and so on. */
export function sentenceMarkers(count: number): string[] {
  return Array.from({ length: count }, (_, index) => String.fromCharCode(MARKER_BASE + index));
}

/**
 * Splits a message read with `sentenceMarkers` into text and the parts in the order the language
 * puts them: `fillSentence('\ue001 loved \ue000', [a, b])` gives `[b, ' loved ', a]`.
 */
export function fillSentence<P>(message: string, parts: readonly P[]): (string | P)[] {
  return message
    .split(MARKERS)
    .filter((piece) => piece !== '')
    .map((piece) => {
      const index = piece.length === 1 ? piece.charCodeAt(0) - MARKER_BASE : -1;
      return index >= 0 && index < parts.length ? (parts[index] as P) : piece;
    });
}
