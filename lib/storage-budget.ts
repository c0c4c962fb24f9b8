/**
 * The budget of `storage.local` (Chrome's 10 MiB, counted as Chrome counts: lib/storage-quota.ts):
 * each cache's byte cap and what it gives up first when over it, the room of the small state
 * items, and the reserve that leaves for the member's own words (reply drafts and the records of
 * replies being sent), which no cache may take. lib/storage-budget.test.ts checks the sum.
 *
 * The caps follow from the caches' item caps and the largest items they hold. A comment is at most
 * 500 characters, and hostile text escapes to up to 6 bytes a character (`<` is `\u003C`): a
 * message or a reply of 500 such characters is ~3.3 KB with its names and addresses, 20 times a
 * plain one. Each cap holds the signed-in member's full lists at typical sizes many times over and
 * a full list of worst-case items once; past it, the least recently used (the oldest) goes first.
 */

import type { CachedList } from '@/lib/cached-list/cached-list';
import type { ExploreCache } from '@/lib/explore/explore-model';
import type { MemberFeed } from '@/lib/feed/feed-model';
import type { MemberMessages, MessageThread } from '@/lib/messages/messages-model';
import type { MemberStuff } from '@/lib/mystuff/mystuff-model';
import type { MemberStatuses, ProjectStatusCache } from '@/lib/project-status/project-status-model';
import type { CacheBudget } from '@/lib/storage/cache-budget';
import { LOCAL_QUOTA_BYTES } from '@/lib/storage/storage-quota';
import type { TranslationCache } from '@/lib/translation/translation';

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * The member's messages, 3 members × 200 (lib/messages): 200 worst-case messages are ~660 KB, 200
 * typical ones (~400 B) 80 KB. The least recently used member's oldest messages go first.
 */
export const messagesCacheBudget: CacheBudget<Record<string, MemberMessages>> = {
  bytes: 1.25 * MiB,
  trim: (cache) => trimMembers(cache, (member) => [member.list]),
};

/**
 * Conversations, 40 per member, each a top comment and up to 3 pages of replies: a conversation of
 * 25 worst-case replies (the site's limit) is ~85 KB. The least recently read goes first, its last
 * replies before it.
 */
export const messageThreadsBudget: CacheBudget<Record<string, Record<string, MessageThread>>> = {
  bytes: 1.25 * MiB,
  trim(threads) {
    let oldest: { member: string; key: string; readAt: number } | undefined;
    for (const [member, mine] of Object.entries(threads))
      for (const [key, thread] of Object.entries(mine))
        if (oldest === undefined || thread.readAt < oldest.readAt)
          oldest = { member, key, readAt: thread.readAt };
    if (oldest === undefined) return undefined;
    const mine = threads[oldest.member] as Record<string, MessageThread>;
    const thread = mine[oldest.key] as MessageThread;
    // Its last replies first; it is read again when opened (its read is the oldest of all).
    const reply = thread.replies.pop();
    if (reply !== undefined) return reply;
    delete mine[oldest.key];
    if (Object.keys(mine).length === 0) delete threads[oldest.member];
    return thread;
  },
};

/**
 * The feed, 3 members × 4 lists × 200 items: a card or an activity line with a hostile 100-character
 * title and its addresses is ~1 KB, so a member's full feed of worst-case items is ~800 KB. The
 * least recently used member's oldest items go first (of its longest list).
 */
export const feedCacheBudget: CacheBudget<Record<string, MemberFeed>> = {
  bytes: 1.25 * MiB,
  trim: (cache) => trimMembers(cache, (feed) => [feed.activity, feed.shared, feed.loved, feed.studios]),
};

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

/**
 * Explore and search, public: 12 lists of up to 400 cards (~1 KB a hostile card) and the featured
 * rows. The least recently used list goes first (its oldest cards, then the list), then the
 * featured rows.
 */
