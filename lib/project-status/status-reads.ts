/**
 * The project statuses' reads (./project-status.ts): one love or favorite read at a time per
 * project and member, under the marks' share of the rate limit, shared with an identical read in
 * flight; a read that failed waits before it goes again (doubling, capped, never before the
 * service's Retry-After). And what a project still needs read.
 */
import { singleFlight } from '@/lib/concurrency/single-flight';
import { favoritedState } from './project-status-lookup-model';
import { LOVE_FRESH_MS, type MemberStatuses, memberKey } from './project-status-model';
import type { StatusCache } from './status-cache';

export type ReadKind = 'love' | 'favorite';

export interface StatusReadPorts {
  now(): number;
  readLove(projectId: number, username: string): Promise<boolean>;
  readFavorite(projectId: number, username: string): Promise<boolean>;
  turn(): Promise<() => void>;
  retryWaitScale?: () => number;
}

export interface StatusReads {
  /** One read; true once its answer is in the cache, false when it failed or was moot. */
  read(kind: ReadKind, id: number, username: string): Promise<boolean>;
  /** Whether the love read is missing or stale and may go now. */
  loveNeeded(member: MemberStatuses, id: number, username: string, now: number): boolean;
  /** Whether a per-project favorite read is needed (the list is known, incomplete) and may go now. */
  favoriteNeeded(member: MemberStatuses, id: number, username: string, now: number): boolean;
  /** When the reads a project still needs may be tried again after failing (0: none waits). */
  retryDue(member: MemberStatuses, id: number, username: string, now: number): number;
}

export function createStatusReads(
  ports: StatusReadPorts,
  config: { firstRetryAfterFailureMs: number; retryAfterFailureMs: number },
  cache: StatusCache,
): StatusReads {
  /** Reads in flight by `<member>|<kind>|<id>`: an identical read joins the one running. */
  const inFlight = singleFlight<boolean>();
  /** Failed reads by the same key: not tried again before `at`; `failures` in a row double the wait. */
  const retryAt = new Map<string, { at: number; failures: number }>();

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

  /** When a failed read may go again (0: it did not fail, or may go now). */
  const blockedUntil = (kind: ReadKind, id: number, username: string, now: number) => {
    const at = retryAt.get(`${memberKey(username)}|${kind}|${id}`)?.at ?? 0;
    return at > now ? at : 0;
  };
  const recentlyFailed = (kind: ReadKind, id: number, username: string, now: number) =>
    blockedUntil(kind, id, username, now) > 0;

  const loveMissing = (member: MemberStatuses, id: number, now: number) => {
    const love = member.loves[id];
    return love === undefined || now - love.at > LOVE_FRESH_MS;
  };
  /** A per-project favorite read is needed only when the list is known and incomplete. */
  const favoriteMissing = (member: MemberStatuses, id: number) =>
    member.favorites !== null && !member.favorites.complete && favoritedState(member, id) === undefined;

  return {
    /** One read through the share of the rate limit, shared with an identical one in flight. */
    read(kind, id, username) {
      const key = `${memberKey(username)}|${kind}|${id}`;
      return inFlight.run(key, async () => {
        const release = await ports.turn();
        // Signed out (or switched) while it waited for its turn: the read would carry a token that
        // is no longer this member's, and its answer would not be shown.
        if (!cache.isCurrent(username)) {
          release();
          return false;
        }
        let value: boolean;
        try {
          value =
            kind === 'love' ? await ports.readLove(id, username) : await ports.readFavorite(id, username);
        } catch (error) {
          recordFailure(key, error);
          console.warn(`Companion: project statuses: ${kind} of ${id} not read`, error);
          return false;
        } finally {
          release();
        }
        retryAt.delete(key);
        const member = cache.memberOf(username);
        if (member === null) return true;
        const at = ports.now();
        if (kind === 'love') {
          member.loves[id] = { loved: value, at, seen: member.loves[id]?.seen ?? at };
          cache.capLoves(member);
        } else {
          member.favoriteReads[id] = { favorited: value, at };
        }
        cache.save();
        return true;
      });
    },
    loveNeeded: (member, id, username, now) =>
      loveMissing(member, id, now) && !recentlyFailed('love', id, username, now),
    favoriteNeeded: (member, id, username, now) =>
      favoriteMissing(member, id) && !recentlyFailed('favorite', id, username, now),
    retryDue: (member, id, username, now) =>
      Math.max(
        loveMissing(member, id, now) ? blockedUntil('love', id, username, now) : 0,
        favoriteMissing(member, id) ? blockedUntil('favorite', id, username, now) : 0,
      ),
  };
}
