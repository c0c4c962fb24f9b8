/**
 * The feed service's core with fake ports: a fake service answering pages from lists the test
 * controls, a memory cache, an injected clock and session.
 */
import { describe, expect, it } from 'vitest';
import {
  InvalidResponse,
  Network,
  NotFound,
  RateLimited,
  ServerError,
  SignedOut,
  Timeout,
} from '@/lib/api/errors';
import type { ActivityEvent, Project } from '@/lib/api/schemas';
import { deferred } from '@/tests/unit/deferred';
import {
  createFeedService,
  DEFAULT_RATE_LIMIT_WAIT_MS,
  type FeedCache,
  type FeedPage,
  type FeedPorts,
  MAX_CACHED_MEMBERS,
  toFeedProject,
} from './feed';
import { FEED_FRESH_MS, FEED_MAX_ITEMS, type FeedListName, type FeedProject } from './feed-model';

type Item = ActivityEvent | FeedProject;

/** An activity event with this id (newer events have higher ids). */
function event(id: number): ActivityEvent {
  return {
    id,
    type: 'loveproject',
    datetime_created: new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString(),
    actor_username: `user${id}`,
    actor_id: id,
    project_id: 1000 + id,
    title: `Project ${id}`,
  } as ActivityEvent;
}

function project(id: number): FeedProject {
  return { id, title: `P${id}`, author: 'alice', thumbnailUrl: `https://x/${id}.png`, at: null };
}

/** Newest first, as the service answers: ids from `newest` down to `newest - count + 1`. */
const newestFirst = <T>(newest: number, count: number, make: (id: number) => T) =>
  Array.from({ length: count }, (_, i) => make(newest - i));

interface Read {
  list: FeedListName;
  username: string;
  offset: number;
  limit: number;
}

function harness() {
  const state = {
    now: 10_000_000,
    user: 'demo' as string | null,
    cache: {} as FeedCache,
    writes: [] as FeedCache[],
    reads: [] as Read[],
    /** What the service holds, per member and list (newest first). */
    lists: new Map<string, Item[]>(),
    /** Items the service sends but the schema drops, per list (counted in `received`). */
    dropped: new Map<string, number>(),
    /** The next reads fail with these (in order). */
    failures: [] as unknown[],
    /** When set, reads wait for it. */
    gate: null as Promise<void> | null,
  };
  const listKey = (username: string, list: FeedListName) => `${username}/${list}`;
  const ports: FeedPorts = {
    now: () => state.now,
    signedInUser: async () => state.user,
    readPage: (async (list: FeedListName, username: string, page: { offset: number; limit: number }) => {
      state.reads.push({ list, username, ...page });
      if (state.gate) await state.gate;
      const failure = state.failures.shift();
      if (failure !== undefined) throw failure;
      const all = state.lists.get(listKey(username, list)) ?? [];
      const items = all.slice(page.offset, page.offset + page.limit);
      const dropped = Math.min(state.dropped.get(listKey(username, list)) ?? 0, items.length);
      // Dropped items are the last ones of the page here: sent, counted, not handed out.
      return { items: items.slice(0, items.length - dropped), received: items.length } as FeedPage<Item>;
    }) as FeedPorts['readPage'],
    cache: {
      get: async () => structuredClone(state.cache),
      set: async (cache) => {
        state.cache = structuredClone(cache);
        state.writes.push(state.cache);
      },
    },
  };
  const service = createFeedService(ports);
  return {
    state,
    service,
    serve(username: string, list: FeedListName, items: Item[]) {
      state.lists.set(listKey(username, list), items);
    },
    ids(list: FeedListName, username = 'demo') {
      return (state.cache[username]?.[list].items ?? []).map((item) => item.id);
    },
    list(list: FeedListName, username = 'demo') {
      const feed = state.cache[username];
      if (!feed) throw new Error(`no feed of ${username}`);
      return feed[list];
    },
  };
}

describe('signed out', () => {
  it('reads nothing and writes nothing', async () => {
    const h = harness();
    h.state.user = null;
    h.serve('demo', 'activity', newestFirst(50, 50, event));
    await h.service.refresh(['activity', 'shared', 'loved', 'studios'], { force: true });
    await h.service.loadMore('activity');
    expect(h.state.reads).toEqual([]);
    expect(h.state.writes).toEqual([]);
    expect(await h.service.current()).toBeNull();
  });
});

