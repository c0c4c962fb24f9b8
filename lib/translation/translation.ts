/**
 * The translation service: text in, translated text out, each text sent to the helper at most once
 * per language. Results live in one storage item (least recently used out past a size cap), so a
 * member who revisits a thread, in any tab, after any restart, costs the helper nothing; identical
 * requests in flight are shared; long texts go in pieces the helper takes (lib/api/text-split.ts),
 * translated one after the other and put back together with their white space.
 *
 * Pure core with ports (the API client, the storage item, the clock): translation-background.ts
 * wires it, translation.test.ts drives it with fakes. Translations are of public text and not the
 * member's: the cache is shared by every account on the browser.
 */

import { serialQueue } from '@/lib/concurrency/serial';
import { singleFlight } from '@/lib/concurrency/single-flight';
import { ownEntry } from '@/lib/storage/own-entry';
import type { TranslatedText } from '../api/client';
import { needsTranslation, splitForTranslation, surroundingSpace } from '../api/text-split';
import type { TranslationResult } from './translation-model';

export interface TranslationCacheEntry {
  text: string;
  from: string | null;
  /** When it was last asked for (ms since the epoch): the least recently used go first. */
  usedAt: number;
}

/** Keyed by `cacheKey(text, language)`. */
export type TranslationCache = Record<string, TranslationCacheEntry>;

/** The cap: entries, and characters of originals and translations together (storage is ~10 MB). */
export const MAX_CACHED_TRANSLATIONS = 2000;
export const MAX_CACHED_CHARACTERS = 1_000_000;

export interface TranslationPorts {
  /** One request to the helper (the API client: timeout, retries, rate limit). */
  translatePiece(text: string, language: string): Promise<TranslatedText>;
  loadCache(): Promise<TranslationCache>;
  saveCache(cache: TranslationCache): Promise<void>;
  now(): number;
}

export interface TranslationService {
  translate(text: string, language: string): Promise<TranslationResult>;
}

export function cacheKey(text: string, language: string): string {
  return `${language}\n${text}`;
}

const entrySize = (key: string, entry: TranslationCacheEntry) => key.length + entry.text.length;

/** Drops the least recently used entries until the cache is within both caps. */
export function capCache(
  cache: TranslationCache,
  maxEntries = MAX_CACHED_TRANSLATIONS,
  maxCharacters = MAX_CACHED_CHARACTERS,
): TranslationCache {
  const entries = Object.entries(cache).sort(([, a], [, b]) => b.usedAt - a.usedAt);
  const kept: TranslationCache = {};
  let characters = 0;
  let count = 0;
  for (const [key, entry] of entries) {
    const size = entrySize(key, entry);
    if (count >= maxEntries || characters + size > maxCharacters) continue;
    kept[key] = entry;
    characters += size;
    count++;
  }
  return kept;
}

export function createTranslationService(ports: TranslationPorts): TranslationService {
  let cache: Promise<TranslationCache> | undefined;
  const loaded = () => {
    cache ??= ports.loadCache().catch(() => ({}));
    return cache;
  };
  /** One request per text and language at a time: a second click joins the first. */
  const inFlight = singleFlight<TranslationResult>();

  // Writes one after the other: the last state always lands, never two writes at once.
  const writes = serialQueue();
  const persist = () =>
    writes(async () => ports.saveCache(await loaded())).catch((error: unknown) =>
      console.warn('[companion] the translation cache was not saved:', error),
    );

  const request = async (text: string, language: string): Promise<TranslatedText> => {
    let from: string | null = null;
    const parts: string[] = [];
    for (const piece of splitForTranslation(text)) {
      const { before, core, after } = surroundingSpace(piece);
      if (core === '') {
        parts.push(piece);
        continue;
      }
      const translated = await ports.translatePiece(core, language);
      from ??= translated.from;
      parts.push(before + translated.text + after);
    }
    return { text: parts.join(''), from };
  };

  return {
    async translate(text, language) {
      if (!needsTranslation(text)) return { text, from: null, cached: true };
      const key = cacheKey(text, language);
      const entries = await loaded();
      // Keys hold remote text (a `language\ntext` pair never names a prototype's property: still own).
      const hit = ownEntry(entries, key);
      if (hit) {
        hit.usedAt = ports.now();
        void persist();
        return { text: hit.text, from: hit.from, cached: true };
      }
      return inFlight.run(key, async () => {
        const result = await request(text, language);
        const current = await loaded();
        current[key] = { text: result.text, from: result.from, usedAt: ports.now() };
        const capped = capCache(current);
        if (Object.keys(capped).length !== Object.keys(current).length) cache = Promise.resolve(capped);
        await persist();
        return { ...result, cached: false };
      });
    },
  };
}
