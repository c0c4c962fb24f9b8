/**
 * The My Stuff service: the member's own shared projects (`/users/<me>/projects`) and their
 * favorites (`/users/<me>/favorites`), every page of each (up to MY_STUFF_MAX_ITEMS), cached per
 * member, stale-while-revalidate like the feed.
 *
 * - A list younger than MY_STUFF_FRESH_MS is not re-read (unless forced); one read per member and
 *   list is in flight at a time, shared by every caller (every open popup). It is read only when the
 *   popup asks (its tab shows the list): no alarm, no poll.
 * - A refresh reads page 1 (limit 40, offset 0), then the next pages only while needed, each at the
 *   offset of what the service sent so far (dropped malformed items included): never past a short
 *   page, never past the cap.
 *   - Own projects come newest shared first (the live service's order, tests/real-payloads/
 *     users-projects.json; docs/interface.md's "oldest first" is not what it sends), so a newly shared
 *     project is on page 1, and the cap keeps the newest. A refresh still reads the pages through:
 *     every card shows counts that change on any page, and the sorts by loves and views compare
 *     them all; a page 1 joined onto the cache would leave the older cards' counts behind.
 *   - Favorites come in the order of the projects' shared dates, not of when they were favorited
 *     (docs/site-reference.md: the live service's order, an open report in the interface's own
 *     tracker): a project favorited today can be on any page, so a refresh reads the pages through
 *     too, as the site's order gives them, never stopping at a first page that looks like the
 *     cached one.
 * - The pages of one refresh land together: the popup shows the previous full list until the new one
 *   is whole, never a list cut at page 1.
 * - A failed read is recorded in the list's `error`; its items stay. After a 429 nothing is asked
 *   again before the service's Retry-After has passed.
 * - At most MAX_CACHED_MEMBERS members are kept (least recently used dropped); nothing is read while
 *   signed out; a read whose member is no longer signed in when it ends is thrown away, so a member
 *   signed in after another never sees the other's stuff.
 *
 * Everything it needs comes through `MyStuffPorts`, so unit tests drive it with fakes;
 * ./mystuff-background.ts wires it to the browser.
 */
import { type CachedList, emptyList, type ListPage, rateLimitedUntil } from '@/lib/cached-list/cached-list';
import { listErrorOf } from '@/lib/cached-list/list-error';
import { serialQueue } from '@/lib/concurrency/serial';
import { singleFlight } from '@/lib/concurrency/single-flight';
import { capRecentlyUsed } from '@/lib/storage/member-cap';
import {
  emptyMemberStuff,
  type MemberStuff,
  MY_STUFF_FRESH_MS,
  MY_STUFF_LISTS,
  MY_STUFF_MAX_ITEMS,
  MY_STUFF_PAGE_SIZE,
  type MyProject,
  type MyStuffListName,
} from './mystuff-model';

/** Members whose stuff is kept in storage. */
export const MAX_CACHED_MEMBERS = 3;

export type MyStuffCache = Record<string, MemberStuff>;

const keyOf = (project: MyProject) => String(project.id);

export interface MyStuffPorts {
  /** The clock, ms since the epoch. */
  now(): number;
  /** The signed-in member's username, or null when signed out. */
  signedInUser(): Promise<string | null>;
  /** Reads one page of a list of `username` (the API client; failures are its typed errors). */
  readPage(
    list: MyStuffListName,
    username: string,
    page: { offset: number; limit: number },
  ): Promise<ListPage<MyProject>>;
  /** The persisted cache (`myStuffCacheItem`, kept to its byte budget). */
  cache: { get(): Promise<MyStuffCache>; set(cache: MyStuffCache): Promise<void> };
}

export interface MyStuffService {
  /** At worker start: reads of a previous worker died with it, so no list is still loading. */
  start(): Promise<void>;
  /**
   * Refreshes each list older than MY_STUFF_FRESH_MS (all with `force`). Resolves when the reads
   * end, failures recorded in the lists; never rejects.
   */
  refresh(lists: readonly MyStuffListName[], options?: { force?: boolean }): Promise<void>;
  /** The signed-in member's cached stuff (null while signed out or never read). */
  current(): Promise<MemberStuff | null>;
}

