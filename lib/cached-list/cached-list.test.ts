import { describe, expect, it } from 'vitest';
import {
  appendPage,
  type CachedList,
  DEFAULT_RATE_LIMIT_WAIT_MS,
  emptyList,
  firstPageOnly,
  mergeFirstPage,
  rateLimitedUntil,
} from './cached-list';

const limits = { pageSize: 3, maxItems: 5 };
const key = (item: number) => String(item);
const page = (items: number[], received = items.length) => ({ items, received });
const list = (items: number[], more: Partial<CachedList<number>> = {}): CachedList<number> => ({
  ...emptyList<number>(),
  items,
  readAt: 1,
  nextOffset: items.length,
  ...more,
});

describe('firstPageOnly', () => {
  it('is complete on a short page, and counts what the service sent for the next offset', () => {
    expect(firstPageOnly(page([1, 2], 3), 9, limits)).toEqual({
      items: [1, 2],
      readAt: 9,
      complete: false,
      nextOffset: 3,
      loading: null,
      error: null,
    });
    expect(firstPageOnly(page([1]), 9, limits).complete).toBe(true);
  });
});

describe('mergeFirstPage', () => {
  it('keeps later pages that the new first page joins seamlessly', () => {
    // 0 is new: every old item moved one place down.
    const merged = mergeFirstPage(list([1, 2, 3, 4], { nextOffset: 4 }), page([0, 1, 2]), key, 9, limits);
    expect(merged.items).toEqual([0, 1, 2, 3, 4]);
    expect(merged.nextOffset).toBe(5);
    expect(merged.complete).toBe(true);
    expect(merged.readAt).toBe(9);
    expect(merged.error).toBeNull();
  });

  it('starts over when the new page does not join the old items, or would show an item twice', () => {
    expect(mergeFirstPage(list([1, 2, 3, 4]), page([7, 8, 9]), key, 9, limits).items).toEqual([7, 8, 9]);
    expect(mergeFirstPage(list([1, 2, 3, 4]), page([4, 5, 1]), key, 9, limits).items).toEqual([4, 5, 1]);
  });

  it('takes a short page as the whole list', () => {
    expect(mergeFirstPage(list([1, 2, 3, 4]), page([1]), key, 9, limits)).toMatchObject({
      items: [1],
      complete: true,
    });
  });
});

describe('appendPage', () => {
  it('adds the next page without items already there, and clears the loading mark and the error', () => {
    const before = list([1, 2, 3], { loading: 'more', error: { kind: 'offline', at: 1 } });
    expect(appendPage(before, page([3, 4, 5]), key, limits)).toEqual({
      ...before,
      items: [1, 2, 3, 4, 5],
      complete: true,
      nextOffset: 6,
      loading: null,
      error: null,
    });
  });

  it('keeps what a list adds to the shape (a view list’s order, say)', () => {
    const before = { ...list([1, 2, 3]), order: 'oldest' as const };
    expect(appendPage(before, page([4], 3), key, limits).order).toBe('oldest');
  });
});

describe('rateLimitedUntil', () => {
  it('waits the Retry-After the service asked for, or a default without one', () => {
    expect(rateLimitedUntil({ kind: 'rate-limited', at: 100, retryAfterMs: 5 })).toBe(105);
    expect(rateLimitedUntil({ kind: 'rate-limited', at: 100 })).toBe(100 + DEFAULT_RATE_LIMIT_WAIT_MS);
    expect(rateLimitedUntil({ kind: 'offline', at: 100 })).toBe(0);
    expect(rateLimitedUntil(null)).toBe(0);
  });
});
