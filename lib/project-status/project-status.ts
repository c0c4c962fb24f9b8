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
 * Pure: every effect goes through `ports`, so the tests and the benchmark run it with fakes. Its
 * parts, each over the state it keeps: the cache and its writes (./status-cache.ts), the reads and
 * their retries (./status-reads.ts), the favorites' walks (./favorites-walk.ts) and the queue of
 * what is in view (./read-queue.ts).
 */

import { createFavoritesWalks, type FavoritesPage } from './favorites-walk';
import { currentMember, projectStatus } from './project-status-lookup-model';
import {
  type MemberStatuses,
  memberKey,
  type PageStatuses,
  type ProjectStatusCache,
} from './project-status-model';
import { createReadQueue, type QueueEntry } from './read-queue';
import { createStatusCache } from './status-cache';
import { createStatusReads } from './status-reads';

export interface ProjectStatusPorts {
  now(): number;
  readLove(projectId: number, username: string): Promise<boolean>;
  readFavorite(projectId: number, username: string): Promise<boolean>;
  readFavoritesPage(username: string, offset: number, limit: number): Promise<FavoritesPage>;
  /** A turn under the marks' share of the rate limit; call the returned function once the answer is in. */
  turn(): Promise<() => void>;
  cache: { get(): Promise<ProjectStatusCache>; set(cache: ProjectStatusCache): Promise<void> };
  /** Site pages' copy of the signed-in member's statuses (./status-cache.ts). None in the benchmark. */
  pageStatuses?: { get(): Promise<PageStatuses | null>; set(value: PageStatuses | null): Promise<void> };
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
  const later =
    ports.later ??
    ((ms: number, run: () => void) => {
      const timer = setTimeout(run, ms);
      return () => clearTimeout(timer);
    });
  let running = 0;
  const idleWaiters: (() => void)[] = [];
  const cache = createStatusCache(ports, { loveCap: config.loveCap, later, written: () => settleIdle() });
  const walks = createFavoritesWalks(ports, config, cache, () => settleIdle());
  const reads = createStatusReads(ports, config, cache);
  const queue = createReadQueue(
    () => ports.now(),
    later,
    () => pump(),
  );

  const isIdle = () => queue.size() === 0 && running === 0 && !walks.any() && !cache.writing();
  function settleIdle() {
    if (!isIdle()) return;
    for (const resolve of idleWaiters.splice(0)) resolve();
  }

  /** The entry's turn: read what is still missing (a report or another read may have filled it). */
  const serve = async (entry: QueueEntry, username: string) => {
    const member = cache.memberOf(username);
    if (member === null || !cache.isCurrent(username)) return;
    const pending: Promise<boolean>[] = [];
    if (reads.loveNeeded(member, entry.id, username, ports.now()))
      pending.push(reads.read('love', entry.id, username));
    // The favorites walk decides whether a per-project read is needed at all.
    const walk = walks.underWay(memberKey(username));
    if (walk) await walk;
    if (cache.isCurrent(username) && reads.favoriteNeeded(member, entry.id, username, ports.now())) {
      pending.push(reads.read('favorite', entry.id, username));
    }
    const outcomes = await Promise.all(pending);
    if (outcomes.every(Boolean) || !cache.isCurrent(username)) return;
    // Failed: tried again by itself for whoever still shows it (leftView takes them out meanwhile).
    const due = reads.retryDue(member, entry.id, username, ports.now());
    if (due > 0) queue.park(entry.id, entry.requesters, due);
  };

  function pump() {
    while (running < config.maxInFlight && queue.size() > 0 && cache.current()?.member) {
      const entry = queue.take();
      if (entry === undefined) break;
      running++;
      const username = cache.current()?.member as string;
      serve(entry, username)
        .catch((error: unknown) => console.warn('Companion: project statuses:', error))
        .finally(() => {
          running--;
          pump();
          settleIdle();
        });
    }
    settleIdle();
  }

  return {
    async memberChanged(username) {
      const state = await cache.load();
      if (!cache.setMember(state, username, config.membersKept)) return;
      // Reads queued for the previous member are moot; those in flight land in their own record.
      queue.clear();
      cache.save();
      settleIdle();
    },

    async want(requester, ids) {
      const state = await cache.load();
      const username = state.member;
      const member = currentMember(state);
      if (username === null || member === null) return;
      const now = ports.now();
      const key = memberKey(username);
      if (walks.due(member, key, now)) void walks.walk(username);
      const walking = walks.underWay(key) !== undefined;
      queue.newBatch();
      let touched = false;
      ids.forEach((id, index) => {
        if (!Number.isSafeInteger(id) || id <= 0) return;
        const love = member.loves[id];
        if (love !== undefined && love.seen !== now) {
          love.seen = now;
          touched = true;
        }
        const needed =
          reads.loveNeeded(member, id, username, now) ||
          walking ||
          reads.favoriteNeeded(member, id, username, now);
        if (!needed) {
          // Failed a moment ago: it goes again when its wait is over, while this requester shows it.
          const due = reads.retryDue(member, id, username, now);
          if (due > 0) queue.park(id, [requester], due);
          return;
        }
        queue.want(id, requester, index);
      });
      if (touched) cache.saveSeenLater();
      pump();
    },

    leftView(requester, ids) {
      queue.drop(requester, ids);
      settleIdle();
    },

    forgetRequester(requester) {
      queue.drop(requester, queue.ids());
      settleIdle();
    },

    async report(projectId, reported) {
      const member = currentMember(await cache.load());
      if (member === null || !Number.isSafeInteger(projectId) || projectId <= 0) return;
      const news = recordReport(member, projectId, reported, ports.now());
      if (news === null) return;
      if (news.loved) cache.capLoves(member);
      cache.save();
    },

    idle() {
      if (isIdle()) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },

    queued: () => queue.queued(),
  };
}

/**
 * Writes what a page reported of a project into the member's record where it is news, and says
 * what changed (null: nothing). What the cache already says (the love read fresh, the favorite
 * known) is no news: written anyway, every site tab would hear the cache and the pages' copy again
 * on each visit of a project page, and the favorites list would be walked again for nothing.
 */
function recordReport(
  member: MemberStatuses,
  projectId: number,
  reported: Parameters<ProjectStatusService['report']>[1],
  now: number,
): { loved: boolean } | null {
  const known = projectStatus(member, projectId, now);
  const loved = reported.loved === known.loved && !known.stale ? undefined : reported.loved;
  const favorited = reported.favorited === known.favorited ? undefined : reported.favorited;
  if (loved === undefined && favorited === undefined) return null;
  if (loved !== undefined) member.loves[projectId] = { loved, at: now, seen: now };
  if (favorited !== undefined) {
    member.favoriteReads[projectId] = { favorited, at: now };
    const list = member.favorites;
    if (list !== null) {
      const without = list.ids.filter((id) => id !== projectId);
      list.ids = favorited ? [projectId, ...without] : without;
      // The list moved under our feet (offsets shift): read it again at the next need.
      list.changed = true;
    }
  }
  return { loved: loved !== undefined };
}
