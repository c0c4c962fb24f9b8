/**
 * How a cache of cached lists gives up room (its budget's `trim`, lib/storage/cache-budget.ts): the
 * oldest items of a list first, a member's lists before that member.
 */
import { leastRecent } from '@/lib/storage/cache-budget';
import type { CachedList } from './cached-list';

/**
 * Per-member caches: the least recently used member's oldest items go first (of its longest list),
 * then that member; the most recent member's only when no other is left.
 */
export function trimMembers<M extends { usedAt?: number }>(
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
export function dropOldestItem<T>(list: CachedList<T, { kind: string; at: number }>): T | undefined {
  const item = list.items.pop();
  list.complete = false;
  list.nextOffset = Math.min(list.nextOffset, list.items.length);
  return item;
}
