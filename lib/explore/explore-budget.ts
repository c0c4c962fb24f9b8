/** The byte cap of Explore's cache (lib/storage/cache-budget.ts). */
import { dropOldestItem } from '@/lib/cached-list/list-trims';
import { type CacheBudget, leastRecent, MiB } from '@/lib/storage/cache-budget';
import type { ExploreCache } from './explore-model';

/**
 * Explore and search, public: 12 lists of up to 400 cards (~1 KB a hostile card) and the featured
 * rows: half a MiB holds the lists last browsed (public data, read again when gone: the daily
 * record of the member's projects took a quarter MiB of this cap, as it cannot be read again). The
 * least recently used list goes first (its oldest cards, then the list), then the featured rows.
 */
export const exploreCacheBudget: CacheBudget<ExploreCache> = {
  bytes: 0.5 * MiB,
  trim(cache) {
    const key = leastRecent(cache.lists, (list) => list.usedAt ?? 0);
    const list = key === undefined ? undefined : cache.lists[key];
    if (key !== undefined && list !== undefined) {
      if (list.items.length > 0) return dropOldestItem(list);
      delete cache.lists[key];
      return list;
    }
    const row = cache.featured.rows.pop();
    if (row === undefined) return undefined;
    cache.featured.readAt = 0;
    return row;
  },
};
