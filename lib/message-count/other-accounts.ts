/**
 * The other accounts' service: adds an account (one read, which is also the check that it exists),
 * removes one, changes its alert, and reads the counts that are due after each reading of the
 * member's own count (./other-accounts-schedule.ts). One request per due account, shared by every
 * caller while it is out; the list and the counts are written one change at a time.
 *
 * Everything it needs comes through `OtherAccountsPorts`, so the background (storage, the API
 * client), the unit tests and the benchmark (a simulated clock) run this same code.
 */
import { serialQueue } from '@/lib/concurrency/serial';
import { singleFlight } from '@/lib/concurrency/single-flight';
import type { Activity } from '@/lib/message-count/message-count';
import {
  type AccountAlert,
  type AddAccountOutcome,
  countOf,
  MAX_OTHER_ACCOUNTS,
  type OtherAccount,
  type OtherAccountCount,
  sameName,
} from './other-accounts-model';
import { dueAccounts } from './other-accounts-schedule';

export interface OtherAccountsPorts {
  now(): number;
  /** Reads a user's public count (no token); throws as the API client does. */
  readCount(username: string): Promise<number>;
  /** Whether a read's error says the user does not exist (the interface's 404). */
  isNotFound(error: unknown): boolean;
  /** The member signed in, or null. */
  signedInUser(): Promise<string | null>;
  activity(): Promise<Activity>;
  /** How often an account may be read (ms). */
  intervalMs(): Promise<number>;
  accounts: { get(): Promise<OtherAccount[]>; set(value: OtherAccount[]): Promise<void> };
  counts: { get(): Promise<OtherAccountCount[]>; set(value: OtherAccountCount[]): Promise<void> };
  /** An account whose alert is `notify` has more messages than at its last read. */
  announce?(username: string, count: number): Promise<void>;
}

export interface OtherAccountsService {
  /** Checks the name with one read and adds it when the user exists. */
  add(username: string): Promise<AddAccountOutcome>;
  remove(username: string): Promise<void>;
  setAlert(username: string, alert: AccountAlert): Promise<void>;
  /** Reads the counts that are due (after a reading of the member's own count). */
  readDue(): Promise<void>;
}

type ReadOutcome = { count: number } | { error: 'not-found' | 'failed' };

export function createOtherAccountsService(ports: OtherAccountsPorts): OtherAccountsService {
  const reads = singleFlight<ReadOutcome>();
  // The list and the counts are read, changed and written one change at a time.
  const serially = serialQueue();
  // Each account's read and store under way, by lower-cased name (readAndStore).
  const settling = new Map<string, Promise<void>>();

  /** One request for `username`, shared by every caller while it is out. */
  function read(username: string): Promise<ReadOutcome> {
    return reads.run(username.toLowerCase(), () =>
      ports.readCount(username).then(
        (count) => ({ count }),
        (error: unknown) => ({ error: ports.isNotFound(error) ? 'not-found' : 'failed' }),
      ),
    );
  }

  /** An account's read and the store of its answer, shared by every reading while either is under way. */
  function readAndStore(username: string, at: number): Promise<void> {
    const key = username.toLowerCase();
    const under = settling.get(key);
    if (under) return under;
    // A read that adding the account started: adding stores its own answer.
    const adding = reads.has(key);
    const settled = read(username)
      .then((outcome) => (adding ? undefined : store(username, outcome, at)))
      .finally(() => settling.delete(key));
    settling.set(key, settled);
    return settled;
  }

  /** Stores a read's outcome, for an account still in the list; counts of removed accounts go. */
  function store(username: string, outcome: ReadOutcome, at: number): Promise<void> {
    return serially(async () => {
      const [accounts, counts] = await Promise.all([ports.accounts.get(), ports.counts.get()]);
      const account = accounts.find((entry) => sameName(entry.username, username));
      if (account === undefined) return;
      const before = countOf(counts, username);
      const entry: OtherAccountCount =
        'count' in outcome
          ? { username: account.username, count: outcome.count, readAt: at }
          : { username: account.username, count: before?.count ?? null, readAt: at, error: outcome.error };
      const kept = counts.filter(
        (other) =>
          !sameName(other.username, username) &&
          accounts.some((listed) => sameName(listed.username, other.username)),
      );
      await ports.counts.set([...kept, entry]);
      const previous = before?.count ?? null;
      if ('count' in outcome && account.alert === 'notify' && previous !== null && outcome.count > previous) {
        await ports.announce?.(account.username, outcome.count);
      }
    });
  }

  return {
    async add(typed) {
      const username = typed.trim();
      if ((await ports.signedInUser()) === null) return 'signed-out';
      const listed = await ports.accounts.get();
      if (listed.some((account) => sameName(account.username, username))) return 'known';
      if (listed.length >= MAX_OTHER_ACCOUNTS) return 'full';
      const at = ports.now();
      const outcome = await read(username);
      if ('error' in outcome) return outcome.error;
      return serially(async () => {
        // The list may have changed while the read was out (another popup, another browser).
        const accounts = await ports.accounts.get();
        if (accounts.some((account) => sameName(account.username, username))) return 'known';
        if (accounts.length >= MAX_OTHER_ACCOUNTS) return 'full';
        const counts = (await ports.counts.get()).filter((entry) => !sameName(entry.username, username));
        await ports.accounts.set([...accounts, { username, alert: 'none' }]);
        await ports.counts.set([...counts, { username, count: outcome.count, readAt: at }]);
        return 'added';
      });
    },

    remove: (username) =>
      serially(async () => {
        const [accounts, counts] = await Promise.all([ports.accounts.get(), ports.counts.get()]);
        await ports.accounts.set(accounts.filter((account) => !sameName(account.username, username)));
        await ports.counts.set(counts.filter((entry) => !sameName(entry.username, username)));
      }),

    setAlert: (username, alert) =>
      serially(async () => {
        const accounts = await ports.accounts.get();
        await ports.accounts.set(
          accounts.map((account) => (sameName(account.username, username) ? { ...account, alert } : account)),
        );
      }),

    async readDue() {
      const signedIn = await ports.signedInUser();
      if (signedIn === null) return;
      const [activity, intervalMs] = await Promise.all([ports.activity(), ports.intervalMs()]);
      // Which accounts are due is decided in turn with the stores, and an account stays taken from
      // its read until its answer is stored: a reading that comes between the two waits for it
      // instead of reading the account again.
      const started = await serially(async () => {
        const [accounts, counts] = await Promise.all([ports.accounts.get(), ports.counts.get()]);
        const at = ports.now();
        return dueAccounts(accounts, counts, { now: at, signedIn, activity, intervalMs }).map((username) =>
          readAndStore(username, at),
        );
      });
      await Promise.all(started);
    },
  };
}
