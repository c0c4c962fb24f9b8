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
import type { Project } from '@/lib/api/schemas';
import { appendPage, type ListPage, mergeFirstPage } from '@/lib/cached-list/cached-list';
import { listErrorOf } from '@/lib/cached-list/list-error';
import { createListReads, type ListSlot } from '@/lib/cached-list/list-reads';
import { serialQueue } from '@/lib/concurrency/serial';
import { capRecentlyUsed } from '@/lib/storage/member-cap';
import {
  emptyMemberFeed,
  FEED_FRESH_MS,
  FEED_MAX_ITEMS,
  FEED_PAGE_SIZE,
  type FeedItemOf,
  type FeedList,
  type FeedListName,
  type FeedProject,
  type MemberFeed,
} from './feed-model';

/** Members whose feed is kept in storage. */
export const MAX_CACHED_MEMBERS = 3;
export { DEFAULT_RATE_LIMIT_WAIT_MS } from '@/lib/cached-list/cached-list';

export type FeedCache = Record<string, MemberFeed>;

/** One page as the service sent it: the valid items and how many it sent in all. */
export type FeedPage<T> = ListPage<T>;

const FEED_LIMITS = { pageSize: FEED_PAGE_SIZE, maxItems: FEED_MAX_ITEMS };

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
  const reads = createListReads({
    now: ports.now,
    errorOf: listErrorOf,
    name: 'feed',
    readOnAfterRefresh: true,
  });
  // Cache writes are serialised so two reads ending together never lose each other's result.
  const serially = serialQueue();

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
      await ports.cache.set(capRecentlyUsed({ ...cache, [username]: after }, MAX_CACHED_MEMBERS, username));
      return after;
    });

  const readFeed = async (username: string): Promise<MemberFeed | null> => {
    const cache = await ports.cache.get();
    return Object.hasOwn(cache, username) ? (cache[username] as MemberFeed) : null;
  };

  /** One list of one member, as the list reader sees it. */
  const slot = <L extends FeedListName>(
    username: string,
    list: L,
  ): ListSlot<FeedList<FeedItemOf[L]>, FeedPage<FeedItemOf[L]>> => {
    const key = (item: FeedItemOf[L]) => keyOf(list, item);
    return {
      key: `${username}\u0000${list}`,
      pageSize: FEED_PAGE_SIZE,
      get: async () => {
        const feed = await readFeed(username);
        return feed === null ? null : getList(feed, list);
      },
      fresh: (readAt) => ports.now() - readAt < FEED_FRESH_MS,
      read: (page) => ports.readPage(list, username, page),
      first: (current, page, readAt) => mergeFirstPage(current, page, key, readAt, FEED_LIMITS),
      next: (current, page) => appendPage(current, page, key, FEED_LIMITS),
      mark: (change) => update(username, (feed) => setList(feed, list, change(getList(feed, list)))),
      land: async (change) => {
        if ((await ports.signedInUser()) !== username) {
          // Another member now: leave the previous member's cache as it was, only not loading.
          await update(
            username,
            (feed) => setList(feed, list, { ...getList(feed, list), loading: null }),
            false,
          );
          return;
        }
        await update(username, (feed) => setList(feed, list, change(getList(feed, list))));
      },
    };
  };

  return {
    async start() {
      await serially(async () => {
        const cache = await ports.cache.get();
        let changed = false;
        // Built from entries: a member named `__proto__` stays an entry (an assignment would set
        // the object's prototype instead).
        const next: FeedCache = Object.fromEntries(
          Object.entries(cache).map(([username, feed]) => {
            const cleared = { ...feed };
            for (const list of LIST_NAMES) {
              if (getList(feed, list).loading !== null) {
                changed = true;
                setListInPlace(cleared, list, { ...getList(feed, list), loading: null });
              }
            }
            return [username, cleared];
          }),
        );
        if (changed) await ports.cache.set(next);
      });
    },

    async refresh(lists, options = {}) {
      const username = await ports.signedInUser();
      if (username === null) return;
      await Promise.all([...new Set(lists)].map((list) => reads.refresh(slot(username, list), options)));
    },

    async loadMore(list) {
      const username = await ports.signedInUser();
      if (username === null) return;
      await reads.loadMore(slot(username, list));
    },

    async current() {
      const username = await ports.signedInUser();
      return username === null ? null : readFeed(username);
    },
  };
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
