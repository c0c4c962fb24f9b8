import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_TRANSLATION_CHARACTERS,
  MAX_TRANSLATION_ENCODED_BYTES,
  needsTranslation,
  splitForSpeech,
  splitForTranslation,
  surroundingSpace,
} from './text-split';

const codePoints = (text: string) => [...text].length;
const hasBrokenSurrogate = (text: string) =>
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('splitting for translation', () => {
  it('keeps a short text whole', () => {
    expect(splitForTranslation('Hello there. How are you?')).toEqual(['Hello there. How are you?']);
    expect(splitForTranslation('')).toEqual([]);
  });

  it('cuts long texts between sentences, each piece within the limits, and joins back exactly', () => {
    const sentence = 'This sentence is about forty-five chars long. ';
    const text = sentence.repeat(60);
    const pieces = splitForTranslation(text);
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.join('')).toBe(text);
    for (const piece of pieces) {
      expect(codePoints(piece)).toBeLessThanOrEqual(MAX_TRANSLATION_CHARACTERS);
      expect(piece.endsWith('. ')).toBe(true);
    }
  });

  it('counts URL-encoded bytes: CJK and emoji texts go in smaller pieces, pairs intact', () => {
    const text = '這是一個很長的句子，用來測試分割。'.repeat(60) + '🐱👨‍👩‍👧‍👦'.repeat(100);
    const pieces = splitForTranslation(text);
    expect(pieces.join('')).toBe(text);
    for (const piece of pieces) {
      expect(encodeURIComponent(piece).length).toBeLessThanOrEqual(MAX_TRANSLATION_ENCODED_BYTES);
      expect(hasBrokenSurrogate(piece)).toBe(false);
      // A family emoji is one grapheme: never cut inside it.
      expect(piece.startsWith('\u200D')).toBe(false);
    }
  });

  it('keeps right-to-left text whole and in order', () => {
    const text = 'مرحبا بالعالم، هذا مشروع رائع. '.repeat(80);
    const pieces = splitForTranslation(text);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(text);
    for (const piece of pieces) expect(piece.trim().endsWith('.')).toBe(true);
  });

  it('cuts a sentence longer than the limit between words', () => {
    const text = `${'word '.repeat(400)}end.`;
    const pieces = splitForTranslation(text, 100, 10_000);
    expect(pieces.join('')).toBe(text);
    for (const piece of pieces) {
      expect(codePoints(piece)).toBeLessThanOrEqual(100);
      expect(/^\S|^$/.test(piece) || piece.startsWith(' ')).toBe(true);
    }
    expect(pieces.slice(0, -1).every((piece) => piece.endsWith(' '))).toBe(true);
  });

  it('any text: pieces join back and fit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 600 }), (text) => {
        const pieces = splitForTranslation(text, 50, 400);
        expect(pieces.join('')).toBe(text);
        for (const piece of pieces) expect(hasBrokenSurrogate(piece)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('splits long texts in time that grows with their length, not its square', () => {
    // The work splitting does, counted where it is spent: characters URL-encoded to measure pieces,
    // and Intl.Segmenter steps times the length of the text each was given (V8 pays that per step).
    const work = (text: string) => {
      let units = 0;
      const encode = globalThis.encodeURIComponent;
      vi.spyOn(globalThis, 'encodeURIComponent').mockImplementation((value) => {
        units += String(value).length;
        return encode(value);
      });
      const segment = Intl.Segmenter.prototype.segment;
      vi.spyOn(Intl.Segmenter.prototype, 'segment').mockImplementation(function (
        this: Intl.Segmenter,
        input,
      ) {
        const segments = segment.call(this, input);
        return {
          *[Symbol.iterator]() {
            for (const item of segments) {
              units += input.length;
              yield item;
            }
          },
        } as unknown as Intl.Segments;
      });
      const pieces = splitForTranslation(text);
      vi.restoreAllMocks();
      return { units, pieces };
    };
    // A long text with no sentence end (cut between words) and one with no space (between graphemes).
    for (const unit of ['word ', 'x', 'ça va 🐱 ']) {
      const long = unit.repeat(Math.ceil(9_500 / unit.length));
      const longer = long.repeat(4);
      const once = work(long);
      const fourTimes = work(longer);
      expect(once.pieces.join('')).toBe(long);
      expect(fourTimes.pieces.join('')).toBe(longer);
      for (const piece of fourTimes.pieces) {
        expect(codePoints(piece)).toBeLessThanOrEqual(MAX_TRANSLATION_CHARACTERS);
        expect(encodeURIComponent(piece).length).toBeLessThanOrEqual(MAX_TRANSLATION_ENCODED_BYTES);
        expect(hasBrokenSurrogate(piece)).toBe(false);
      }
      if (unit !== 'x')
        expect(fourTimes.pieces.slice(0, -1).every((piece) => piece.endsWith(' '))).toBe(true);
      // Four times the text: about four times the work (a quadratic split does sixteen).
      expect(fourTimes.units / once.units, unit).toBeLessThan(5);
    }
  });

  it('puts a translation back with the white space around its piece', () => {
    expect(surroundingSpace('  hello world \n')).toEqual({ before: '  ', core: 'hello world', after: ' \n' });
    expect(surroundingSpace('   ')).toEqual({ before: '   ', core: '', after: '' });
  });
});

describe('splitting for speech', () => {
  it('cuts at word boundaries into pieces of at most 128 characters', () => {
    const text = 'The quick brown fox jumps over the lazy dog. '.repeat(10);
    const pieces = splitForSpeech(text);
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(128);
    expect(pieces.join(' ')).toBe(text.trim());
  });

  it('never splits a surrogate pair, even in a text without spaces', () => {
    const text = '🐱'.repeat(200);
    const pieces = splitForSpeech(text);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(128);
      expect(hasBrokenSurrogate(piece)).toBe(false);
    }
    expect(pieces.join('')).toBe(text);
  });

  it('keeps right-to-left words whole', () => {
    const text = 'שלום עולם פרויקט חדש '.repeat(20);
    const pieces = splitForSpeech(text);
    const words = new Set(text.trim().split(' '));
    for (const piece of pieces) for (const word of piece.split(' ')) expect(words.has(word)).toBe(true);
  });
});

describe('what needs translating', () => {
  it('skips digits, emoji, punctuation, links and white space', () => {
    for (const text of [
      '12345',
      '🎉🎉 :)',
      '  \n ',
      'https://scratch.mit.edu/projects/1/',
      '@someone_1 #games !!',
      '3.14 + 2 = 5.14',
      'WWW.EXAMPLE.COM/cats',
      'HTTP://example.com #Games',
    ])
      expect(needsTranslation(text), text).toBe(false);
    for (const text of [
      'Great project!',
      '@someone thanks',
      'こんにちは',
      'مرحبا',
      '12 apples',
      'www.x.org Éé',
      '#tag ok',
    ])
      expect(needsTranslation(text), text).toBe(true);
  });
});
