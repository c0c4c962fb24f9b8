import { describe, expect, it } from 'vitest';
import type { Activity } from '@/lib/message-count/message-count';
import { createOtherAccountsService } from './other-accounts';
import type { OtherAccount, OtherAccountCount } from './other-accounts-model';
import { OTHER_ACCOUNT_INTERVAL_MS } from './other-accounts-schedule';

const MINUTE = 60_000;
const START = Date.UTC(2026, 0, 1, 12);

class NotFound extends Error {
  override name = 'NotFound';
}

/** The service over a world the test holds: the site's counts, the clock, who is signed in. */
function world(initial: { accounts?: OtherAccount[]; counts?: OtherAccountCount[] } = {}) {
  const site = new Map<string, number>([
    ['alice', 3],
    ['bob', 0],
    ['carol', 7],
    ['dave', 1],
    ['erin', 2],
    ['frank', 4],
  ]);
  const state = {
    clock: START,
    signedIn: 'demo' as string | null,
    activity: 'watching' as Activity,
    accounts: initial.accounts ?? ([] as OtherAccount[]),
    counts: initial.counts ?? ([] as OtherAccountCount[]),
    requests: [] as string[],
    announced: [] as [string, number][],
    failing: false,
    /** Reads wait for this (a request out while the test acts). */
    gate: null as Promise<void> | null,
    /** Stores of the counts wait for this (a slow storage), counted while they wait. */
    storeGate: null as Promise<void> | null,
    storesWaiting: 0,
  };
  const service = createOtherAccountsService({
    now: () => state.clock,
    async readCount(username) {
      state.requests.push(username);
      await state.gate;
      if (state.failing) throw new Error('offline');
      const count = site.get(username.toLowerCase());
      if (count === undefined) throw new NotFound();
      return count;
    },
    isNotFound: (error) => error instanceof NotFound,
    signedInUser: async () => state.signedIn,
    activity: async () => state.activity,
    intervalMs: async () => OTHER_ACCOUNT_INTERVAL_MS,
    accounts: {
      get: async () => state.accounts,
      set: async (value) => {
        state.accounts = value;
      },
    },
    counts: {
      get: async () => state.counts,
      set: async (value) => {
        state.storesWaiting++;
        await state.storeGate;
        state.storesWaiting--;
        state.counts = value;
      },
    },
    announce: async (username, count) => {
      state.announced.push([username, count]);
    },
  });
  return { state, site, service };
}

describe('adding an account', () => {
  it('reads its count once and adds it, as typed; the next main reading does not read it again', async () => {
    const { state, service } = world();
    expect(await service.add(' Alice ')).toBe('added');
    expect(state.requests).toEqual(['Alice']);
    expect(state.accounts).toEqual([{ username: 'Alice', alert: 'none' }]);
    expect(state.counts).toEqual([{ username: 'Alice', count: 3, readAt: START }]);
    state.clock += MINUTE;
    await service.readDue();
    expect(state.requests).toEqual(['Alice']);
  });

  it('does not add a name the site does not know, and says so', async () => {
    const { state, service } = world();
    expect(await service.add('nobody_here')).toBe('not-found');
    expect(state.accounts).toEqual([]);
    expect(state.counts).toEqual([]);
  });

  it('does not add a name it could not check (the read failed)', async () => {
    const { state, service } = world();
    state.failing = true;
    expect(await service.add('alice')).toBe('failed');
    expect(state.accounts).toEqual([]);
  });

  it('refuses a name already there (any case) and a sixth account, without a request', async () => {
    const { state, service } = world();
    for (const name of ['alice', 'bob', 'carol', 'dave', 'erin'])
      expect(await service.add(name)).toBe('added');
    state.requests = [];
    expect(await service.add('ALICE')).toBe('known');
    expect(await service.add('frank')).toBe('full');
    expect(state.requests).toEqual([]);
    expect(state.accounts).toHaveLength(5);
  });

  it('reads nothing while signed out', async () => {
    const { state, service } = world();
    state.signedIn = null;
    expect(await service.add('alice')).toBe('signed-out');
    expect(state.requests).toEqual([]);
  });
});

