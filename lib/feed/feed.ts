/**
 * The feed service: the following-activity feed and the three project sections of the popup,
 * cached per member, stale-while-revalidate.
 *
 * - A list younger than FEED_FRESH_MS is not re-read (unless forced); one read per member and list
 *   is in flight at a time, shared by every caller (every open popup, the notifier).
 * - A refresh reads the first page again. Later pages already read stay only when the new first
 *   page joins them seamlessly (its last item found among them, no item twice); otherwise the list
 *   starts over from the new first page.
 * - Next pages of FEED_PAGE_SIZE, up to FEED_MAX_ITEMS items. Offsets count what the service sent
 *   (items dropped as malformed included) so pages stay aligned.
 * - A failed read is recorded in the list's `error`; its items stay. After a 429 nothing is asked
 *   again before the service's Retry-After has passed.
 * - At most MAX_CACHED_MEMBERS members are kept (least recently used dropped); nothing is read
 *   while signed out; a read whose member is no longer signed in when it ends is thrown away, so
 *   switching members never mixes data.
 *
 * Everything it needs comes through `FeedPorts` (the API client, the session, storage, the clock),
 * so unit tests drive it with fakes; ./feed-background.ts wires it to the browser.
 */
import { type ApiErrorName, isApiError } from '@/lib/api/errors';
import type { Project } from '@/lib/api/schemas';
import {
  emptyMemberFeed,
  FEED_FRESH_MS,
  FEED_MAX_ITEMS,
  FEED_PAGE_SIZE,
  type FeedError,
  type FeedErrorKind,
  type FeedItemOf,
  type FeedList,
  type FeedListName,
  type FeedProject,
  type MemberFeed,
} from './feed-model';

/** Members whose feed is kept in storage. */
export const MAX_CACHED_MEMBERS = 3;
/** After a 429 without Retry-After, wait this long before asking again. */
export const DEFAULT_RATE_LIMIT_WAIT_MS = 30_000;

export type FeedCache = Record<string, MemberFeed>;

/** One page as the service sent it: the valid items and how many it sent in all. */
export interface FeedPage<T> {
  items: T[];
  received: number;
}

export interface FeedPorts {
  /** The clock, ms since the epoch. */
  now(): number;
  /** The signed-in member's username, or null when signed out. */
  signedInUser(): Promise<string | null>;
  /** Reads one page of a list of `username` (the API client; failures are its typed errors). */
  readPage<L extends FeedListName>(
    list: L,
    username: string,
    page: { offset: number; limit: number },
  ): Promise<FeedPage<FeedItemOf[L]>>;
  /** The persisted cache (`feedCacheItem`). */
  cache: { get(): Promise<FeedCache>; set(cache: FeedCache): Promise<void> };
}

export interface FeedService {
  /** At worker start: reads of a previous worker died with it, so no list is still loading. */
  start(): Promise<void>;
  /**
   * Re-reads the first page of each list older than FEED_FRESH_MS (all with `force`). Resolves
   * when the reads end, failures recorded in the lists; never rejects.
   */
  refresh(lists: readonly FeedListName[], options?: { force?: boolean }): Promise<void>;
  /** Reads the next page of a list (nothing when complete, or while rate limited). Never rejects. */
  loadMore(list: FeedListName): Promise<void>;
  /** The signed-in member's cached feed (null while signed out or never read). */
  current(): Promise<MemberFeed | null>;
}

/** The identity of an item: two items with the same key are the same event or project. */
function keyOf(list: FeedListName, item: FeedItemOf[FeedListName]): string {
  return `${list === 'activity' ? 'e' : 'p'}${String(item.id)}`;
}

