/** The byte cap of the feed's cache (lib/storage/cache-budget.ts). */
import { trimMembers } from '@/lib/cached-list/list-trims';
import { type CacheBudget, MiB } from '@/lib/storage/cache-budget';
import type { MemberFeed } from './feed-model';

/**
 * The feed, 3 members × 4 lists × 200 items: a card or an activity line with a hostile 100-character
 * title and its addresses is ~1 KB, so a member's full feed of worst-case items is ~800 KB and fits
 * (the daily record of the member's projects took a quarter MiB of this cap: the feed can be read
 * again, the record cannot). The least recently used member's oldest items go first (of its longest
 * list).
 */
export const feedCacheBudget: CacheBudget<Record<string, MemberFeed>> = {
  bytes: 1 * MiB,
  trim: (cache) => trimMembers(cache, (feed) => [feed.activity, feed.shared, feed.loved, feed.studios]),
};
