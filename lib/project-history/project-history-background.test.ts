/**
 * The daily record in the background: My Stuff's landed reads recorded as the day's point (only the
 * signed-in member's), the hourly check's walk through My Stuff's own read, the
 * popup's "Forget my history" (only from the extension's own pages), and where a milestone's click
 * leads. The service itself: project-history.test.ts; end to end: tests/e2e/mystuff-over-time.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { emptyList } from '@/lib/cached-list/cached-list';
import { checkedHandlers } from '@/lib/composition/checked-protocol';
import { siteProfiles } from '@/lib/config';
import type { MemberStuff, MyProject } from '@/lib/mystuff/mystuff-model';
import { myStuffCacheItem } from '@/lib/mystuff/mystuff-storage';
import { WAIT } from '@/tests/unit/wait';
import type { ProjectHistoryService } from './project-history';
import {
  PROJECT_HISTORY_ALARM,
  pathOfMilestoneNotification,
  projectHistoryHandlers,
  registerProjectHistory,
  sharedProjectsOf,
} from './project-history-background';
import { projectHistoryItem } from './project-history-storage';
import { projectWeekGainsItem } from './week-gains-storage';

beforeEach(() => {
  // The fake browser has no permissions API: notifications are not granted here.
  const permissions = fakeBrowser.permissions as unknown as Record<string, unknown>;
  permissions.contains = async () => false;
  permissions.onAdded = { addListener: () => undefined };
});
afterEach(() => {
  fakeBrowser.reset();
});

const project = (id: number, loves: number): MyProject => ({
  id,
  title: `Game ${id}`,
  author: 'demo',
  thumbnailUrl: '',
  sharedAt: null,
  stats: { loves, views: 10 },
});
const stuff = (items: MyProject[], readAt: number, loading: 'refresh' | null = null): MemberStuff => ({
  username: 'demo',
  shared: { ...emptyList<MyProject>(), items, readAt, complete: true, loading },
  favorites: emptyList(),
});

describe('My Stuff’s reads', () => {
  it('a whole read is the day’s point; one at the cap marks nobody gone', () => {
    expect(sharedProjectsOf({ demo: stuff([project(1, 2)], 5) }, 'demo')).toEqual({
      items: [project(1, 2)],
      whole: true,
    });
    expect(sharedProjectsOf({ demo: stuff([], 0) }, 'demo')).toBeNull();
    expect(sharedProjectsOf({ demo: stuff([project(1, 2)], 5) }, 'carol')).toBeNull();
    const capped = Array.from({ length: 400 }, (_, i) => project(i + 1, 1));
    expect(sharedProjectsOf({ demo: stuff(capped, 5) }, 'demo')?.whole).toBe(false);
  });

  it('are recorded as they land, for the signed-in member only; the hourly check walks through My Stuff’s read', async () => {
    let signedIn: string | null = 'demo';
    const alarm = () =>
      fakeBrowser.alarms.onAlarm.trigger({ name: PROJECT_HISTORY_ALARM, scheduledTime: Date.now() });
    const readSharedProjects = vi.fn(async () => {
      await myStuffCacheItem.setValue({ demo: stuff([project(1, 4), project(2, 1)], Date.now()) });
    });
    registerProjectHistory({
      profile: siteProfiles.public,
      signedInUser: async () => signedIn,
      readSharedProjects,
      isIdle: async () => false,
    });
    // A read still under way is no point yet.
    await myStuffCacheItem.setValue({ demo: stuff([project(1, 3)], 0, 'refresh') });
    // Landed: today's point.
    await myStuffCacheItem.setValue({ demo: stuff([project(1, 3)], Date.now()) });
    await vi.waitFor(
      async () => expect((await projectHistoryItem.getValue()).demo?.days).toHaveLength(1),
      WAIT,
    );
    expect((await projectHistoryItem.getValue()).demo?.projects[0]?.counts).toEqual([[3, 0, 10, 0]]);
    // The hourly check: the day is recorded already, nothing walked.
    await alarm();
    await vi.waitFor(
      async () => expect((await projectHistoryItem.getValue()).demo?.checkedOn).not.toBeNull(),
      WAIT,
    );
    expect(readSharedProjects).not.toHaveBeenCalled();
    // Another member's read landing while demo is signed in is not recorded.
    signedIn = 'carol';
    await alarm();
    await vi.waitFor(() => expect(readSharedProjects).toHaveBeenCalledTimes(1), WAIT);
    const history = await projectHistoryItem.getValue();
    expect(history.carol?.days).toEqual([]);
    expect(history.demo?.days).toHaveLength(1);
    expect((await projectWeekGainsItem.getValue()).carol).toEqual([]);
  });
});

describe('forgetProjectHistory', () => {
  const ownPage = (path: string) => fakeBrowser.runtime.getURL(path as '/');
  const site = 'https://scratch.mit.edu/projects/1/';

  it('serves the popup, and refuses a site page', async () => {
    const service = { forget: vi.fn(async () => undefined) } as unknown as ProjectHistoryService;
    const handlers = checkedHandlers(siteProfiles.public, projectHistoryHandlers(service));
    await handlers.forgetProjectHistory({
      data: undefined,
      sender: { id: fakeBrowser.runtime.id, url: ownPage('/popup.html') },
    });
    expect(service.forget).toHaveBeenCalledTimes(1);
    await expect(
      handlers.forgetProjectHistory({
        data: undefined,
        sender: { id: fakeBrowser.runtime.id, url: site, tab: { id: 7, index: 0, url: site } as never },
      }),
    ).rejects.toThrow();
    expect(service.forget).toHaveBeenCalledTimes(1);
  });
});

describe('a milestone’s notification', () => {
  it('opens the project’s page, or the member’s; nothing for another kind', () => {
    expect(pathOfMilestoneNotification('companion-milestone:123.50:/projects/123/')).toBe('/projects/123/');
    expect(pathOfMilestoneNotification('companion-milestone:total.100:/users/demo/')).toBe('/users/demo/');
    expect(pathOfMilestoneNotification('companion-feed:1:/projects/1/')).toBeNull();
  });
});
