/**
 * The explore service: the featured rows, the total of shared projects, explore and search pages,
 * and what the popup's views show (a project, a person, a studio and their lists), each cached with
 * its own freshness:
 *
 * - featured rows: re-read at most once an hour (FEATURED_FRESH_MS);
 * - the shared-project count: at most one read a day (PROJECT_COUNT_FRESH_MS), whatever the outcome;
 * - explore and search pages: 5 minutes (EXPLORE_FRESH_MS), the first page on a refresh, the next
 *   pages of 40 as the list scrolls, up to EXPLORE_MAX_ITEMS, the least recently used of
 *   MAX_CACHED_LISTS lists dropped;
 * - views (details and their lists): for the popup's life. The popup passes when it opened
 *   (`since`); what was read since then is not read again, so an open view never refetches what it
 *   shows, and back/forward between views costs nothing. They are kept per member: an unshared
 *   project of the member's own is read with their token and never shown to anyone else.
 *
 * One read per key in flight, shared by every caller; a page read that no longer follows the list
 * (a refresh came in between) is dropped, so an outdated answer never replaces a newer one. After a
 * 429 a key is not read again before the service's Retry-After has passed.
 *
 * Everything it needs comes through `ExplorePorts` (the API client, the session, storage, the
 * clock), so unit tests drive it with fakes; ./explore-background.ts wires it to the browser.
 */
import { isApiError } from '@/lib/api/errors';
import { feedErrorOf } from '../feed/feed';
import {
  detailKey,
  EXPLORE_FRESH_MS,
  EXPLORE_MAX_ITEMS,
  EXPLORE_PAGE_SIZE,
  emptyExploreList,
  FEATURED_FRESH_MS,
  isPublicList,
  listKey,
  MAX_CACHED_LISTS,
  MAX_VIEW_ENTRIES,
  PROJECT_COUNT_FRESH_MS,
} from './explore-keys';
import {
  type DetailEntry,
  type DetailOf,
  type DetailSource,
  type ExploreCache,
  type ExploreError,
  type ExploreItem,
  type ExploreList,
  type ExploreViews,
  emptyExploreCache,
  emptyExploreViews,
  type FeaturedRow,
  type ListSource,
} from './explore-model';

/** After a 429 without Retry-After, wait this long before asking again. */
export const DEFAULT_RATE_LIMIT_WAIT_MS = 30_000;

export interface ExplorePage {
  items: ExploreItem[];
  /** How many items the service sent (malformed ones included): offsets count these. */
  received: number;
}

interface Store<T> {
  get(): Promise<T>;
  set(value: T): Promise<void>;
}

export interface ExplorePorts {
  now(): number;
  /** The signed-in member, or null: views are kept per member. */
  signedInUser(): Promise<string | null>;
  readFeatured(): Promise<FeaturedRow[]>;
  readProjectCount(): Promise<number>;
  readPage(source: ListSource, page: { offset: number; limit: number }): Promise<ExplorePage>;
  readDetail<D extends DetailSource>(source: D): Promise<DetailOf[D['detail']]>;
  /** `exploreCacheItem` (public data). */
  cache: Store<ExploreCache>;
  /** `exploreViewsItem` (the views' data, per member, for the popup's life). */
  views: Store<ExploreViews>;
}

export interface RefreshOptions {
  /** Read even when fresh. */
  force?: boolean;
  /** Views: when the popup opened (ms). What was read since then is fresh. */
  since?: number;
}

export interface ExploreService {
  /** At worker start: reads of a previous worker died with it, so nothing is still loading. */
  start(): Promise<void>;
  refreshFeatured(options?: { force?: boolean }): Promise<void>;
  /** Reads the total of shared projects unless it was read (or tried) within a day. */
  refreshProjectCount(): Promise<void>;
  /** Reads a list's first page unless fresh. Resolves when done; failures are recorded, never thrown. */
  refreshList(source: ListSource, options?: RefreshOptions): Promise<void>;
  /** Reads a list's next page (nothing when complete, never read, rate limited or already reading). */
  loadMore(source: ListSource): Promise<void>;
  /** Reads what a view shows (a project, a person, a studio) unless read during this popup's life. */
  openView(source: DetailSource, options?: RefreshOptions): Promise<void>;
}

/** The service's failure as the popup tells it; 404 is its own kind (an unshared or missing thing). */
export function exploreErrorOf(error: unknown, at: number): ExploreError {
  if (isApiError(error, 'NotFound')) return { kind: 'not-found', at, status: 404 };
  return feedErrorOf(error, at);
}

