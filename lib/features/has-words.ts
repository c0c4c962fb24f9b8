/**
 * Whether a page's text gets a Translate button: lib/api/text-split.ts's `needsTranslation`, with a
 * path of its own for texts of plain ASCII (most comments). There its Unicode classes (letters
 * `\p{L}`, digits `\p{N}`) mean no more than `[A-Za-z]` and `[0-9]`, and the page need not build
 * them: the browser makes those regular expressions afresh on every page, a few milliseconds of its
 * main thread once some comment holds an address, an @name or a #tag.
 */
import { needsTranslation } from '@/lib/api/text-split';

/** Tab, line breaks and the printable ASCII characters. */
const NOT_PLAIN_ASCII = /[^\t\n\r -~]/;

export function hasWords(text: string): boolean {
  if (NOT_PLAIN_ASCII.test(text)) return needsTranslation(text);
  // needsTranslation's rule in ASCII: addresses, @names and #tags taken out, a letter left.
  const rest = text
    .replace(/\bhttps?:\/\/\S+/gi, ' ')
    .replace(/\bwww\.\S+/gi, ' ')
    .replace(/[@#][\w-]+/g, ' ');
  return /[a-z]/i.test(rest);
}
