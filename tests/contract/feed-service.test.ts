/**
 * Contract: the feed service as the background wires it (lib/feed/feed-background.ts: the real
 * API client, the session, `feedCacheItem` on the fake browser's storage) against the sandbox.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { siteProfiles } from '@/lib/config';
import { createFeedService } from '@/lib/feed/feed';
import { feedPorts } from '@/lib/feed/feed-background';
import { FEED_LIST_NAMES, sentTypeOf } from '@/lib/feed/feed-model';
import { feedCacheItem } from '@/lib/feed/feed-storage';
import { DEMO_USERNAME, type RunningSandbox } from '@/sandbox/index';
import { signIn, startTestSandbox, type Wired, wire } from './harness';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(() => {
  sandbox.control.reset();
});
afterEach(() => {
  fakeBrowser.reset();
});

function feedOn(w: Wired) {
  const profile = {
    ...siteProfiles.local,
    site: sandbox.urls.site,
    api: sandbox.urls.api,
    uploads: [sandbox.urls.uploads],
  };
  return createFeedService(
    feedPorts({
      profile,
      api: w.api,
      signedInUser: async () => (await w.session.whoami())?.username ?? null,
    }),
  );
}

const apiLog = () => sandbox.control.requestLog({ part: 'api' });

describe('signed in as demo', () => {
  it('fills the feed and the three sections, then reads the next page at offset=40', async () => {
    const w = wire(sandbox);
    await signIn(sandbox, w.jar, DEMO_USERNAME);
    const feed = feedOn(w);
    await feed.refresh(FEED_LIST_NAMES);
    const cached = (await feedCacheItem.getValue())[DEMO_USERNAME];
    if (!cached) throw new Error('nothing cached for demo');
    expect(cached.activity.items).toHaveLength(40);
    expect(new Set(cached.activity.items.map(sentTypeOf))).toContain('sandboxunknownactivity');
    // The site's HTML rendering some events carry is not kept.
    expect(cached.activity.items.some((e) => e.type === 'shareproject')).toBe(true);
    expect(cached.activity.items.filter((e) => Object.hasOwn(e, 'message'))).toEqual([]);
    for (const list of ['shared', 'loved', 'studios'] as const) {
      expect(cached[list].items, list).toHaveLength(40);
      for (const project of cached[list].items) {
        expect(project.thumbnailUrl.startsWith(`${sandbox.urls.uploads}/`), project.thumbnailUrl).toBe(true);
        expect(project.author).not.toBe('');
      }
    }
    expect(cached.shared.items[0]?.at).toMatch(/^\d{4}-\d\d-\d\dT/);

    sandbox.control.clearLog();
    await feed.loadMore('activity');
    const [more] = apiLog();
    expect(more?.path).toBe(`/users/${DEMO_USERNAME}/following/users/activity`);
    expect(new URLSearchParams(more?.query).get('offset')).toBe('40');
    expect(new URLSearchParams(more?.query).get('limit')).toBe('40');
    expect((await feedCacheItem.getValue())[DEMO_USERNAME]?.activity.items).toHaveLength(80);
  });

  it('shows a project shared now first after a refresh, keeping the page read before', async () => {
    const w = wire(sandbox);
    await signIn(sandbox, w.jar, DEMO_USERNAME);
    const feed = feedOn(w);
    await feed.refresh(['shared']);
    await feed.loadMore('shared');
    const { project } = sandbox.control.shareProject({
      author: 'alice',
      title: '<img src=x onerror=alert(1)>',
    });
    await feed.refresh(['shared'], { force: true });
    const shared = (await feedCacheItem.getValue())[DEMO_USERNAME]?.shared;
    expect(shared?.items[0]).toMatchObject({
      id: project.id,
      title: '<img src=x onerror=alert(1)>',
      author: 'alice',
    });
    expect(shared?.items).toHaveLength(81);
    expect(shared?.nextOffset).toBe(81);
  });

  it('keeps the items beside the failure: 500, a malformed body, 429 with Retry-After', async () => {
    const w = wire(sandbox);
    await signIn(sandbox, w.jar, DEMO_USERNAME);
    await feedOn(w).refresh(['activity']);
    const pattern = '/users/*/following/users/activity';
    const faults: [() => void, object][] = [
      [() => sandbox.control.addFailure({ pattern, rate: 1, status: 500 }), { kind: 'server', status: 500 }],
      [() => sandbox.control.addMalformed({ pattern, kind: 'malformed' }), { kind: 'malformed' }],
      // Longer than the HTTP layer waits for a retry: the read fails at once.
      [
        () => sandbox.control.addRateLimit({ pattern, count: 5, retryAfterSeconds: 120 }),
        { kind: 'rate-limited', status: 429, retryAfterMs: 120_000 },
      ],
    ];
    for (const [fault, expected] of faults) {
      sandbox.control.clearFaults();
      fault();
      // A client and service of their own, as after a restart: the same member, the same cache.
      await feedOn(wire(sandbox, { retries: 0 }, w.jar)).refresh(['activity'], { force: true });
      const activity = (await feedCacheItem.getValue())[DEMO_USERNAME]?.activity;
      expect(activity?.error).toMatchObject(expected);
      expect(activity?.items).toHaveLength(40);
    }
  });
});

describe('signed out', () => {
  it('sends no request at all', async () => {
    const w = wire(sandbox);
    const feed = feedOn(w);
    await feed.refresh(FEED_LIST_NAMES, { force: true });
    await feed.loadMore('activity');
    expect(apiLog()).toEqual([]);
    expect(await feedCacheItem.getValue()).toEqual({});
  });
});

describe('switching members', () => {
  it("keeps each member's feed apart", async () => {
    const w = wire(sandbox);
    await signIn(sandbox, w.jar, DEMO_USERNAME);
    const feed = feedOn(w);
    await feed.refresh(['activity']);
    const demoIds = (await feedCacheItem.getValue())[DEMO_USERNAME]?.activity.items.map((e) => e.id);
    await signIn(sandbox, w.jar, 'bob');
    await w.session.refresh();
    await feed.refresh(['activity']);
    const cache = await feedCacheItem.getValue();
    expect(cache[DEMO_USERNAME]?.activity.items.map((e) => e.id)).toEqual(demoIds);
    const bobIds = cache.bob?.activity.items.map((e) => e.id) ?? [];
    expect(bobIds.length).toBeGreaterThan(0);
    expect(bobIds).not.toEqual(demoIds);
    expect(
      apiLog()
        .filter((e) => e.hasToken)
        .map((e) => e.path),
    ).toEqual([`/users/${DEMO_USERNAME}/following/users/activity`, '/users/bob/following/users/activity']);
  });
});
