/**
 * New-project notifications with fake ports: an injected clock, session, activity and list.
 * (The fake browser supplies the real `en` strings.)
 */
import { describe, expect, it } from 'vitest';
import { emptyFeedList, type FeedList, type FeedProject } from './feed-model';
import {
  CHECK_PERIOD_MS,
  createFeedNotifier,
  type FeedNotificationContent,
  type FeedNotifierState,
  feedNotificationFor,
  feedNotificationId,
  isNewer,
  pathOfFeedNotification,
} from './feed-notifications';
import { type FollowingClosely, noBells } from './following-closely-model';
import type { StudioProjectNews } from './studio-news-model';

const HOUR = 3600_000;
const T0 = Date.UTC(2026, 10, 20, 12);

function project(id: number, hoursAgo: number, author = `author${id}`): FeedProject {
  return {
    id,
    title: `Project ${id}`,
    author,
    thumbnailUrl: `https://x/${id}.png`,
    at: new Date(T0 - hoursAgo * HOUR).toISOString(),
  };
}

function harness() {
  const state = {
    now: T0,
    enabled: true,
    user: 'demo' as string | null,
    active: true,
    /** The list the feed service holds per member (newest first). */
    lists: new Map<string, FeedList<FeedProject>>(),
    /** What the belled studios' own activity said, as studio news keeps it (newest first); null: not read yet. */
    studioNews: null as StudioProjectNews[] | null,
    bells: noBells as FollowingClosely,
    studioNewsAsked: 0,
    stored: { checkedAt: 0, members: {} } as FeedNotifierState,
    reads: 0,
    shown: [] as { id: string; content: FeedNotificationContent }[],
  };
  const notifier = createFeedNotifier({
    now: () => state.now,
    enabled: async () => state.enabled,
    signedInUser: async () => state.user,
    active: async () => state.active,
    sharedList: async (username) => {
      state.reads++;
      return state.lists.get(username) ?? null;
    },
    bells: async () => state.bells,
    studioNews: async () => {
      state.studioNewsAsked++;
      // Only the belled studios' news, as lib/feed/studio-news-model.ts's `belledStudioNews` hands it.
      const belled = new Set(state.bells.studios.map((studio) => studio.id));
      return state.studioNews?.filter((item) => belled.has(item.studio.id)) ?? null;
    },
    state: {
      get: async () => structuredClone(state.stored),
      set: async (value) => {
        state.stored = structuredClone(value);
      },
    },
    show: async (id, content) => {
      state.shown.push({ id, content });
    },
  });
  const serve = (username: string, items: FeedProject[], error: FeedList<FeedProject>['error'] = null) => {
    state.lists.set(username, { ...emptyFeedList<FeedProject>(), items, readAt: state.now, error });
  };
  const serveStudioNews = (items: StudioProjectNews[]) => {
    state.studioNews = items;
  };
  /** The alarm a period later. */
  const later = () => {
    state.now += CHECK_PERIOD_MS;
    return notifier.tick();
  };
  return { state, notifier, serve, serveStudioNews, later };
}

/** `by` added project `id` to studio `studio` (the studio's own activity). */
function added(id: number, studio: number, hoursAgo: number, by = 'carol'): StudioProjectNews {
  return {
    id,
    title: `Project ${id}`,
    at: new Date(T0 - hoursAgo * HOUR).toISOString(),
    by,
    studio: { id: studio, title: `Studio ${studio}` },
  };
}

