/**
 * `follow`, which every content-script feature uses to read storage: what features starting
 * together ask for is read in one round trip per area, each gets its value and later changes, and
 * a follower stops hearing of changes when its signal aborts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { follow } from './follow-stored';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let running: AbortController;

beforeEach(() => {
  fakeBrowser.reset();
  running = new AbortController();
});

afterEach(() => {
  running.abort();
  vi.restoreAllMocks();
});

describe('follow', () => {
  it('reads what followers ask for in one turn with one read per area, and gives each its value', async () => {
    await fakeBrowser.storage.local.set({ count: { count: 3 }, statuses: 'cached' });
    await fakeBrowser.storage.sync.set({ settings: { on: true } });
    const localGet = vi.spyOn(fakeBrowser.storage.local, 'get');
    const syncGet = vi.spyOn(fakeBrowser.storage.sync, 'get');
    const seen: [string, unknown][] = [];
    follow(running.signal, 'local:count', (value) => seen.push(['count A', value]));
    follow(running.signal, 'local:count', (value) => seen.push(['count B', value]));
    follow(running.signal, 'local:statuses', (value) => seen.push(['statuses', value]));
    follow(running.signal, 'sync:settings', (value) => seen.push(['settings', value]));
    follow(running.signal, 'local:missing', (value) => seen.push(['missing', value]));
    await settle();

    expect(localGet).toHaveBeenCalledTimes(1);
    expect(new Set(localGet.mock.calls[0]?.[0] as string[])).toEqual(
      new Set(['count', 'statuses', 'missing']),
    );
    expect(syncGet).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(
      expect.arrayContaining([
        ['count A', { count: 3 }],
        ['count B', { count: 3 }],
        ['statuses', 'cached'],
        ['settings', { on: true }],
        ['missing', undefined],
      ]),
    );
    expect(seen).toHaveLength(5);

    // A follower that starts later gets its own read.
    follow(running.signal, 'local:statuses', (value) => seen.push(['late', value]));
    await settle();
    expect(localGet).toHaveBeenCalledTimes(2);
    expect(seen.at(-1)).toEqual(['late', 'cached']);
  });

  it("hears its key's changes in its area until its signal aborts", async () => {
    const first = new AbortController();
    const heard: [string, unknown][] = [];
    follow(first.signal, 'local:count', (value) => heard.push(['first', value]));
    follow(running.signal, 'local:count', (value) => heard.push(['second', value]));
    follow(running.signal, 'sync:count', (value) => heard.push(['sync', value]));
    await settle();
    heard.length = 0;

    await fakeBrowser.storage.local.set({ count: 7 });
    expect(heard).toEqual([
      ['first', 7],
      ['second', 7],
    ]);

    first.abort();
    await fakeBrowser.storage.local.set({ count: 8 });
    expect(heard.slice(2)).toEqual([['second', 8]]);

    running.abort();
    await fakeBrowser.storage.local.set({ count: 9 });
    expect(heard).toHaveLength(3);
  });

  it('hears every key through one storage listener, removed when the last follower stops', async () => {
    const added = vi.spyOn(fakeBrowser.storage.onChanged, 'addListener');
    const removed = vi.spyOn(fakeBrowser.storage.onChanged, 'removeListener');
    const first = new AbortController();
    const heard: [string, unknown][] = [];
    follow(first.signal, 'local:count', (value) => heard.push(['count', value]));
    follow(running.signal, 'local:statuses', (value) => heard.push(['statuses', value]));
    follow(running.signal, 'sync:settings', (value) => heard.push(['settings', value]));
    await settle();
    heard.length = 0;
    expect(added).toHaveBeenCalledTimes(1);

    await fakeBrowser.storage.local.set({ count: 2, statuses: 'fresh' });
    await fakeBrowser.storage.sync.set({ settings: 'on' });
    expect(heard).toEqual([
      ['count', 2],
      ['statuses', 'fresh'],
      ['settings', 'on'],
    ]);

    first.abort();
    expect(removed).not.toHaveBeenCalled();
    running.abort();
    expect(removed).toHaveBeenCalledTimes(1);
    await fakeBrowser.storage.local.set({ count: 3, statuses: 'later' });
    expect(heard).toHaveLength(3);
  });

  it('gives nothing to a follower whose signal aborted before the read came back', async () => {
    await fakeBrowser.storage.local.set({ count: 1 });
    const gone = new AbortController();
    const heard: unknown[] = [];
    follow(gone.signal, 'local:count', (value) => heard.push(value));
    gone.abort();
    await settle();
    expect(heard).toEqual([]);
  });
});
