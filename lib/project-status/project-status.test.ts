/**
 * The project-status core with fake reads, a fake clock and an in-memory cache: what it reads, in
 * which order, what it keeps, and for whom.
 */
import { describe, expect, it } from 'vitest';
import { FAVORITES_PAGE_SIZE } from '@/lib/project-status/favorites-walk';
import {
  createProjectStatusService,
  type ProjectStatusOptions,
  type ProjectStatusPorts,
  type ProjectStatusService,
} from '@/lib/project-status/project-status';
import { currentMember, projectStatus } from '@/lib/project-status/project-status-lookup-model';
import {
  emptyProjectStatusCache,
  FAVORITES_FRESH_MS,
  LOVE_FRESH_MS,
  type ProjectStatusCache,
} from '@/lib/project-status/project-status-model';
import { SEEN_WRITE_DELAY_MS } from '@/lib/project-status/status-cache';

const START = Date.UTC(2026, 0, 1, 12);

interface Read {
  kind: 'love' | 'favorite' | 'favorites';
  id: number;
  username: string;
}

/** A world where `loved`/`favorited` say the truth per member, and reads can be held at a gate. */
function setup(options: ProjectStatusOptions = {}, extraPorts: Partial<ProjectStatusPorts> = {}) {
  const world = {
    clock: START,
    loved: new Map<string, Set<number>>([['demo', new Set([2, 4, 6])]]),
    favorited: new Map<string, number[]>([['demo', [4, 5]]]),
    reads: [] as Read[],
    stored: structuredClone(emptyProjectStatusCache) as ProjectStatusCache,
    gate: null as Promise<void> | null,
    failLove: new Set<number>(),
    /** What the failing love reads throw (a RateLimited carries `retryAfterMs`). */
    failure: (): Error => new Error('boom'),
    /** Timers the service set (the retries of failed reads), run by `tick`. */
    timers: [] as { at: number; run: () => void; cancelled: boolean }[],
  };
  const pass = async () => {
    if (world.gate) await world.gate;
  };
  const service = createProjectStatusService(
    {
      now: () => world.clock,
      async readLove(id, username) {
        world.reads.push({ kind: 'love', id, username });
        await pass();
        if (world.failLove.has(id)) throw world.failure();
        return world.loved.get(username)?.has(id) ?? false;
      },
      async readFavorite(id, username) {
        world.reads.push({ kind: 'favorite', id, username });
        await pass();
        return (world.favorited.get(username) ?? []).includes(id);
      },
      async readFavoritesPage(username, offset, limit) {
        world.reads.push({ kind: 'favorites', id: offset, username });
        await pass();
        const ids = (world.favorited.get(username) ?? []).slice(offset, offset + limit);
        return { ids, received: ids.length };
      },
      turn: async () => () => undefined,
      later(ms, run) {
        const timer = { at: world.clock + ms, run, cancelled: false };
        world.timers.push(timer);
        return () => {
          timer.cancelled = true;
        };
      },
      cache: {
        get: async () => structuredClone(world.stored),
        set: async (cache) => {
          world.stored = structuredClone(cache);
        },
      },
      ...extraPorts,
    },
    options,
  );
  const status = (id: number) => projectStatus(currentMember(world.stored), id, world.clock);
  const loveReads = () => world.reads.filter((r) => r.kind === 'love').map((r) => r.id);
  /** Moves the clock on by `ms`, running the timers that fall due, then waits for the service. */
  const tick = async (ms: number) => {
    world.clock += ms;
    for (const timer of world.timers.splice(0)) {
      if (timer.cancelled) continue;
      if (timer.at <= world.clock) timer.run();
      else world.timers.push(timer);
    }
    await service.idle();
  };
  return { world, service, status, loveReads, tick };
}

/** A gate the test opens by hand. */
function gate(): { promise: Promise<void>; open(): void } {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open: () => open() };
}

