/**
 * Drafts survive a full disk. The fake browser's storage.local enforces Chrome's quota the way
 * Chrome counts it (tests/unit/quota-storage.ts), and every cache is filled with maximum-size
 * hostile items (tests/unit/full-caches.ts):
 *
 * - written as the background writes them (lib/storage/cache-budget.ts), each cache stops at its cap, and
 *   the room left takes the member's draft (the popup's own save) and the record of their reply
 *   (the messages service as the background wires it, lib/messages/messages-background.ts), whose
 *   post reaches the sandbox over HTTP;
 * - storage full to the last byte with caches (as a version without caps left it), a draft is
 *   still saved: caches are given up for it, the most expendable first, and nothing else.
 *
 * The reply box's sentence when even that is not enough is in entrypoints/popup/messages/ReplyBox.test.tsx.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { draftsSaved, saveDraft } from '@/entrypoints/popup/messages/drafts';
import { CACHES_GIVEN_UP } from '@/lib/composition/caches-given-up';
import { CACHE_BUDGETS, STATE_BYTES } from '@/lib/composition/storage-budget';
import { siteProfiles } from '@/lib/config';
import { registerMessages } from '@/lib/messages/messages-background';
import { threadKey } from '@/lib/messages/messages-model';
import { draftKey, draftOf, withDraft } from '@/lib/messages/replies-model';
import { budgetedCache, fitToBudget } from '@/lib/storage/cache-budget';
import type { StorageItem } from '@/lib/storage/storage-item';
import { LOCAL_QUOTA_BYTES, storedBytes } from '@/lib/storage/storage-quota';
import { DEMO_USERNAME, type RunningSandbox } from '@/sandbox/index';
import { FULL_CACHES, hostileText } from '@/tests/unit/full-caches';
import { enforceChromeQuota, type QuotaStorage } from '@/tests/unit/quota-storage';
import * as storage from '@/tests/unit/storage-items';
import { signIn, startTestSandbox, wire } from './harness';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
  fakeBrowser.reset();
});

type CacheKey = keyof typeof FULL_CACHES;
const CACHE_KEYS = Object.keys(FULL_CACHES) as CacheKey[];
const nameOf = (key: string) => key.slice(key.indexOf(':') + 1);
const itemOf = (key: CacheKey) =>
  (Object.values(storage) as unknown[]).find(
    (value) => (value as StorageItem<unknown> | null)?.key === key,
  ) as StorageItem<unknown>;
const budgetOf = (key: CacheKey) => CACHE_BUDGETS[key] as Parameters<typeof budgetedCache>[1];

/** A reply of the site's maximum length with its mention, at its costliest. */
const replyText = (seed: number) => hostileText(480, seed);

/**
 * The messages service as the background wires it (lib/messages/messages-background.ts: once per
 * context, as the background does), signed in as demo on the sandbox, with a project comment's
 * conversation open.
 */
async function messagesOnSandbox() {
  wired ??= registerOnSandbox();
  const { service, store, demo } = await wired;
  const project = store
    .projects()
    .find((p) => p.isShared && store.topLevelComments('project', p.id).length > 0);
  const top = project && store.topLevelComments('project', project.id)[0];
  if (project === undefined || top === undefined) throw new Error('no commented project in the seed');
  await service.openThread('project', project.id, top.id);
  return { service, store, demo, project, top };
}

let wired: ReturnType<typeof registerOnSandbox> | undefined;

async function registerOnSandbox() {
  // The fake browser has no rules of requests (the site's Referer on writes): not needed here.
  vi.spyOn(fakeBrowser.declarativeNetRequest, 'updateSessionRules').mockResolvedValue(undefined);
  const w = wire(sandbox);
  await signIn(sandbox, w.jar, DEMO_USERNAME);
  const store = sandbox.control.store;
  const demo = store.getUser(DEMO_USERNAME);
  if (demo === undefined) throw new Error('no demo member in the seed');
  const profile = { ...siteProfiles.local, site: sandbox.urls.site, api: sandbox.urls.api };
  const service = registerMessages({
    profile,
    api: w.api,
    member: async () => ({ id: demo.id, username: DEMO_USERNAME }),
    cachesGivenUp: CACHES_GIVEN_UP,
  });
  return { service, store, demo };
}

describe('every cache filled to its cap, as the background writes them', () => {
  it('leaves room: the draft is saved, the reply’s record written, and the reply reaches the site', async () => {
    const quota = await enforceChromeQuota();
    // The member's state and settings, as a member who has used Companion has them.
    await storage.memberItem.setValue({ id: 1, username: DEMO_USERNAME, avatarUrl: '' });
    await storage.popupTabItem.setValue('messages');
    for (const key of CACHE_KEYS) await budgetedCache(itemOf(key), budgetOf(key)).set(FULL_CACHES[key]());
    expect(quota.refused).toEqual([]);
    const caches = CACHE_KEYS.reduce((sum, key) => sum + quota.bytesOf(nameOf(key)), 0);
    const caps = CACHE_KEYS.reduce((sum, key) => sum + budgetOf(key).bytes, 0);
    // Filled: each within a few hostile items of its cap (lib/composition/storage-budget.test.ts checks each).
    expect(caches).toBeGreaterThan(caps - 6 * 30_000);
    expect(quota.bytesInUse() - caches).toBeLessThan(STATE_BYTES);

    const { service, store, demo, project, top } = await messagesOnSandbox();

    // The popup saves the draft as it is typed.
    const key = draftKey(threadKey('project', project.id, top.id), top.id);
    const text = replyText(3);
    await saveDraft(DEMO_USERNAME, key, text);
    await draftsSaved();
    expect(draftOf(await storage.messageDraftsItem.getValue(), DEMO_USERNAME, key)).toBe(text);

    const outcome = await service.reply({
      member: DEMO_USERNAME,
      kind: 'project',
      objectId: project.id,
      commentId: top.id,
      repliedId: top.id,
      text,
    });
    expect(outcome).toMatchObject({ ok: true });
    expect(quota.written).toContain('messagePendingPosts');
    expect(
      store.replies(top.id).filter((reply) => reply.authorId === demo.id && reply.content.endsWith(text)),
    ).toHaveLength(1);
    // Posted: the draft goes.
    expect(draftOf(await storage.messageDraftsItem.getValue(), DEMO_USERNAME, key)).toBe('');
    expect(quota.refused).toEqual([]);
    expect(quota.bytesInUse()).toBeLessThanOrEqual(LOCAL_QUOTA_BYTES);
  });
});

