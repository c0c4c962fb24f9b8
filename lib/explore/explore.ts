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
import { appendPage, firstPageOnly, type ListPage, rateLimitedUntil } from '@/lib/cached-list/cached-list';
import { listErrorOf } from '@/lib/cached-list/list-error';
import { createListReads, type ListSlot } from '@/lib/cached-list/list-reads';
import { serialQueue } from '@/lib/concurrency/serial';
import { type SingleFlight, singleFlight } from '@/lib/concurrency/single-flight';
import { capRecentlyUsed } from '@/lib/storage/member-cap';
import { ownEntry } from '@/lib/storage/own-entry';
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
} from './explore-keys-model';
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

export { DEFAULT_RATE_LIMIT_WAIT_MS } from '@/lib/cached-list/cached-list';

/** A page and how many items the service sent (malformed ones included): offsets count these. */
export type ExplorePage = ListPage<ExploreItem>;

const EXPLORE_LIMITS = { pageSize: EXPLORE_PAGE_SIZE, maxItems: EXPLORE_MAX_ITEMS };

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
  return listErrorOf(error, at);
}

const itemKey = (item: ExploreItem) => `${item.type}${item.id}`;

/**
 * The list after its first page (a refresh starts the list over), in the service's order: a
 * person's projects come newest shared first, as their profile shows them (the live list,
 * tests/real-payloads/users-projects.json; docs/interface.md's "oldest first" is not what it sends).
 * Pure (exported for tests).
 */
export function firstPage(page: ExplorePage, readAt: number): ExploreList {
  return firstPageOnly(page, readAt, EXPLORE_LIMITS);
}

/** The list after its next page: items already there are not added twice. Pure (exported for tests). */
export function nextPage(list: ExploreList, page: ExplorePage): ExploreList {
  return appendPage(list, page, itemKey, EXPLORE_LIMITS);
}

/**
 * Explore's data as stored: the public cache and the member's views, each changed through one
 * queue (two reads ending together never lose each other's result), and a list found in whichever
 * of the two holds it.
 */
function createExploreStore(ports: ExplorePorts) {
  // Writes are serialised so two reads ending together never lose each other's result.
  const serially = serialQueue();
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
    if (isPublicList(source)) return ownEntry((await ports.cache.get())?.lists, key);
    if (member === null) return null;
    return ownEntry((await readViews(member)).lists, key);
  };

  const updateList = (
    source: ListSource,
    member: string | null,
    change: (list: ExploreList) => ExploreList,
  ) => {
    const key = listKey(source);
    const now = ports.now();
    const apply = (lists: Record<string, ExploreList>, max: number) => {
      const current = ownEntry(lists, key) ?? emptyExploreList();
      return capRecentlyUsed({ ...lists, [key]: { ...change(current), usedAt: now } }, max, key);
    };
    if (isPublicList(source)) {
      return updateCache((cache) => ({ ...cache, lists: apply(cache.lists, MAX_CACHED_LISTS) }));
    }
    if (member === null) return Promise.resolve();
    return updateViews(member, (views) => ({ ...views, lists: apply(views.lists, MAX_VIEW_ENTRIES) }));
  };

  return { serially, updateCache, updateViews, readViews, getList, updateList };
}

/**
 * At a worker's start: no read survived the worker before it, so nothing stored is loading any more
 * (a stopped worker left its marks behind).
 */
async function settleLoadingMarks(ports: ExplorePorts): Promise<void> {
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
}

/**
 * The Explore home's reads, into the public cache: the featured rows (hourly) and the count of
 * shared projects (daily), each the one read in flight for its key.
 */
