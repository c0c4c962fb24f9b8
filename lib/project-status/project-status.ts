/**
 * The `project-status` service: whether the member loved and favorited the projects they see, at a
 * fraction of a request each. The interface has no bulk read of a member's loves, only one read per
 * project, so the service:
 *
 * - reads only what a surface says is in view (`want`), through a queue served newest-visible
 *   first; an entry whose every requester said it left view before its turn is dropped (`leftView`);
 * - reads favorites in bulk (`/users/<me>/favorites`, pages of 40) at most every 15 minutes, or
 *   sooner after the member changed a favorite; a project absent from a complete list needs no read;
 * - keeps love reads per member with the time read, fresh for a day: a stale one is still shown
 *   and re-read only when seen again; a size cap drops the least recently seen;
 * - shares identical reads in flight, and runs at most `maxInFlight` reads at once, each after a
 *   turn of its own share of the rate limit (`ports.turn`), so the marks never starve the message
 *   count's reads;
 * - takes what the site's own buttons show on a project page (`report`) as a free reading;
 * - tries a failed read again by itself while a surface still shows its project (after 2 s, then
 *   doubling up to 5 minutes, never before the service's Retry-After), so the marks arrive once the
 *   service is back, without a reload and without a storm of reads while it is down.
 *
 * Pure: every effect goes through `ports`, so the tests and the benchmark run it with fakes.
 */

import { singleFlight } from '@/lib/concurrency/single-flight';
import {
  currentMember,
  emptyProjectStatusCache,
  FAVORITES_FRESH_MS,
  favoritedState,
  LOVE_FRESH_MS,
  type MemberStatuses,
  memberKey,
  memberStatuses,
  type ProjectStatusCache,
} from '@/lib/project-status/project-status-model';
import { capRecentlyUsed } from '@/lib/storage/member-cap';

/** One page of the member's favorites: the ids of its valid items, and how many items came. */
export interface FavoritesPage {
  ids: number[];
  received: number;
}

export interface ProjectStatusPorts {
  now(): number;
  readLove(projectId: number, username: string): Promise<boolean>;
  readFavorite(projectId: number, username: string): Promise<boolean>;
  readFavoritesPage(username: string, offset: number, limit: number): Promise<FavoritesPage>;
  /** A turn under the marks' share of the rate limit; call the returned function once the answer is in. */
  turn(): Promise<() => void>;
  cache: { get(): Promise<ProjectStatusCache>; set(cache: ProjectStatusCache): Promise<void> };
  /**
   * Waited for before each write, so answers arriving close together go out as one write (every
   * site tab receives each write whole). None in tests and the benchmark.
   */
  beforeWrite?: () => Promise<void>;
  /** Runs `run` in `ms` (a timer); returns what cancels it. Default: `setTimeout`. */
  later?: (ms: number, run: () => void) => () => void;
  /**
   * TEST ONLY: a factor (0 < f ≤ 1) on the wait before a failed read is tried again (not on the
   * service's Retry-After), read at each failure; 1 when absent or out of range.
   */
  retryWaitScale?: () => number;
}

export interface ProjectStatusOptions {
  /** Reads running at once (default 2). */
  maxInFlight?: number;
  /** Love reads kept per member (default 2,000). */
  loveCap?: number;
  /** Favorites read at most (default 1,000: 25 pages); a longer list is incomplete. */
  favoritesCap?: number;
  /** Members whose statuses are kept (default 3). */
  membersKept?: number;
  /** Shortest time between two walks of the favorites, however often favorites change (default 1 min). */
  favoritesMinGapMs?: number;
  /**
   * A read that failed is tried again after this long (default 2 s), then after twice as long each
   * time it fails again, up to `retryAfterFailureMs`, and never before the service's Retry-After.
   */
  firstRetryAfterFailureMs?: number;
  /** The longest wait before a failed read is tried again (default 5 min). */
  retryAfterFailureMs?: number;
}

export const FAVORITES_PAGE_SIZE = 40;
/** How long `seen` times alone wait for a write (under the half minute an idle background lives). */
export const SEEN_WRITE_DELAY_MS = 20_000;

