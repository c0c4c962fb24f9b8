/**
 * The member's favorites read in bulk (./project-status.ts): every page of `/users/<me>/favorites`
 * up to the cap, one walk per member at a time, at most every 15 minutes (sooner after the member
 * changed a favorite), never more than once a minute.
 */
import { FAVORITES_FRESH_MS, type MemberStatuses, memberKey } from './project-status-model';
import type { StatusCache } from './status-cache';

export const FAVORITES_PAGE_SIZE = 40;

/** One page of the member's favorites: the ids of its valid items, and how many items came. */
export interface FavoritesPage {
  ids: number[];
  received: number;
}

export interface FavoritesWalkPorts {
  now(): number;
  readFavoritesPage(username: string, offset: number, limit: number): Promise<FavoritesPage>;
  turn(): Promise<() => void>;
}

export interface FavoritesWalks {
  /** Whether the member's favorites are due a walk (by member key). */
  due(member: MemberStatuses, key: string, now: number): boolean;
  /** Reads every page of the member's favorites (up to the cap) and stores the list. */
  walk(username: string): Promise<void>;
  /** The walk under way for a member key, if any. */
  underWay(key: string): Promise<void> | undefined;
  /** Whether any walk is under way. */
  any(): boolean;
}

export function createFavoritesWalks(
  ports: FavoritesWalkPorts,
  config: { favoritesCap: number; favoritesMinGapMs: number },
  cache: StatusCache,
  ended: () => void,
): FavoritesWalks {
  /** The favorites walk in progress, by member key. */
  const walks = new Map<string, Promise<void>>();
  const lastWalkStart = new Map<string, number>();

  /** Every page up to the cap: the ids and whether the list ended; null when the walk stopped. */
  const readPages = async (username: string): Promise<{ ids: number[]; complete: boolean } | null> => {
    const ids: number[] = [];
    let offset = 0;
    while (ids.length < config.favoritesCap) {
      const release = await ports.turn();
      // Signed out (or switched) while waiting for a turn: the next page would go out with a
      // token that is no longer this member's, and the list would be thrown away.
      if (!cache.isCurrent(username)) {
        release();
        return null;
      }
      let page: FavoritesPage;
      try {
        page = await ports.readFavoritesPage(username, offset, FAVORITES_PAGE_SIZE);
      } finally {
        release();
      }
      ids.push(...page.ids);
      offset += page.received;
      if (page.received < FAVORITES_PAGE_SIZE) return { ids, complete: true };
    }
    return { ids, complete: false };
  };

  return {
    due(member, key, now) {
      const list = member.favorites;
      const due = list === null || list.changed || now - list.at >= FAVORITES_FRESH_MS;
      if (!due) return false;
      // However often the member changes favorites (or a page claims they did), one walk a minute.
      return now - (lastWalkStart.get(key) ?? Number.NEGATIVE_INFINITY) >= config.favoritesMinGapMs;
    },
    walk(username) {
      const key = memberKey(username);
      const existing = walks.get(key);
      if (existing) return existing;
      const started = ports.now();
      lastWalkStart.set(key, started);
      const walk = (async () => {
        let read: Awaited<ReturnType<typeof readPages>>;
        try {
          read = await readPages(username);
        } catch (error) {
          console.warn('Companion: project statuses: favorites not read', error);
          return;
        }
        if (read === null) return;
        const member = cache.memberOf(username);
        if (member === null) return;
        const at = ports.now();
        member.favorites = {
          ids: read.ids.slice(0, config.favoritesCap),
          complete: read.complete,
          at,
          changed: false,
        };
        // One-project readings older than the walk's start are in the list now (or out of it).
        for (const [id, reading] of Object.entries(member.favoriteReads)) {
          if (reading.at < started) delete member.favoriteReads[id];
        }
        cache.save();
      })().finally(() => {
        walks.delete(key);
        ended();
      });
      walks.set(key, walk);
      return walk;
    },
    underWay: (key) => walks.get(key),
    any: () => walks.size > 0,
  };
}