function rateLimitedUntil(error: ExploreError | null): number {
  if (error?.kind !== 'rate-limited') return 0;
  return error.at + (error.retryAfterMs ?? DEFAULT_RATE_LIMIT_WAIT_MS);
}

const itemKey = (item: ExploreItem) => `${item.type}${item.id}`;

/** The list after its first page (a refresh starts the list over). Pure (exported for tests). */
export function firstPage(source: ListSource, page: ExplorePage, readAt: number): ExploreList {
  const list: ExploreList = {
    items: page.items.slice(0, EXPLORE_MAX_ITEMS),
    readAt,
    complete: page.received < EXPLORE_PAGE_SIZE,
    nextOffset: page.received,
    loading: null,
    error: null,
  };
  if (source.source === 'user-projects') {
    // Oldest first from the service: when the whole list came in one page, turn it around.
    if (list.complete) return { ...list, items: list.items.reverse(), order: 'newest' };
    return { ...list, order: 'oldest' };
  }
  return list;
}

/** The list after its next page: items already there are not added twice. Pure (exported for tests). */
export function nextPage(list: ExploreList, page: ExplorePage): ExploreList {
  const seen = new Set(list.items.map(itemKey));
  const added = page.items.filter((item) => !seen.has(itemKey(item)));
  const items = list.items.concat(added).slice(0, EXPLORE_MAX_ITEMS);
  return {
    ...list,
    items,
    complete: page.received < EXPLORE_PAGE_SIZE || items.length >= EXPLORE_MAX_ITEMS,
    nextOffset: list.nextOffset + page.received,
    loading: null,
    error: null,
  };
}

/** Keeps the `max` most recently used entries of a record (and always `keep`). */
function capEntries<T extends { usedAt?: number }>(
  entries: Record<string, T>,
  max: number,
  keep: string,
): Record<string, T> {
  const keys = Object.keys(entries);
  if (keys.length <= max) return entries;
  const next = { ...entries };
  const byUse = keys.sort((a, b) => (next[b]?.usedAt ?? 0) - (next[a]?.usedAt ?? 0));
  for (const key of byUse.slice(max)) if (key !== keep) delete next[key];
  return next;
}

