// @vitest-environment happy-dom
/**
 * The popup's opening read: the first-frame script asks for what the previous open read
 * (opening-read.ts), and the app's items take it instead of reading storage themselves
 * (opening-read-handoff.ts), with storage's changes since applied; once only, and never when it is
 * missing, foreign or lacks what is asked for.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { defineMemberOwnedItem } from '@/lib/storage/member-owned-item';
import { defineItem, getValues } from '@/lib/storage/storage-item';
import { OPENING_NAMES_ITEM, OPENING_READ, type StorageApi, startOpeningRead } from './opening-read';
import { takeOpeningRead } from './opening-read-handoff';

const tabItem = defineItem<string>('local:popupTab', { fallback: 'feed' });
const checkedItem = defineItem<boolean>('session:memberChecked', { fallback: false });
const ownerItem = defineItem<{ id: number } | null>('local:member', { fallback: null });
const mutesItem = defineMemberOwnedItem<string[]>('sync:mutes', { fallback: [] }, ownerItem);

/** The page's global scope, as the first-frame script and the app share it. */
let scope: Record<string, unknown>;
const api = () => fakeBrowser.storage as unknown as StorageApi;
const pageStorage = () => localStorage;

/** One popup open: the first-frame script's read, then the app's reads until it renders. */
async function open(read: () => Promise<unknown>) {
  startOpeningRead(scope, pageStorage, api());
  const close = takeOpeningRead(scope, pageStorage);
  const values = await read();
  close();
  return values;
}

const openingReads = () => [getValues([tabItem, checkedItem, ownerItem]), mutesItem.getValue()];

describe('the opening read', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    localStorage.clear();
    scope = {};
    await fakeBrowser.storage.local.set({ popupTab: 'messages', member: { id: 7 } });
    await fakeBrowser.storage.session.set({ memberChecked: true });
    await fakeBrowser.storage.sync.set({ 'mutes.7': ['ann'] });
  });
  afterEach(() => vi.restoreAllMocks());

  it('answers the next open from the names this open read, with no read of its own', async () => {
    // The first open has no list: it reads storage, and keeps what it read.
    expect(await open(() => Promise.all(openingReads()))).toEqual([['messages', true, { id: 7 }], ['ann']]);
    // Each read as it was made: the three items read together, the owner of the mutes, the mutes.
    expect(JSON.parse(localStorage.getItem(OPENING_NAMES_ITEM) ?? '')).toEqual([
      ['local', ['popupTab', 'member']],
      ['session', ['memberChecked']],
      ['local', ['member']],
      ['sync', ['mutes.7']],
    ]);
    const local = vi.spyOn(fakeBrowser.storage.local, 'get');
    const sync = vi.spyOn(fakeBrowser.storage.sync, 'get');
    startOpeningRead(scope, pageStorage, api());
    expect(local).toHaveBeenCalledTimes(2);
    expect(sync).toHaveBeenCalledTimes(1);
    const close = takeOpeningRead(scope, pageStorage);
    expect(await Promise.all(openingReads())).toEqual([['messages', true, { id: 7 }], ['ann']]);
    close();
    // The app's reads were all answered by the first-frame script's.
    expect(local).toHaveBeenCalledTimes(2);
    expect(sync).toHaveBeenCalledTimes(1);
  });

  it("shows what storage holds when the app reads, a change since the script's read included", async () => {
    await open(() => Promise.all(openingReads()));
    startOpeningRead(scope, pageStorage, api());
    await fakeBrowser.storage.local.set({ popupTab: 'explore' });
    await fakeBrowser.storage.session.remove('memberChecked');
    const close = takeOpeningRead(scope, pageStorage);
    expect(await getValues([tabItem, checkedItem])).toEqual(['explore', false]);
    close();
  });

  it('is taken once: after the first render, items read storage', async () => {
    await open(() => Promise.all(openingReads()));
    startOpeningRead(scope, pageStorage, api());
    const close = takeOpeningRead(scope, pageStorage);
    expect(await tabItem.getValue()).toBe('messages');
    close();
    const local = vi.spyOn(fakeBrowser.storage.local, 'get');
    await fakeBrowser.storage.local.set({ popupTab: 'mystuff' });
    expect(await tabItem.getValue()).toBe('mystuff');
    expect(local).toHaveBeenCalled();
    // And a second app in the same page (none should) finds it taken.
    const closeAgain = takeOpeningRead(scope, pageStorage);
    expect(await tabItem.getValue()).toBe('mystuff');
    closeAgain();
    expect(local).toHaveBeenCalledTimes(2);
  });

  it("reads storage for what the script's read lacks: another member signed in since", async () => {
    await open(() => Promise.all(openingReads()));
    await fakeBrowser.storage.local.set({ member: { id: 8 } });
    await fakeBrowser.storage.sync.set({ 'mutes.8': ['bo'] });
    expect(await open(() => Promise.all(openingReads()))).toEqual([['messages', true, { id: 8 }], ['bo']]);
    // The next open reads the new member's own.
    expect(JSON.parse(localStorage.getItem(OPENING_NAMES_ITEM) ?? '')).toContainEqual(['sync', ['mutes.8']]);
  });

  it('reads storage when there is no read to take, a foreign one, or one that failed', async () => {
    await open(() => Promise.all(openingReads()));
    // None: the first-frame script never ran (or had no page storage).
    let close = takeOpeningRead(scope, pageStorage);
    expect(await Promise.all(openingReads())).toEqual([['messages', true, { id: 7 }], ['ann']]);
    close();
    // Foreign: something else under the global's name.
    for (const foreign of [{ reads: [['local', ['popupTab']]] }, 'opening', { reads: {}, log: [] }]) {
      scope = { [OPENING_READ]: foreign };
      close = takeOpeningRead(scope, pageStorage);
      expect(await tabItem.getValue()).toBe('messages');
      close();
    }
    // Failed: the script's read was refused.
    scope = {};
    vi.spyOn(fakeBrowser.storage.local, 'get').mockRejectedValueOnce(new Error('refused'));
    startOpeningRead(scope, pageStorage, api());
    close = takeOpeningRead(scope, pageStorage);
    expect(await tabItem.getValue()).toBe('messages');
    close();
  });

  it('is not started from a damaged list', () => {
    localStorage.setItem(OPENING_NAMES_ITEM, '{"local":');
    startOpeningRead(scope, pageStorage, api());
    expect(scope[OPENING_READ]).toBeUndefined();
  });
});
