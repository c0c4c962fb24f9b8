/**
 * Reading cached paged lists, stale-while-revalidate: the popup shows what storage holds and asks
 * for a refresh; this decides whether a read is due and makes it the one read in flight per list,
 * shared by every caller (every open popup, a notifier).
 *
 * - A list younger than its freshness window is not re-read (unless forced); nothing is read
 *   before a 429's Retry-After has passed, forced or not.
 * - A refresh asked for while a next page is read waits for it, then refreshes (unless someone did
 *   meanwhile). A next page asked for during a refresh is answered by the refresh, or, with
 *   `readOnAfterRefresh` (a list whose end may still be in view), read on from where it left the list.
 * - A list's `readAt` is when its first page's read went out, not when the answer came: what came
 *   on the site meanwhile may be missing from the answer. A refresh asked for with `sentAfter`
 *   joins only a refresh sent at or after that time (one sent before is waited for, then read again).
 * - A next page that no longer follows the list (a refresh came in between) is dropped, so an
 *   outdated answer never replaces a newer one.
 * - A failure is recorded beside the list's items; these functions never reject.
 */
import { singleFlight } from '@/lib/concurrency/single-flight';
import { type CachedList, rateLimitedUntil } from './cached-list';

export type ListReadKind = 'refresh' | 'more';

/** A list as one reader sees it: where it is stored and how its pages are read and put in it. */
export interface ListSlot<L extends CachedList<unknown, { kind: string; at: number }>, P> {
  /** One read at a time per key (the member and the list, say). */
  key: string;
  /** Items per page. */
  pageSize: number;
  /** The list as stored, or null when there is none. */
  get(): Promise<L | null>;
  /** Whether a list read at `readAt` (> 0) is still fresh. */
  fresh(readAt: number): boolean;
  read(page: { offset: number; limit: number }): Promise<P>;
  /** The list after its first page. */
  first(list: L, page: P, readAt: number): L;
  /** The list after its next page. */
  next(list: L, page: P): L;
  /** Writes the loading mark (queued before any outcome can be written). */
  mark(change: (list: L) => L): Promise<unknown>;
  /** Writes a read's outcome: the slot drops it (or only clears the mark) if it no longer belongs. */
  land(change: (list: L) => L): Promise<unknown>;
}

export interface RefreshOptions {
  /** Read even a fresh list. */
  force?: boolean;
  /**
   * Only a read sent at or after this time (ms since the epoch) answers: one under way that went
   * out before is waited for, then the list is read again (with `force`).
   */
  sentAfter?: number;
}

export interface ListReads<E extends { kind: string; at: number }> {
  /** Reads the first page unless the list is fresh or rate limited; resolves when written. */
  refresh<L extends CachedList<unknown, E>, P>(slot: ListSlot<L, P>, options?: RefreshOptions): Promise<void>;
  /** Reads the next page (nothing when never read, complete or rate limited); resolves when written. */
  loadMore<L extends CachedList<unknown, E>, P>(slot: ListSlot<L, P>): Promise<void>;
}

export function createListReads<E extends { kind: string; at: number }>(options: {
  now(): number;
  /** A failure as the list keeps it. */
  errorOf(error: unknown, at: number): E;
  /** Names the service in warnings. */
  name: string;
  /** A next page asked for during a refresh is read once the refresh ended. */
  readOnAfterRefresh?: boolean;
}): ListReads<E> {
  const { now, errorOf, name, readOnAfterRefresh = false } = options;
  const flights = singleFlight<void, { kind: ListReadKind; sentAt: number }>();
  const warn = (what: string) => (error: unknown) => console.warn(`[companion] ${name}: ${what}:`, error);

  type AnyList = CachedList<unknown, E>;

  /** Reads one page as the one read in flight for the slot, and writes its outcome. */
  function start<L extends AnyList, P>(slot: ListSlot<L, P>, kind: ListReadKind, offset: number) {
    const sentAt = now();
    const read = async () => {
      let page: P;
      try {
        page = await slot.read({ offset, limit: slot.pageSize });
      } catch (error) {
        const failure = errorOf(error, now());
        await slot.land((list) => ({ ...list, loading: null, error: failure }));
        return;
      }
      await slot.land((list) => {
        // As new as the request (see the header): the answer may lack what came while it travelled.
        if (kind === 'refresh') return slot.first(list, page, sentAt);
        // A refresh in between moved the offset: this page no longer follows the list.
        return list.nextOffset !== offset ? { ...list, loading: null } : slot.next(list, page);
      });
    };
    return flights.run(slot.key, () => read().catch(warn(`${slot.key} ${kind} failed`)), { kind, sentAt });
  }

  async function refresh<L extends AnyList, P>(
    slot: ListSlot<L, P>,
    options: RefreshOptions = {},
  ): Promise<void> {
    const running = flights.get(slot.key);
    // A refresh sent before `sentAfter` (the popup's, say, when the count rose meanwhile) may miss
    // the very messages the caller reads for: waited for like a next page, not joined.
    if (running?.tag.kind === 'refresh' && running.tag.sentAt >= (options.sentAfter ?? 0))
      return running.done;
    if (running !== undefined) {
      await running.done;
      return refresh(slot, options);
    }
    const list = await slot.get();
    // Another caller started a read while the list was being read: join it.
    if (flights.has(slot.key)) return refresh(slot, options);
    if (list !== null && now() < rateLimitedUntil(list.error)) return;
    if (!options.force && list !== null && list.readAt > 0 && slot.fresh(list.readAt)) return;
    const done = start(slot, 'refresh', 0);
    await slot.mark((current) => ({ ...current, loading: 'refresh' })).catch(warn('cache write failed'));
    await done;
  }

  async function loadMore<L extends AnyList, P>(slot: ListSlot<L, P>): Promise<void> {
    const running = flights.get(slot.key);
    if (running !== undefined) {
      await running.done;
      if (running.tag.kind === 'more' || !readOnAfterRefresh) return;
      // The refresh ended: the end of the list may still be in view, so read on from where it is.
      return loadMore(slot);
    }
    const list = await slot.get();
    if (flights.has(slot.key)) return loadMore(slot);
    if (list === null || list.readAt === 0 || list.complete) return;
    if (now() < rateLimitedUntil(list.error)) return;
    const done = start(slot, 'more', list.nextOffset);
    await slot.mark((current) => ({ ...current, loading: 'more' })).catch(warn('cache write failed'));
    await done;
  }

  return { refresh, loadMore };
}