function homeReads(
  ports: ExplorePorts,
  inFlight: SingleFlight<void>,
  track: (key: string, read: () => Promise<void>) => Promise<void>,
  updateCache: (change: (cache: ExploreCache) => ExploreCache) => Promise<void>,
  warn: (what: string) => (error: unknown) => void,
): Pick<ExploreService, 'refreshFeatured' | 'refreshProjectCount'> {
  return {
    async refreshFeatured(options = {}) {
      const running = inFlight.get('featured');
      if (running !== undefined) return running.done;
      const { featured } = { ...emptyExploreCache, ...(await ports.cache.get()) };
      if (inFlight.has('featured')) return inFlight.get('featured')?.done;
      if (ports.now() < rateLimitedUntil(featured.error)) return;
      if (!options.force && featured.readAt > 0 && ports.now() - featured.readAt < FEATURED_FRESH_MS) return;
      const done = track('featured', async () => {
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
      return track('count', async () => {
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
  };
}

export function createExploreService(ports: ExplorePorts): ExploreService {
  const reads = createListReads({ now: ports.now, errorOf: exploreErrorOf, name: 'explore' });
  /** Reads of featured rows, the count and views in flight by key: callers join them. */
  const inFlight = singleFlight<void>();
  const { serially, updateCache, updateViews, readViews, updateList, getList } = createExploreStore(ports);
  const warn = (what: string) => (error: unknown) => console.warn(`[companion] explore: ${what}:`, error);

  /** Runs `read` as the one read in flight for `key`. */
  const track = (key: string, read: () => Promise<void>) => inFlight.run(key, () => read().catch(warn(key)));

  /** The member a view read belongs to, and whether they are still the one signed in. */
  const stillSignedIn = async (member: string | null) =>
    member === null || (await ports.signedInUser()) === member;

  const isFresh = (readAt: number, source: ListSource | DetailSource, options: RefreshOptions) => {
    if (options.force || readAt === 0) return false;
    if ('source' in source && isPublicList(source)) return ports.now() - readAt < EXPLORE_FRESH_MS;
    // A view's data is fresh for the popup's life.
    return readAt >= (options.since ?? 0);
  };

  /** A list as the list reader sees it: public lists in the cache, view lists with `member`'s views. */
  const slot = (
    source: ListSource,
    member: string | null,
    options: RefreshOptions,
  ): ListSlot<ExploreList, ExplorePage> => ({
    key: `${member ?? ''}\u0000list\u0000${listKey(source)}`,
    pageSize: EXPLORE_PAGE_SIZE,
    get: () => getList(source, member),
    fresh: (readAt) => isFresh(readAt, source, options),
    read: (page) => ports.readPage(source, page),
    first: (_list, page, readAt) => firstPage(page, readAt),
    next: nextPage,
    mark: (change) => updateList(source, member, change),
    land: async (change) => {
      if (await stillSignedIn(member)) await updateList(source, member, change);
    },
  });

  async function refreshList(source: ListSource, options: RefreshOptions = {}): Promise<void> {
    const member = isPublicList(source) ? null : await ports.signedInUser();
    if (!isPublicList(source) && member === null) return;
    await reads.refresh(slot(source, member, options), options);
  }

  async function loadMore(source: ListSource): Promise<void> {
    const member = isPublicList(source) ? null : await ports.signedInUser();
    if (!isPublicList(source) && member === null) return;
    await reads.loadMore(slot(source, member, {}));
  }

  async function openView(source: DetailSource, options: RefreshOptions = {}): Promise<void> {
    const member = await ports.signedInUser();
    if (member === null) return;
    const entryKey = detailKey(source);
    const key = `${member}\u0000detail\u0000${entryKey}`;
    const running = inFlight.get(key);
    if (running !== undefined) return running.done;
    const current = ownEntry((await readViews(member)).details, entryKey) ?? undefined;
    if (inFlight.has(key)) return inFlight.get(key)?.done;
    if (current !== undefined && ports.now() < rateLimitedUntil(current.error)) return;
    if (current !== undefined && isFresh(current.readAt, source, options)) return;
    const write = (change: (entry: DetailEntry) => DetailEntry) =>
      updateViews(member, (views) => {
        const before = ownEntry(views.details, entryKey) ?? {
          value: null,
          readAt: 0,
          loading: false,
          error: null,
        };
        const details = { ...views.details, [entryKey]: { ...change(before), usedAt: ports.now() } };
        return { ...views, details: capRecentlyUsed(details, MAX_VIEW_ENTRIES, entryKey) };
      });
    const done = track(key, async () => {
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
    start: () => serially(() => settleLoadingMarks(ports)),

    ...homeReads(ports, inFlight, track, updateCache, warn),
    refreshList,
    loadMore,
    openView,
  };
}
