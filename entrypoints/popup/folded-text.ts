/**
 * Text as search compares it: case and accents ignored ("É" finds "e", "Ä" finds "a"), with where
 * each folded character came from, so a view can mark the matched part of the original text.
 * Pure; used by every search as you type of the popup (messages, My Stuff).
 */

/** Text folded for comparing, and where each folded character starts and ends in the original. */
export function folded(text: string): { text: string; from: number[]; to: number[] } {
  let out = '';
  const from: number[] = [];
  const to: number[] = [];
  let at = 0;
  for (const char of text) {
    for (const piece of char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()) {
      out += piece;
      from.push(at);
      to.push(at + char.length);
    }
    at += char.length;
  }
  return { text: out, from, to };
}

/** The query's words, folded; "@name" looks for the name. None: no search. */
export const searchTerms = (query: string): string[] =>
  folded(query)
    .text.split(/\s+/)
    .map((word) => word.replace(/^@/, ''))
    .filter(Boolean);
