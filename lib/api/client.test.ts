import { describe, expect, it } from 'vitest';
import { MAX_SPEECH_LENGTH, splitForSpeech, translationLanguage } from './client';
import {
  CommentRejected,
  genericRejectionSentence,
  isApiError,
  rejectionSentence,
  SignedOut,
} from './errors';

describe('splitForSpeech', () => {
  it('cuts long text at spaces into pieces the synthesis helper accepts', () => {
    const text = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const pieces = splitForSpeech(text);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every((p) => p.length <= MAX_SPEECH_LENGTH && p.length > 0)).toBe(true);
    expect(pieces.join(' ')).toBe(text);
  });

  it('cuts a word longer than the limit where it must', () => {
    expect(splitForSpeech('x'.repeat(300)).map((p) => p.length)).toEqual([128, 128, 44]);
  });
});

describe('translationLanguage', () => {
  it('maps site locales onto the translation languages', () => {
    expect(translationLanguage('es-419')).toBe('es');
    expect(translationLanguage('pt-br')).toBe('pt');
    expect(translationLanguage('ja-Hira')).toBe('ja');
    expect(translationLanguage('zh-TW')).toBe('zh-tw');
    expect(translationLanguage('zh-cn')).toBe('zh-cn');
    expect(translationLanguage('fr')).toBe('fr');
  });
});

describe('errors', () => {
  it('gives each known rejection code its own sentence, unknown ones a generic one', () => {
    expect(new CommentRejected('isFlood').sentence).toMatch(/too fast/);
    expect(rejectionSentence('constructor')).toBe(genericRejectionSentence);
    expect(new CommentRejected('whatever').sentence).toBe(genericRejectionSentence);
  });

  it('recognises errors that crossed the messaging layer by their name', () => {
    // What @webext-core/messaging rebuilds on the other side: a plain Error with the name kept.
    const crossed = Object.assign(new Error('Sign in to the site to do this.'), { name: 'SignedOut' });
    expect(isApiError(crossed, 'SignedOut')).toBe(true);
    expect(isApiError(crossed, 'Unauthorized')).toBe(true);
    expect(isApiError(crossed)).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(new SignedOut()).toBeInstanceOf(Error);
  });
});
