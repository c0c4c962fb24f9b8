/**
 * The explore service's core with fakes for the API, the session, storage and the clock: caches and
 * their freshness (featured hourly, the count once a day, explore/search 5 minutes, views for the
 * popup's life), shared reads, paging by 40, outdated pages dropped, members kept apart.
 */
import { describe, expect, it } from 'vitest';
import { NotFound, RateLimited, ServerError } from '@/lib/api/errors';
import { deferred } from '@/tests/unit/deferred';
import { createExploreService, type ExplorePage, type ExplorePorts, firstPage, nextPage } from './explore';
import {
  EXPLORE_FRESH_MS,
  EXPLORE_PAGE_SIZE,
  emptyExploreList,
  FEATURED_FRESH_MS,
  listKey,
  MAX_CACHED_LISTS,
  PROJECT_COUNT_FRESH_MS,
} from './explore-keys-model';
import {
  type DetailSource,
  type ExploreCache,
  type ExploreViews,
  emptyExploreCache,
  emptyExploreViews,
  type ListSource,
  type ProjectCard,
} from './explore-model';

const card = (id: number): ProjectCard => ({
  type: 'project',
  id,
  title: `P${id}`,
  author: 'a',
  thumbnailUrl: '',
});
const pageOf = (from: number, count: number): ExplorePage => ({
  items: Array.from({ length: count }, (_, i) => card(from + i)),
  received: count,
});

const explore: ListSource = {
  source: 'explore',
  kind: 'projects',
  tag: 'games',
  mode: 'trending',
  language: 'en',
};
const search = (query: string): ListSource => ({
  source: 'search',
  kind: 'projects',
  query,
  mode: 'popular',
  language: 'en',
});

function setup(options: { member?: string | null } = {}) {
  let now = 1_000_000;
  let member: string | null = options.member === undefined ? 'demo' : options.member;
  let cache: ExploreCache = emptyExploreCache;
  let views: ExploreViews = emptyExploreViews;
  const calls = {
    featured: 0,
    count: 0,
    pages: [] as { key: string; offset: number }[],
    details: [] as string[],
  };
  /** Answers by call: a function of the source and offset (default: full pages of ids from the offset). */
  let answer: (source: ListSource, offset: number) => Promise<ExplorePage> = async (_source, offset) =>
    pageOf(offset + 1, EXPLORE_PAGE_SIZE);
  let detailAnswer: (source: DetailSource) => Promise<unknown> = async (source) => ({ source });
  let featuredAnswer: () => Promise<never[]> = async () => [];
  let countAnswer: () => Promise<number> = async () => 123;
  const ports: ExplorePorts = {
    now: () => now,
    signedInUser: async () => member,
    readFeatured: () => {
      calls.featured++;
      return featuredAnswer();
    },
    readProjectCount: () => {
      calls.count++;
      return countAnswer();
    },
    readPage: (source, page) => {
      calls.pages.push({ key: listKey(source), offset: page.offset });
      expect(page.limit).toBe(EXPLORE_PAGE_SIZE);
      return answer(source, page.offset);
    },
    readDetail: ((source: DetailSource) => {
      calls.details.push(JSON.stringify(source));
      return detailAnswer(source);
    }) as ExplorePorts['readDetail'],
    cache: {
      get: async () => cache,
      set: async (value) => {
        cache = structuredClone(value);
      },
    },
    views: {
      get: async () => views,
      set: async (value) => {
        views = structuredClone(value);
      },
    },
  };
  const service = createExploreService(ports);
  return {
    service,
    ports,
    calls,
    advance: (ms: number) => {
      now += ms;
    },
    now: () => now,
    signIn: (name: string | null) => {
      member = name;
    },
    cache: () => cache,
    views: () => views,
    list: (source: ListSource) =>
      source.source === 'explore' || source.source === 'search'
        ? cache.lists[listKey(source)]
        : views.lists[listKey(source)],
    answerPages: (fn: typeof answer) => {
      answer = fn;
    },
    answerDetails: (fn: typeof detailAnswer) => {
      detailAnswer = fn;
    },
    answerFeatured: (fn: typeof featuredAnswer) => {
      featuredAnswer = fn;
    },
    answerCount: (fn: typeof countAnswer) => {
      countAnswer = fn;
    },
  };
}

