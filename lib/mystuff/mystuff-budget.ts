/** The byte cap of My Stuff's cache (lib/storage/cache-budget.ts). */
import { trimMembers } from '@/lib/cached-list/list-trims';
import { type CacheBudget, MiB } from '@/lib/storage/cache-budget';
import type { MemberStuff } from './mystuff-model';

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