export const exploreCacheBudget: CacheBudget<ExploreCache> = {
  bytes: 0.75 * MiB,
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

/**
 * Loved and favorited projects, 3 members × 2,000 love reads and 1,000 favorites: ~70 B a read,
 * ~150 KB a member. Other members go before the signed-in one; of a member, the least recently seen
 * reads first, then the favorites learnt one by one, then the favorites list (read again when next
 * needed).
 */
export const projectStatusesBudget: CacheBudget<ProjectStatusCache> = {
  bytes: 0.5 * MiB,
  trim(cache) {
    const others = Object.keys(cache.members).length > 1 && cache.member !== null;
    // The signed-in member's statuses go last.
    const name = leastRecent(cache.members, (member) =>
      others && member === cache.members[cache.member as string] ? Number.POSITIVE_INFINITY : member.usedAt,
    );
    if (name === undefined) return undefined;
    const member = cache.members[name] as MemberStatuses;
    // A tenth of the reads at a time: one by one, thousands of reads would each be a scan of all.
    const loves = Object.keys(member.loves);
    if (loves.length > 0) {
      loves.sort((a, b) => (member.loves[a]?.seen ?? 0) - (member.loves[b]?.seen ?? 0));
      return loves.slice(0, Math.ceil(loves.length / 10)).map((id) => {
        const entry = member.loves[id];
        delete member.loves[id];
        return [id, entry];
      });
    }
    const read = leastRecent(member.favoriteReads, (entry) => entry.at);
    if (read !== undefined) {
      const entry = member.favoriteReads[read];
      delete member.favoriteReads[read];
      return [read, entry];
    }
    if (member.favorites !== null) {
      const favorites = member.favorites;
      member.favorites = null;
      return favorites;
    }
    delete cache.members[name];
    return member;
  },
};

/**
 * My Stuff, 3 members × 2 lists × 400 projects: a card with a 100-character title, its picture's
 * address and four counts is ~300 B (~1 KB hostile), so the signed-in member's two full lists of
 * typical projects fit, and the least recently used member's oldest projects go first (of its
 * longest list), then that member.
 */
export const myStuffCacheBudget: CacheBudget<Record<string, MemberStuff>> = {
  bytes: 0.25 * MiB,
  trim: (cache) => trimMembers(cache, (stuff) => [stuff.shared, stuff.favorites]),
};

/** Every cache's budget, by the key of its item (lib/storage.ts). */
export const CACHE_BUDGETS = {
  'local:messagesCache': messagesCacheBudget,
  'local:messageThreads': messageThreadsBudget,
  'local:feedCache': feedCacheBudget,
  'local:translationCache': translationCacheBudget,
  'local:exploreCache': exploreCacheBudget,
  'local:projectStatuses': projectStatusesBudget,
  'local:myStuffCache': myStuffCacheBudget,
} as const;

/**
 * The small state items (the count, the member, what was seen and notified, the popup's tab, the
 * items' version marks): a few KB; this is their room with a wide margin.
 */
export const STATE_BYTES = 256 * KiB;

/**
 * What is left for the member's words. A draft is at most 1,000 characters (the reply box's limit,
 * twice the site's), ~6 KB hostile: 50 drafts a member (lib/messages/messages-model.ts) and as many
 * records of replies being sent (text and content) take ~0.75 MB, so the reserve holds four
 * members' worst case, and thousands of ordinary drafts. Past it a draft is still saved: caches are given up for it
 * (lib/storage-full.ts).
 */
export const WORDS_RESERVE_BYTES =
  LOCAL_QUOTA_BYTES -
  STATE_BYTES -
  Object.values(CACHE_BUDGETS).reduce((sum, budget) => sum + budget.bytes, 0);

// ---------------------------------------------------------------------------------------------------

/** The key of the entry with the smallest `age` (the least recently used), or undefined if none. */
function leastRecent<T>(entries: Record<string, T>, age: (entry: T) => number): string | undefined {
  let oldest: string | undefined;
  let oldestAt = Number.POSITIVE_INFINITY;
  for (const key in entries) {
    const at = age(entries[key] as T);
    if (oldest === undefined || at < oldestAt) {
      oldest = key;
      oldestAt = at;
    }
  }
  return oldest;
}

/**
 * Per-member caches: the least recently used member's oldest items go first (of its longest list),
 * then that member; the most recent member's only when no other is left.
 */
function trimMembers<M extends { usedAt?: number }>(
  cache: Record<string, M>,
  listsOf: (member: M) => CachedList<unknown, { kind: string; at: number }>[],
): unknown {
  const name = leastRecent(cache, (member) => member.usedAt ?? 0);
  if (name === undefined) return undefined;
  const member = cache[name] as M;
  const longest = listsOf(member).reduce((a, b) => (b.items.length > a.items.length ? b : a));
  if (longest.items.length > 0) return dropOldestItem(longest);
  delete cache[name];
  return member;
}

/**
 * A list without its last (oldest) item. It reads on from there later: the next page starts at
 * the items kept, so at worst a few come again, and a list skips none (items are never added twice).
 */
function dropOldestItem<T>(list: CachedList<T, { kind: string; at: number }>): T | undefined {
  const item = list.items.pop();
  list.complete = false;
  list.nextOffset = Math.min(list.nextOffset, list.items.length);
  return item;
}