/** The service's failure as the popup tells it. */
export function feedErrorOf(error: unknown, at: number): FeedError {
  const status = (error as { status?: unknown } | null)?.status;
  const withStatus = (kind: FeedErrorKind): FeedError =>
    typeof status === 'number' ? { kind, at, status } : { kind, at };
  const kinds: Partial<Record<ApiErrorName, FeedErrorKind>> = {
    Network: 'offline',
    Timeout: 'timeout',
    ServerError: 'server',
    InvalidResponse: 'malformed',
    SignedOut: 'signed-out',
    Unauthorized: 'signed-out',
  };
  if (isApiError(error, 'RateLimited')) {
    const retryAfterMs = (error as { retryAfterMs?: unknown }).retryAfterMs;
    return typeof retryAfterMs === 'number'
      ? { kind: 'rate-limited', at, status: 429, retryAfterMs }
      : { kind: 'rate-limited', at, status: 429 };
  }
  if (isApiError(error)) return withStatus(kinds[error.name] ?? 'unknown');
  return withStatus('unknown');
}

/** Until when a list must not be read again because the service asked to slow down. */
function rateLimitedUntil(list: FeedList<unknown>): number {
  const error = list.error;
  if (error?.kind !== 'rate-limited') return 0;
  return error.at + (error.retryAfterMs ?? DEFAULT_RATE_LIMIT_WAIT_MS);
}

/**
 * The list after a new first page: later pages kept when they continue it seamlessly, else the
 * new page alone. Pure (exported for tests).
 */
export function mergeFirstPage<T extends { id: number | string }>(
  list: FeedList<T>,
  page: FeedPage<T>,
  key: (item: T) => string,
  readAt: number,
): FeedList<T> {
  const items = page.items.slice(0, FEED_MAX_ITEMS);
  const fresh: FeedList<T> = {
    items,
    readAt,
    complete: page.received < FEED_PAGE_SIZE || items.length >= FEED_MAX_ITEMS,
    nextOffset: page.received,
    loading: null,
    error: null,
  };
  // A short page is the whole list; a list of one page has nothing to keep.
  if (fresh.complete || list.items.length <= items.length || items.length === 0) return fresh;
  const last = key(items[items.length - 1] as T);
  const oldIndex = list.items.findLastIndex((item) => key(item) === last);
  if (oldIndex === -1) return fresh;
  const tail = list.items.slice(oldIndex + 1);
  const inPage = new Set(items.map(key));
  if (tail.length === 0 || tail.some((item) => inPage.has(key(item)))) return fresh;
  // Every old item moved by as many places as the new page's last item did.
  const shift = items.length - 1 - oldIndex;
  const merged = items.concat(tail).slice(0, FEED_MAX_ITEMS);
  return {
    ...fresh,
    items: merged,
    complete: list.complete || merged.length >= FEED_MAX_ITEMS,
    nextOffset: Math.max(page.received, list.nextOffset + shift),
  };
}

/** The list after its next page: items already there are not added twice. Pure (exported for tests). */
export function appendPage<T extends { id: number | string }>(
  list: FeedList<T>,
  page: FeedPage<T>,
  key: (item: T) => string,
  limit: number,
): FeedList<T> {
  const seen = new Set(list.items.map(key));
  const added = page.items.filter((item) => !seen.has(key(item)));
  const items = list.items.concat(added).slice(0, FEED_MAX_ITEMS);
  return {
    ...list,
    items,
    complete: page.received < limit || items.length >= FEED_MAX_ITEMS,
    nextOffset: list.nextOffset + page.received,
    loading: null,
    error: null,
  };
}

/** A project of the three sections as the popup shows it. `fallbackThumbnail` when it has no usable image. */
export function toFeedProject(
  project: Project,
  list: Exclude<FeedListName, 'activity'>,
  fallbackThumbnail: (id: number) => string,
): FeedProject {
  return {
    id: project.id,
    title: project.title,
    author: project.author.username,
    thumbnailUrl: thumbnailUrl(project) ?? fallbackThumbnail(project.id),
    // Only the shared list's order is its sharing time; the others are ordered by when a followee
    // loved it or a studio added it, which the service does not send.
    at: list === 'shared' ? (project.history?.shared ?? null) : null,
  };
}

