import { describe, expect, it } from 'vitest';
import { RateLimited } from '@/lib/api/errors';
import { deferred } from '@/tests/unit/deferred';
import { appendPage, type CachedList, type ListPage, mergeFirstPage } from './cached-list';
import { listErrorOf } from './list-error';
import { createListReads, type ListSlot } from './list-reads';

const limits = { pageSize: 2, maxItems: 10 };
const key = (item: number) => String(item);

/** One stored list, its reads counted; `answer` decides each read's outcome. */
function setup(options: { readOnAfterRefresh?: boolean } = {}) {
  const state = {
    now: 1000,
    stored: null as CachedList<number> | null,
    reads: [] as number[],
    belongs: true,
    answer: (offset: number): Promise<ListPage<number>> =>
      Promise.resolve({ items: [offset + 1, offset + 2], received: 2 }),
  };
  const reads = createListReads({ now: () => state.now, errorOf: listErrorOf, name: 'test', ...options });
  const write = async (change: (list: CachedList<number>) => CachedList<number>) => {
    state.stored = change(
      state.stored ?? { items: [], readAt: 0, complete: false, nextOffset: 0, loading: null, error: null },
    );
  };
  const slot: ListSlot<CachedList<number>, ListPage<number>> = {
    key: 'k',
    pageSize: limits.pageSize,
    get: async () => state.stored,
    fresh: (readAt) => state.now - readAt < 60_000,
    read: ({ offset }) => {
      state.reads.push(offset);
      return state.answer(offset);
    },
    first: (list, page, readAt) => mergeFirstPage(list, page, key, readAt, limits),
    next: (list, page) => appendPage(list, page, key, limits),
    mark: write,
    land: async (change) => {
      if (state.belongs) await write(change);
    },
  };
  return { state, reads, slot };
}

describe('createListReads', () => {
  it('reads a list never read, then not again while it is fresh (unless forced)', async () => {
    const { state, reads, slot } = setup();
    await reads.refresh(slot);
    expect(state.stored).toMatchObject({ items: [1, 2], readAt: 1000, loading: null, nextOffset: 2 });
    state.now += 59_999;
    await reads.refresh(slot);
    expect(state.reads).toEqual([0]);
    await reads.refresh(slot, { force: true });
    expect(state.reads).toEqual([0, 0]);
  });

  it('shares one read in flight between callers, the loading mark written meanwhile', async () => {
    const { state, reads, slot } = setup();
    const gate = deferred<ListPage<number>>();
    state.answer = () => gate.promise;
    const calls = [reads.refresh(slot), reads.refresh(slot), reads.loadMore(slot)];
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(state.stored?.loading).toBe('refresh');
    gate.resolve({ items: [1, 2], received: 2 });
    await Promise.all(calls);
    expect(state.reads).toEqual([0]);
  });

  it('dates a list by when its read went out; a refresh sent before `sentAfter` answers no one asking so', async () => {
    const { state, reads, slot } = setup();
    const first = deferred<ListPage<number>>();
    const second = deferred<ListPage<number>>();
    state.answer = () => first.promise;
    const early = reads.refresh(slot);
    await new Promise((resolve) => setTimeout(resolve, 0));
    state.now += 100;
    const joined = reads.refresh(slot, { force: true });
    const late = reads.refresh(slot, { force: true, sentAfter: state.now });
    state.answer = () => second.promise;
    state.now += 100;
    first.resolve({ items: [1, 2], received: 2 });
    await Promise.all([early, joined]);
    // Answered at 1200, sent at 1000.
    expect(state.stored).toMatchObject({ items: [1, 2], readAt: 1000 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    state.now += 100;
    second.resolve({ items: [7, 8], received: 2 });
    await late;
    expect(state.reads).toEqual([0, 0]);
    expect(state.stored).toMatchObject({ items: [7, 8], readAt: 1200 });
    // A refresh sent at or after `sentAfter` is shared.
    const third = deferred<ListPage<number>>();
    state.answer = () => third.promise;
    const next = reads.refresh(slot, { force: true });
    const alongside = reads.refresh(slot, { force: true, sentAfter: state.now });
    third.resolve({ items: [9, 10], received: 2 });
    await Promise.all([next, alongside]);
    expect(state.reads).toEqual([0, 0, 0]);
  });

  it('reads on after a refresh when the list asks for it', async () => {
    const { state, reads, slot } = setup({ readOnAfterRefresh: true });
    await Promise.all([reads.refresh(slot), reads.loadMore(slot)]);
    expect(state.reads).toEqual([0, 2]);
    expect(state.stored?.items).toEqual([1, 2, 3, 4]);
  });

  it('keeps the items beside a failure, and asks nothing before the Retry-After has passed', async () => {
    const { state, reads, slot } = setup();
    await reads.refresh(slot);
    state.answer = () => Promise.reject(new RateLimited('slow down', { retryAfterMs: 5000 }));
    await reads.refresh(slot, { force: true });
    expect(state.stored).toMatchObject({ items: [1, 2], loading: null, error: { kind: 'rate-limited' } });
    state.now += 4999;
    await reads.refresh(slot, { force: true });
    await reads.loadMore(slot);
    expect(state.reads).toEqual([0, 0]);
    state.now += 1;
    await reads.loadMore(slot);
    expect(state.reads).toEqual([0, 0, 2]);
  });

  it('drops a next page that no longer follows the list', async () => {
    const { state, reads, slot } = setup();
    await reads.refresh(slot);
    const gate = deferred<ListPage<number>>();
    state.answer = () => gate.promise;
    const more = reads.loadMore(slot);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // A refresh by another reader started the list over meanwhile.
    state.stored = { ...(state.stored as CachedList<number>), items: [9], nextOffset: 1 };
    gate.resolve({ items: [3, 4], received: 2 });
    await more;
    expect(state.stored).toMatchObject({ items: [9], nextOffset: 1, loading: null });
  });

  it('reads no next page of a list never read or complete', async () => {
    const { state, reads, slot } = setup();
    await reads.loadMore(slot);
    state.answer = () => Promise.resolve({ items: [1], received: 1 });
    await reads.refresh(slot);
    await reads.loadMore(slot);
    expect(state.reads).toEqual([0]);
  });

  it('writes no outcome where the list no longer belongs', async () => {
    const { state, reads, slot } = setup();
    state.answer = async (offset) => {
      state.belongs = false;
      return { items: [offset + 1], received: 2 };
    };
    await reads.refresh(slot);
    expect(state.stored).toMatchObject({ items: [], loading: 'refresh' });
  });
});
