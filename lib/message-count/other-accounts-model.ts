/**
 * The member's other accounts: usernames they added to see those accounts' message counts (the
 * count is public in the interface: no password, no cookie, nothing secret is kept), each with the
 * alert it asked for, and the counts last read. Types and pure helpers only: the popup, the options
 * page and the background all import this file (no zod, no browser API).
 *
 * The list is the person's at this browser, not one site account's: it follows them through
 * `storage.sync` and stays when they sign in as another of their accounts, which is the point (a
 * member with two accounts adds both and always sees the one they are not signed in as). The
 * account signed in is never read nor shown beside the header's own count. Remote text never keys
 * a plain object here: the lists are arrays, looked up by name.
 */

/** What an account's new messages bring beyond its count in the popup's header. */
export type AccountAlert = 'none' | 'dot' | 'notify';
export const ACCOUNT_ALERTS: readonly AccountAlert[] = ['none', 'dot', 'notify'];

/** One account of the list (the sync item), its name as the member typed it. */
export interface OtherAccount {
  username: string;
  alert: AccountAlert;
}

/** The last read of one account's count (the local item). */
export interface OtherAccountCount {
  username: string;
  /** The last count read; null until one was read. */
  count: number | null;
  /** When it was last asked for, answered or not (ms since the epoch): the schedule counts from it. */
  readAt: number;
  /** The last read failed: the account is gone (404), or the read did not work (kept count shown). */
  error?: 'not-found' | 'failed';
}

/** A short list: each account costs a read every 10 minutes, and the header has room for a few. */
export const MAX_OTHER_ACCOUNTS = 5;

/** Site usernames: letters, digits, `_` and `-` (the protocol's check, lib/protocol/fields.ts). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

/** Usernames are case-insensitive on the site: `Alice` and `alice` are one account. */
export function sameName(a: string, b: string | null | undefined): boolean {
  return b != null && a.toLowerCase() === b.toLowerCase();
}

/** The count entry of `username`, if any. */
export function countOf(
  counts: readonly OtherAccountCount[],
  username: string,
): OtherAccountCount | undefined {
  return counts.find((entry) => sameName(entry.username, username));
}

/** The accounts to show beside the member's own count: every one but the account signed in. */
export function othersThan(accounts: readonly OtherAccount[], signedIn: string | null): OtherAccount[] {
  return accounts.filter((account) => !sameName(account.username, signedIn));
}

/**
 * The accounts whose alert is a badge dot and that have messages, while signed in (signed out, the
 * badge shows its own mark and nothing is read).
 */
export function dotAccounts(
  accounts: readonly OtherAccount[],
  counts: readonly OtherAccountCount[],
  signedIn: string | null,
): string[] {
  if (signedIn === null) return [];
  return othersThan(accounts, signedIn)
    .filter((account) => account.alert === 'dot' && (countOf(counts, account.username)?.count ?? 0) > 0)
    .map((account) => account.username);
}

/** What adding an account came to; each but `added` gets its own sentence. */
export type AddAccountOutcome = 'added' | 'known' | 'not-found' | 'failed' | 'full' | 'signed-out';

/**
 * The stored list as it may be used: synced from another browser (perhaps another version), so
 * each entry is checked; malformed ones and repeats are dropped, an unknown alert reads `none`.
 */
export function accountsOf(stored: unknown): OtherAccount[] {
  if (!Array.isArray(stored)) return [];
  const accounts: OtherAccount[] = [];
  for (const entry of stored as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { username, alert } = entry as { username?: unknown; alert?: unknown };
    if (typeof username !== 'string' || !USERNAME_PATTERN.test(username)) continue;
    if (accounts.some((account) => sameName(account.username, username))) continue;
    const known = ACCOUNT_ALERTS.find((choice) => choice === alert) ?? 'none';
    accounts.push({ username, alert: known });
    if (accounts.length === MAX_OTHER_ACCOUNTS) break;
  }
  return accounts;
}
