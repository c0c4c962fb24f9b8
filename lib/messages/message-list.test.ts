/**
 * The messages list through the service: read once per freshness window, shared by callers, kept
 * per member, nothing read for a member without a cached list when only a cached one is asked for;
 * next pages by 40, failures kept beside the items, nothing asked before a 429's Retry-After.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { RateLimited } from '@/lib/api/errors';
import { deferred } from '@/tests/unit/deferred';
import { WAIT } from '@/tests/unit/wait';
import { message, setup } from './fake-messages-ports';
import { MESSAGES_FRESH_MS } from './messages-model';

afterEach(() => {
  fakeBrowser.reset();
});

describe('the list', () => {
  it('is read once per freshness window, shared by callers, and kept per member', async () => {
    const { service, calls, ports, tick, signIn } = setup();
    await Promise.all([service.refresh(), service.refresh()]);
    expect(calls).toEqual(['messages@0']);
    await service.refresh();
    expect(calls).toHaveLength(1);
    tick(MESSAGES_FRESH_MS);
    await service.refresh();
    expect(calls).toHaveLength(2);
    expect(ports.cache.value).toMatchObject({ demo: { list: { items: [{ id: 3 }, { id: 2 }, { id: 1 }] } } });
    // A change of count re-reads only a list the member has.
    signIn({ id: 9, username: 'other' });
    await service.refresh({ force: true, onlyIfCached: true });
    expect(calls).toHaveLength(2);
    signIn(null);
    await service.refresh({ force: true });
    expect(calls).toHaveLength(2);
  });

  it('keeps the lists of members named like an object prototype’s properties across a restart', async () => {
    const { service, ports, signIn, restart } = setup();
    for (const [id, username] of [
      [8, '__proto__'],
      [9, 'constructor'],
    ] as const) {
      signIn({ id, username });
      await service.refresh();
    }
    // A worker stopped mid-read: both lists loading (own entries, as storage reads them back).
    ports.cache.value = JSON.parse(
      JSON.stringify(ports.cache.value, (key, value) =>
        key === 'list' ? { ...value, loading: 'refresh' } : value,
      ),
    );
    await restart().start();
    const cache = ports.cache.value as Record<string, { list: { loading: unknown; items: unknown[] } }>;
    expect(Object.keys(cache).sort()).toEqual(['__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(cache, '__proto__')?.value.list).toMatchObject({
      loading: null,
      items: [{ id: 3 }, { id: 2 }, { id: 1 }],
    });
  });

  it('reads the next page from where the list ends, and keeps the items beside a failure', async () => {
    const { service, api, calls, ports, tick } = setup();
    api.messagesPage.mockImplementation(async (_u, page) => {
      calls.push(`messages@${page.offset}`);
      const first = 100 - page.offset;
      return { items: Array.from({ length: 40 }, (_, i) => message(first - i)), received: 40 };
    });
    await service.refresh();
    await service.loadMore();
    expect(calls).toEqual(['messages@0', 'messages@40']);
    expect(ports.cache.value).toMatchObject({ demo: { list: { nextOffset: 80, loading: null } } });
    api.messagesPage.mockRejectedValueOnce(new RateLimited('Slow down.', { retryAfterMs: 5000 }));
    tick(MESSAGES_FRESH_MS);
    await service.refresh();
    const list = (ports.cache.value as Record<string, { list: { items: unknown[]; error: unknown } }>).demo
      ?.list;
    expect(list?.items).toHaveLength(80);
    expect(list?.error).toMatchObject({ kind: 'rate-limited', retryAfterMs: 5000 });
    // Nothing is asked again, forced or not, before the service's Retry-After has passed.
    await service.refresh({ force: true });
    await service.loadMore();
    expect(api.messagesPage).toHaveBeenCalledTimes(3);
    tick(5000);
    await service.refresh({ force: true });
    expect(api.messagesPage).toHaveBeenCalledTimes(4);
  });
});

describe('the newest messages (the count after mutes, the notifier)', () => {
  /** A site of `total` messages, ids total..1 newest first, paged by 40. */
  function site(api: ReturnType<typeof setup>['api'], calls: string[], total: () => number) {
    api.messagesPage.mockImplementation(async (_u, page) => {
      calls.push(`messages@${page.offset}`);
      const ids = Array.from({ length: total() }, (_, i) => total() - i).slice(page.offset, page.offset + 40);
      return { items: ids.map(message), received: ids.length };
    });
  }
  const ids = (messages: { id: number }[] | null) => messages?.map((m) => m.id);

  it('come from the Messages tab’s cache when it was read since, with no read', async () => {
    const { service, api, calls, ports } = setup();
    site(api, calls, () => 50);
    await service.refresh();
    const readAt = ports.now();
    expect(ids(await service.newest('demo', 3, readAt))).toEqual([50, 49, 48]);
    expect(calls).toEqual(['messages@0']);
  });

  it('a count grown by a few: one first-page read merged into the cache, never all pages again', async () => {
    const { service, api, calls, ports, tick } = setup();
    let total = 100;
    site(api, calls, () => total);
    await service.refresh();
    await service.loadMore();
    expect(calls).toEqual(['messages@0', 'messages@40']);
    total = 103;
    tick(1000);
    expect(ids(await service.newest('demo', 45, ports.now()))).toEqual(
      Array.from({ length: 45 }, (_, i) => 103 - i),
    );
    expect(calls).toEqual(['messages@0', 'messages@40', 'messages@0']);
    // The popup's Messages tab opens on those (the cache holds them, read now).
    const cached = (ports.cache.value as Record<string, { list: { items: unknown[]; readAt: number } }>).demo;
    expect(cached?.list.items).toHaveLength(83);
    expect(cached?.list.readAt).toBe(ports.now());
  });

  it('read page after page up to what is asked (at most 200), shared with the popup’s refresh', async () => {
    const { service, api, calls } = setup();
    site(api, calls, () => 500);
    const [newest] = await Promise.all([service.newest('demo', 90, 0), service.refresh({ force: true })]);
    expect(ids(newest)).toHaveLength(90);
    expect(calls).toEqual(['messages@0', 'messages@40', 'messages@80']);
    expect(await service.newest('demo', 500, 0)).toHaveLength(200);
    expect(calls).toHaveLength(5);
  });

  /**
   * The popup's Messages tab refreshes; its read goes out; a message arrives; the count is read
   * (one more); the popup's answer comes after that reading, without the new message.
   */
  function popupReadOvertaken() {
    const { service, api, calls, ports, tick } = setup();
    let total = 10;
    const popupsAnswer = deferred<void>();
    api.messagesPage.mockImplementation(async (_u, page) => {
      calls.push(`messages@${page.offset}`);
      // What the site holds when the request arrives.
      const held = Array.from({ length: total }, (_, i) => total - i).slice(page.offset, page.offset + 40);
      if (calls.length === 1) await popupsAnswer.promise;
      return { items: held.map(message), received: held.length };
    });
    const popup = service.refresh({ force: true });
    const arrive = async () => {
      await vi.waitFor(() => expect(calls).toHaveLength(1), WAIT);
      total = 11;
      tick(100);
      const countReadAt = ports.now();
      tick(100);
      return countReadAt;
    };
    const answerPopup = async () => {
      popupsAnswer.resolve();
      await popup;
    };
    return { service, calls, arrive, answerPopup };
  }

  it('are not answered by a read that went out before the count’s reading, even one landing after it', async () => {
    const { service, calls, arrive, answerPopup } = popupReadOvertaken();
    const countReadAt = await arrive();
    const newest = service.newest('demo', 11, countReadAt);
    await answerPopup();
    expect(ids(await newest)?.[0]).toBe(11);
    expect(calls).toEqual(['messages@0', 'messages@0']);
  });

  it('are not taken from a list whose read went out before the count’s reading, though it landed after', async () => {
    const { service, calls, arrive, answerPopup } = popupReadOvertaken();
    const countReadAt = await arrive();
    await answerPopup();
    expect(ids(await service.newest('demo', 11, countReadAt))?.[0]).toBe(11);
    expect(calls).toEqual(['messages@0', 'messages@0']);
  });

  it('share a read that went out after the count’s reading: one read for the notifier and the count', async () => {
    const { service, api, calls, ports, tick } = setup();
    site(api, calls, () => 12);
    await service.refresh();
    tick(1000);
    const countReadAt = ports.now();
    const [forNotifier, forCount] = await Promise.all([
      service.newest('demo', 12, countReadAt),
      service.newest('demo', 12, countReadAt),
    ]);
    expect(ids(forNotifier)?.[0]).toBe(12);
    expect(ids(forCount)?.[0]).toBe(12);
    expect(calls).toEqual(['messages@0', 'messages@0']);
  });

  it('are null when they could not be read, or for someone else than the member', async () => {
    const { service, api, calls, ports, tick } = setup();
    site(api, calls, () => 10);
    api.messagesPage.mockRejectedValueOnce(new Error('offline'));
    expect(await service.newest('demo', 3, 0)).toBeNull();
    expect(await service.newest('alice', 3, 0)).toBeNull();
    expect(ids(await service.newest('demo', 20, 0))).toHaveLength(10);
    // A cache older than asked for and a read that fails: not the old items.
    tick(1000);
    api.messagesPage.mockRejectedValueOnce(new Error('offline'));
    expect(await service.newest('demo', 3, ports.now())).toBeNull();
  });
});