async function signedIn(service: ProjectStatusService, username = 'demo') {
  await service.memberChanged(username);
}

describe('project statuses', () => {
  it('reads each visible project once and stores loves and favorites for the member', async () => {
    const { world, service, status, loveReads } = setup();
    await signedIn(service);
    await service.want('tab:1', [1, 2, 3, 4, 5]);
    await service.want('tab:2', [2, 4]);
    await service.idle();
    expect(loveReads().sort()).toEqual([1, 2, 3, 4, 5]);
    expect(world.reads.filter((r) => r.kind === 'favorites')).toHaveLength(1);
    // A complete favorites list: no project needs its own favorite read.
    expect(world.reads.filter((r) => r.kind === 'favorite')).toHaveLength(0);
    expect(status(2)).toMatchObject({ loved: true, favorited: false });
    expect(status(4)).toMatchObject({ loved: true, favorited: true });
    expect(status(5)).toMatchObject({ loved: false, favorited: true });
    expect(status(9)).toMatchObject({ loved: undefined, favorited: false });
  });

  it('keeps members named like an object prototype’s properties apart, with nothing of the prototype', async () => {
    // Site names allow letters, digits, `-` and `_`: `constructor` and `__proto__` are names.
    const { world, service, status } = setup();
    world.loved.set('constructor', new Set([2]));
    world.loved.set('__proto__', new Set([3]));
    for (const username of ['constructor', '__proto__']) {
      await signedIn(service, username);
      await service.want('tab:1', [2, 3]);
      await service.idle();
      // Read back as storage does (a JSON copy), as every surface reads it.
      world.stored = JSON.parse(JSON.stringify(world.stored));
      expect(currentMember(world.stored)).not.toBeNull();
      expect([status(2).loved, status(3).loved]).toEqual(
        username === 'constructor' ? [true, false] : [false, true],
      );
    }
    expect(Object.keys(world.stored.members).sort()).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(world.stored.members)).toBe(Object.prototype);
    expect(Object.hasOwn(Object.prototype, 'usedAt')).toBe(false);
    expect(Object.hasOwn(Object, 'usedAt')).toBe(false);
    // A member never seen is nobody, whatever their name.
    expect(currentMember({ ...world.stored, member: 'toString' })).toBeNull();
    expect(currentMember({ ...world.stored, member: 'hasOwnProperty' })).toBeNull();
  });

  it('sends no read that was waiting for its turn when the member signed out: no love, favorite or page of the favorites walk', async () => {
    const held = gate();
    const turn = async () => {
      await held.promise;
      return () => undefined;
    };
    const { world, service } = setup({}, { turn });
    await signedIn(service);
    const wanted = service.want('tab:1', [1, 2, 3]);
    await service.memberChanged(null);
    held.open();
    await wanted;
    await service.idle();
    expect(world.reads).toEqual([]);
  });

  it('serves the newest visible first and drops what left view before its turn', async () => {
    const { world, service, loveReads } = setup({ maxInFlight: 1 });
    await signedIn(service);
    // Favorites first, so the order of love reads alone is left.
    await service.want('tab:1', []);
    await service.idle();
    const held = gate();
    world.gate = held.promise;
    await service.want('tab:1', [1, 2, 3]);
    await service.want('tab:1', [10, 11]);
    await service.want('tab:2', [3]);
    // 1 went at once (nothing else was waiting); then newest batch first, in its own order.
    expect(service.queued()).toEqual([3, 10, 11, 2]);
    service.leftView('tab:1', [10, 2, 3]);
    // 3 is still wanted by tab 2; 10 and 2 are dropped.
    expect(service.queued()).toEqual([3, 11]);
    service.forgetRequester('tab:2');
    expect(service.queued()).toEqual([11]);
    world.gate = null;
    held.open();
    await service.idle();
    expect(loveReads()).toEqual([1, 11]);
  });

  it('shares identical reads in flight', async () => {
    const { world, service, loveReads } = setup();
    await signedIn(service);
    const held = gate();
    world.gate = held.promise;
    await service.want('tab:1', [7]);
    await service.want('tab:2', [7]);
    await service.want('extension', [7]);
    world.gate = null;
    held.open();
    await service.idle();
    expect(loveReads()).toEqual([7]);
  });

  it('keeps love reads fresh for a day; a stale one stays shown and is re-read only when seen again', async () => {
    const { world, service, status, loveReads } = setup();
    await signedIn(service);
    await service.want('tab:1', [2]);
    await service.idle();
    world.clock += LOVE_FRESH_MS - 1000;
    await service.want('tab:1', [2]);
    await service.idle();
    expect(loveReads()).toEqual([2]);

    world.clock += 2000;
    world.loved.get('demo')?.delete(2);
    expect(status(2)).toMatchObject({ loved: true, stale: true });
    // Not seen: nothing read, the stale entry is what shows.
    await service.idle();
    expect(loveReads()).toEqual([2]);
    await service.want('tab:1', [2]);
    await service.idle();
    expect(loveReads()).toEqual([2, 2]);
    expect(status(2)).toMatchObject({ loved: false, stale: false });
  });

  it('caps the loves kept, dropping the least recently seen', async () => {
    const { world, service } = setup({ loveCap: 10 });
    await signedIn(service);
    for (let id = 1; id <= 10; id++) {
      world.clock += 1000;
      await service.want('tab:1', [id]);
      await service.idle();
    }
    // 1 is seen again: now the most recent.
    world.clock += 1000;
    await service.want('tab:1', [1]);
    world.clock += 1000;
    await service.want('tab:1', [11]);
    await service.idle();
    const kept = Object.keys(currentMember(world.stored)?.loves ?? {}).map(Number);
    expect(kept.length).toBeLessThanOrEqual(10);
    expect(kept).toContain(1);
    expect(kept).toContain(11);
    expect(kept).not.toContain(2);
  });

  it('writes the seen times of fresh statuses with a later write, not one of their own', async () => {
    // Every write reaches every site tab: count them.
    let stored = structuredClone(emptyProjectStatusCache) as ProjectStatusCache;
    let writes = 0;
    const { world, service, tick } = setup(
      {},
      {
        cache: {
          get: async () => structuredClone(stored),
          set: async (cache) => {
            stored = structuredClone(cache);
            writes++;
          },
        },
      },
    );
    await signedIn(service);
    await service.want('tab:1', [1, 2]);
    await service.idle();
    const afterReads = writes;
    world.clock += 1000;
    await service.want('tab:2', [1, 2]);
    await service.idle();
    expect(writes).toBe(afterReads);
    // Seen again before the pause is over: still one write, when the first pause ends.
    await tick(SEEN_WRITE_DELAY_MS / 2);
    await service.want('tab:2', [1]);
    await tick(SEEN_WRITE_DELAY_MS / 2);
    expect(writes).toBe(afterReads + 1);
    expect(currentMember(stored)?.loves[1]?.seen).toBe(world.clock - SEEN_WRITE_DELAY_MS / 2);
  });

  it('reads favorites in pages of 40, at most every 15 minutes, and after the member changes one', async () => {
    const { world, service, status } = setup();
    world.favorited.set(
      'demo',
      Array.from({ length: 95 }, (_, i) => 1000 + i),
    );
    await signedIn(service);
    await service.want('tab:1', [1000, 1094, 5]);
    await service.idle();
    const walks = () => world.reads.filter((r) => r.kind === 'favorites').map((r) => r.id);
    expect(walks()).toEqual([0, FAVORITES_PAGE_SIZE, 2 * FAVORITES_PAGE_SIZE]);
    expect(status(1094).favorited).toBe(true);
    expect(status(5).favorited).toBe(false);

    world.clock += FAVORITES_FRESH_MS - 1000;
    await service.want('tab:1', [1000]);
    await service.idle();
    expect(walks()).toHaveLength(3);

    // The member favorites 5 on its page: shown at once, and the list is read again at the next need.
    await service.report(5, { favorited: true });
    expect(status(5).favorited).toBe(true);
    expect(walks()).toHaveLength(3);
    world.favorited.set('demo', [5, ...(world.favorited.get('demo') ?? [])]);
    world.clock += 2 * 60_000;
    await service.want('tab:1', [1000]);
    await service.idle();
    expect(walks()).toHaveLength(6);
    expect(status(5).favorited).toBe(true);
  });

  it('walks every page in the site’s order (by shared date): a favorite of today on the last page is found', async () => {
    const { world, service, status } = setup();
    world.favorited.set(
      'demo',
      Array.from({ length: 85 }, (_, i) => 2000 - i),
    );
    await signedIn(service);
    await service.want('tab:1', [7]);
    await service.idle();
    expect(status(7).favorited).toBe(false);
    // Favorited elsewhere today, but shared long ago: the site lists it last, on page 3.
    world.favorited.set('demo', [...(world.favorited.get('demo') ?? []), 7]);
    world.clock += FAVORITES_FRESH_MS;
    await service.want('tab:1', [7]);
    await service.idle();
    const walks = world.reads.filter((r) => r.kind === 'favorites').map((r) => r.id);
    expect(walks).toEqual([0, 40, 80, 0, 40, 80]);
    expect(status(7).favorited).toBe(true);
  });

  it('reads a favorite per project only when the favorites list is incomplete', async () => {
    const { world, service, status } = setup({ favoritesCap: 40 });
    world.favorited.set(
      'demo',
      Array.from({ length: 50 }, (_, i) => 1000 + i),
    );
    await signedIn(service);
    await service.want('tab:1', [1001, 1045, 7]);
    await service.idle();
    const favoriteReads = world.reads.filter((r) => r.kind === 'favorite').map((r) => r.id);
    // 1001 is in the (incomplete) list; 1045 and 7 are not, so each needs its own read.
    expect(favoriteReads.sort()).toEqual([1045, 7].sort());
    expect(status(1001).favorited).toBe(true);
    expect(status(1045).favorited).toBe(true);
    expect(status(7).favorited).toBe(false);
  });

  it('keeps members apart, shows nothing signed out, and reads nothing signed out', async () => {
    const { world, service, status, loveReads } = setup();
    world.loved.set('alice', new Set([1]));
    await signedIn(service, 'demo');
    await service.want('tab:1', [1, 2]);
    await service.idle();
    expect(status(1).loved).toBe(false);

    await service.memberChanged('alice');
    expect(status(1).loved).toBeUndefined();
    await service.want('tab:1', [1]);
    await service.idle();
    expect(status(1).loved).toBe(true);
    expect(world.reads.filter((r) => r.username === 'alice').map((r) => r.id)).toContain(1);

    await service.memberChanged(null);
    expect(status(1).loved).toBeUndefined();
    const before = world.reads.length;
    await service.want('tab:1', [1, 2, 3]);
    await service.report(3, { loved: true });
    await service.idle();
    expect(world.reads.length).toBe(before);

    // Back to demo: their own statuses, as they were.
    await service.memberChanged('demo');
    expect(status(1).loved).toBe(false);
    expect(status(2).loved).toBe(true);
    expect(loveReads().filter((id) => id === 2)).toHaveLength(1);
  });

  it('a read for one member that answers after a switch lands in that member’s record only', async () => {
    const { world, service, status } = setup();
    world.loved.set('alice', new Set());
    await signedIn(service, 'demo');
    const held = gate();
    world.gate = held.promise;
    await service.want('tab:1', [2]);
    await service.memberChanged('alice');
    world.gate = null;
    held.open();
    await service.idle();
    expect(status(2).loved).toBeUndefined();
    await service.memberChanged('demo');
    expect(status(2).loved).toBe(true);
  });

  it('takes a report from the project page without any read', async () => {
    const { world, service, status } = setup();
    await signedIn(service);
    await service.report(3, { loved: true });
    await service.idle();
    expect(status(3).loved).toBe(true);
    expect(world.reads).toHaveLength(0);
  });

  it('takes a report of what it already knows as no news: no write, no walk of the favorites again', async () => {
    const { world, service, status } = setup();
    await signedIn(service);
    await service.want('tab:1', [4]);
    await service.idle();
    // Every write stores a new copy: the same object means nothing was written.
    const stored = world.stored;
    // The project page of 4 shows it loved and favorited, as read a moment ago.
    await service.report(4, { loved: true, favorited: true });
    await service.idle();
    expect(world.stored).toBe(stored);
    expect(world.reads.filter((r) => r.kind === 'favorites')).toHaveLength(1);
    // Its button says otherwise (the member unloved it on the site): that is taken at once.
    await service.report(4, { loved: false, favorited: true });
    await service.idle();
    expect(status(4)).toMatchObject({ loved: false, favorited: true });
    expect(currentMember(world.stored)?.favorites?.changed).toBe(false);
    // A day later the same state refreshes the stale read.
    world.clock += LOVE_FRESH_MS + 1;
    await service.report(4, { loved: false });
    await service.idle();
    expect(currentMember(world.stored)?.loves[4]?.at).toBe(world.clock);
  });

  it('writes the pages’ copy with every change of a status, not for bookkeeping alone, and mends it at the first load', async () => {
    const pageWrites: unknown[] = [];
    let pageStored: unknown = { member: 'demo', loves: {}, favorites: null, favoriteReads: {} };
    const { world, service, tick } = setup(
      {},
      {
        pageStatuses: {
          get: async () => structuredClone(pageStored) as never,
          set: async (value) => {
            pageStored = structuredClone(value);
            pageWrites.push(pageStored);
          },
        },
      },
    );
    // The cache on disk says more than the copy (an update from a version without it).
    world.stored = {
      member: 'demo',
      members: {
        demo: {
          loves: { 2: { loved: true, at: START, seen: START } },
          favorites: null,
          favoriteReads: {},
          usedAt: START,
        },
      },
    };
    await signedIn(service);
    await service.idle();
    expect(pageStored).toEqual({
      member: 'demo',
      loves: { 2: { loved: true, at: START } },
      favorites: null,
      favoriteReads: {},
    });
    // A read: written; seen times alone (a tab showing what is known): not.
    await service.want('tab:1', [6]);
    await service.idle();
    expect(pageStored).toMatchObject({ loves: { 2: { loved: true }, 6: { loved: true } } });
    const writes = pageWrites.length;
    world.clock += 1000;
    await service.want('tab:1', [2, 6]);
    await tick(SEEN_WRITE_DELAY_MS);
    expect(currentMember(world.stored)?.loves[2]?.seen).toBe(world.clock - SEEN_WRITE_DELAY_MS);
    expect(pageWrites).toHaveLength(writes);
    // Signed out: the copy says nobody.
    await service.memberChanged(null);
    await service.idle();
    expect(pageStored).toBeNull();
  });

  it('does not retry a failed read at once', async () => {
    const { world, service, loveReads } = setup();
    await signedIn(service);
    world.failLove.add(8);
    await service.want('tab:1', [8]);
    await service.idle();
    await service.want('tab:1', [8]);
    await service.idle();
    expect(loveReads()).toEqual([8]);
    world.clock += 6 * 60_000;
    world.failLove.clear();
    await service.want('tab:1', [8]);
    await service.idle();
    expect(loveReads()).toEqual([8, 8]);
  });

  it('tries a failed read again by itself while the project is shown, waiting longer each time, until the mark arrives', async () => {
    const { world, service, status, loveReads, tick } = setup();
    await signedIn(service);
    world.failLove.add(8);
    await service.want('tab:1', [8]);
    await service.idle();
    expect(loveReads()).toEqual([8]);
    // Not at once, and not before the wait (2 s) is over: no storm while the service is down.
    await tick(1_000);
    expect(loveReads()).toEqual([8]);
    await tick(1_000);
    expect(loveReads()).toEqual([8, 8]);
    // Failed again: the next wait is twice as long.
    await tick(3_000);
    expect(loveReads()).toEqual([8, 8]);
    world.failLove.clear();
    await tick(1_000);
    expect(loveReads()).toEqual([8, 8, 8]);
    expect(status(8).loved).toBe(false);
    // Known now: nothing more, however long.
    await tick(10 * 60_000);
    expect(loveReads()).toEqual([8, 8, 8]);
  });

  it('scales the wait before a retry by the test-only factor (not Retry-After); none, or out of range, keeps 2 s', async () => {
    let scale = 0.1;
    const { world, service, loveReads, tick } = setup({}, { retryWaitScale: () => scale });
    await signedIn(service);
    world.failLove.add(8);
    await service.want('tab:1', [8]);
    await service.idle();
    // 200 ms, then 400 ms: the same doubling, a tenth as long.
    await tick(199);
    expect(loveReads()).toEqual([8]);
    await tick(1);
    expect(loveReads()).toEqual([8, 8]);
    await tick(399);
    expect(loveReads()).toEqual([8, 8]);
    await tick(1);
    expect(loveReads()).toEqual([8, 8, 8]);
    // A Retry-After is waited out whole (5 s, not 0.5 s, nor the scaled 1.6 s).
    world.failure = () => Object.assign(new Error('slow down'), { retryAfterMs: 5_000 });
    await tick(800);
    expect(loveReads()).toEqual([8, 8, 8, 8]);
    await tick(4_999);
    expect(loveReads()).toEqual([8, 8, 8, 8]);
    await tick(1);
    expect(loveReads()).toEqual([8, 8, 8, 8, 8]);
    // Out of range: the service's own waits.
    for (const outOfRange of [0, 2, Number.NaN]) {
      scale = outOfRange;
      const fresh = setup({}, { retryWaitScale: () => scale });
      await signedIn(fresh.service);
      fresh.world.failLove.add(8);
      await fresh.service.want('tab:1', [8]);
      await fresh.service.idle();
      await fresh.tick(1_999);
      expect(fresh.loveReads()).toEqual([8]);
      await fresh.tick(1);
      expect(fresh.loveReads()).toEqual([8, 8]);
    }
  });

  it('does not try again what left view, nor before the service’s Retry-After', async () => {
    const { world, service, loveReads, tick } = setup();
    await signedIn(service);
    world.failLove.add(8).add(9);
    world.failure = () => Object.assign(new Error('slow down'), { retryAfterMs: 30_000 });
    await service.want('tab:1', [8, 9]);
    await service.idle();
    service.leftView('tab:1', [9]);
    await tick(29_000);
    expect(loveReads().sort()).toEqual([8, 9]);
    world.failLove.clear();
    await tick(1_000);
    expect(loveReads().sort()).toEqual([8, 8, 9]);
    // A closed tab takes its waiting retries with it.
    world.failLove.add(10);
    await service.want('tab:2', [10]);
    await service.idle();
    service.forgetRequester('tab:2');
    await tick(60 * 60_000);
    expect(loveReads().filter((id) => id === 10)).toEqual([10]);
  });

  it('starts from what storage holds (a restarted worker reads nothing again)', async () => {
    const first = setup();
    await signedIn(first.service);
    await first.service.want('tab:1', [1, 2]);
    await first.service.idle();
    const second = setup();
    second.world.stored = first.world.stored;
    await signedIn(second.service);
    await second.service.want('tab:1', [1, 2]);
    await second.service.idle();
    expect(second.world.reads).toHaveLength(0);
  });
});