/**
 * Fills storage to 20 bytes of the quota with caches, as a version without caps could leave it
 * (the conversations opened so far kept among them).
 */
async function fillToTheBrim(quota: QuotaStorage): Promise<Record<string, number>> {
  // Every cache takes a share of what is left, the most valuable first.
  const order = [...CACHES_GIVEN_UP].reverse();
  const opened = await storage.messageThreadsItem.getValue();
  for (const [index, name] of order.entries()) {
    const key = `local:${name}` as CacheKey;
    const room = LOCAL_QUOTA_BYTES - quota.bytesInUse() - 20;
    const full: unknown = FULL_CACHES[key]();
    if (name === 'messageThreads') {
      const threads = full as Awaited<ReturnType<typeof storage.messageThreadsItem.getValue>>;
      for (const [member, mine] of Object.entries(opened)) threads[member] = { ...threads[member], ...mine };
    }
    const value = fitToBudget(name, full, {
      ...budgetOf(key),
      bytes: Math.floor(room / (order.length - index)),
    });
    await fakeBrowser.storage.local.set({ [name]: value });
  }
  // What a cache could not fill to the byte, small state fills (what the popup last saw).
  const filler = { demo: '' };
  filler.demo = 'x'.repeat(LOCAL_QUOTA_BYTES - quota.bytesInUse() - storedBytes('feedSeen', filler) - 20);
  await storage.feedSeenItem.setValue(filler);
  expect(quota.refused).toEqual([]);
  expect(LOCAL_QUOTA_BYTES - quota.bytesInUse()).toBe(20);
  const caches = Object.fromEntries(CACHES_GIVEN_UP.map((name) => [name, quota.bytesOf(name)]));
  expect(Object.values(caches).every((bytes) => bytes > 1_000_000)).toBe(true);
  return caches;
}

describe('storage full to the last byte with caches (as a version without caps left it)', () => {
  it('a draft is saved: caches are given up for it, the most expendable first, and nothing else', async () => {
    const quota = await enforceChromeQuota();
    await storage.memberItem.setValue({ id: 1, username: DEMO_USERNAME, avatarUrl: '' });
    await storage.messagesFilterItem.setValue('comments');
    // Another member's draft: their words too.
    const theirs = withDraft({}, 'carol', 'project:1:2>2', replyText(5), 1_764_000_000_000);
    await storage.messageDraftsItem.setValue(theirs);
    const before = await fillToTheBrim(quota);

    const key = draftKey(threadKey('project', 5, 12), 12);
    const text = replyText(8);
    await saveDraft(DEMO_USERNAME, key, text);

    const drafts = await storage.messageDraftsItem.getValue();
    expect(draftOf(drafts, DEMO_USERNAME, key)).toBe(text);
    expect(draftOf(drafts, 'carol', 'project:1:2>2')).toBe(replyText(5));
    expect(await storage.memberItem.getValue()).toMatchObject({ username: DEMO_USERNAME });
    expect(await storage.messagesFilterItem.getValue()).toBe('comments');
    // One cache was enough, and it was the most expendable (public explore pages).
    const after = Object.fromEntries(CACHES_GIVEN_UP.map((name) => [name, quota.bytesOf(name)]));
    expect(after).toEqual({ ...before, exploreCache: 0 });
  });

  it('a reply is posted: its record is written once caches are given up, and it reaches the site', async () => {
    const quota = await enforceChromeQuota();
    const { service, store, demo, project, top } = await messagesOnSandbox();
    const key = draftKey(threadKey('project', project.id, top.id), top.id);
    const text = replyText(9);
    await saveDraft(DEMO_USERNAME, key, text);
    await fillToTheBrim(quota);

    const outcome = await service.reply({
      member: DEMO_USERNAME,
      kind: 'project',
      objectId: project.id,
      commentId: top.id,
      repliedId: top.id,
      text,
    });
    // The whole outcome in the message: a failure's error says why (Vitest's diff elides it).
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
    expect(quota.refused).toContain('messagePendingPosts');
    expect(quota.written).toContain('messagePendingPosts');
    expect(
      store.replies(top.id).filter((reply) => reply.authorId === demo.id && reply.content.endsWith(text)),
    ).toHaveLength(1);
    expect(quota.bytesOf('exploreCache')).toBe(0);
    expect(draftOf(await storage.messageDraftsItem.getValue(), DEMO_USERNAME, key)).toBe('');
  });
});