export interface ProjectStatusService {
  /** Who is signed in (null: signed out). Another member's statuses are never shown or read. */
  memberChanged(username: string | null): Promise<void>;
  /** `requester` (a tab, the popup) shows these projects now, in this order: read what is missing or stale. */
  want(requester: string, ids: readonly number[]): Promise<void>;
  /** These projects left `requester`'s view: drop their reads that have not started, unless someone else still wants them. */
  leftView(requester: string, ids: readonly number[]): void;
  /** `requester` is gone (tab closed or navigated): as if everything it wanted left view. */
  forgetRequester(requester: string): void;
  /** The site's own buttons on a project page show this state: a free reading (no request). */
  report(projectId: number, state: { loved?: boolean; favorited?: boolean }): Promise<void>;
  /** Settles once nothing is queued, running or being written (tests, benchmark). */
  idle(): Promise<void>;
  /** Ids waiting for their turn, next first (tests, benchmark). */
  queued(): number[];
}

interface QueueEntry {
  id: number;
  requesters: Set<string>;
  /** The `want` call that last asked for it: higher goes first (newest visible). */
  batch: number;
  /** Its place in that call (document order): lower goes first. */
  index: number;
}

const DEFAULTS = {
  maxInFlight: 2,
  loveCap: 2000,
  favoritesCap: 1000,
  membersKept: 3,
  favoritesMinGapMs: 60_000,
  firstRetryAfterFailureMs: 2_000,
  retryAfterFailureMs: 5 * 60_000,
} satisfies Required<ProjectStatusOptions>;

