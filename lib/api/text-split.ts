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

/** One segmenter per granularity: making one is not free, and every split needs the same few. */
const segmenters = new Map<Granularity, Intl.Segmenter>();

/**
 * Intl.Segmenter is read a window at a time: in V8 each step of its iterator costs time in
 * proportion to the whole text, so one pass over a long text is quadratic (16,000 characters took
 * over 100 ms in graphemes). A window's segments are kept up to WINDOW characters in; the
 * LOOKAHEAD characters after them are there because a boundary can depend on what follows it (a
 * word's apostrophe, a sentence's closing quote). The next window starts at the last boundary kept.
 */
const WINDOW = 512;
const LOOKAHEAD = 128;

/** Consecutive slices of `text` at `granularity` boundaries (a rough fallback without Intl.Segmenter). */
function segments(text: string, granularity: Granularity): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    let segmenter = segmenters.get(granularity);
    if (!segmenter) {
      segmenter = new Intl.Segmenter(undefined, { granularity });
      segmenters.set(granularity, segmenter);
    }
    const found: string[] = [];
    let start = 0;
    let size = WINDOW;
    while (start < text.length) {
      const last = start + size + LOOKAHEAD >= text.length;
      const window = text.slice(start, last ? text.length : start + size + LOOKAHEAD);
      let kept = 0;
      for (const { segment, index } of segmenter.segment(window)) {
        if (!last && index + segment.length > size) break;
        found.push(segment);
        kept = index + segment.length;
      }
      // One segment longer than the window (a long sentence, a huge grapheme): a wider window.
      if (kept === 0) size *= 2;
      else {
        start += kept;
        size = WINDOW;
      }
    }
    return found;
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
 * What a piece costs against a helper's limit, computed once per segment and added up as segments
 * join: measuring each growing piece again from its start made splitting quadratic (a
 * 9,500-character text took tens of milliseconds).
 */
interface Budget<C> {
  measure(segment: string): C;
  /** The cost of two consecutive slices joined (segments never split a grapheme). */
  add(a: C, b: C): C;
  fits(cost: C): boolean;
}

/**
 * Packs `text` into consecutive pieces that each fit `budget`, cutting at the coarsest boundary
 * that works: `levels` in order (e.g. sentences, then words), graphemes last. Each level measures
 * each of its segments once, so the work grows with the text's length, not its square.
 */
function pack<C>(
  text: string,
  budget: Budget<C>,
  levels: Granularity[],
  whole = budget.measure(text),
): string[] {
  if (budget.fits(whole)) return text === '' ? [] : [text];
  const [level, ...finer] = levels;
  const parts = level ? segments(text, level) : segments(text, 'grapheme');
  const pieces: string[] = [];
  let current = '';
  let cost: C | null = null;
  for (const part of parts) {
    const partCost = budget.measure(part);
    const joined: C = cost === null ? partCost : budget.add(cost, partCost);
    if (budget.fits(joined)) {
      current += part;
      cost = joined;
      continue;
    }
    if (current !== '') pieces.push(current);
    current = '';
    cost = null;
    if (budget.fits(partCost)) {
      current = part;
      cost = partCost;
    } else if (level) pieces.push(...pack(part, budget, finer, partCost));
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
  // Both counts add up over consecutive slices cut between graphemes (code points stay whole).
  const budget: Budget<{ characters: number; bytes: number }> = {
    measure: (segment) => ({ characters: characters(segment), bytes: encodeURIComponent(segment).length }),
    add: (a, b) => ({ characters: a.characters + b.characters, bytes: a.bytes + b.bytes }),
    fits: (cost) => cost.characters <= maxCharacters && cost.bytes <= maxEncodedBytes,
  };
  return pack(text, budget, ['sentence', 'word']);
}

/** A slice's length, its white space at each end, and whether it is all white space: its trimmed length adds up. */
interface SpacedLength {
  length: number;
  leading: number;
  trailing: number;
  blank: boolean;
}

function spacedLength(segment: string): SpacedLength {
  // trimStart/trimEnd: the white space `trim` takes away, found in one pass.
  const leading = segment.length - segment.trimStart().length;
  const blank = leading === segment.length;
  const trailing = blank ? 0 : segment.length - segment.trimEnd().length;
  return { length: segment.length, leading, trailing, blank };
}

const trimmedLength = (cost: SpacedLength) => (cost.blank ? 0 : cost.length - cost.leading - cost.trailing);

/**
 * Pieces of at most `max` characters (UTF-16 units, which never undercounts the helper's own
 * count) for the speech helper, cut between words, trimmed, blank ones dropped.
 */
export function splitForSpeech(text: string, max = MAX_SPEECH_CHARACTERS): string[] {
  const budget: Budget<SpacedLength> = {
    measure: spacedLength,
    add: (a, b) => ({
      length: a.length + b.length,
      leading: a.blank ? a.length + b.leading : a.leading,
      trailing: b.blank ? b.length + a.trailing : b.trailing,
      blank: a.blank && b.blank,
    }),
    fits: (cost) => trimmedLength(cost) <= max,
  };
  return pack(text.trim(), budget, ['word'])
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '');
}

/** A piece with the white space around it kept aside, so a translation can be put back in its place. */
export function surroundingSpace(piece: string): { before: string; core: string; after: string } {
  // trimStart and trimEnd remove what `\s` matches; `/\s*$/` would be quadratic in a long run of
  // spaces that does not end the piece.
  const before = piece.slice(0, piece.length - piece.trimStart().length);
  const after = piece.length > before.length ? piece.slice(piece.trimEnd().length) : '';
  return { before, core: piece.slice(before.length, piece.length - after.length), after };
}

/**
 * True when a text has words to translate: not only digits, emoji, punctuation, symbols, links
 * (web addresses, @names, #tags: the site makes them links) or white space.
 */
export function needsTranslation(text: string): boolean {
  // Most texts have a Latin letter and no address, @name or #tag: they need none of the Unicode
  // classes below, which cost a page's content script 2 ms in Firefox (the first call makes them).
  if (/[a-z]/i.test(text) && !/[@#]|http|www\./i.test(text)) return true;
  // Not `u` with `i` for the addresses: V8 runs that pair many times slower (addresses are ASCII;
  // `\S+` takes a surrogate pair's halves alike).
  const rest = text
    .replace(/\bhttps?:\/\/\S+/gi, ' ')
    .replace(/\bwww\.\S+/gi, ' ')
    .replace(/[@#][\p{L}\p{N}_-]+/gu, ' ');
  return /\p{L}/u.test(rest);
}
