/**
 * The content script's test for words to translate says what lib/api/text-split.ts's
 * `needsTranslation` says, for plain ASCII texts (its own path) and for any other.
 */
import { describe, expect, it } from 'vitest';
import { needsTranslation } from '@/lib/api/text-split';
import { hasWords } from './has-words';

const TEXTS = [
  'Nice project!',
  '123 456',
  ':) !!! ???',
  '@alice',
  '@alice thanks',
  '#tag #other_tag-2',
  '#tag words',
  'https://scratch.mit.edu/projects/1',
  'see https://scratch.mit.edu/projects/1',
  'www.example.com',
  'www.example.com and more',
  'http',
  'a',
  '   ',
  '',
  '@a-b_c 12 #x',
  'email@example.com',
  '<script>alert(1)</script>',
  '\t\n\r',
  '@café',
  '@josé wow',
  'مرحبا @alice',
  '😀 @bob',
  '日本語',
  '\u0000@x',
];

describe('words to translate', () => {
  it('says what needsTranslation says, for every kind of text', () => {
    for (const text of TEXTS) expect([text, hasWords(text)]).toEqual([text, needsTranslation(text)]);
    for (const text of TEXTS.flatMap((a) => TEXTS.map((b) => `${a} ${b}`)))
      expect([text, hasWords(text)]).toEqual([text, needsTranslation(text)]);
  });
});
