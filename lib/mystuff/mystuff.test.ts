/**
 * The My Stuff service with fake ports: a fake service answering pages of 40 from lists the test
 * controls (shared projects newest shared first, favorites by the projects' shared dates, as the
 * live service lists them),
 * a memory cache, an injected clock and session.
 */
import { describe, expect, it } from 'vitest';
import { Network, RateLimited } from '@/lib/api/errors';
import { deferred } from '@/tests/unit/deferred';
import { createMyStuffService, MAX_CACHED_MEMBERS, type MyStuffCache, type MyStuffPorts } from './mystuff';
import { MY_STUFF_FRESH_MS, MY_STUFF_MAX_ITEMS, type MyProject, type MyStuffListName } from './mystuff-model';

function project(id: number, loves = id): MyProject {
  return {
    id,
    title: `P${id}`,
    author: 'demo',
    thumbnailUrl: `https://cdn2.scratch.mit.edu/get_image/project/${id}_480x360.png`,
    sharedAt: new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString(),
    stats: { loves, views: id * 10 },
  };
}
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => project(from + i));
/** Projects `newest` down to `newest - count + 1`: the order both lists come in. */
const newestFirst = (newest: number, count: number) => range(newest - count + 1, count).reverse();

interface Read {
  list: MyStuffListName;
  username: string;
  offset: number;
  limit: number;
}

function harness() {
  const state = {
    now: 10_000_000,
    user: 'demo' as string | null,
    cache: {} as MyStuffCache,
    reads: [] as Read[],
    lists: new Map<string, MyProject[]>(),
    failures: [] as unknown[],
    /** Failures for reads at these offsets. */
    failAt: new Map<number, unknown>(),
    gate: null as Promise<void> | null,
  };
  const key = (username: string, list: MyStuffListName) => `${username}/${list}`;
  const ports: MyStuffPorts = {
    now: () => state.now,
    signedInUser: async () => state.user,
    async readPage(list, username, page) {
      state.reads.push({ list, username, ...page });
      if (state.gate) await state.gate;
      const failure = state.failures.shift() ?? state.failAt.get(page.offset);
      if (failure !== undefined) throw failure;
      const items = (state.lists.get(key(username, list)) ?? []).slice(page.offset, page.offset + page.limit);
      return { items, received: items.length };
    },
    cache: {
      get: async () => structuredClone(state.cache),
      set: async (cache) => {
        state.cache = structuredClone(cache);
      },
    },
  };
  return {
    state,
    service: createMyStuffService(ports),
    serve(list: MyStuffListName, items: MyProject[], username = 'demo') {
      state.lists.set(key(username, list), items);
    },
    ids(list: MyStuffListName, username = 'demo') {
      return (state.cache[username]?.[list].items ?? []).map((item) => item.id);
    },
    list(list: MyStuffListName, username = 'demo') {
      const stuff = state.cache[username];
      if (!stuff) throw new Error(`no stuff of ${username}`);
      return stuff[list];
    },
    offsets: () => state.reads.map((read) => `${read.list}@${read.offset}/${read.limit}`),
  };
}