/** The project's image as an http(s) URL (protocol-relative ones made https), or null. */
function thumbnailUrl(project: Project): string | null {
  const candidate = project.image ?? project.images?.['282x218'] ?? project.images?.['480x360'];
  if (candidate === undefined || candidate === '') return null;
  try {
    const url = new URL(candidate, 'https://invalid.invalid/');
    if (url.hostname === 'invalid.invalid') return null;
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function createFeedService(ports: FeedPorts): FeedService {
  /** Reads in flight by member and list: callers join them. */
  const inFlight = new Map<string, { kind: 'refresh' | 'more'; done: Promise<void> }>();
  const flightKey = (username: string, list: FeedListName) => `${username}\u0000${list}`;

  // Cache writes are serialised so two reads ending together never lose each other's result.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const result = queue.then(work, work);
    queue = result.catch(() => undefined);
    return result;
  };

  /** Changes one member's feed (created when missing), marks it used and drops the least recently used. */
  const update = (
    username: string,
    change: (feed: MemberFeed) => MemberFeed,
    touch = true,
  ): Promise<MemberFeed | null> =>
    serially(async () => {
      const cache = await ports.cache.get();
      const present = Object.hasOwn(cache, username);
      // Without `touch` only an existing feed changes (a member who is not the one using it now).
      if (!present && !touch) return null;
      const before = present ? (cache[username] as MemberFeed) : emptyMemberFeed(username);
      const changed = change(before);
      const after: MemberFeed = touch ? { ...changed, usedAt: ports.now() } : changed;
      const next: FeedCache = { ...cache, [username]: after };
      const members = Object.keys(next).sort((a, b) => (next[b]?.usedAt ?? 0) - (next[a]?.usedAt ?? 0));
      for (const dropped of members.slice(MAX_CACHED_MEMBERS)) {
        if (dropped !== username) delete next[dropped];
      }
      await ports.cache.set(next);
      return after;
    });

  const readList = async (username: string): Promise<MemberFeed | null> => {
    const cache = await ports.cache.get();
    return Object.hasOwn(cache, username) ? (cache[username] as MemberFeed) : null;
  };

  /** Runs `read` as the one read in flight for this member and list. */
  const track = (
    username: string,
    list: FeedListName,
    kind: 'refresh' | 'more',
    read: () => Promise<void>,
  ) => {
    const key = flightKey(username, list);
    const done = read()
      .catch((error: unknown) => console.warn(`[companion] feed: ${list} ${kind} failed:`, error))
      .finally(() => {
        if (inFlight.get(key)?.done === done) inFlight.delete(key);
      });
    inFlight.set(key, { kind, done });
    return done;
  };

  /** Ends a read: its result, unless the member is no longer the one signed in. */
  const finish = async <L extends FeedListName>(
    username: string,
    list: L,
    change: (current: FeedList<FeedItemOf[L]>) => FeedList<FeedItemOf[L]>,
  ) => {
    if ((await ports.signedInUser()) !== username) {
      // Another member now: leave the previous member's cache as it was, only not loading.
      await update(username, (feed) => setList(feed, list, { ...getList(feed, list), loading: null }), false);
      return;
    }
    await update(username, (feed) => setList(feed, list, change(getList(feed, list))));
  };

  const refreshOne = <L extends FeedListName>(username: string, list: L): Promise<void> =>
    track(username, list, 'refresh', async () => {
      let page: FeedPage<FeedItemOf[L]>;
      try {
        page = await ports.readPage(list, username, { offset: 0, limit: FEED_PAGE_SIZE });
      } catch (error) {
        const failure = feedErrorOf(error, ports.now());
        await finish(username, list, (current) => ({ ...current, loading: null, error: failure }));
        return;
      }
      const readAt = ports.now();
      await finish(username, list, (current) =>
        mergeFirstPage(current, page, (item) => keyOf(list, item), readAt),
      );
    });

  const moreOne = <L extends FeedListName>(username: string, list: L, offset: number): Promise<void> =>
    track(username, list, 'more', async () => {
      let page: FeedPage<FeedItemOf[L]>;
      try {
        page = await ports.readPage(list, username, { offset, limit: FEED_PAGE_SIZE });
      } catch (error) {
        const failure = feedErrorOf(error, ports.now());
        await finish(username, list, (current) => ({ ...current, loading: null, error: failure }));
        return;
      }
      await finish(username, list, (current) =>
        // A refresh in between moved the offset: this page no longer follows the list.
        current.nextOffset !== offset
          ? { ...current, loading: null }
          : appendPage(current, page, (item) => keyOf(list, item), FEED_PAGE_SIZE),
      );
    });

  return {
    async start() {
      await serially(async () => {
        const cache = await ports.cache.get();
        let changed = false;
        const next: FeedCache = {};
        for (const [username, feed] of Object.entries(cache)) {
          const cleared = { ...feed };
          for (const list of LIST_NAMES) {
            if (getList(feed, list).loading !== null) {
              changed = true;
              setListInPlace(cleared, list, { ...getList(feed, list), loading: null });
            }
          }
          next[username] = cleared;
        }
        if (changed) await ports.cache.set(next);
      });
    },

    refresh,
    loadMore,

    async current() {
      const username = await ports.signedInUser();
      return username === null ? null : readList(username);
    },
  };

  async function refresh(lists: readonly FeedListName[], options: { force?: boolean } = {}): Promise<void> {
    const username = await ports.signedInUser();
    if (username === null) return;
    const feed = await readList(username);
    const now = ports.now();
    const waits: Promise<void>[] = [];
    const toRead: FeedListName[] = [];
    for (const list of new Set(lists)) {
      const running = inFlight.get(flightKey(username, list));
      if (running?.kind === 'refresh') {
        waits.push(running.done);
        continue;
      }
      const current = feed === null ? null : getList(feed, list);
      if (current !== null && now < rateLimitedUntil(current)) continue;
      if (!options.force && current !== null && current.readAt > 0 && now - current.readAt < FEED_FRESH_MS) {
        continue;
      }
      if (running !== undefined) {
        // A next page is being read: refresh once it has ended (unless someone did meanwhile).
        waits.push(running.done.then(() => refresh([list], options)));
        continue;
      }
      toRead.push(list);
    }
    // Each read registers itself in flight before anything is awaited, so callers arriving
    // meanwhile join it; the loading mark is queued before any result can be written.
    for (const list of toRead) waits.push(refreshOne(username, list));
    if (toRead.length > 0) {
      await update(username, (f) =>
        toRead.reduce((g, list) => setList(g, list, { ...getList(g, list), loading: 'refresh' }), f),
      ).catch((error: unknown) => console.warn('[companion] feed: cache write failed:', error));
    }
    await Promise.all(waits);
  }

  async function loadMore(list: FeedListName): Promise<void> {
    const username = await ports.signedInUser();
    if (username === null) return;
    const running = inFlight.get(flightKey(username, list));
    if (running !== undefined) {
      await running.done;
      if (running.kind === 'more') return;
      // The refresh ended: the end of the list may still be in view, so read on from where it is.
      return loadMore(list);
    }
    const feed = await readList(username);
    if (feed === null) return;
    // Another caller started a read while the cache was being read: join it.
    if (inFlight.has(flightKey(username, list))) return loadMore(list);
    const current = getList(feed, list);
    if (current.readAt === 0 || current.complete) return;
    if (ports.now() < rateLimitedUntil(current)) return;
    const offset = current.nextOffset;
    const done = moreOne(username, list, offset);
    await update(username, (f) => setList(f, list, { ...getList(f, list), loading: 'more' })).catch(
      (error: unknown) => console.warn('[companion] feed: cache write failed:', error),
    );
    await done;
  }
}

const LIST_NAMES: readonly FeedListName[] = ['activity', 'shared', 'loved', 'studios'];

function getList<L extends FeedListName>(feed: MemberFeed, list: L): FeedList<FeedItemOf[L]> {
  return feed[list] as FeedList<FeedItemOf[L]>;
}

function setList<L extends FeedListName>(
  feed: MemberFeed,
  list: L,
  value: FeedList<FeedItemOf[L]>,
): MemberFeed {
  return { ...feed, [list]: value };
}

function setListInPlace<L extends FeedListName>(
  feed: MemberFeed,
  list: L,
  value: FeedList<FeedItemOf[L]>,
): void {
  (feed as unknown as Record<string, unknown>)[list] = value;
}
