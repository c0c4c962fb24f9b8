import { describe, expect, it } from 'vitest';
import type { OtherAccount, OtherAccountCount } from './other-accounts-model';
import { dueAccounts, OTHER_ACCOUNT_INTERVAL_MS, type ScheduleInput } from './other-accounts-schedule';

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 0, 1, 12);
const accounts: OtherAccount[] = [
  { username: 'alice', alert: 'none' },
  { username: 'Bob', alert: 'dot' },
];
const readAgo = (username: string, ms: number): OtherAccountCount => ({
  username,
  count: 2,
  readAt: NOW - ms,
});
const input = (change: Partial<ScheduleInput> = {}): ScheduleInput => ({
  now: NOW,
  signedIn: 'demo',
  activity: 'watching',
  intervalMs: OTHER_ACCOUNT_INTERVAL_MS,
  ...change,
});

describe("the other accounts' schedule", () => {
  it('reads an account every 10 minutes at most: due once 10 minutes passed, not before', () => {
    const counts = [readAgo('alice', 10 * MINUTE), readAgo('bob', 9 * MINUTE)];
    expect(dueAccounts(accounts, counts, input())).toEqual(['alice']);
    expect(dueAccounts(accounts, [readAgo('alice', MINUTE), readAgo('bob', 0)], input())).toEqual([]);
    // A failed read counts as a read: it is tried again 10 minutes later, not at every main read.
    const failed = { ...readAgo('alice', 2 * MINUTE), error: 'failed' as const };
    expect(dueAccounts(accounts, [failed, readAgo('bob', 0)], input())).toEqual([]);
  });

  it('reads an account with no read yet at once (added just now, or come through sync)', () => {
    expect(dueAccounts(accounts, [readAgo('alice', 0)], input())).toEqual(['Bob']);
    expect(dueAccounts(accounts, [], input())).toEqual(['alice', 'Bob']);
  });

  it('reads while the member looks at the site or browses, never while they are away', () => {
    expect(dueAccounts(accounts, [], input({ activity: 'browsing' }))).toEqual(['alice', 'Bob']);
    expect(dueAccounts(accounts, [], input({ activity: 'away' }))).toEqual([]);
  });

  it('reads nothing while signed out', () => {
    expect(dueAccounts(accounts, [], input({ signedIn: null }))).toEqual([]);
  });

  it("never reads the account signed in (the member's own count is read already), whatever its case", () => {
    expect(dueAccounts(accounts, [], input({ signedIn: 'bob' }))).toEqual(['alice']);
  });

  it("follows a shorter interval (a development install's tuning), matching names case-insensitively", () => {
    const counts = [readAgo('ALICE', 5_000), readAgo('bob', 1_000)];
    expect(dueAccounts(accounts, counts, input({ intervalMs: 5_000 }))).toEqual(['alice']);
  });
});