describe('checks', () => {
  it('announce nothing at the first check for a member, only where the list stands', async () => {
    const h = harness();
    h.serve('demo', [project(3, 1), project(2, 2)]);
    await h.notifier.tick();
    expect(h.state.shown).toEqual([]);
    expect(h.state.stored.members.demo).toEqual({ id: 3, at: project(3, 1).at });
  });

  it('announce what was shared since, in one notification, and never again', async () => {
    const h = harness();
    h.serve('demo', [project(3, 5), project(2, 6)]);
    await h.notifier.tick();
    h.state.now += CHECK_PERIOD_MS;
    h.serve('demo', [project(9, 0.5, 'bob'), project(8, 1, 'carol'), project(3, 5), project(2, 6)]);
    await h.notifier.tick();
    expect(h.state.shown).toHaveLength(1);
    const [shown] = h.state.shown;
    expect(shown?.content.title).toBe('2 new projects from people you follow');
    expect(shown?.content.message).toBe('“Project 9” by bob\n“Project 8” by carol');
    expect(shown?.content.path).toBe('/projects/9/');
    expect(shown?.id).toBe(feedNotificationId(9, '/projects/9/'));
    // The same list a period later: nothing new.
    h.state.now += CHECK_PERIOD_MS;
    await h.notifier.tick();
    expect(h.state.shown).toHaveLength(1);
  });

  it('do not repeat after a restart (a new notifier on the stored state)', async () => {
    const h = harness();
    h.serve('demo', [project(3, 5)]);
    await h.notifier.tick();
    h.state.now += CHECK_PERIOD_MS;
    h.serve('demo', [project(4, 1), project(3, 5)]);
    await h.notifier.tick();
    const restarted = harness();
    restarted.state.stored = structuredClone(h.state.stored);
    restarted.state.now = h.state.now + CHECK_PERIOD_MS;
    restarted.serve('demo', [project(4, 1), project(3, 5)]);
    await restarted.notifier.tick();
    expect(restarted.state.reads).toBe(1);
    expect(restarted.state.shown).toEqual([]);
  });

  it('read at most once per period, and a restart does not bring the next read forward', async () => {
    const h = harness();
    h.serve('demo', [project(1, 1)]);
    await h.notifier.tick();
    await h.notifier.tick();
    h.state.now += 10 * 60_000;
    await h.notifier.tick();
    expect(h.state.reads).toBe(1);
    h.state.now += 5 * 60_000;
    await h.notifier.tick();
    expect(h.state.reads).toBe(2);
  });

  it('read nothing while the member is away, signed out, or the setting is off', async () => {
    const h = harness();
    h.serve('demo', [project(1, 1)]);
    h.state.active = false;
    await h.notifier.tick();
    h.state.active = true;
    h.state.user = null;
    await h.notifier.tick();
    h.state.user = 'demo';
    h.state.enabled = false;
    await h.notifier.tick();
    expect(h.state.reads).toBe(0);
    h.state.enabled = true;
    await h.notifier.tick();
    expect(h.state.reads).toBe(1);
  });

  it('keep members apart: a member signing in is not told about projects from before', async () => {
    const h = harness();
    h.serve('demo', [project(5, 1)]);
    await h.notifier.tick();
    h.state.user = 'bob';
    h.state.now += CHECK_PERIOD_MS;
    h.serve('bob', [project(7, 0.1), project(6, 0.2)]);
    await h.notifier.tick();
    expect(h.state.shown).toEqual([]);
    expect(Object.keys(h.state.stored.members).sort()).toEqual(['bob', 'demo']);
  });

  it('announce nothing from a list whose read failed', async () => {
    const h = harness();
    h.serve('demo', [project(3, 5)]);
    await h.notifier.tick();
    h.state.now += CHECK_PERIOD_MS;
    h.serve('demo', [project(3, 5)], { kind: 'server', at: h.state.now, status: 500 });
    await h.notifier.tick();
    expect(h.state.shown).toEqual([]);
    expect(h.state.stored.members.demo?.id).toBe(3);
  });
});

describe('turning notifications on', () => {
  it('counts everything shared until then as seen', async () => {
    const h = harness();
    h.serve('demo', [project(3, 5)]);
    await h.notifier.tick();
    h.serve('demo', [project(5, 1), project(4, 2), project(3, 5)]);
    await h.notifier.markAllSeen();
    expect(h.state.stored.members.demo?.id).toBe(5);
    h.state.now += CHECK_PERIOD_MS;
    await h.notifier.tick();
    expect(h.state.shown).toEqual([]);
  });
});

describe('the notification', () => {
  it('names the creator and the title of a single project', () => {
    expect(feedNotificationFor([project(12, 1, 'alice')])).toEqual({
      title: 'New project by alice',
      message: 'Project 12',
      path: '/projects/12/',
    });
  });

  it('lists three projects and counts the rest', () => {
    const content = feedNotificationFor([5, 4, 3, 2, 1].map((id) => project(id, 6 - id, 'x')));
    expect(content.title).toBe('5 new projects from people you follow');
    expect(content.message.split('\n')).toEqual([
      '“Project 5” by x',
      '“Project 4” by x',
      '“Project 3” by x',
      'and 2 more',
    ]);
  });

  it('opens only project pages of the site from its own ids', () => {
    expect(pathOfFeedNotification(feedNotificationId(9, '/projects/9/'))).toBe('/projects/9/');
    expect(pathOfFeedNotification('companion-messages|9|/messages/')).toBeNull();
    expect(pathOfFeedNotification('companion-feed|9|//evil.example/')).toBeNull();
    expect(pathOfFeedNotification('companion-feed|9|/projects/9/../../logout/')).toBeNull();
  });
});

describe('isNewer', () => {
  it('compares sharing times, and ids when the service gave no time', () => {
    const last = { id: 100, at: project(100, 2).at };
    expect(isNewer(project(50, 1), last)).toBe(true);
    expect(isNewer(project(150, 3), last)).toBe(false);
    expect(isNewer({ ...project(150, 3), at: null }, last)).toBe(true);
    expect(isNewer(project(100, 0), last)).toBe(false);
  });
});

