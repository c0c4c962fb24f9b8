/**
 * Cutting text into pieces a helper takes: sentences for the translation helper, words for the
 * speech helper. A cut never falls inside a character (surrogate pairs, emoji sequences, combining
 * marks stay whole: the smallest unit is a grapheme cluster), and pieces are consecutive slices of
 * the text, so joining them gives the text back, right-to-left text and all.
 */

/**
 * The translation helper's limit, written down: the live limit is unknown (texts travel in the
 * query string, so it is the helper's URL limit). The sandbox, like any Node server, refuses a
 * request head over 16 KiB (431); common front ends stop at 8 KiB. Pieces stay far below both: at
 * most 1,000 characters and 4,000 bytes once URL-encoded (about 440 CJK characters).
 */
export const MAX_TRANSLATION_CHARACTERS = 1000;
export const MAX_TRANSLATION_ENCODED_BYTES = 4000;
/** The speech helper takes at most 128 characters per request (the editor's limit). */
export const MAX_SPEECH_CHARACTERS = 128;

type Granularity = 'grapheme' | 'word' | 'sentence';

/** Consecutive slices of `text` at `granularity` boundaries (a rough fallback without Intl.Segmenter). */
function segments(text: string, granularity: Granularity): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    const segmenter = new Intl.Segmenter(undefined, { granularity });
    return Array.from(segmenter.segment(text), (s) => s.segment);
  }
  const pattern =
    granularity === 'sentence'
      ? /[^.!?。！？\n]*(?:[.!?。！？]+|\n+|$)\s*/gu
      : granularity === 'word'
        ? /\s+|[^\s]+/gu
        : /\P{M}\p{M}*|\p{M}+/gu;
  return (text.match(pattern) ?? []).filter((s) => s !== '');
}

/**
 * Packs `text` into consecutive pieces that each satisfy `fits`, cutting at the coarsest boundary
 * that works: `levels` in order (e.g. sentences, then words), graphemes last.
 */
function pack(text: string, fits: (piece: string) => boolean, levels: Granularity[]): string[] {
  if (fits(text)) return text === '' ? [] : [text];
  const [level, ...finer] = levels;
  const parts = level ? segments(text, level) : segments(text, 'grapheme');
  const pieces: string[] = [];
  let current = '';
  for (const part of parts) {
    if (fits(current + part)) {
      current += part;
      continue;
    }
    if (current !== '') pieces.push(current);
    current = '';
    if (fits(part)) current = part;
    else if (level) pieces.push(...pack(part, fits, finer));
    // A single grapheme too big for any piece (never in practice): keep it whole rather than break it.
    else pieces.push(part);
  }
  if (current !== '') pieces.push(current);
  return pieces;
}

const characters = (text: string) => {
  let count = 0;
  for (const _ of text) count++;
  return count;
};

/** Consecutive pieces of `text` the translation helper takes, cut between sentences where possible. */
export function splitForTranslation(
  text: string,
  maxCharacters = MAX_TRANSLATION_CHARACTERS,
  maxEncodedBytes = MAX_TRANSLATION_ENCODED_BYTES,
): string[] {
  const fits = (piece: string) =>
    characters(piece) <= maxCharacters && encodeURIComponent(piece).length <= maxEncodedBytes;
  return pack(text, fits, ['sentence', 'word']);
}

/**
 * Pieces of at most `max` characters (UTF-16 units, which never undercounts the helper's own
 * count) for the speech helper, cut between words, trimmed, blank ones dropped.
 */
export function splitForSpeech(text: string, max = MAX_SPEECH_CHARACTERS): string[] {
  const fits = (piece: string) => piece.trim().length <= max;
  return pack(text.trim(), fits, ['word'])
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '');
}

/** A piece with the white space around it kept aside, so a translation can be put back in its place. */
export function surroundingSpace(piece: string): { before: string; core: string; after: string } {
  const before = /^\s*/u.exec(piece)?.[0] ?? '';
  const after = piece.length > before.length ? (/\s*$/u.exec(piece)?.[0] ?? '') : '';
  return { before, core: piece.slice(before.length, piece.length - after.length), after };
}

/**
 * True when a text has words to translate: not only digits, emoji, punctuation, symbols, links
 * (web addresses, @names, #tags: the site makes them links) or white space.
 */
export function needsTranslation(text: string): boolean {
  const rest = text
    .replace(/\bhttps?:\/\/\S+/giu, ' ')
    .replace(/\bwww\.\S+/giu, ' ')
    .replace(/[@#][\p{L}\p{N}_-]+/gu, ' ');
  return /\p{L}/u.test(rest);
}
