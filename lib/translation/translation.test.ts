/**
 * The translation service with a fake helper and an in-memory store: one request per text and
 * language, ever; identical requests in flight shared; long texts in pieces, joined back; the cache
 * capped, least recently used out.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  cacheKey,
  capCache,
  createTranslationService,
  type TranslationCache,
  type TranslationPorts,
} from '@/lib/translation/translation';

let requests: { text: string; language: string }[];
let stored: TranslationCache;
let clock: number;
let answer: (text: string, language: string) => Promise<{ text: string; from: string | null }>;

const ports = (): TranslationPorts => ({
  translatePiece: (text, language) => {
    requests.push({ text, language });
    return answer(text, language);
  },
  loadCache: async () => structuredClone(stored),
  saveCache: async (cache) => {
    stored = structuredClone(cache);
  },
  now: () => clock,
});

beforeEach(() => {
  requests = [];
  stored = {};
  clock = 1_000;
  answer = async (text, language) => ({ text: `[${language}] ${text}`, from: null });
});

describe('translation service', () => {
  it('asks the helper once per text and language, across restarts', async () => {
    const service = createTranslationService(ports());
    expect(await service.translate('Hello there', 'fr')).toEqual({
      text: '[fr] Hello there',
      from: null,
      cached: false,
    });
    expect(await service.translate('Hello there', 'fr')).toEqual({
      text: '[fr] Hello there',
      from: null,
      cached: true,
    });
    expect(await service.translate('Hello there', 'de')).toMatchObject({
      text: '[de] Hello there',
      cached: false,
    });
    // A new service worker reads the stored cache.
    const restarted = createTranslationService(ports());
    expect(await restarted.translate('Hello there', 'fr')).toMatchObject({ cached: true });
    expect(requests).toEqual([
      { text: 'Hello there', language: 'fr' },
      { text: 'Hello there', language: 'de' },
    ]);
  });

  it('shares identical requests in flight', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    answer = async (text, language) => {
      await gate;
      return { text: `[${language}] ${text}`, from: 'en' };
    };
    const service = createTranslationService(ports());
    const all = Promise.all([1, 2, 3].map(() => service.translate('Same text', 'ja')));
    release();
    const results = await all;
    expect(requests).toHaveLength(1);
    expect(results.map((r) => r.text)).toEqual(['[ja] Same text', '[ja] Same text', '[ja] Same text']);
    expect(results[0]?.from).toBe('en');
  });

  it('sends long texts in pieces and joins the translations back with their white space', async () => {
    const sentence = 'This is one sentence of a long project note. ';
    const text = `${sentence.repeat(40)}\n\nAnd a last paragraph.`;
    const service = createTranslationService(ports());
    const result = await service.translate(text, 'es');
    expect(requests.length).toBeGreaterThan(1);
    for (const request of requests) expect(request.text.length).toBeLessThanOrEqual(1000);
    expect(result.text.replaceAll('[es] ', '')).toBe(text);
  });

  it('does not ask about texts without words, nor keep a failure', async () => {
    const service = createTranslationService(ports());
    expect(await service.translate('12345 🎉', 'fr')).toMatchObject({ text: '12345 🎉', cached: true });
    answer = async () => {
      throw Object.assign(new Error('503'), { name: 'ServerError' });
    };
    await expect(service.translate('Hello', 'fr')).rejects.toThrow('503');
    answer = async (text, language) => ({ text: `[${language}] ${text}`, from: null });
    expect(await service.translate('Hello', 'fr')).toMatchObject({ text: '[fr] Hello', cached: false });
    expect(requests).toHaveLength(2);
  });

  it('caps the cache, least recently used out', async () => {
    const service = createTranslationService(ports());
    for (let i = 0; i < 5; i++) {
      clock = 1_000 + i;
      await service.translate(`Text number ${i}`, 'fr');
    }
    // Using text 0 again makes it the most recent.
    clock = 2_000;
    await service.translate('Text number 0', 'fr');
    // The hit's new time is saved without holding up the answer.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const capped = capCache(stored, 3);
    expect(Object.keys(capped).sort()).toEqual(
      [
        cacheKey('Text number 0', 'fr'),
        cacheKey('Text number 3', 'fr'),
        cacheKey('Text number 4', 'fr'),
      ].sort(),
    );
    // By characters too.
    const big: TranslationCache = {
      a: { text: 'x'.repeat(600), from: null, usedAt: 1 },
      b: { text: 'y'.repeat(600), from: null, usedAt: 2 },
    };
    expect(Object.keys(capCache(big, 10, 1000))).toEqual(['b']);
  });

  it('keeps the stored cache within its cap as it grows', async () => {
    const service = createTranslationService(ports());
    // ~950 characters per original (one piece), ~1,900 with its translation: about 525 fit, so
    // 600 grow the cache past its cap (each save copies the whole cache, as storage does).
    const long = 'word '.repeat(190);
    for (let i = 0; i < 600; i++) {
      clock++;
      await service.translate(`${long}${i}`, 'fr');
    }
    const characters = Object.entries(stored).reduce(
      (n, [key, entry]) => n + key.length + entry.text.length,
      0,
    );
    expect(characters).toBeLessThanOrEqual(1_000_000);
    // Full up to the cap: only what did not fit went.
    expect(characters).toBeGreaterThan(1_000_000 - 2 * 2_000);
    expect(stored[cacheKey(`${long}599`, 'fr')]).toBeDefined();
    expect(stored[cacheKey(`${long}0`, 'fr')]).toBeUndefined();
  });
});
