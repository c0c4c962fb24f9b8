/**
 * The budget of storage.local: the caches' caps, the state items' room and the reserve for the
 * member's words add up to Chrome's quota; every `local:` item of the domains' storage is one of the three; and
 * each cache, written past its cap with maximum-size hostile items, is kept to its cap where it
 * is written (lib/storage/cache-budget.ts), its most recently used part kept.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { CACHES_GIVEN_UP } from '@/lib/composition/caches-given-up';
import { CACHE_BUDGETS, STATE_BYTES, WORDS_RESERVE_BYTES } from '@/lib/composition/storage-budget';
import type { Drafts } from '@/lib/messages/messages-model';
import type { PendingPosts } from '@/lib/messages/pending-posts';
import { MAX_DRAFTS, withDraft } from '@/lib/messages/replies-model';
import { budgetedCache } from '@/lib/storage/cache-budget';
import type { StorageItem } from '@/lib/storage/storage-item';
import { LOCAL_QUOTA_BYTES, storedBytes } from '@/lib/storage/storage-quota';
import { FULL_CACHES, hostileComment } from '@/tests/unit/full-caches';
import { enforceChromeQuota } from '@/tests/unit/quota-storage';
import * as storage from '@/tests/unit/storage-items';

afterEach(() => {
  vi.restoreAllMocks();
  fakeBrowser.reset();
});

/** The member's words: never a cache, never given up. */
const WORDS = ['local:messageDrafts', 'local:messagePendingPosts'];

const localItems = () =>
  (Object.values(storage) as unknown[]).filter(
    (value): value is StorageItem<unknown> =>
      typeof value === 'object' &&
      value !== null &&
      'key' in value &&
      String((value as StorageItem<unknown>).key).startsWith('local:'),
  );

const nameOf = (key: string) => key.slice(key.indexOf(':') + 1);

/** The largest reply box text: 1,000 UTF-16 units (twice the site's 500), each escaping to 6 bytes. */
const WORST_DRAFT = '<'.repeat(1000);

describe('the budget', () => {
  it('adds up to Chrome’s quota, with at least 3.5 MiB kept for drafts and replies being sent', () => {
    const caches = Object.values(CACHE_BUDGETS).reduce((sum, budget) => sum + budget.bytes, 0);
    expect(caches + STATE_BYTES + WORDS_RESERVE_BYTES).toBe(LOCAL_QUOTA_BYTES);
    expect(WORDS_RESERVE_BYTES).toBeGreaterThanOrEqual(3.5 * 1024 * 1024);
  });

  it('keeps room for four members’ worst-case drafts and reply records', () => {
    let drafts: Drafts = {};
    const pending: PendingPosts = {};
    for (let m = 0; m < 4; m++) {
      const username = `member-${m}-${'<'.repeat(20)}`;
      const mine: PendingPosts[string] = {};
      for (let d = 0; d < MAX_DRAFTS; d++) {
        const key = `project:${100_000_000 + d}:${200_000_000 + d}>${300_000_000 + d}`;
        drafts = withDraft(drafts, username, key, WORST_DRAFT, 1_764_000_000_000 + d);
        mine[key] = {
          kind: 'project',
          objectId: 100_000_000 + d,
          commentId: 200_000_000 + d,
          owner: '<'.repeat(20),
          parentId: 200_000_000 + d,
          content: `@${'<'.repeat(20)} ${'<'.repeat(500)}`,
          text: WORST_DRAFT,
          afterId: 400_000_000 + d,
          at: 1_764_000_000_000 + d,
        };
      }
      pending[username] = mine;
    }
    const words = storedBytes('messageDrafts', drafts) + storedBytes('messagePendingPosts', pending);
    expect(words).toBeLessThan(WORDS_RESERVE_BYTES);
  });

  it('covers every storage.local item: a budgeted cache, the member’s words, or small state', async () => {
    const keys = localItems().map((item) => item.key);
    const caches = Object.keys(CACHE_BUDGETS);
    expect(caches.every((key) => keys.includes(key as never))).toBe(true);
    // Caches are given up for words in an order that names each of them.
    expect([...CACHES_GIVEN_UP].sort()).toEqual(caches.map(nameOf).sort());
    for (const key of WORDS) expect(keys).toContain(key);
    // The rest is state: even as members of a busy shared computer leave it, a few KB.
    const state = keys.filter((key) => !caches.includes(key) && !WORDS.includes(key));
    expect(state.length).toBeGreaterThan(0);
    expect(state.filter((key) => /cache|threads|statuses/i.test(key))).toEqual([]);
  });
});

describe('a cache written past its cap with maximum-size hostile items', () => {
  for (const [key, full] of Object.entries(FULL_CACHES)) {
    it(`${key} is kept to its cap, filled, most recent first`, async () => {
      const quota = await enforceChromeQuota();
      const item = localItems().find((candidate) => candidate.key === key) as StorageItem<unknown>;
      const budget = CACHE_BUDGETS[key as keyof typeof CACHE_BUDGETS] as Parameters<typeof budgetedCache>[1];
      const value = full();
      // The full cache is several times its cap: that is what the old code stored.
      expect(storedBytes(nameOf(key), value)).toBeGreaterThan(budget.bytes);
      await budgetedCache(item, budget).set(value);
      const stored = quota.bytesOf(nameOf(key));
      expect(stored).toBeLessThanOrEqual(budget.bytes);
      // Filled: within a maximum-size comment's worth (a few of them, with their addresses) of the cap.
      expect(stored).toBeGreaterThan(budget.bytes - 10 * storedBytes('', hostileComment()));
      expect(quota.refused).toEqual([]);
    });
  }

  it('keeps the signed-in member’s newest messages and the most recently used translations', async () => {
    await enforceChromeQuota();
    await budgetedCache(storage.messagesCacheItem, CACHE_BUDGETS['local:messagesCache']).set(
      FULL_CACHES['local:messagesCache'](),
    );
    const messages = await storage.messagesCacheItem.getValue();
    // The signed-in member's list whole, the next most recent member's newest messages, no one else.
    expect(Object.keys(messages)).toEqual(['demo', 'carol']);
    expect(messages.demo?.list.items).toHaveLength(200);
    const list = messages.carol?.list;
    expect(list?.items[0]?.id).toBe(2_000_000);
    expect(list?.items.length).toBeLessThan(200);
    // It reads on from what it kept.
    expect(list?.complete).toBe(false);
    expect(list?.nextOffset).toBe(list?.items.length);

    const translations = FULL_CACHES['local:translationCache']();
    await budgetedCache(storage.translationCacheItem, CACHE_BUDGETS['local:translationCache']).set(
      translations,
    );
    const kept = await storage.translationCacheItem.getValue();
    const newest = Object.entries(translations).sort(([, a], [, b]) => b.usedAt - a.usedAt);
    expect(Object.keys(kept).sort()).toEqual(
      newest
        .slice(0, Object.keys(kept).length)
        .map(([k]) => k)
        .sort(),
    );
  });
});
