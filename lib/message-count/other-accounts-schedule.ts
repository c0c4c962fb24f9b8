/**
 * When the other accounts' counts are read (pure: unit-tested, and run as is by the benchmark).
 *
 * They are read only after a reading of the member's own count (the background asks right after
 * each one), so never more often than that count; each account at most every ten minutes, never
 * while the member is away (nobody would see it: coming back brings a main read, which brings
 * these) and never while signed out. An account without a read yet (added in another browser and
 * come through sync) is due at once; one added here was read as it was added.
 */
import type { Activity } from '@/lib/message-count/message-count';
import { countOf, type OtherAccount, type OtherAccountCount, othersThan } from './other-accounts-model';

/** An account's count is read at most this often (the issue: "at most every 10 minutes"). */
export const OTHER_ACCOUNT_INTERVAL_MS = 10 * 60_000;
// Main readings come about a minute apart: one a second early still finds an account due.
const DUE_TOLERANCE_MS = 1_000;

export interface ScheduleInput {
  now: number;
  /** The member signed in, or null. */
  signedIn: string | null;
  activity: Activity;
  /** OTHER_ACCOUNT_INTERVAL_MS, or a development install's tuning. */
  intervalMs: number;
}

/** The usernames whose count is due now, in the list's order. */
export function dueAccounts(
  accounts: readonly OtherAccount[],
  counts: readonly OtherAccountCount[],
  { now, signedIn, activity, intervalMs }: ScheduleInput,
): string[] {
  if (signedIn === null || activity === 'away') return [];
  return othersThan(accounts, signedIn)
    .filter((account) => {
      const last = countOf(counts, account.username);
      return last === undefined || now - last.readAt >= intervalMs - DUE_TOLERANCE_MS;
    })
    .map((account) => account.username);
}
