/**
 * Companion's storage items read and write what WXT's storage items did (members updating keep their
 * data, migrations included), and read nothing until asked.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storage } from 'wxt/utils/storage';
import { defineItem, getValues } from '@/lib/storage/storage-item';

type V1 = { name: string };
type V2 = { name: string; on: boolean };
const toV2 = (value: V1): V2 => ({ ...value, on: true });
let id = 0;
/** A fresh key per test: an item migrates once per context, as WXT's did on its definition. */
const nextKey = (): `local:${string}` => `local:item${++id}`;

describe('storage items', () => {
  beforeEach(() => fakeBrowser.reset());
  afterEach(() => vi.restoreAllMocks());

  it('read a value a WXT item of version 1 stored, migrated to version 2 and marked so', async () => {
    const key = nextKey();
    await storage.defineItem<V1>(key, { fallback: { name: '' }, version: 1 }).setValue({ name: 'ada' });
    const item = defineItem<V2>(key, {
      fallback: { name: '', on: false },
      version: 2,
      migrations: { 2: toV2 },
    });
    expect(await item.getValue()).toEqual({ name: 'ada', on: true });
    expect(await item.getMeta()).toEqual({ v: 2 });
    // And WXT reads what this item left as current.
    const wxt = storage.defineItem<V2>(key, {
      fallback: { name: '', on: false },
      version: 2,
      migrations: { 2: toV2 },
    });
    expect(await wxt.getValue()).toEqual({ name: 'ada', on: true });
  });

  it('mark a migrating item version with its first value, so a later read migrates nothing', async () => {
    const key = nextKey();
    const item = defineItem<V2>(key, {
      fallback: { name: '', on: false },
      version: 2,
      migrations: { 2: toV2 },
    });
    await item.setValue({ name: 'bo', on: false });
    expect(await item.getMeta()).toEqual({ v: 2 });
    expect(await storage.getMeta(key)).toEqual({ v: 2 });
    expect(await item.getValue()).toEqual({ name: 'bo', on: false });
  });

  it('read the fallback while nothing is stored, and null removes the value', async () => {
    const item = defineItem<number | null>(nextKey(), { fallback: null });
    expect(await item.getValue()).toBeNull();
    await item.setValue(3);
    expect(await item.getValue()).toBe(3);
    await item.setValue(null);
    expect(await item.getValue()).toBeNull();
    expect(await fakeBrowser.storage.local.get()).toEqual({});
  });

  it('read nothing when defined: storage is first read when a value is asked for', async () => {
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const item = defineItem<V2>(nextKey(), {
      fallback: { name: '', on: false },
      version: 2,
      migrations: { 2: toV2 },
    });
    expect(get).not.toHaveBeenCalled();
    await item.getValue();
    expect(get).toHaveBeenCalled();
  });

  it('call watchers on changes (the fallback for a removal), not on a write of an equal value', async () => {
    const item = defineItem<V1>(nextKey(), { fallback: { name: '' } });
    const seen: [V1, V1][] = [];
    const unwatch = item.watch((next, previous) => seen.push([next, previous]));
    await item.setValue({ name: 'a' });
    await item.setValue({ name: 'a' });
    await item.removeValue();
    unwatch();
    await item.setValue({ name: 'b' });
    expect(seen).toEqual([
      [{ name: 'a' }, { name: '' }],
      [{ name: '' }, { name: 'a' }],
    ]);
  });

  it('read several items together, one read per area, migrated, fallbacks for what is missing', async () => {
    const [a, b] = [nextKey(), nextKey()];
    await fakeBrowser.storage.local.set({ [a.slice(6)]: { name: 'old' } });
    await fakeBrowser.storage.session.set({ s: 2 });
    const items = [
      defineItem<V2>(a, { fallback: { name: '', on: false }, version: 2, migrations: { 2: toV2 } }),
      defineItem<string>(b, { fallback: 'none' }),
      defineItem<number>('session:s', { fallback: 0 }),
    ];
    await items[0]?.ready();
    const local = vi.spyOn(fakeBrowser.storage.local, 'get');
    const session = vi.spyOn(fakeBrowser.storage.session, 'get');
    expect(await getValues(items)).toEqual([{ name: 'old', on: true }, 'none', 2]);
    expect([local.mock.calls.length, session.mock.calls.length]).toEqual([1, 1]);
  });

  it('read a migrating item with its version in one read per area when there is nothing to migrate', async () => {
    const [current, empty] = [nextKey(), nextKey()];
    await fakeBrowser.storage.local.set({
      [current.slice(6)]: { name: 'new', on: false },
      [`${current.slice(6)}$`]: { v: 2 },
    });
    const options = { fallback: { name: '', on: true }, version: 2, migrations: { 2: toV2 } };
    const items = [defineItem<V2>(current, options), defineItem<V2>(empty, options)];
    const local = vi.spyOn(fakeBrowser.storage.local, 'get');
    expect(await getValues(items)).toEqual([
      { name: 'new', on: false },
      { name: '', on: true },
    ]);
    expect(local.mock.calls.length).toBe(1);
    // The item first written later is marked with its version, as after a migration's own read.
    await items[1]?.setValue({ name: 'ada', on: true });
    expect(await items[1]?.getMeta()).toEqual({ v: 2 });
  });

  it('migrate, then read again, an item stored by an older version and read with others', async () => {
    const key = nextKey();
    await fakeBrowser.storage.local.set({ [key.slice(6)]: { name: 'old' } });
    const item = defineItem<V2>(key, {
      fallback: { name: '', on: false },
      version: 2,
      migrations: { 2: toV2 },
    });
    expect(await getValues([item])).toEqual([{ name: 'old', on: true }]);
    expect(await item.getMeta()).toEqual({ v: 2 });
  });
});
