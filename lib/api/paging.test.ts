import { describe, expect, it } from 'vitest';
import type { ParsedList } from './http';
import { normalizePage, pagedList } from './paging';

/** A list of `total` numbers served like the service does, recording the pages asked for. */
function fakeEndpoint(total: number, options: { dropEvery?: number } = {}) {
  const asked: { limit: number | undefined; offset: number | undefined }[] = [];
  const list = pagedList<{ name: string }, number>(async (_params, page) => {
    asked.push(page);
    const limit = page.limit ?? 20;
    const offset = page.offset ?? 0;
    const all = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => offset + i);
    const items = options.dropEvery ? all.filter((n) => n % (options.dropEvery as number) !== 0) : all;
    const result: ParsedList<number> = { items, received: all.length, dropped: all.length - items.length };
    return result;
  });
  return { list, asked };
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe('paged lists', () => {
  it('walks pages of 40 until a short page', async () => {
    const { list, asked } = fakeEndpoint(95);
    const items = await collect(list.iterate({ name: 'x' }));
    expect(items).toEqual(Array.from({ length: 95 }, (_, i) => i));
    expect(asked).toEqual([
      { limit: 40, offset: 0 },
      { limit: 40, offset: 40 },
      { limit: 40, offset: 80 },
    ]);
  });

  it('stops at the cap without asking for more than it needs', async () => {
    const { list, asked } = fakeEndpoint(10_000);
    const items = await collect(list.iterate({ name: 'x' }, { maxItems: 100 }));
    expect(items).toHaveLength(100);
    expect(asked.map((p) => p.limit)).toEqual([40, 40, 20]);
  });

  it('caps an endless list at 1,000 items by default', async () => {
    const { list, asked } = fakeEndpoint(1_000_000);
    expect(await collect(list.iterate({ name: 'x' }))).toHaveLength(1000);
    expect(asked).toHaveLength(25);
  });

  it('keeps offsets aligned when malformed items were dropped from a page', async () => {
    const { list, asked } = fakeEndpoint(90, { dropEvery: 7 });
    const items = await collect(list.iterate({ name: 'x' }));
    expect(items).toEqual(Array.from({ length: 90 }, (_, i) => i).filter((n) => n % 7 !== 0));
    expect(asked.map((p) => p.offset)).toEqual([0, 40, 80]);
  });

  it('tells how many malformed items a page dropped, beside the valid ones', async () => {
    const { list, asked } = fakeEndpoint(90, { dropEvery: 7 });
    const page = await list.listPage({ name: 'x' }, { limit: 100, offset: 40 });
    expect(asked).toEqual([{ limit: 40, offset: 40 }]);
    expect(page.received).toBe(40);
    expect(page.dropped).toBe(6);
    expect(page.items).toEqual(Array.from({ length: 40 }, (_, i) => 40 + i).filter((n) => n % 7 !== 0));
    // `list` stays as it was: the valid items only.
    expect(await list.list({ name: 'x' }, { limit: 40, offset: 40 })).toEqual(page.items);
  });

  it('an empty list costs one request', async () => {
    const { list, asked } = fakeEndpoint(0);
    expect(await collect(list.iterate({ name: 'x' }))).toEqual([]);
    expect(asked).toHaveLength(1);
  });

  it('clamps limit to 1..40 and offset to 0 or more', () => {
    expect(normalizePage({ limit: 100, offset: -3 })).toEqual({ limit: 40, offset: 0 });
    expect(normalizePage({ limit: 0 })).toEqual({ limit: 1, offset: undefined });
    expect(normalizePage()).toEqual({ limit: undefined, offset: undefined });
  });
});
