/** The byte cap of the daily record (lib/storage/cache-budget.ts). */
import { type CacheBudget, leastRecent, MiB } from '@/lib/storage/cache-budget';
import { type MemberHistory, withoutOldestDay } from './project-history-model';

/**
 * A year of a member's record is ~129 days (90 daily, then weekly); a day of a project is its four
 * counts, ~15 B (~30 B with counts in the millions): a member with 100 projects keeps ~200 KB, so
 * half a MiB holds two such members' years, or one member's 250 projects. Over the cap, the least
 * recently used member's oldest day goes first (then that member), the signed-in member's oldest
 * days last. Its room came from Explore's and the feed's caps: they can be read again, it cannot.
 */
export const projectHistoryBudget: CacheBudget<Record<string, MemberHistory>> = {
  bytes: 0.5 * MiB,
  trim(cache) {
    const name = leastRecent(cache, (history) => history.usedAt ?? 0);
    if (name === undefined) return undefined;
    const history = cache[name] as MemberHistory;
    const trimmed = withoutOldestDay(history);
    if (trimmed === null || trimmed.days.length === 0) {
      delete cache[name];
      return history;
    }
    cache[name] = trimmed;
    // What the dropped day took: its date and a count of each project listed that day.
    return { day: history.days[0], counts: history.projects.map((record) => record.counts[0]) };
  },
};
