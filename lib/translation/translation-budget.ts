/** The byte cap of the translations' cache (lib/storage/cache-budget.ts). */
import { type CacheBudget, leastRecent, MiB } from '@/lib/storage/cache-budget';
import type { TranslationCache } from '@/lib/translation/translation';

/**
 * Translations, shared by every member: 2,000 at most, each an original and its translation of up
 * to 1,000 characters (~12 KB hostile, ~2 KB typical). The least recently used goes first.
 */
export const translationCacheBudget: CacheBudget<TranslationCache> = {
  bytes: 1 * MiB,
  trim(cache) {
    const key = leastRecent(cache, (entry) => entry.usedAt);
    if (key === undefined) return undefined;
    const entry = cache[key];
    delete cache[key];
    return [key, entry];
  },
};