describe('featured rows', () => {
  it('are read once an hour, one read for callers at the same time', async () => {
    const t = setup();
    const gate = deferred<never[]>();
    t.answerFeatured(() => gate.promise);
    const both = Promise.all([t.service.refreshFeatured(), t.service.refreshFeatured()]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(t.cache().featured.loading).toBe(true);
    gate.resolve([]);
    await both;
    expect(t.calls.featured).toBe(1);
    expect(t.cache().featured).toMatchObject({ loading: false, readAt: t.now(), error: null });
    t.answerFeatured(async () => []);
    t.advance(FEATURED_FRESH_MS - 1);
    await t.service.refreshFeatured();
    expect(t.calls.featured).toBe(1);
    t.advance(1);
    await t.service.refreshFeatured();
    expect(t.calls.featured).toBe(2);
    await t.service.refreshFeatured({ force: true });
    expect(t.calls.featured).toBe(3);
  });

  it('keep the rows read before when a read fails, with the failure', async () => {
    const t = setup();
    t.answerFeatured(async () => [{ key: 'community_featured_projects', items: [card(1)] }] as never[]);
    await t.service.refreshFeatured();
    t.answerFeatured(async () => {
      throw new ServerError('boom', { url: 'x', status: 503 });
    });
    await t.service.refreshFeatured({ force: true });
    expect(t.cache().featured.rows).toHaveLength(1);
    expect(t.cache().featured.error).toMatchObject({ kind: 'server', status: 503 });
  });
});

describe('the count of shared projects', () => {
  it('is read at most once a day, even when the read fails, and once for callers at the same time', async () => {
    const t = setup();
    await Promise.all([t.service.refreshProjectCount(), t.service.refreshProjectCount()]);
    expect(t.calls.count).toBe(1);
    expect(t.cache().projectCount).toMatchObject({ count: 123, error: null });
    t.advance(PROJECT_COUNT_FRESH_MS - 1);
    await t.service.refreshProjectCount();
    expect(t.calls.count).toBe(1);
    t.advance(1);
    t.answerCount(async () => {
      throw new ServerError('boom', { url: 'x', status: 500 });
    });
    await t.service.refreshProjectCount();
    expect(t.calls.count).toBe(2);
    // The count read before stays; the failed attempt counts as the day's read.
    expect(t.cache().projectCount).toMatchObject({ count: 123, error: { kind: 'server' } });
    t.advance(PROJECT_COUNT_FRESH_MS - 1);
    await t.service.refreshProjectCount();
    expect(t.calls.count).toBe(2);
  });
});

describe('explore and search lists', () => {
  it('page by 40 as the list scrolls, and end on a short page', async () => {
    const t = setup();
    t.answerPages(async (_s, offset) => (offset < 80 ? pageOf(offset + 1, 40) : pageOf(offset + 1, 7)));
    await t.service.refreshList(explore);
    expect(t.list(explore)).toMatchObject({ nextOffset: 40, complete: false, loading: null });
    await t.service.loadMore(explore);
    await t.service.loadMore(explore);
    expect(t.calls.pages.map((p) => p.offset)).toEqual([0, 40, 80]);
    expect(t.list(explore)?.items.map((i) => i.id)).toEqual(Array.from({ length: 87 }, (_, i) => i + 1));
    expect(t.list(explore)?.complete).toBe(true);
    await t.service.loadMore(explore);
    expect(t.calls.pages).toHaveLength(3);
  });

  it('are fresh for 5 minutes: a second open reads nothing, a later one the first page again', async () => {
    const t = setup();
    await t.service.refreshList(explore);
    await t.service.loadMore(explore);
    t.advance(EXPLORE_FRESH_MS - 1);
    await t.service.refreshList(explore, { since: t.now() });
    expect(t.calls.pages).toHaveLength(2);
    t.advance(1);
    await t.service.refreshList(explore);
    expect(t.calls.pages.map((p) => p.offset)).toEqual([0, 40, 0]);
    expect(t.list(explore)?.items).toHaveLength(40);
  });

  it('share one read in flight between callers', async () => {
    const t = setup();
    const gate = deferred<ExplorePage>();
    t.answerPages(() => gate.promise);
    const calls = [
      t.service.refreshList(explore),
      t.service.refreshList(explore),
      t.service.loadMore(explore),
    ];
    await Promise.resolve();
    gate.resolve(pageOf(1, 40));
    await Promise.all(calls);
    expect(t.calls.pages).toHaveLength(1);
  });

  it('drop a next page that no longer follows the list (a refresh started it over meanwhile)', async () => {
    const t = setup();
    await t.service.refreshList(explore);
    const slow = deferred<ExplorePage>();
    t.answerPages((_s, offset) => (offset === 40 ? slow.promise : Promise.resolve(pageOf(1000, 40))));
    const more = t.service.loadMore(explore);
    // A forced refresh waits for the page in flight, then starts the list over.
    const refresh = t.service.refreshList(explore, { force: true });
    slow.resolve(pageOf(41, 40));
    await Promise.all([more, refresh]);
    expect(t.list(explore)?.items[0]?.id).toBe(1000);
    expect(t.list(explore)?.items).toHaveLength(40);
  });

  it('never let an answer for one query replace another query’s list', async () => {
    const t = setup();
    const slow = deferred<ExplorePage>();
    t.answerPages((source) =>
      source.source === 'search' && source.query === 'ca' ? slow.promise : Promise.resolve(pageOf(500, 3)),
    );
    const old = t.service.refreshList(search('ca'));
    await t.service.refreshList(search('cat'));
    slow.resolve(pageOf(1, 40));
    await old;
    expect(t.list(search('cat'))?.items.map((i) => i.id)).toEqual([500, 501, 502]);
    // The same words typed differently are the same search.
    await t.service.refreshList(search('  cat '));
    expect(t.calls.pages).toHaveLength(2);
  });

  it('keep the items and say why when a read fails; after a 429 nothing is asked before Retry-After', async () => {
    const t = setup();
    await t.service.refreshList(explore);
    t.answerPages(async () => {
      throw new RateLimited('slow down', { url: 'x', retryAfterMs: 10_000 });
    });
    t.advance(EXPLORE_FRESH_MS);
    await t.service.refreshList(explore);
    expect(t.list(explore)).toMatchObject({ error: { kind: 'rate-limited', retryAfterMs: 10_000 } });
    expect(t.list(explore)?.items).toHaveLength(40);
    await t.service.refreshList(explore, { force: true });
    await t.service.loadMore(explore);
    expect(t.calls.pages).toHaveLength(2);
    t.advance(10_000);
    await t.service.refreshList(explore);
    expect(t.calls.pages).toHaveLength(3);
  });

  it(`keep the ${MAX_CACHED_LISTS} most recently used lists`, async () => {
    const t = setup();
    for (let i = 0; i <= MAX_CACHED_LISTS; i++) {
      await t.service.refreshList(search(`q${i}`));
      t.advance(1);
    }
    expect(Object.keys(t.cache().lists)).toHaveLength(MAX_CACHED_LISTS);
    expect(t.list(search('q0'))).toBeUndefined();
    expect(t.list(search(`q${MAX_CACHED_LISTS}`))).toBeDefined();
  });
});

describe('views', () => {
  const project: DetailSource = { detail: 'project', id: 7 };

  it('are read once for the popup’s life: again in a later popup only', async () => {
    const t = setup();
    const opened = t.now();
    await t.service.openView(project, { since: opened });
    t.advance(1000);
    await t.service.openView(project, { since: opened });
    expect(t.calls.details).toHaveLength(1);
    expect(t.views().details['project|7']).toMatchObject({ value: { source: project }, loading: false });
    // The next popup opens later: what it shows first is the old read, then a fresh one.
    await t.service.openView(project, { since: t.now() });
    expect(t.calls.details).toHaveLength(2);
  });

  it('lists of a view page like the others and are kept with the view', async () => {
    const t = setup();
    const followers: ListSource = { source: 'followers', username: 'alice' };
    await t.service.refreshList(followers, { since: t.now() });
    await t.service.loadMore(followers);
    await t.service.refreshList(followers, { since: t.now() - 10 });
    expect(t.calls.pages.map((p) => p.offset)).toEqual([0, 40]);
    expect(t.views().lists[listKey(followers)]?.items).toHaveLength(80);
  });

  it('keep a person’s projects in the order the service sends them (newest shared first), short or long', async () => {
    const t = setup();
    const short: ListSource = { source: 'user-projects', username: 'alice' };
    const long: ListSource = { source: 'user-projects', username: 'bob' };
    const newestFirst = (newest: number, count: number): ExplorePage => {
      const page = pageOf(newest - count + 1, count);
      return { ...page, items: page.items.reverse() };
    };
    t.answerPages(async (source, offset) =>
      source === short ? newestFirst(5, 5) : newestFirst(100 - offset, 40),
    );
    await t.service.refreshList(short);
    await t.service.refreshList(long);
    expect(t.list(short)).toMatchObject({ complete: true });
    expect(t.list(short)?.items.map((i) => i.id)).toEqual([5, 4, 3, 2, 1]);
    expect(t.list(long)).toMatchObject({ complete: false });
    expect(t.list(long)?.items[0]?.id).toBe(100);
    // The next page follows on: older projects after the newer ones.
    await t.service.loadMore(long);
    expect(
      t
        .list(long)
        ?.items.map((i) => i.id)
        .slice(38, 42),
    ).toEqual([62, 61, 60, 59]);
  });

  it('keep "not found" (someone else’s unshared project) as the answer for the popup’s life', async () => {
    const t = setup();
    t.answerDetails(async () => {
      throw new NotFound('gone', { url: 'x', status: 404 });
    });
    const opened = t.now();
    await t.service.openView(project, { since: opened });
    await t.service.openView(project, { since: opened });
    expect(t.calls.details).toHaveLength(1);
    expect(t.views().details['project|7']).toMatchObject({ value: null, error: { kind: 'not-found' } });
  });

  it('belong to the member: another member starts afresh, a read ending after a switch is dropped, nothing signed out', async () => {
    const t = setup();
    await t.service.openView(project, { since: 0 });
    expect(t.views().member).toBe('demo');
    const gate = deferred<unknown>();
    t.answerDetails(() => gate.promise);
    const pending = t.service.openView({ detail: 'user', username: 'alice' }, { since: t.now() });
    await Promise.resolve();
    t.signIn('bob');
    gate.resolve({ secret: 'of demo' });
    await pending;
    expect(t.views().details['user|alice']?.value ?? null).toBeNull();
    t.answerDetails(async (source) => ({ source }));
    await t.service.openView(project, { since: 0 });
    expect(t.views().member).toBe('bob');
    expect(Object.keys(t.views().details)).toEqual(['project|7']);
    t.signIn(null);
    await t.service.openView({ detail: 'studio', id: 3 }, { since: 0 });
    await t.service.refreshList({ source: 'remixes', projectId: 7 });
    expect(t.calls.details).toHaveLength(3);
    expect(t.calls.pages).toHaveLength(0);
  });
});

describe('start', () => {
  it('clears the loading marks a previous worker left (its reads died with it)', async () => {
    const t = setup();
    t.answerPages(() => new Promise<ExplorePage>(() => undefined));
    t.answerDetails(() => new Promise(() => undefined));
    void t.service.refreshList(explore);
    void t.service.openView({ detail: 'studio', id: 3 }, { since: 0 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(t.list(explore)?.loading).toBe('refresh');
    expect(t.views().details['studio|3']?.loading).toBe(true);
    await createExploreService(t.ports).start();
    expect(t.list(explore)?.loading).toBeNull();
    expect(t.views().details['studio|3']?.loading).toBe(false);
  });
});

describe('pure helpers', () => {
  it('firstPage and nextPage count what the service sent and never add an item twice', () => {
    const first = firstPage({ items: [card(1), card(2)], received: 40 }, 5);
    expect(first).toMatchObject({ nextOffset: 40, complete: false, readAt: 5 });
    const next = nextPage(first, { items: [card(2), card(3)], received: 3 });
    expect(next.items.map((i) => i.id)).toEqual([1, 2, 3]);
    expect(next).toMatchObject({ nextOffset: 43, complete: true });
    expect(emptyExploreList().readAt).toBe(0);
  });
});
