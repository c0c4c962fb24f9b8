/**
 * Paged lists: every list endpoint takes `limit` (1 to 40, default 20) and `offset`. Each paged
 * endpoint of the client is a `PagedList`: `list(params, page)` reads one page (`listPage` also
 * gives how many items were sent and how many were dropped as malformed), `iterate(params)`
 * walks pages of 40 until a short page or the cap (1,000 items by default, so a runaway walk cannot
 * hammer the service).
 */
import type { ParsedList } from './http';

export const MAX_PAGE_SIZE = 40;
export const DEFAULT_ITERATE_CAP = 1000;

export interface Page {
  /** 1 to 40 (clamped); the service's default is 20. */
  limit?: number;
  /** Zero-based. */
  offset?: number;
}

export interface IterateOptions {
  /** Items per request, 1 to 40 (default 40). */
  pageSize?: number;
  /** Stop after this many items (default 1,000). */
  maxItems?: number;
  /** Start here (default 0). */
  offset?: number;
}

export interface PagedList<P, T> {
  /** One page's valid items. */
  list(params: P, page?: Page): Promise<T[]>;
  /**
   * One page with its counts: how many items the service sent and how many were dropped as
   * malformed (already logged once for the page by the HTTP layer), for callers that show or track them.
   */
  listPage(params: P, page?: Page): Promise<ParsedList<T>>;
  iterate(params: P, options?: IterateOptions): AsyncGenerator<T, void, undefined>;
}

/** Normalises a page request into valid query values. */
export function normalizePage(page: Page = {}): { limit: number | undefined; offset: number | undefined } {
  const limit =
    page.limit === undefined ? undefined : Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(page.limit)));
  const offset = page.offset === undefined ? undefined : Math.max(0, Math.trunc(page.offset));
  return { limit, offset };
}

export function pagedList<P, T>(
  fetchPage: (
    params: P,
    page: { limit: number | undefined; offset: number | undefined },
  ) => Promise<ParsedList<T>>,
  defaultCap: number = DEFAULT_ITERATE_CAP,
): PagedList<P, T> {
  return {
    async list(params, page) {
      return (await fetchPage(params, normalizePage(page))).items;
    },
    listPage(params, page) {
      return fetchPage(params, normalizePage(page));
    },
    async *iterate(params, options = {}) {
      const pageSize = normalizePage({ limit: options.pageSize ?? MAX_PAGE_SIZE }).limit ?? MAX_PAGE_SIZE;
      const cap = Math.max(0, options.maxItems ?? defaultCap);
      let offset = normalizePage({ offset: options.offset ?? 0 }).offset ?? 0;
      let yielded = 0;
      while (yielded < cap) {
        const limit = Math.min(pageSize, cap - yielded);
        const page = await fetchPage(params, { limit, offset });
        for (const item of page.items) {
          if (yielded >= cap) return;
          yield item;
          yielded++;
        }
        // A page that came back full may have a successor; a short one is the last. Count what the
        // service sent (dropped items included) so offsets stay aligned.
        if (page.received < limit) return;
        offset += page.received;
      }
    },
  };
}
