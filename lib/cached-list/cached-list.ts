/**
 * A cached paged list: the shape every list of the popup is stored in (the feed's lists, the
 * messages, explore and search pages, a view's lists), and the pure steps that put a page in it.
 * Types and pure functions only (no zod, no browser): the popup reads these lists from storage.
 *
 * - A list keeps what it showed: a failed read is recorded in `error` beside the items, which stay.
 * - Offsets count what the service sent (items dropped as malformed included), so pages stay aligned.
 * - After a 429 nothing is asked again before the service's Retry-After has passed.
 */

export type ListErrorKind =
  | 'rate-limited'
  | 'offline'
  | 'timeout'
  | 'server'
  | 'malformed'
  | 'signed-out'
  | 'redirected'
  | 'unknown';

export interface ListError {
  kind: ListErrorKind;
  /** When it happened (ms since epoch). */
  at: number;
  /** The HTTP status, when there was an answer. */
  status?: number;
  /** From Retry-After, when the service said how long to wait. */
  retryAfterMs?: number;
}

export interface CachedList<T, E extends { kind: string; at: number } = ListError> {
  items: T[];
  /**
   * When the first page's last successful read went out (ms since epoch; not when it was answered:
   * lib/cached-list/list-reads.ts); 0 = never.
   */
  readAt: number;
  /** No further page (short page, or the item cap reached). */
  complete: boolean;
  /** Offset of the next page (counts items the service sent, dropped ones included). */
  nextOffset: number;
  /** A read under way: a refresh of the first page or the next page. */
  loading: 'refresh' | 'more' | null;
  /** The last read's failure (cleared by the next success); the items stay. */
  error: E | null;
}

/** One page as the service sent it: the valid items and how many it sent in all. */
export interface ListPage<T> {
  items: T[];
  received: number;
}

/** How a list is paged: items per page, and the most it keeps (then a link to the site). */
export interface ListLimits {
  pageSize: number;
  maxItems: number;
}

/** After a 429 without Retry-After, wait this long before asking again. */
export const DEFAULT_RATE_LIMIT_WAIT_MS = 30_000;

/** A list never read. */
export function emptyList<T>(): CachedList<T> {
  return { items: [], readAt: 0, complete: false, nextOffset: 0, loading: null, error: null };
}

/** Until when a list must not be read again because the service asked to slow down (0: no wait). */
export function rateLimitedUntil(error: { kind: string; at: number; retryAfterMs?: number } | null): number {
  if (error?.kind !== 'rate-limited') return 0;
  return error.at + (error.retryAfterMs ?? DEFAULT_RATE_LIMIT_WAIT_MS);
}

/** The list made of one first page alone (a refresh that starts the list over). */
export function firstPageOnly<T>(page: ListPage<T>, readAt: number, limits: ListLimits): CachedList<T> {
  const items = page.items.slice(0, limits.maxItems);
  return {
    items,
    readAt,
    complete: page.received < limits.pageSize || items.length >= limits.maxItems,
    nextOffset: page.received,
    loading: null,
    error: null,
  };
}

/**
 * The list after a new first page: later pages kept when the new page joins them seamlessly (its
 * last item found among them, no item twice), else the new page alone.
 */
export function mergeFirstPage<T>(
  list: CachedList<T>,
  page: ListPage<T>,
  key: (item: T) => string,
  readAt: number,
  limits: ListLimits,
): CachedList<T> {
  const fresh = firstPageOnly(page, readAt, limits);
  const { items } = fresh;
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
  const merged = items.concat(tail).slice(0, limits.maxItems);
  return {
    ...fresh,
    items: merged,
    complete: list.complete || merged.length >= limits.maxItems,
    nextOffset: Math.max(page.received, list.nextOffset + shift),
  };
}

/** The list after its next page: items already there are not added twice. */
export function appendPage<T, L extends CachedList<T, { kind: string; at: number }>>(
  list: L,
  page: ListPage<T>,
  key: (item: T) => string,
  limits: ListLimits,
): L {
  const seen = new Set(list.items.map(key));
  const added = page.items.filter((item) => !seen.has(key(item)));
  const items = list.items.concat(added).slice(0, limits.maxItems);
  return {
    ...list,
    items,
    complete: page.received < limits.pageSize || items.length >= limits.maxItems,
    nextOffset: list.nextOffset + page.received,
    loading: null,
    error: null,
  };
}