export function createExploreService(ports: ExplorePorts): ExploreService {
  /** Reads in flight by key: callers join them. */
  const inFlight = new Map<string, { kind: 'refresh' | 'more'; done: Promise<void> }>();

  // Writes are serialised so two reads ending together never lose each other's result.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const result = queue.then(work, work);
    queue = result.catch(() => undefined);
    return result;
  };
  const warn = (what: string) => (error: unknown) => console.warn(`[companion] explore: ${what}:`, error);

  const updateCache = (change: (cache: ExploreCache) => ExploreCache) =>
    serially(async () => {
      const cache = { ...emptyExploreCache, ...(await ports.cache.get()) };
      await ports.cache.set(change(cache));
    });

  /** Changes `member`'s views; another member's stored views are dropped first. */
  const updateViews = (member: string, change: (views: ExploreViews) => ExploreViews) =>
    serially(async () => {
      const stored = await ports.views.get();
      const views = stored?.member === member ? stored : { ...emptyExploreViews, member };
      await ports.views.set(change(views));
    });

  const readViews = async (member: string): Promise<ExploreViews> => {
    const stored = await ports.views.get();
    return stored?.member === member ? stored : { ...emptyExploreViews, member };
  };

  /** The list as stored (public lists in the cache, view lists with the member's views). */
  const getList = async (source: ListSource, member: string | null): Promise<ExploreList | null> => {
    const key = listKey(source);
    if (isPublicList(source)) return (await ports.cache.get())?.lists?.[key] ?? null;
    if (member === null) return null;
    return (await readViews(member)).lists[key] ?? null;
  };

  const updateList = (
    source: ListSource,
    member: string | null,
    change: (list: ExploreList) => ExploreList,
  ) => {
    const key = listKey(source);
    const now = ports.now();
    const apply = (lists: Record<string, ExploreList>, max: number) => {
      const current = Object.hasOwn(lists, key) ? (lists[key] as ExploreList) : emptyExploreList();
      return capEntries({ ...lists, [key]: { ...change(current), usedAt: now } }, max, key);
    };
    if (isPublicList(source)) {
      return updateCache((cache) => ({ ...cache, lists: apply(cache.lists, MAX_CACHED_LISTS) }));
    }
    if (member === null) return Promise.resolve();
    return updateViews(member, (views) => ({ ...views, lists: apply(views.lists, MAX_VIEW_ENTRIES) }));
  };

  /** Runs `read` as the one read in flight for `key`. */
  const track = (key: string, kind: 'refresh' | 'more', read: () => Promise<void>) => {
    const done = read()
      .catch(warn(`${key} ${kind}`))
      .finally(() => {
        if (inFlight.get(key)?.done === done) inFlight.delete(key);
      });
    inFlight.set(key, { kind, done });
    return done;
  };

  /** The member a view read belongs to, and whether they are still the one signed in. */
  const stillSignedIn = async (member: string | null) =>
    member === null || (await ports.signedInUser()) === member;

  const isFresh = (readAt: number, source: ListSource | DetailSource, options: RefreshOptions) => {
    if (options.force || readAt === 0) return false;
    if ('source' in source && isPublicList(source)) return ports.now() - readAt < EXPLORE_FRESH_MS;
    // A view's data is fresh for the popup's life.
    return readAt >= (options.since ?? 0);
  };

  async function refreshList(source: ListSource, options: RefreshOptions = {}): Promise<void> {
    const member = isPublicList(source) ? null : await ports.signedInUser();
    if (!isPublicList(source) && member === null) return;
    const key = `${member ?? ''}\u0000list\u0000${listKey(source)}`;
    const running = inFlight.get(key);
    if (running !== undefined) {
      await running.done;
      // A refresh just ended: it is what the caller asked for. A next page: refresh after it.
      if (running.kind === 'refresh') return;
      return refreshList(source, options);
    }
    const current = await getList(source, member);
    if (inFlight.has(key)) return refreshList(source, options);
    if (current !== null && ports.now() < rateLimitedUntil(current.error)) return;
    if (current !== null && isFresh(current.readAt, source, options)) {
      // Used now: it stays among the kept lists.
      return;
    }
    const done = track(key, 'refresh', async () => {
      let page: ExplorePage;
      try {
        page = await ports.readPage(source, { offset: 0, limit: EXPLORE_PAGE_SIZE });
      } catch (error) {
        const failure = exploreErrorOf(error, ports.now());
        if (await stillSignedIn(member)) {
          await updateList(source, member, (list) => ({ ...list, loading: null, error: failure }));
        }
        return;
      }
      if (!(await stillSignedIn(member))) return;
      const readAt = ports.now();
      await updateList(source, member, () => firstPage(source, page, readAt));
    });
    await updateList(source, member, (list) => ({ ...list, loading: 'refresh' })).catch(warn('write'));
    await done;
  }

  async function loadMore(source: ListSource): Promise<void> {
    const member = isPublicList(source) ? null : await ports.signedInUser();
    if (!isPublicList(source) && member === null) return;
    const key = `${member ?? ''}\u0000list\u0000${listKey(source)}`;
    const running = inFlight.get(key);
    if (running !== undefined) {
      await running.done;
      return;
    }
    const current = await getList(source, member);
    if (inFlight.has(key)) return;
    if (current === null || current.readAt === 0 || current.complete) return;
    if (ports.now() < rateLimitedUntil(current.error)) return;
    const offset = current.nextOffset;
    const done = track(key, 'more', async () => {
      let page: ExplorePage;
      try {
        page = await ports.readPage(source, { offset, limit: EXPLORE_PAGE_SIZE });
      } catch (error) {
        const failure = exploreErrorOf(error, ports.now());
        if (await stillSignedIn(member)) {
          await updateList(source, member, (list) => ({ ...list, loading: null, error: failure }));
        }
        return;
      }
      if (!(await stillSignedIn(member))) return;
      await updateList(source, member, (list) =>
        // A refresh in between started the list over: this page no longer follows it.
        list.nextOffset !== offset ? { ...list, loading: null } : nextPage(list, page),
      );
    });
    await updateList(source, member, (list) => ({ ...list, loading: 'more' })).catch(warn('write'));
    await done;
  }

  async function openView(source: DetailSource, options: RefreshOptions = {}): Promise<void> {
    const member = await ports.signedInUser();
    if (member === null) return;
    const entryKey = detailKey(source);
    const key = `${member}\u0000detail\u0000${entryKey}`;
    const running = inFlight.get(key);
    if (running !== undefined) return running.done;
    const current = (await readViews(member)).details[entryKey];
    if (inFlight.has(key)) return inFlight.get(key)?.done;
    if (current !== undefined && ports.now() < rateLimitedUntil(current.error)) return;
    if (current !== undefined && isFresh(current.readAt, source, options)) return;
    const write = (change: (entry: DetailEntry) => DetailEntry) =>
      updateViews(member, (views) => {
        const before = views.details[entryKey] ?? { value: null, readAt: 0, loading: false, error: null };
        const details = { ...views.details, [entryKey]: { ...change(before), usedAt: ports.now() } };
        return { ...views, details: capEntries(details, MAX_VIEW_ENTRIES, entryKey) };
      });
    const done = track(key, 'refresh', async () => {
      try {
        const value = await ports.readDetail(source);
        if (!(await stillSignedIn(member))) return;
        const readAt = ports.now();
        await write(() => ({ value, readAt, loading: false, error: null }));
      } catch (error) {
        const failure = exploreErrorOf(error, ports.now());
        if (!(await stillSignedIn(member))) return;
        // Not found is an answer (an unshared project of someone else): the old value goes, the
        // time of the answer counts, so the view does not ask again this popup's life.
        await write((entry) =>
          failure.kind === 'not-found'
            ? { value: null, readAt: failure.at, loading: false, error: failure }
            : { ...entry, loading: false, error: failure },
        );
      }
    });
    await write((entry) => ({ ...entry, loading: true })).catch(warn('write'));
    await done;
  }

  return {
    async start() {
      await serially(async () => {
        const cache = await ports.cache.get();
        if (cache !== null && cache !== undefined) {
          const lists = Object.fromEntries(
            Object.entries(cache.lists ?? {}).map(([key, list]) => [key, { ...list, loading: null }]),
          );
          await ports.cache.set({ ...cache, featured: { ...cache.featured, loading: false }, lists });
        }
        const views = await ports.views.get();
        if (views !== null && views !== undefined && views.member !== null) {
          const lists = Object.fromEntries(
            Object.entries(views.lists).map(([key, list]) => [key, { ...list, loading: null }]),
          );
          const details = Object.fromEntries(
            Object.entries(views.details).map(([key, entry]) => [key, { ...entry, loading: false }]),
          );
          await ports.views.set({ ...views, lists, details });
        }
      });
    },

    async refreshFeatured(options = {}) {
      const running = inFlight.get('featured');
      if (running !== undefined) return running.done;
      const { featured } = { ...emptyExploreCache, ...(await ports.cache.get()) };
      if (inFlight.has('featured')) return inFlight.get('featured')?.done;
      if (ports.now() < rateLimitedUntil(featured.error)) return;
      if (!options.force && featured.readAt > 0 && ports.now() - featured.readAt < FEATURED_FRESH_MS) return;
      const done = track('featured', 'refresh', async () => {
        try {
          const rows = await ports.readFeatured();
          const readAt = ports.now();
          await updateCache((cache) => ({
            ...cache,
            featured: { rows, readAt, loading: false, error: null },
          }));
        } catch (error) {
          const failure = exploreErrorOf(error, ports.now());
          await updateCache((cache) => ({
            ...cache,
            featured: { ...cache.featured, loading: false, error: failure },
          }));
        }
      });
      await updateCache((cache) => ({ ...cache, featured: { ...cache.featured, loading: true } })).catch(
        warn('write'),
      );
      await done;
    },

    async refreshProjectCount() {
      const running = inFlight.get('count');
      if (running !== undefined) return running.done;
      const { projectCount } = { ...emptyExploreCache, ...(await ports.cache.get()) };
      if (inFlight.has('count')) return inFlight.get('count')?.done;
      // At most one read a day, successful or not: a line of pride is not worth a second request.
      if (projectCount.readAt > 0 && ports.now() - projectCount.readAt < PROJECT_COUNT_FRESH_MS) return;
      const readAt = ports.now();
      return track('count', 'refresh', async () => {
        // The attempt is recorded before the read, so a worker that dies meanwhile does not read twice.
        await updateCache((cache) => ({ ...cache, projectCount: { ...cache.projectCount, readAt } }));
        try {
          const count = await ports.readProjectCount();
          await updateCache((cache) => ({ ...cache, projectCount: { count, readAt, error: null } }));
        } catch (error) {
          const failure = exploreErrorOf(error, ports.now());
          await updateCache((cache) => ({
            ...cache,
            projectCount: { ...cache.projectCount, readAt, error: failure },
          }));
        }
      });
    },

    refreshList,
    loadMore,
    openView,
  };
}
