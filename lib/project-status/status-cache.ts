/**
 * The project statuses' cache as the service (./project-status.ts) holds it: read from storage once,
 * changed in memory, written back with every change coalesced into as few writes as can be, since
 * every site tab receives each write whole and looks at its marks again.
 */
import { capRecentlyUsed } from '@/lib/storage/member-cap';
import { memberStatuses, pageStatusesOf } from './project-status-lookup-model';
import {
  emptyProjectStatusCache,
  type MemberStatuses,
  memberKey,
  type PageStatuses,
  type ProjectStatusCache,
} from './project-status-model';

/** How long `seen` times alone wait for a write (under the half minute an idle background lives). */
export const SEEN_WRITE_DELAY_MS = 20_000;

export interface StatusCachePorts {
  cache: { get(): Promise<ProjectStatusCache>; set(cache: ProjectStatusCache): Promise<void> };
  /**
   * Site pages' copy (PageStatuses): written with every change of a status or of the member, never
   * for bookkeeping alone, and at the first load when it disagrees with the cache (an update from a
   * version without it, a write the browser stopped half-way).
   */
  pageStatuses?: { get(): Promise<PageStatuses | null>; set(value: PageStatuses | null): Promise<void> };
  beforeWrite?: () => Promise<void>;
  now(): number;
}

export interface StatusCache {
  /** The cache, read from storage at the first call (a copy: the service's own to change). */
  load(): Promise<ProjectStatusCache>;
  /** The cache once loaded, else null. */
  current(): ProjectStatusCache | null;
  /** `username`'s statuses, or null (not loaded, or no record). */
  memberOf(username: string): MemberStatuses | null;
  /** Whether `username` is the member signed in now. */
  isCurrent(username: string): boolean;
  /**
   * Makes `username` (null: nobody) the member whose statuses are shown, in the loaded cache; false
   * when already so.
   */
  setMember(state: ProjectStatusCache, username: string | null, membersKept: number): boolean;
  /** Keeps a member's love reads within the cap, the least recently seen dropped first. */
  capLoves(member: MemberStatuses): void;
  /** Writes the cache; a write under way takes every change made meanwhile with it. */
  save(): void;
  /** Writes the `seen` times alone: with the next write, or on their own after SEEN_WRITE_DELAY_MS. */
  saveSeenLater(): void;
  /** Whether a write is under way. */
  writing(): boolean;
}

export function createStatusCache(
  ports: StatusCachePorts,
  options: { loveCap: number; later: (ms: number, run: () => void) => () => void; written: () => void },
): StatusCache {
  let cache: ProjectStatusCache | null = null;
  let loading: Promise<ProjectStatusCache> | null = null;
  let saving: Promise<void> | null = null;
  let dirty = false;
  /** A status or the member changed since the pages' copy was last written (not bookkeeping alone). */
  let pagesDirty = false;
  /** Cancels the pending write of `seen` times alone (see `saveSeenLater`). */
  let seenWrite: (() => void) | null = null;

  const load = (): Promise<ProjectStatusCache> => {
    if (cache !== null) return Promise.resolve(cache);
    loading ??= ports.cache.get().then(
      (stored) => {
        cache ??= structuredClone(stored ?? emptyProjectStatusCache);
        void matchPages(cache);
        return cache;
      },
      () => {
        cache ??= structuredClone(emptyProjectStatusCache);
        return cache;
      },
    );
    return loading;
  };

  /** Writes the pages' copy when it says other than the cache loaded (see `pageStatuses`). */
  const matchPages = async (loaded: ProjectStatusCache) => {
    const pages = ports.pageStatuses;
    if (pages === undefined) return;
    const stored = await pages.get().catch(() => undefined);
    // A write of the copy is due anyway.
    if (pagesDirty) return;
    if (JSON.stringify(stored ?? null) !== JSON.stringify(pageStatusesOf(loaded))) save();
  };

  const writePages = (written: ProjectStatusCache) =>
    ports.pageStatuses?.set(pageStatusesOf(written)).catch((error: unknown) => {
      console.warn('Companion: project statuses: could not save the pages’ copy', error);
    });

  // Writes coalesce: everything changed while a write is under way goes out in the next one.
  // `forPages` false: only bookkeeping changed, which the pages' copy leaves out.
  const save = (forPages = true) => {
    dirty = true;
    if (forPages) pagesDirty = true;
    if (saving !== null) return;
    saving = (async () => {
      while (dirty && cache !== null) {
        await ports.beforeWrite?.();
        dirty = false;
        const pagesToo = pagesDirty;
        pagesDirty = false;
        // This write carries the `seen` times too.
        seenWrite?.();
        seenWrite = null;
        await Promise.all([
          ports.cache.set(cache).catch((error: unknown) => {
            console.warn('Companion: project statuses: could not save', error);
          }),
          pagesToo ? writePages(cache) : undefined,
        ]);
      }
      saving = null;
      options.written();
    })();
  };

  const memberOf = (username: string): MemberStatuses | null =>
    cache ? memberStatuses(cache.members, username) : null;

  return {
    load,
    current: () => cache,
    memberOf,
    isCurrent: (username) => cache?.member !== null && cache?.member === username,
    setMember(state, username, membersKept) {
      if (state.member === username && (username === null || memberOf(username) !== null)) return false;
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
        state.members = capRecentlyUsed(state.members, membersKept, key);
      }
      return true;
    },
    capLoves(member) {
      const ids = Object.keys(member.loves);
      if (ids.length <= options.loveCap) return;
      // Down to 90% of the cap, so the sort runs once per many additions, not on each one.
      const keep = Math.floor(options.loveCap * 0.9);
      ids.sort((a, b) => (member.loves[b]?.seen ?? 0) - (member.loves[a]?.seen ?? 0));
      for (const id of ids.slice(keep)) delete member.loves[id];
    },
    save: () => save(),
    // Bookkeeping alone (when a surface last showed a love) is no reason to write: every site tab
    // receives each write whole and looks at its marks again. It goes with the next write of a
    // status, or on its own after SEEN_WRITE_DELAY_MS (lost if the browser stops the background
    // first: it only orders what the cap drops).
    saveSeenLater() {
      seenWrite ??= options.later(SEEN_WRITE_DELAY_MS, () => {
        seenWrite = null;
        save(false);
      });
    },
    writing: () => saving !== null,
  };
}