describe('refresh', () => {
  it('reads the first page of 40 and stores it with when it was read', async () => {
    const h = harness();
    h.serve('demo', 'activity', newestFirst(100, 100, event));
    await h.service.refresh(['activity']);
    expect(h.state.reads).toEqual([{ list: 'activity', username: 'demo', offset: 0, limit: 40 }]);
    const list = h.list('activity');
    expect(h.ids('activity')).toEqual(newestFirst(100, 40, (id) => id));
    expect(list).toMatchObject({
      readAt: h.state.now,
      complete: false,
      nextOffset: 40,
      loading: null,
      error: null,
    });
  });

  it('marks the list loading while the read is under way', async () => {
    const h = harness();
    h.serve('demo', 'shared', newestFirst(10, 10, project));
    const gate = deferred();
    h.state.gate = gate.promise;
    const done = h.service.refresh(['shared']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(h.list('shared').loading).toBe('refresh');
    gate.resolve();
    await done;
    expect(h.list('shared')).toMatchObject({ loading: null, complete: true, nextOffset: 10 });
  });

  it('does not re-read a list younger than a minute, unless forced', async () => {
    const h = harness();
    h.serve('demo', 'loved', newestFirst(60, 60, project));
    await h.service.refresh(['loved']);
    h.state.now += FEED_FRESH_MS - 1;
    await h.service.refresh(['loved']);
    expect(h.state.reads).toHaveLength(1);
    await h.service.refresh(['loved'], { force: true });
    expect(h.state.reads).toHaveLength(2);
    h.state.now += FEED_FRESH_MS;
    await h.service.refresh(['loved']);
    expect(h.state.reads).toHaveLength(3);
  });

  it('shares one read per list between every caller', async () => {
    const h = harness();
    h.serve('demo', 'activity', newestFirst(45, 45, event));
    h.serve('demo', 'studios', newestFirst(5, 5, project));
    const gate = deferred();
    h.state.gate = gate.promise;
    const first = h.service.refresh(['activity', 'studios']);
    const second = h.service.refresh(['activity'], { force: true });
    const third = h.service.refresh(['studios', 'activity']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    gate.resolve();
    await Promise.all([first, second, third]);
    expect(h.state.reads.map((r) => r.list).sort()).toEqual(['activity', 'studios']);
    expect(h.ids('activity')).toHaveLength(40);
    expect(h.ids('studios')).toHaveLength(5);
  });

  it('keeps later pages when the new first page joins them, with the offset moved along', async () => {
    const h = harness();
    h.serve('demo', 'activity', newestFirst(200, 200, event));
    await h.service.refresh(['activity']);
    await h.service.loadMore('activity');
    expect(h.ids('activity')).toHaveLength(80);
    // Three new events arrive on top.
    h.serve('demo', 'activity', newestFirst(203, 203, event));
    await h.service.refresh(['activity'], { force: true });
    expect(h.ids('activity')).toEqual(newestFirst(203, 83, (id) => id));
    expect(h.list('activity').nextOffset).toBe(83);
    // The next page follows without a gap or a repeat.
    await h.service.loadMore('activity');
    expect(h.ids('activity')).toEqual(newestFirst(203, 123, (id) => id));
  });

  it('starts over from the new first page when it does not join the pages read before', async () => {
    const h = harness();
    h.serve('demo', 'activity', newestFirst(200, 200, event));
    await h.service.refresh(['activity']);
    await h.service.loadMore('activity');
    // More than a page of new events: the old pages no longer follow.
    h.serve('demo', 'activity', newestFirst(300, 300, event));
    await h.service.refresh(['activity'], { force: true });
    expect(h.ids('activity')).toEqual(newestFirst(300, 40, (id) => id));
    expect(h.list('activity')).toMatchObject({ nextOffset: 40, complete: false });
  });

  it('starts over when an item of the old pages moved up into the new first page', async () => {
    const h = harness();
    const items = newestFirst(100, 100, project);
    h.serve('demo', 'loved', items);
    await h.service.refresh(['loved']);
    await h.service.loadMore('loved');
    // Project 50 (on the second page) is loved again: it moves to the top.
    const moved = [project(50), ...items.filter((p) => p.id !== 50)];
    h.serve('demo', 'loved', moved);
    await h.service.refresh(['loved'], { force: true });
    expect(h.ids('loved')).toEqual(moved.slice(0, 40).map((p) => p.id));
  });
});

describe('next pages', () => {
  it('reads pages of 40 from the offset the service counted (dropped items included)', async () => {
    const h = harness();
    h.serve('demo', 'activity', newestFirst(100, 100, event));
    h.state.dropped.set('demo/activity', 2);
    await h.service.refresh(['activity']);
    expect(h.ids('activity')).toHaveLength(38);
    await h.service.loadMore('activity');
    expect(h.state.reads[1]).toMatchObject({ offset: 40, limit: 40 });
    expect(h.list('activity').nextOffset).toBe(80);
  });

  it('stops at a short page, and at 200 items', async () => {
    const h = harness();
    h.serve('demo', 'shared', newestFirst(70, 70, project));
    await h.service.refresh(['shared']);
    await h.service.loadMore('shared');
    expect(h.list('shared')).toMatchObject({ complete: true, nextOffset: 70 });
    await h.service.loadMore('shared');
    expect(h.state.reads).toHaveLength(2);

    h.serve('demo', 'activity', newestFirst(500, 500, event));
    await h.service.refresh(['activity']);
    for (let i = 0; i < 6; i++) await h.service.loadMore('activity');
    expect(h.ids('activity')).toHaveLength(FEED_MAX_ITEMS);
    expect(h.list('activity').complete).toBe(true);
    expect(h.state.reads.filter((r) => r.list === 'activity').map((r) => r.offset)).toEqual([
      0, 40, 80, 120, 160,
    ]);
  });

  it('does not add an item twice when the list moved under the pages', async () => {
    const h = harness();
    h.serve('demo', 'activity', newestFirst(100, 100, event));
    await h.service.refresh(['activity']);
    // Five new events: the page at offset 40 now starts with five already shown.
    h.serve('demo', 'activity', newestFirst(105, 105, event));
    await h.service.loadMore('activity');
    const ids = h.ids('activity');
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(newestFirst(100, 75, (id) => id));
  });

  it('reads nothing before the first page, and one next page for callers arriving together', async () => {
    const h = harness();
    h.serve('demo', 'activity', newestFirst(100, 100, event));
    await h.service.loadMore('activity');
    expect(h.state.reads).toEqual([]);
    await h.service.refresh(['activity']);
    await Promise.all([h.service.loadMore('activity'), h.service.loadMore('activity')]);
    expect(h.state.reads.map((r) => r.offset)).toEqual([0, 40]);
  });

  it('reads on after a refresh that was under way when the end came into view', async () => {
    const h = harness();
    h.serve('demo', 'activity', newestFirst(100, 100, event));
    await h.service.refresh(['activity']);
    const gate = deferred();
    h.state.gate = gate.promise;
    const refreshing = h.service.refresh(['activity'], { force: true });
    const more = h.service.loadMore('activity');
    await new Promise((resolve) => setTimeout(resolve, 0));
    h.state.gate = null;
    gate.resolve();
    await Promise.all([refreshing, more]);
    expect(h.state.reads.map((r) => r.offset)).toEqual([0, 0, 40]);
    expect(h.ids('activity')).toHaveLength(80);
  });
});

describe('failures', () => {
  const cases: [string, unknown, object][] = [
    [
      '429',
      new RateLimited('slow down', { retryAfterMs: 5_000 }),
      { kind: 'rate-limited', status: 429, retryAfterMs: 5_000 },
    ],
    ['5xx', new ServerError('boom', { status: 503 }), { kind: 'server', status: 503 }],
    ['timeout', new Timeout(10_000), { kind: 'timeout' }],
    ['offline', new Network('offline'), { kind: 'offline' }],
    ['malformed', new InvalidResponse('not JSON', { status: 200 }), { kind: 'malformed', status: 200 }],
    ['signed out', new SignedOut(), { kind: 'signed-out' }],
    ['other status', new NotFound('gone', { status: 404 }), { kind: 'unknown', status: 404 }],
    ['not an API error', new TypeError('bug'), { kind: 'unknown' }],
  ];
  for (const [name, error, expected] of cases) {
    it(`records ${name} as the list's error and keeps its items`, async () => {
      const h = harness();
      h.serve('demo', 'activity', newestFirst(50, 50, event));
      await h.service.refresh(['activity']);
      const readAt = h.list('activity').readAt;
      h.state.now += FEED_FRESH_MS;
      h.state.failures.push(error);
      await expect(h.service.refresh(['activity'])).resolves.toBeUndefined();
      expect(h.list('activity').error).toEqual({ ...expected, at: h.state.now });
      expect(h.ids('activity')).toHaveLength(40);
      expect(h.list('activity')).toMatchObject({ readAt, loading: null });
    });
  }

  it('clears the error with the next success', async () => {
    const h = harness();
    h.serve('demo', 'studios', newestFirst(3, 3, project));
    h.state.failures.push(new Network('offline'));
    await h.service.refresh(['studios']);
    expect(h.list('studios').error?.kind).toBe('offline');
    await h.service.refresh(['studios']);
    expect(h.list('studios')).toMatchObject({ error: null, readAt: h.state.now });
    expect(h.ids('studios')).toEqual([3, 2, 1]);
  });

  it('records a failed next page without losing the pages read', async () => {
    const h = harness();
    h.serve('demo', 'activity', newestFirst(100, 100, event));
    await h.service.refresh(['activity']);
    h.state.failures.push(new ServerError('boom', { status: 500 }));
    await h.service.loadMore('activity');
    expect(h.list('activity')).toMatchObject({ nextOffset: 40, loading: null, error: { kind: 'server' } });
    await h.service.loadMore('activity');
    expect(h.ids('activity')).toHaveLength(80);
  });

  it("asks nothing again before the service's Retry-After has passed, even when forced", async () => {
    const h = harness();
    h.serve('demo', 'activity', newestFirst(50, 50, event));
    h.state.failures.push(new RateLimited('slow down', { retryAfterMs: 5_000 }));
    await h.service.refresh(['activity']);
    h.state.now += 4_999;
    await h.service.refresh(['activity'], { force: true });
    await h.service.loadMore('activity');
    expect(h.state.reads).toHaveLength(1);
    h.state.now += 1;
    await h.service.refresh(['activity']);
    expect(h.state.reads).toHaveLength(2);
    expect(h.list('activity').error).toBeNull();
  });

  it('waits a while after a 429 without Retry-After', async () => {
    const h = harness();
    h.serve('demo', 'shared', newestFirst(5, 5, project));
    h.state.failures.push(new RateLimited('slow down'));
    await h.service.refresh(['shared']);
    h.state.now += DEFAULT_RATE_LIMIT_WAIT_MS - 1;
    await h.service.refresh(['shared'], { force: true });
    expect(h.state.reads).toHaveLength(1);
    h.state.now += 1;
    await h.service.refresh(['shared'], { force: true });
    expect(h.state.reads).toHaveLength(2);
  });
});

describe('members', () => {
  it("never writes a member's answer into another member's feed", async () => {
    const h = harness();
    h.serve('demo', 'activity', newestFirst(50, 50, event));
    h.serve('alice', 'activity', newestFirst(900, 10, event));
    const gate = deferred();
    h.state.gate = gate.promise;
    const demoRead = h.service.refresh(['activity']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Demo signs out and alice signs in while demo's read is under way.
    h.state.user = 'alice';
    gate.resolve();
    await demoRead;
    h.state.gate = null;
    expect(h.list('activity', 'demo')).toMatchObject({ items: [], readAt: 0, loading: null });
    expect(h.state.cache.alice).toBeUndefined();
    await h.service.refresh(['activity']);
    expect(h.ids('activity', 'alice')).toEqual(newestFirst(900, 10, (id) => id));
    expect(h.ids('activity', 'demo')).toEqual([]);
    expect((await h.service.current())?.username).toBe('alice');
  });

  it('does not bring back a feed dropped meanwhile when a read of another member ends', async () => {
    const h = harness();
    h.serve('demo', 'shared', [project(1)]);
    const gate = deferred();
    h.state.gate = gate.promise;
    const demoRead = h.service.refresh(['shared']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    h.state.cache = {};
    h.state.user = 'bob';
    gate.resolve();
    await demoRead;
    expect(h.state.cache).toEqual({});
  });

  it(`keeps at most ${MAX_CACHED_MEMBERS} members, dropping the least recently used`, async () => {
    const h = harness();
    for (const name of ['a', 'b', 'c', 'a', 'd']) {
      h.state.user = name;
      h.serve(name, 'shared', [project(1)]);
      h.state.now += 1_000;
      await h.service.refresh(['shared'], { force: true });
    }
    expect(Object.keys(h.state.cache).sort()).toEqual(['a', 'c', 'd']);
  });

  it('keeps a member named like an object property apart', async () => {
    const h = harness();
    h.state.user = '__proto__';
    h.serve('__proto__', 'shared', [project(7)]);
    await h.service.refresh(['shared']);
    expect(Object.hasOwn(h.state.cache, '__proto__')).toBe(true);
    expect(h.ids('shared', '__proto__')).toEqual([7]);
  });
});

describe('start', () => {
  it('clears loading marks left by a worker that stopped mid-read', async () => {
    const h = harness();
    h.serve('demo', 'activity', newestFirst(5, 5, event));
    await h.service.refresh(['activity']);
    const demo = h.state.cache.demo;
    if (!demo) throw new Error('no feed');
    h.state.cache.demo = {
      ...demo,
      activity: { ...demo.activity, loading: 'more' },
      shared: { ...demo.shared, loading: 'refresh' },
    };
    const restarted = createFeedServiceOn(h);
    await restarted.start();
    expect(h.list('activity').loading).toBeNull();
    expect(h.list('shared').loading).toBeNull();
    expect(h.ids('activity')).toEqual([5, 4, 3, 2, 1]);
  });
});

describe('start, for members named like an object prototype’s properties', () => {
  it('clears their loading marks and keeps their feeds', async () => {
    const h = harness();
    for (const username of ['__proto__', 'constructor']) {
      h.state.user = username;
      h.serve(username, 'shared', [project(username.length)]);
      await h.service.refresh(['shared']);
    }
    // A worker stopped mid-read: both feeds loading (set as own entries, as storage reads them back).
    h.state.cache = JSON.parse(
      JSON.stringify(h.state.cache, (key, value) =>
        key === 'shared' ? { ...value, loading: 'refresh' } : value,
      ),
    );
    await createFeedServiceOn(h).start();
    expect(Object.keys(h.state.cache).sort()).toEqual(['__proto__', 'constructor']);
    expect(h.list('shared', '__proto__').loading).toBeNull();
    expect(h.ids('shared', '__proto__')).toEqual([9]);
    expect(h.ids('shared', 'constructor')).toEqual([11]);
  });
});

/** A second service (a restarted worker) on the same ports' cache. */
function createFeedServiceOn(h: ReturnType<typeof harness>) {
  return createFeedService({
    now: () => h.state.now,
    signedInUser: async () => h.state.user,
    readPage: async () => {
      throw new Error('no read expected');
    },
    cache: {
      get: async () => structuredClone(h.state.cache),
      set: async (cache) => {
        h.state.cache = structuredClone(cache);
      },
    },
  });
}

describe('toFeedProject', () => {
  const base = {
    id: 42,
    title: '<b>Title</b>',
    author: { id: 1, username: 'alice' },
    history: { shared: '2026-11-20T10:00:00.000Z' },
  } as Project;
  const fallback = (id: number) => `https://uploads.example/projects/thumbnails/${id}.png`;

  it('makes protocol-relative thumbnails https, and keeps the title as text', () => {
    const p = toFeedProject(
      { ...base, image: '//cdn2.scratch.mit.edu/get_image/project/42_480x360.png' },
      'shared',
      fallback,
    );
    expect(p).toEqual({
      id: 42,
      title: '<b>Title</b>',
      author: 'alice',
      thumbnailUrl: 'https://cdn2.scratch.mit.edu/get_image/project/42_480x360.png',
      at: '2026-11-20T10:00:00.000Z',
    });
  });

  it('falls back for a missing, relative or non-web image', () => {
    for (const image of [
      undefined,
      '',
      'javascript:alert(1)',
      '/relative.png',
      'data:image/png;base64,AAAA',
    ]) {
      expect(toFeedProject({ ...base, image }, 'shared', fallback).thumbnailUrl, String(image)).toBe(
        fallback(42),
      );
    }
  });

  it('gives a time only for shared projects (the other lists are ordered by times the service does not send)', () => {
    expect(toFeedProject(base, 'loved', fallback).at).toBeNull();
    expect(toFeedProject(base, 'studios', fallback).at).toBeNull();
  });
});
