/** The byte cap of the daily record (lib/storage/cache-budget.ts). */
import { type CacheBudget, leastRecent, MiB } from '@/lib/storage/cache-budget';
import { type MemberHistory, withoutOldestDay } from './project-history-model';

/**
 * A year of a member's record is ~129 days (90 daily, then weekly); a day of a project is its four
 * counts, ~20 B: a member with 100 projects keeps ~260 KB, with My Stuff's 400 (its cap) ~1 MB. Over
 * the cap, the least recently used member's oldest day goes first (then that member), the signed-in
 * member's oldest days last.
 */
export const projectHistoryBudget: CacheBudget<Record<string, MemberHistory>> = {
  bytes: 1 * MiB,
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