describe('with bells (following closely)', () => {
  it("announce only the belled person's new project, not the others followed", async () => {
    const h = harness();
    h.state.bells = { people: ['Alice'], studios: [] };
    h.serve('demo', [project(3, 5, 'bob')]);
    await h.notifier.tick();
    h.serve('demo', [
      project(9, 0.5, 'bob'),
      project(8, 1, 'alice'),
      project(7, 2, 'carol'),
      project(3, 5, 'bob'),
    ]);
    await h.later();
    expect(h.state.shown).toHaveLength(1);
    expect(h.state.shown[0]?.content).toEqual({
      title: 'New project by alice',
      message: 'Project 8',
      path: '/projects/8/',
    });
    // The others are seen all the same: silencing the bell later does not announce them.
    h.state.bells = noBells;
    await h.later();
    expect(h.state.shown).toHaveLength(1);
  });

  it.each(['constructor', '__proto__', 'toString'])(
    'announce to a member named %s after another member was announced to',
    async (name) => {
      const h = harness();
      h.state.bells = { people: ['alice'], studios: [] };
      h.serve('demo', [project(3, 5, 'bob')]);
      await h.notifier.tick();
      h.serve('demo', [project(8, 1, 'alice'), project(3, 5, 'bob')]);
      await h.later();
      expect(h.state.shown).toHaveLength(1);
      // Someone else signs in at this browser: the record of what was announced holds only demo's.
      h.state.user = name;
      h.serve(name, [project(4, 4, 'bob')]);
      await h.later();
      h.serve(name, [project(10, 0.5, 'alice'), project(4, 4, 'bob')]);
      await h.later();
      expect(h.state.shown.map((shown) => shown.content.message)).toEqual(['Project 8', 'Project 10']);
    },
  );

  it("announce a project newly added to a belled studio, from the studio's own activity", async () => {
    const h = harness();
    h.state.bells = { people: [], studios: [{ id: 50, title: 'Studio 50' }] };
    h.serve('demo', [project(3, 5, 'bob')]);
    h.serveStudioNews([added(20, 50, 4)]);
    await h.notifier.tick();
    h.serveStudioNews([added(22, 60, 0.5), added(21, 50, 1), added(20, 50, 4)]);
    h.serve('demo', [project(30, 0.2, 'bob'), project(3, 5, 'bob')]);
    await h.later();
    expect(h.state.shown.map((s) => s.content)).toEqual([
      { title: 'New project in Studio 50', message: 'Project 21', path: '/projects/21/' },
    ]);
  });

  it("put a belled person's and a belled studio's news in one notification, each project once", async () => {
    const h = harness();
    h.state.bells = { people: ['alice'], studios: [{ id: 50, title: 'Studio 50' }] };
    h.serve('demo', [project(3, 5)]);
    h.serveStudioNews([added(20, 50, 4)]);
    await h.notifier.tick();
    h.serve('demo', [project(9, 0.5, 'alice'), project(3, 5)]);
    h.serveStudioNews([added(9, 50, 0.1, 'alice'), added(21, 50, 1)]);
    await h.later();
    expect(h.state.shown).toHaveLength(1);
    expect(h.state.shown[0]?.content.title).toBe('New projects with a bell: 2');
    // Alice shared project 9, then added it to the studio: one line, the newest news of it.
    expect(h.state.shown[0]?.content.message).toBe('“Project 9” in Studio 50\n“Project 21” in Studio 50');
    // Project 9 added to another belled place later is not news again.
    h.serveStudioNews([added(9, 50, 0.05, 'dave'), added(9, 50, 0.1, 'alice'), added(21, 50, 1)]);
    await h.later();
    expect(h.state.shown).toHaveLength(1);
  });

  it('only record at the first check after a bell is rung', async () => {
    const h = harness();
    h.state.bells = { people: ['bob'], studios: [] };
    h.serve('demo', [project(3, 5)]);
    await h.notifier.tick();
    // Rung for alice between two checks; her project shared meanwhile is recorded, not announced.
    h.state.bells = { people: ['bob', 'alice'], studios: [{ id: 50, title: 'Studio 50' }] };
    h.serve('demo', [project(8, 1, 'alice'), project(3, 5)]);
    h.serveStudioNews([added(21, 50, 1)]);
    await h.later();
    expect(h.state.shown).toEqual([]);
    h.serve('demo', [project(10, 0.1, 'alice'), project(8, 1, 'alice'), project(3, 5)]);
    h.serveStudioNews([added(23, 50, 0.1), added(21, 50, 1)]);
    await h.later();
    expect(h.state.shown).toHaveLength(1);
    expect(h.state.shown[0]?.content.message).toBe('“Project 10” by alice\n“Project 23” in Studio 50');
  });

  it('ask for studio news only while a studio has a bell', async () => {
    const h = harness();
    h.state.bells = { people: ['alice'], studios: [] };
    h.serve('demo', [project(3, 5)]);
    await h.notifier.tick();
    await h.later();
    expect(h.state.studioNewsAsked).toBe(0);
    h.state.bells = { people: [], studios: [{ id: 50, title: 'Studio 50' }] };
    await h.later();
    expect(h.state.studioNewsAsked).toBe(1);
  });

  it('keep the behaviour of before with no bells: everyone followed, no studio news', async () => {
    const h = harness();
    h.serve('demo', [project(3, 5)]);
    await h.notifier.tick();
    h.serve('demo', [project(9, 0.5, 'bob'), project(8, 1, 'carol'), project(3, 5)]);
    await h.later();
    expect(h.state.shown[0]?.content.title).toBe('2 new projects from people you follow');
    expect(h.state.studioNewsAsked).toBe(0);
  });
});