describe('paging', () => {
  it('reads every page of the shared projects, at the offsets of what came, and stops at a short page', async () => {
    const h = harness();
    h.serve('shared', newestFirst(95, 95));
    await h.service.refresh(['shared']);
    expect(h.offsets()).toEqual(['shared@0/40', 'shared@40/40', 'shared@80/40']);
    expect(h.ids('shared')).toEqual(newestFirst(95, 95).map((p) => p.id));
    expect(h.list('shared')).toMatchObject({
      complete: true,
      loading: null,
      error: null,
      readAt: 10_000_000,
    });
  });

  it('asks for one page more when the list is an exact number of pages (only a short page ends it)', async () => {
    const h = harness();
    h.serve('favorites', range(1, 80));
    await h.service.refresh(['favorites']);
    expect(h.offsets()).toEqual(['favorites@0/40', 'favorites@40/40', 'favorites@80/40']);
    expect(h.ids('favorites')).toHaveLength(80);
  });

  it('reads one page for a member with fewer than 40 projects', async () => {
    const h = harness();
    h.serve('shared', range(1, 7));
    await h.service.refresh(['shared']);
    expect(h.offsets()).toEqual(['shared@0/40']);
    expect(h.ids('shared')).toHaveLength(7);
  });

  it('stops at the cap, keeping the newest projects (the rest are on the site)', async () => {
    const h = harness();
    const newest = MY_STUFF_MAX_ITEMS + 100;
    h.serve('shared', newestFirst(newest, newest));
    await h.service.refresh(['shared']);
    expect(h.state.reads).toHaveLength(MY_STUFF_MAX_ITEMS / 40);
    expect(h.ids('shared')).toEqual(newestFirst(newest, MY_STUFF_MAX_ITEMS).map((p) => p.id));
  });

  it('shows the previous whole list until every page of a refresh came, then the new one at once', async () => {
    const h = harness();
    h.serve('shared', newestFirst(60, 60));
    await h.service.refresh(['shared']);
    h.serve('shared', newestFirst(70, 70));
    h.state.now += MY_STUFF_FRESH_MS;
    const gate = deferred();
    h.state.gate = gate.promise;
    const done = h.service.refresh(['shared']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(h.list('shared').loading).toBe('refresh');
    expect(h.ids('shared')).toHaveLength(60);
    gate.resolve();
    h.state.gate = null;
    await done;
    expect(h.ids('shared')).toHaveLength(70);
  });

  it('keeps the old list beside the error when a later page fails', async () => {
    const h = harness();
    h.serve('shared', range(1, 60));
    await h.service.refresh(['shared']);
    h.state.now += MY_STUFF_FRESH_MS;
    h.state.failAt.set(40, new Network('offline'));
    await h.service.refresh(['shared']);
    expect(h.ids('shared')).toHaveLength(60);
    expect(h.list('shared').error).toMatchObject({ kind: 'offline' });
    expect(h.list('shared').loading).toBeNull();
  });
});

describe('stale refresh', () => {
  it('reads nothing while the list is fresh, and again once it is stale', async () => {
    const h = harness();
    h.serve('shared', range(1, 10));
    await h.service.refresh(['shared']);
    h.state.now += MY_STUFF_FRESH_MS - 1;
    await h.service.refresh(['shared']);
    expect(h.state.reads).toHaveLength(1);
    h.state.now += 1;
    h.serve('shared', range(1, 11));
    await h.service.refresh(['shared']);
    expect(h.state.reads).toHaveLength(2);
    expect(h.ids('shared')).toHaveLength(11);
  });

  it('a forced refresh reads a fresh list', async () => {
    const h = harness();
    h.serve('shared', range(1, 10));
    await h.service.refresh(['shared']);
    await h.service.refresh(['shared'], { force: true });
    expect(h.state.reads).toHaveLength(2);
  });

  it('finds a project shared since on page 1, and reads on for the new counts of the older pages', async () => {
    const h = harness();
    h.serve('shared', newestFirst(50, 50));
    await h.service.refresh(['shared']);
    h.state.now += MY_STUFF_FRESH_MS;
    // One project shared since (it leads), and loves on an old one (now on the last page).
    const later = newestFirst(51, 51).map((p) => (p.id === 3 ? project(3, 999) : p));
    h.serve('shared', later);
    await h.service.refresh(['shared']);
    expect(h.offsets().slice(2)).toEqual(['shared@0/40', 'shared@40/40']);
    expect(h.ids('shared')).toEqual(later.map((p) => p.id));
    expect(h.list('shared').items.find((p) => p.id === 3)?.stats.loves).toBe(999);
  });

  it('favorites come by shared date: a project favorited today on a later page is found, every page read', async () => {
    const h = harness();
    // By the projects' shared dates: the favorites' order tells nothing of when each was favorited.
    h.serve('favorites', newestFirst(100, 100));
    await h.service.refresh(['favorites']);
    expect(h.state.reads).toHaveLength(3);
    h.state.now += MY_STUFF_FRESH_MS;
    // Favorited today, shared long ago: it sits on the last page; page 1 is the one cached.
    const today = project(-5);
    h.serve('favorites', [...newestFirst(100, 100), today]);
    await h.service.refresh(['favorites']);
    expect(h.offsets().slice(3)).toEqual(['favorites@0/40', 'favorites@40/40', 'favorites@80/40']);
    expect(h.ids('favorites')).toContain(today.id);
    expect(h.ids('favorites')).toHaveLength(101);
    expect(h.list('favorites').complete).toBe(true);
  });

  it('favorites: one removed on page 1 and one added on page 3 both show after one refresh', async () => {
    const h = harness();
    h.serve('favorites', newestFirst(100, 100));
    await h.service.refresh(['favorites']);
    h.state.now += MY_STUFF_FRESH_MS;
    const later = newestFirst(100, 100).filter((p) => p.id !== 99);
    later.splice(85, 0, project(-1));
    h.serve('favorites', later);
    await h.service.refresh(['favorites']);
    expect(h.ids('favorites')).toEqual(later.map((p) => p.id));
    // What a forced refresh costs is the same: the pages through.
    const before = h.state.reads.length;
    await h.service.refresh(['favorites'], { force: true });
    expect(h.state.reads.length - before).toBe(3);
  });

  it('shares one read between callers, and waits out a 429', async () => {
    const h = harness();
    h.serve('shared', range(1, 10));
    await Promise.all([h.service.refresh(['shared']), h.service.refresh(['shared', 'shared'])]);
    expect(h.state.reads).toHaveLength(1);
    h.state.failures.push(new RateLimited('slow down', { retryAfterMs: 5_000 }));
    await h.service.refresh(['shared'], { force: true });
    expect(h.list('shared').error).toMatchObject({ kind: 'rate-limited', retryAfterMs: 5_000 });
    await h.service.refresh(['shared'], { force: true });
    expect(h.state.reads).toHaveLength(2);
    h.state.now += 5_000;
    await h.service.refresh(['shared'], { force: true });
    expect(h.state.reads).toHaveLength(3);
    expect(h.list('shared').error).toBeNull();
  });
});

describe('members', () => {
  it('reads nothing while signed out', async () => {
    const h = harness();
    h.state.user = null;
    h.serve('shared', range(1, 10));
    await h.service.refresh(['shared', 'favorites'], { force: true });
    expect(h.state.reads).toEqual([]);
    expect(await h.service.current()).toBeNull();
  });

  it('keeps each member’s stuff apart; a read that ends after another member signed in is thrown away', async () => {
    const h = harness();
    h.serve('shared', range(1, 5), 'demo');
    h.serve('shared', range(500, 3), 'alice');
    await h.service.refresh(['shared']);
    const gate = deferred();
    h.state.gate = gate.promise;
    h.state.now += MY_STUFF_FRESH_MS;
    h.serve('shared', range(1, 6), 'demo');
    const pending = h.service.refresh(['shared']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    h.state.user = 'alice';
    gate.resolve();
    h.state.gate = null;
    await pending;
    // Demo's list is as it was (only no longer loading); alice sees nothing of demo's.
    expect(h.ids('shared', 'demo')).toHaveLength(5);
    expect(h.list('shared', 'demo').loading).toBeNull();
    expect((await h.service.current())?.username ?? null).toBeNull();
    await h.service.refresh(['shared']);
    expect(h.ids('shared', 'alice')).toEqual([500, 501, 502]);
    expect((await h.service.current())?.shared.items.map((p) => p.id)).toEqual([500, 501, 502]);
    expect(h.state.reads.filter((read) => read.username === 'alice')).toHaveLength(1);
  });

  it(`keeps at most ${MAX_CACHED_MEMBERS} members, the least recently used dropped`, async () => {
    const h = harness();
    for (const [i, name] of ['a', 'b', 'c', 'd'].entries()) {
      h.state.user = name;
      h.state.now += i;
      h.serve('shared', range(i * 10, 2), name);
      await h.service.refresh(['shared']);
    }
    expect(Object.keys(h.state.cache).sort()).toEqual(['b', 'c', 'd']);
  });

  it('clears loading marks a stopped worker left behind', async () => {
    const h = harness();
    h.serve('shared', range(1, 5));
    await h.service.refresh(['shared']);
    h.state.cache.demo = { ...(h.state.cache.demo as NonNullable<MyStuffCache['demo']>) };
    (h.state.cache.demo as { shared: { loading: string | null } }).shared.loading = 'refresh';
    await h.service.start();
    expect(h.list('shared').loading).toBeNull();
    expect(h.ids('shared')).toHaveLength(5);
  });
});