export function createProjectStatusService(
  ports: ProjectStatusPorts,
  options: ProjectStatusOptions = {},
): ProjectStatusService {
  const config = { ...DEFAULTS, ...options };
  let cache: ProjectStatusCache | null = null;
  let loading: Promise<ProjectStatusCache> | null = null;
  const queue = new Map<number, QueueEntry>();
  let batch = 0;
  let running = 0;
  /** Reads in flight by `<member>|<kind>|<id>`: an identical read joins the one running. */
  const inFlight = singleFlight<boolean>();
  /** Failed reads by the same key: not tried again before `at`; `failures` in a row double the wait. */
  const retryAt = new Map<string, { at: number; failures: number }>();
  /** Projects whose read failed while someone showed them: who still does, and when to try again. */
  const parked = new Map<number, { requesters: Set<string>; dueAt: number }>();
  let wake: { at: number; cancel: () => void } | null = null;
  const later =
    ports.later ??
    ((ms: number, run: () => void) => {
      const timer = setTimeout(run, ms);
      return () => clearTimeout(timer);
    });
  /** The favorites walk in progress, by member key. */
  const walks = new Map<string, Promise<void>>();
  const lastWalkStart = new Map<string, number>();
  let saving: Promise<void> | null = null;
  let dirty = false;
  /** Cancels the pending write of `seen` times alone (see `saveSeenLater`). */
  let seenWrite: (() => void) | null = null;
  const idleWaiters: (() => void)[] = [];

  const load = (): Promise<ProjectStatusCache> => {
    if (cache !== null) return Promise.resolve(cache);
    loading ??= ports.cache.get().then(
      (stored) => {
        cache ??= structuredClone(stored ?? emptyProjectStatusCache);
        return cache;
      },
      () => {
        cache ??= structuredClone(emptyProjectStatusCache);
        return cache;
      },
    );
    return loading;
  };

  // Writes coalesce: everything changed while a write is under way goes out in the next one.
  const save = () => {
    dirty = true;
    if (saving !== null) return;
    saving = (async () => {
      while (dirty && cache !== null) {
        await ports.beforeWrite?.();
        dirty = false;
        // This write carries the `seen` times too.
        seenWrite?.();
        seenWrite = null;
        await ports.cache.set(cache).catch((error: unknown) => {
          console.warn('Companion: project statuses: could not save', error);
        });
      }
      saving = null;
      settleIdle();
    })();
  };

  // Bookkeeping alone (when a surface last showed a love) is no reason to write: every site tab
  // receives each write whole and looks at its marks again. It goes with the next write of a status,
  // or on its own after SEEN_WRITE_DELAY_MS (lost if the browser stops the background first: it
  // only orders what the cap drops).
  const saveSeenLater = () => {
    seenWrite ??= later(SEEN_WRITE_DELAY_MS, () => {
      seenWrite = null;
      save();
    });
  };

  const isIdle = () => queue.size === 0 && running === 0 && walks.size === 0 && saving === null;
  function settleIdle() {
    if (!isIdle()) return;
    for (const resolve of idleWaiters.splice(0)) resolve();
  }

  const memberOf = (username: string): MemberStatuses | null =>
    cache ? memberStatuses(cache.members, username) : null;
  const isCurrent = (username: string) => cache?.member !== null && cache?.member === username;

  const capLoves = (member: MemberStatuses) => {
    const ids = Object.keys(member.loves);
    if (ids.length <= config.loveCap) return;
    // Down to 90% of the cap, so the sort runs once per many additions, not on each one.
    const keep = Math.floor(config.loveCap * 0.9);
    ids.sort((a, b) => (member.loves[b]?.seen ?? 0) - (member.loves[a]?.seen ?? 0));
    for (const id of ids.slice(keep)) delete member.loves[id];
  };

  const favoritesDue = (member: MemberStatuses, key: string, now: number): boolean => {
    const list = member.favorites;
    const due = list === null || list.changed || now - list.at >= FAVORITES_FRESH_MS;
    if (!due) return false;
    // However often the member changes favorites (or a page claims they did), one walk a minute.
    return now - (lastWalkStart.get(key) ?? Number.NEGATIVE_INFINITY) >= config.favoritesMinGapMs;
  };

  /** Reads every page of the member's favorites (up to the cap) and stores the list. */
  const walkFavorites = (username: string): Promise<void> => {
    const key = memberKey(username);
    const existing = walks.get(key);
    if (existing) return existing;
    const started = ports.now();
    lastWalkStart.set(key, started);
    const walk = (async () => {
      const ids: number[] = [];
      let offset = 0;
      let complete = false;
      try {
        while (ids.length < config.favoritesCap) {
          const release = await ports.turn();
          // Signed out (or switched) while waiting for a turn: the next page would go out with a
          // token that is no longer this member's, and the list would be thrown away.
          if (!isCurrent(username)) {
            release();
            return;
          }
          let page: FavoritesPage;
          try {
            page = await ports.readFavoritesPage(username, offset, FAVORITES_PAGE_SIZE);
          } finally {
            release();
          }
          ids.push(...page.ids);
          offset += page.received;
          if (page.received < FAVORITES_PAGE_SIZE) {
            complete = true;
            break;
          }
        }
      } catch (error) {
        console.warn('Companion: project statuses: favorites not read', error);
        return;
      }
      const member = memberOf(username);
      if (member === null) return;
      const at = ports.now();
      member.favorites = { ids: ids.slice(0, config.favoritesCap), complete, at, changed: false };
      // One-project readings older than the walk's start are in the list now (or out of it).
      for (const [id, read] of Object.entries(member.favoriteReads)) {
        if (read.at < started) delete member.favoriteReads[id];
      }
      save();
    })().finally(() => {
      walks.delete(key);
      settleIdle();
    });
    walks.set(key, walk);
    return walk;
  };

  /** The wait after a failure: doubling from the first, capped, never shorter than a Retry-After. */
  const recordFailure = (key: string, error: unknown) => {
    const failures = (retryAt.get(key)?.failures ?? 0) + 1;
    const asScaled = ports.retryWaitScale?.() ?? 1;
    const scale = asScaled > 0 && asScaled <= 1 ? asScaled : 1;
    let wait =
      Math.min(config.retryAfterFailureMs, config.firstRetryAfterFailureMs * 2 ** (failures - 1)) * scale;
    const asked = (error as { retryAfterMs?: unknown } | null)?.retryAfterMs;
    if (typeof asked === 'number' && Number.isFinite(asked)) wait = Math.max(wait, asked);
    retryAt.set(key, { at: ports.now() + wait, failures });
  };

  /** One read through the share of the rate limit, shared with an identical one in flight. */
  const read = (kind: 'love' | 'favorite', id: number, username: string): Promise<boolean> => {
    const key = `${memberKey(username)}|${kind}|${id}`;
    return inFlight.run(key, async () => {
      const release = await ports.turn();
      // Signed out (or switched) while it waited for its turn: the read would carry a token that is
      // no longer this member's, and its answer would not be shown.
      if (!isCurrent(username)) {
        release();
        return false;
      }
      let value: boolean;
      try {
        value = kind === 'love' ? await ports.readLove(id, username) : await ports.readFavorite(id, username);
      } catch (error) {
        recordFailure(key, error);
        console.warn(`Companion: project statuses: ${kind} of ${id} not read`, error);
        return false;
      } finally {
        release();
      }
      retryAt.delete(key);
      const member = memberOf(username);
      if (member === null) return true;
      const at = ports.now();
      if (kind === 'love') {
        member.loves[id] = { loved: value, at, seen: member.loves[id]?.seen ?? at };
        capLoves(member);
      } else {
        member.favoriteReads[id] = { favorited: value, at };
      }
      save();
      return true;
    });
  };

  /** When a failed read may go again (0: it did not fail, or may go now). */
  const blockedUntil = (kind: string, id: number, username: string, now: number) => {
    const at = retryAt.get(`${memberKey(username)}|${kind}|${id}`)?.at ?? 0;
    return at > now ? at : 0;
  };
  const recentlyFailed = (kind: string, id: number, username: string, now: number) =>
    blockedUntil(kind, id, username, now) > 0;

  const loveMissing = (member: MemberStatuses, id: number, now: number) => {
    const love = member.loves[id];
    return love === undefined || now - love.at > LOVE_FRESH_MS;
  };
  const loveNeeded = (member: MemberStatuses, id: number, username: string, now: number) =>
    loveMissing(member, id, now) && !recentlyFailed('love', id, username, now);

  /** A per-project favorite read is needed only when the list is known and incomplete. */
  const favoriteMissing = (member: MemberStatuses, id: number) =>
    member.favorites !== null && !member.favorites.complete && favoritedState(member, id) === undefined;
  const favoriteNeeded = (member: MemberStatuses, id: number, username: string, now: number) =>
    favoriteMissing(member, id) && !recentlyFailed('favorite', id, username, now);

  /** When the reads a project still needs may be tried again after failing (0: none waits). */
  const retryDue = (member: MemberStatuses, id: number, username: string, now: number) =>
    Math.max(
      loveMissing(member, id, now) ? blockedUntil('love', id, username, now) : 0,
      favoriteMissing(member, id) ? blockedUntil('favorite', id, username, now) : 0,
    );

  /** Keeps a project whose read failed for a retry at `dueAt`, as long as someone shows it. */
  const park = (id: number, requesters: Iterable<string>, dueAt: number) => {
    const entry = parked.get(id) ?? { requesters: new Set<string>(), dueAt };
    for (const requester of requesters) entry.requesters.add(requester);
    entry.dueAt = dueAt;
    if (entry.requesters.size === 0) return;
    parked.set(id, entry);
    scheduleWake();
  };

  /** One timer for the earliest retry: due projects go back in the queue, as if just seen. */
  function scheduleWake() {
    let earliest = Number.POSITIVE_INFINITY;
    for (const entry of parked.values()) earliest = Math.min(earliest, entry.dueAt);
    if (wake !== null && wake.at === earliest) return;
    wake?.cancel();
    wake = null;
    if (earliest === Number.POSITIVE_INFINITY) return;
    const at = earliest;
    wake = { at, cancel: later(Math.max(0, at - ports.now()), () => wakeUp(at)) };
  }
  function wakeUp(at: number) {
    if (wake?.at === at) wake = null;
    const now = ports.now();
    batch++;
    let index = 0;
    for (const [id, entry] of parked) {
      if (entry.dueAt > now) continue;
      parked.delete(id);
      const queued = queue.get(id);
      if (queued) for (const requester of entry.requesters) queued.requesters.add(requester);
      else queue.set(id, { id, requesters: entry.requesters, batch, index: index++ });
    }
    scheduleWake();
    pump();
  }

  /** The entry's turn: read what is still missing (a report or another read may have filled it). */
  const serve = async (entry: QueueEntry, username: string) => {
    const key = memberKey(username);
    const member = memberOf(username);
    if (member === null || !isCurrent(username)) return;
    const reads: Promise<boolean>[] = [];
    if (loveNeeded(member, entry.id, username, ports.now())) reads.push(read('love', entry.id, username));
    // The favorites walk decides whether a per-project read is needed at all.
    const walk = walks.get(key);
    if (walk) await walk;
    if (isCurrent(username) && favoriteNeeded(member, entry.id, username, ports.now())) {
      reads.push(read('favorite', entry.id, username));
    }
    const outcomes = await Promise.all(reads);
    if (outcomes.every(Boolean) || !isCurrent(username)) return;
    // Failed: tried again by itself for whoever still shows it (leftView takes them out meanwhile).
    const due = retryDue(member, entry.id, username, ports.now());
    if (due > 0) park(entry.id, entry.requesters, due);
  };

  const next = (): QueueEntry | undefined => {
    let best: QueueEntry | undefined;
    for (const entry of queue.values()) {
      if (
        best === undefined ||
        entry.batch > best.batch ||
        (entry.batch === best.batch && entry.index < best.index)
      ) {
        best = entry;
      }
    }
    return best;
  };

  const pump = () => {
    while (running < config.maxInFlight && queue.size > 0 && cache?.member) {
      const entry = next();
      if (entry === undefined) break;
      queue.delete(entry.id);
      running++;
      const username = cache.member;
      serve(entry, username)
        .catch((error: unknown) => console.warn('Companion: project statuses:', error))
        .finally(() => {
          running--;
          pump();
          settleIdle();
        });
    }
    settleIdle();
  };

  const drop = (requester: string, ids: Iterable<number>) => {
    for (const id of ids) {
      const waiting = parked.get(id);
      if (waiting !== undefined) {
        waiting.requesters.delete(requester);
        if (waiting.requesters.size === 0) parked.delete(id);
      }
      const entry = queue.get(id);
      if (entry === undefined) continue;
      entry.requesters.delete(requester);
      if (entry.requesters.size === 0) queue.delete(id);
    }
    settleIdle();
  };

  return {
    async memberChanged(username) {
      const state = await load();
      if (state.member === username && (username === null || memberOf(username) !== null)) return;
      // Reads queued for the previous member are moot; those in flight land in their own record.
      queue.clear();
      parked.clear();
      scheduleWake();
      state.member = username;
      if (username !== null) {
        const key = memberKey(username);
        const now = ports.now();
        // The record itself is kept (reads in flight land in it); a new one is added as an own
        // entry, so a member named `__proto__` gets a record rather than setting the prototype.
        let record = memberStatuses(state.members, username);
        if (record === null) {
          record = { loves: {}, favorites: null, favoriteReads: {}, usedAt: now };
          state.members = { ...state.members, [key]: record };
        }
        record.usedAt = now;
        state.members = capRecentlyUsed(state.members, config.membersKept, key);
      }
      save();
      settleIdle();
    },

    async want(requester, ids) {
      const state = await load();
      const username = state.member;
      const member = currentMember(state);
      if (username === null || member === null) return;
      const now = ports.now();
      const key = memberKey(username);
      if (favoritesDue(member, key, now)) void walkFavorites(username);
      const walking = walks.has(key);
      batch++;
      let touched = false;
      ids.forEach((id, index) => {
        if (!Number.isSafeInteger(id) || id <= 0) return;
        const love = member.loves[id];
        if (love !== undefined && love.seen !== now) {
          love.seen = now;
          touched = true;
        }
        const needed =
          loveNeeded(member, id, username, now) || walking || favoriteNeeded(member, id, username, now);
        if (!needed) {
          // Failed a moment ago: it goes again when its wait is over, while this requester shows it.
          const due = retryDue(member, id, username, now);
          if (due > 0) park(id, [requester], due);
          return;
        }
        const entry = queue.get(id);
        if (entry) {
          entry.requesters.add(requester);
          entry.batch = batch;
          entry.index = index;
        } else {
          queue.set(id, { id, requesters: new Set([requester]), batch, index });
        }
      });
      if (touched) saveSeenLater();
      pump();
    },

    leftView(requester, ids) {
      drop(requester, ids);
    },

    forgetRequester(requester) {
      drop(requester, [...queue.keys(), ...parked.keys()]);
    },

    async report(projectId, reported) {
      const state = await load();
      const member = currentMember(state);
      if (member === null || !Number.isSafeInteger(projectId) || projectId <= 0) return;
      const now = ports.now();
      if (reported.loved !== undefined) {
        member.loves[projectId] = { loved: reported.loved, at: now, seen: now };
        capLoves(member);
      }
      if (reported.favorited !== undefined) {
        member.favoriteReads[projectId] = { favorited: reported.favorited, at: now };
        const list = member.favorites;
        if (list !== null) {
          const without = list.ids.filter((id) => id !== projectId);
          list.ids = reported.favorited ? [projectId, ...without] : without;
          // The list moved under our feet (offsets shift): read it again at the next need.
          list.changed = true;
        }
      }
      save();
    },

    idle() {
      if (isIdle()) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },

    queued() {
      return [...queue.values()]
        .sort((a, b) => b.batch - a.batch || a.index - b.index)
        .map((entry) => entry.id);
    },
  };
}
