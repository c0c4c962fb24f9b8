/** The byte cap of the loved and favorited marks' cache (lib/storage/cache-budget.ts). */
import { type CacheBudget, KiB, leastRecent, MiB } from '@/lib/storage/cache-budget';
import { ownEntry } from '@/lib/storage/own-entry';
import type { MemberStatuses, PageStatuses, ProjectStatusCache } from './project-status-model';

/**
 * Loved and favorited projects, 3 members × 2,000 love reads and 1,000 favorites: ~60 B a read,
 * ~130 KB a member; with the pages' copy (below), half a MiB. Other members go before the signed-in
 * one; of a member, the least recently seen reads first, then the favorites learnt one by one, then
 * the favorites list (read again when next needed).
 */
export const projectStatusesBudget: CacheBudget<ProjectStatusCache> = {
  bytes: 0.5 * MiB - 128 * KiB,
  trim(cache) {
    const others = Object.keys(cache.members).length > 1 && cache.member !== null;
    // The signed-in member's statuses go last.
    const name = leastRecent(cache.members, (member) =>
      others && member === ownEntry(cache.members, cache.member as string)
        ? Number.POSITIVE_INFINITY
        : member.usedAt,
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
 * Site pages' copy of the signed-in member's statuses: 2,000 love reads (~40 B each) and 1,000
 * favorites, ~100 KB. Past it (favorites learnt one by one pile up), the oldest reads go first: a page
 * asks again for what it does not find.
 */
export const pageStatusesBudget: CacheBudget<PageStatuses | null> = {
  bytes: 128 * KiB,
  trim(page) {
    if (page === null) return undefined;
    const loves = Object.keys(page.loves);
    if (loves.length > 0) {
      loves.sort((a, b) => (page.loves[a]?.at ?? 0) - (page.loves[b]?.at ?? 0));
      return loves.slice(0, Math.ceil(loves.length / 10)).map((id) => {
        const entry = page.loves[id];
        delete page.loves[id];
        return [id, entry];
      });
    }
    const read = leastRecent(page.favoriteReads, (entry) => entry.at);
    if (read !== undefined) {
      const entry = page.favoriteReads[read];
      delete page.favoriteReads[read];
      return [read, entry];
    }
    if (page.favorites === null) return undefined;
    const favorites = page.favorites;
    page.favorites = null;
    return favorites;
  },
};