describe('reading the counts that are due', () => {
  const listed: OtherAccount[] = [
    { username: 'alice', alert: 'none' },
    { username: 'carol', alert: 'notify' },
  ];

  it('sends one request per due account, and none for accounts read less than 10 minutes ago', async () => {
    const { state, service } = world({
      accounts: listed,
      counts: [
        { username: 'alice', count: 1, readAt: START - 10 * MINUTE },
        { username: 'carol', count: 7, readAt: START - 2 * MINUTE },
      ],
    });
    await service.readDue();
    expect(state.requests).toEqual(['alice']);
    expect(state.counts.find((c) => c.username === 'alice')).toEqual({
      username: 'alice',
      count: 3,
      readAt: START,
    });
  });

  it('shares a request in flight: two main readings close together read each account once', async () => {
    const { state, service } = world({ accounts: listed });
    let open: () => void = () => undefined;
    state.gate = new Promise((resolve) => {
      open = resolve;
    });
    const first = service.readDue();
    const second = service.readDue();
    open();
    await Promise.all([first, second]);
    expect(state.requests.sort()).toEqual(['alice', 'carol']);
    expect(state.counts.map((c) => [c.username, c.count])).toEqual(
      expect.arrayContaining([
        ['alice', 3],
        ['carol', 7],
      ]),
    );
  });

  it('reads each account once when a second reading comes after the answers but before they are stored', async () => {
    const { state, service } = world({ accounts: listed });
    // Storing the counts is slow (a busy browser): another reading comes meanwhile.
    let store: () => void = () => undefined;
    state.storeGate = new Promise((resolve) => {
      store = resolve;
    });
    const first = service.readDue();
    await expect.poll(() => state.storesWaiting).toBe(1);
    const second = service.readDue();
    await new Promise((resolve) => setTimeout(resolve, 10));
    store();
    await Promise.all([first, second]);
    expect(state.requests.sort()).toEqual(['alice', 'carol']);
    expect(state.counts.map((c) => c.username).sort()).toEqual(['alice', 'carol']);
  });

  it('reads nothing while away or signed out', async () => {
    const { state, service } = world({ accounts: listed });
    state.activity = 'away';
    await service.readDue();
    state.activity = 'browsing';
    state.signedIn = null;
    await service.readDue();
    expect(state.requests).toEqual([]);
  });

  it('keeps the last count beside the error when a read fails, and marks a user gone from the site', async () => {
    const { state, site, service } = world({
      accounts: listed,
      counts: [
        { username: 'alice', count: 1, readAt: START - 10 * MINUTE },
        { username: 'carol', count: 7, readAt: START - 10 * MINUTE },
      ],
    });
    site.delete('carol');
    state.failing = false;
    await service.readDue();
    expect(state.counts.find((c) => c.username === 'carol')).toEqual({
      username: 'carol',
      count: 7,
      readAt: START,
      error: 'not-found',
    });
    state.clock += 10 * MINUTE;
    state.failing = true;
    await service.readDue();
    expect(state.counts.find((c) => c.username === 'alice')).toEqual({
      username: 'alice',
      count: 3,
      readAt: START + 10 * MINUTE,
      error: 'failed',
    });
  });

  it("drops a read's answer when the account was removed while it was out", async () => {
    const { state, service } = world({ accounts: listed });
    let open: () => void = () => undefined;
    state.gate = new Promise((resolve) => {
      open = resolve;
    });
    const reading = service.readDue();
    await service.remove('CAROL');
    open();
    await reading;
    expect(state.accounts.map((a) => a.username)).toEqual(['alice']);
    expect(state.counts.map((c) => c.username)).toEqual(['alice']);
  });
});

describe('alerts', () => {
  it('announces an account whose alert is a notification when its count goes up, not at its first read nor when it drops', async () => {
    const { state, site, service } = world({ accounts: [{ username: 'carol', alert: 'notify' }] });
    await service.readDue();
    expect(state.announced).toEqual([]);
    site.set('carol', 9);
    state.clock += 10 * MINUTE;
    await service.readDue();
    expect(state.announced).toEqual([['carol', 9]]);
    site.set('carol', 2);
    state.clock += 10 * MINUTE;
    await service.readDue();
    site.set('carol', 2);
    state.clock += 10 * MINUTE;
    await service.readDue();
    expect(state.announced).toEqual([['carol', 9]]);
  });

  it('announces nothing for an account whose alert is none or a dot', async () => {
    const { state, site, service } = world({
      accounts: [
        { username: 'alice', alert: 'none' },
        { username: 'bob', alert: 'dot' },
      ],
      counts: [
        { username: 'alice', count: 0, readAt: START - 10 * MINUTE },
        { username: 'bob', count: 0, readAt: START - 10 * MINUTE },
      ],
    });
    site.set('bob', 5);
    await service.readDue();
    expect(state.announced).toEqual([]);
  });

  it('changes an alert and removes an account with its count', async () => {
    const { state, service } = world();
    await service.add('alice');
    await service.add('bob');
    await service.setAlert('ALICE', 'dot');
    expect(state.accounts).toEqual([
      { username: 'alice', alert: 'dot' },
      { username: 'bob', alert: 'none' },
    ]);
    await service.remove('bob');
    expect(state.accounts).toEqual([{ username: 'alice', alert: 'dot' }]);
    expect(state.counts.map((c) => c.username)).toEqual(['alice']);
  });
});
