/**
 * New-project notifications on the fake browser: the alarm follows the setting, the check reads
 * the feed service's "shared" list, one notification shows, a click opens the project.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { siteProfiles } from '@/lib/config';
import { defaultFeedSettings } from '@/lib/feed/feed-model';
import {
  feedCacheItem,
  feedNotifierStateItem,
  feedSettingsItem,
  followingCloselyItem,
} from '@/lib/feed/feed-storage';
import { signIn } from '@/tests/unit/signed-in-member';
import { WAIT } from '@/tests/unit/wait';
import type { FeedService } from './feed';
import { emptyFeedList, emptyMemberFeed, type FeedProject } from './feed-model';
import { CHECK_PERIOD_MS } from './feed-notifications';
import { FEED_NOTIFICATIONS_ALARM, registerFeedNotifications } from './feed-notifications-background';

const profile = siteProfiles.public;
let granted = true;
let now = Date.UTC(2026, 10, 20, 12);

// What a member chooses is theirs: these tests choose as a member signed in.
beforeEach(() => signIn());
beforeEach(() => {
  granted = true;
  now = Date.UTC(2026, 10, 20, 12);
  // The fake browser has no permissions API: the optional permission is granted or not.
  const permissions = fakeBrowser.permissions as unknown as Record<string, unknown>;
  permissions.contains = async () => granted;
  permissions.onAdded = { addListener: () => undefined };
});
afterEach(() => {
  vi.restoreAllMocks();
  fakeBrowser.reset();
});

function project(id: number, minutesAgo: number, author = 'bob'): FeedProject {
  return {
    id,
    title: `<b>Project ${id}</b>`,
    author,
    thumbnailUrl: `https://x/${id}.png`,
    at: new Date(now - minutesAgo * 60_000).toISOString(),
  };
}

/** A feed service whose "shared" list holds `shared()` when refreshed. */
function fakeFeed(shared: () => FeedProject[]) {
  const refresh = vi.fn(async () => {
    const feed = emptyMemberFeed('demo');
    await feedCacheItem.setValue({
      demo: { ...feed, shared: { ...emptyFeedList(), items: shared(), readAt: now } },
    });
  });
  return {
    refresh,
    start: async () => undefined,
    loadMore: async () => undefined,
    current: async () => null,
  } satisfies FeedService;
}

const register = (feed: FeedService) =>
  registerFeedNotifications({
    profile,
    feed,
    signedInUser: async () => 'demo',
    now: () => now,
    isIdle: async () => false,
  });

const turn = (on: boolean) =>
  feedSettingsItem.setValue({ ...defaultFeedSettings, newProjectNotifications: on });

describe('the setting', () => {
  it('runs the alarm every 15 minutes while on, with a baseline read when turned on', async () => {
    const feed = fakeFeed(() => [project(3, 60)]);
    register(feed);
    expect(await fakeBrowser.alarms.get(FEED_NOTIFICATIONS_ALARM)).toBeUndefined();
    await turn(true);
    await vi.waitFor(async () => {
      expect((await fakeBrowser.alarms.get(FEED_NOTIFICATIONS_ALARM))?.periodInMinutes).toBe(15);
      expect((await feedNotifierStateItem.getValue()).members.demo?.id).toBe(3);
    }, WAIT);
    expect(feed.refresh).toHaveBeenCalledWith(['shared']);
    await turn(false);
    await vi.waitFor(async () => {
      expect(await fakeBrowser.alarms.get(FEED_NOTIFICATIONS_ALARM)).toBeUndefined();
    }, WAIT);
  });

  it('keeps the schedule of an existing alarm when the worker starts again', async () => {
    await turn(true);
    await fakeBrowser.alarms.create(FEED_NOTIFICATIONS_ALARM, { when: 12345, periodInMinutes: 15 });
    register(fakeFeed(() => []));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await fakeBrowser.alarms.get(FEED_NOTIFICATIONS_ALARM))?.scheduledTime).toBe(12345);
  });
});

describe('a check', () => {
  it('shows one notification for what was shared since, and a click opens the newest project', async () => {
    let shared = [project(3, 60)];
    register(fakeFeed(() => shared));
    await turn(true);
    await vi.waitFor(
      async () => expect((await feedNotifierStateItem.getValue()).members.demo?.id).toBe(3),
      WAIT,
    );

    now += CHECK_PERIOD_MS;
    shared = [project(5, 1), project(4, 2), project(3, 60)];
    await fakeBrowser.alarms.onAlarm.trigger({ name: FEED_NOTIFICATIONS_ALARM, scheduledTime: now });
    let ids: string[] = [];
    await vi.waitFor(async () => {
      ids = Object.keys(await fakeBrowser.notifications.getAll());
      expect(ids).toHaveLength(1);
    }, WAIT);
    const [id = ''] = ids;
    const shown = (await fakeBrowser.notifications.getAll())[id];
    expect(shown).toMatchObject({
      type: 'basic',
      title: '2 new projects from people you follow',
      message: '“<b>Project 5</b>” by bob\n“<b>Project 4</b>” by bob',
    });

    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    await fakeBrowser.notifications.onClicked.trigger(id);
    expect(create).toHaveBeenCalledWith({ url: 'https://scratch.mit.edu/projects/5/' });
  });

  it('with a bell on alice (synced), notifies only her new project among those of everyone followed', async () => {
    await followingCloselyItem.setValue({ people: ['alice'], studios: [] });
    let shared = [project(3, 60)];
    const feed = fakeFeed(() => shared);
    register(feed);
    await turn(true);
    await vi.waitFor(
      async () => expect((await feedNotifierStateItem.getValue()).members.demo?.id).toBe(3),
      WAIT,
    );

    now += CHECK_PERIOD_MS;
    shared = [project(6, 1, 'carol'), project(5, 2, 'alice'), project(4, 3), project(3, 60)];
    await fakeBrowser.alarms.onAlarm.trigger({ name: FEED_NOTIFICATIONS_ALARM, scheduledTime: now });
    await vi.waitFor(
      async () => expect(Object.keys(await fakeBrowser.notifications.getAll())).toHaveLength(1),
      WAIT,
    );
    expect(Object.values(await fakeBrowser.notifications.getAll())[0]).toMatchObject({
      title: 'New project by alice',
      message: '<b>Project 5</b>',
    });
    // People's bells read no more than before: the "shared" list only.
    const asked = feed.refresh.mock.calls as unknown as [string[]][];
    expect(asked.every(([lists]) => lists.join() === 'shared')).toBe(true);
  });

  it('reads nothing without the permission', async () => {
    const feed = fakeFeed(() => [project(3, 60)]);
    register(feed);
    await turn(true);
    await vi.waitFor(() => expect(feed.refresh).toHaveBeenCalledTimes(1), WAIT);
    granted = false;
    now += CHECK_PERIOD_MS;
    await fakeBrowser.alarms.onAlarm.trigger({ name: FEED_NOTIFICATIONS_ALARM, scheduledTime: now });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(feed.refresh).toHaveBeenCalledTimes(1);
  });

  it("ignores clicks on other parts' notifications", async () => {
    register(fakeFeed(() => []));
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    await fakeBrowser.notifications.onClicked.trigger('companion-messages|7|/messages/');
    expect(create).not.toHaveBeenCalled();
  });
});