export function createMyStuffService(ports: MyStuffPorts): MyStuffService {
  const flights = singleFlight<void>();
  // Cache writes are serialised so two reads ending together never lose each other's result.
  const serially = serialQueue();

  /** Changes one member's stuff (created when missing), marks it used and drops the least recently used. */
  const update = (username: string, change: (stuff: MemberStuff) => MemberStuff) =>
    serially(async () => {
      const cache = await ports.cache.get();
      const before = Object.hasOwn(cache, username)
        ? (cache[username] as MemberStuff)
        : emptyMemberStuff(username);
      const after: MemberStuff = { ...change(before), usedAt: ports.now() };
      await ports.cache.set(capRecentlyUsed({ ...cache, [username]: after }, MAX_CACHED_MEMBERS, username));
    });

  const changeList = (
    username: string,
    list: MyStuffListName,
    change: (current: CachedList<MyProject>) => CachedList<MyProject>,
  ) => update(username, (stuff) => ({ ...stuff, [list]: change(stuff[list]) }));

  const stored = async (username: string, list: MyStuffListName): Promise<CachedList<MyProject> | null> => {
    const cache = await ports.cache.get();
    return Object.hasOwn(cache, username) ? ((cache[username] as MemberStuff)[list] ?? null) : null;
  };

  /** Writes a read's outcome, unless another member signed in meanwhile (then only the mark goes). */
  const land = async (
    username: string,
    list: MyStuffListName,
    change: (current: CachedList<MyProject>) => CachedList<MyProject>,
  ) => {
    const signedIn = (await ports.signedInUser()) === username;
    await changeList(username, list, signedIn ? change : (current) => ({ ...current, loading: null }));
  };

  /** The pages from `offset` on, added to `items`, until a short page or the cap. */
  const readOn = async (
    username: string,
    list: MyStuffListName,
    items: MyProject[],
    offset: number,
  ): Promise<{ items: MyProject[]; offset: number }> => {
    const seen = new Set(items.map(keyOf));
    let next = offset;
    let all = items;
    while (all.length < MY_STUFF_MAX_ITEMS) {
      const page = await ports.readPage(list, username, { offset: next, limit: MY_STUFF_PAGE_SIZE });
      // A project moved by a change between two reads may come twice: it is listed once.
      all = all.concat(page.items.filter((item) => !seen.has(keyOf(item))));
      for (const item of page.items) seen.add(keyOf(item));
      next += page.received;
      if (page.received < MY_STUFF_PAGE_SIZE) break;
    }
    return { items: all.slice(0, MY_STUFF_MAX_ITEMS), offset: next };
  };

  /** One refresh of one list, as the one read in flight for it. */
  const read = async (username: string, list: MyStuffListName) => {
    await changeList(username, list, (current) => ({ ...current, loading: 'refresh' }));
    try {
      const first = await ports.readPage(list, username, { offset: 0, limit: MY_STUFF_PAGE_SIZE });
      const readAt = ports.now();
      const whole =
        first.received < MY_STUFF_PAGE_SIZE
          ? { items: first.items, offset: first.received }
          : await readOn(username, list, dedupe(first.items), first.received);
      await land(username, list, () => ({
        items: whole.items,
        readAt,
        // Read to a short page or to the cap: either way there is no page to ask for.
        complete: true,
        nextOffset: whole.offset,
        loading: null,
        error: null,
      }));
    } catch (error) {
      const failure = listErrorOf(error, ports.now());
      await land(username, list, (current) => ({ ...current, loading: null, error: failure }));
    }
  };

  const refreshList = async (username: string, list: MyStuffListName, force: boolean): Promise<void> => {
    const key = `${username}\u0000${list}`;
    const running = flights.get(key);
    if (running !== undefined) return running.done;
    const cached = await stored(username, list);
    // Another caller started the read while the cache was being read: join it.
    if (flights.has(key)) return refreshList(username, list, force);
    if (cached !== null && ports.now() < rateLimitedUntil(cached.error)) return;
    if (!force && cached !== null && cached.readAt > 0 && ports.now() - cached.readAt < MY_STUFF_FRESH_MS)
      return;
    return flights.run(key, () =>
      read(username, list).catch((error: unknown) =>
        console.warn(`[companion] my stuff: ${list} refresh failed:`, error),
      ),
    );
  };

  return {
    async start() {
      await serially(async () => {
        const cache = await ports.cache.get();
        const loading = (stuff: MemberStuff) => MY_STUFF_LISTS.some((list) => stuff[list]?.loading !== null);
        if (!Object.values(cache).some(loading)) return;
        // Built from entries: a member named `__proto__` stays an entry (an assignment would set
        // the object's prototype instead).
        const next: MyStuffCache = Object.fromEntries(
          Object.entries(cache).map(([username, stuff]) => [
            username,
            {
              ...stuff,
              shared: { ...(stuff.shared ?? emptyList()), loading: null },
              favorites: { ...(stuff.favorites ?? emptyList()), loading: null },
            },
          ]),
        );
        await ports.cache.set(next);
      });
    },

    async refresh(lists, options = {}) {
      const username = await ports.signedInUser();
      if (username === null) return;
      await Promise.all(
        [...new Set(lists)].map((list) => refreshList(username, list, options.force === true)),
      );
    },

    async current() {
      const username = await ports.signedInUser();
      if (username === null) return null;
      const cache = await ports.cache.get();
      return Object.hasOwn(cache, username) ? (cache[username] as MemberStuff) : null;
    },
  };
}

/** A page's items, each project once. */
function dedupe(items: MyProject[]): MyProject[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
