/**
 * The daily record service on fakes of its ports (the storage and My Stuff's reads in memory, a
 * clock the test moves): what it records, when it walks, whose record a member sees, milestones.
 */
import { describe, expect, it } from 'vitest';
import type { AnnouncedMilestones, Milestone } from './milestones-model';
import { noMilestones } from './milestones-model';
import {
  createProjectHistoryService,
  type ProjectHistoryCache,
  type SharedProjectsRead,
} from './project-history';
import { dayOf, type ListedProject } from './project-history-model';

const DAY = 86_400_000;
const project = (id: number, loves: number): ListedProject => ({
  id,
  title: `Game ${id}`,
  stats: { loves, favorites: 0, views: loves * 10, remixes: 0 },
});

/** The service over an in-memory world: each member's shared projects on the "site", and a clock. */
function world() {
  const state = {
    now: new Date(2026, 11, 6, 9).getTime(),
    signedIn: 'demo' as string | null,
    active: true,
    site: new Map<string, ListedProject[]>([['demo', [project(1, 8), project(2, 3)]]]),
    /** My Stuff's last read, per member. */
    read: new Map<string, SharedProjectsRead>(),
    walks: [] as string[],
    cache: {} as ProjectHistoryCache,
    gains: {} as Record<string, [number, number][]>,
    milestonesOn: true,
    announced: new Map<string, AnnouncedMilestones>(),
    shown: [] as [string, Milestone][],
  };
  const service = createProjectHistoryService({
    now: () => state.now,
    signedInUser: async () => state.signedIn,
    active: async () => state.active,
    walk: async (username) => {
      state.walks.push(username);
      state.read.set(username, { items: state.site.get(username) ?? [], whole: true });
    },
    sharedProjects: async (username) => state.read.get(username) ?? null,
    cache: {
      get: async () => structuredClone(state.cache),
      set: async (cache) => {
        state.cache = structuredClone(cache);
      },
    },
    weekGains: {
      get: async () => state.gains,
      set: async (gains) => {
        state.gains = gains;
      },
    },
    milestones: {
      enabled: async () => state.milestonesOn,
      announced: {
        get: async () => state.announced.get(state.signedIn ?? '') ?? noMilestones,
        set: async (value) => {
          if (state.signedIn !== null) state.announced.set(state.signedIn, value);
        },
      },
      show: async (username, milestone) => {
        state.shown.push([username, milestone]);
      },
    },
  });
  /** My Stuff's popup read: the member's projects as the site has them now, recorded as it lands. */
  const openMyStuff = async (username = 'demo') => {
    const read = { items: state.site.get(username) ?? [], whole: true };
    state.read.set(username, read);
    await service.recordList(username, read);
  };
  return { state, service, openMyStuff };
}

describe('the daily record', () => {
  it('records My Stuff’s reads, one point a day, and walks only on a day My Stuff was not read', async () => {
    const { state, service, openMyStuff } = world();
    await openMyStuff();
    await service.check();
    expect(state.walks).toEqual([]);
    // The next day, My Stuff not opened: the check walks once, however often it looks.
    state.now += DAY;
    state.site.set('demo', [project(1, 12), project(2, 3)]);
    await service.check();
    await service.check();
    expect(state.walks).toEqual(['demo']);
    const history = state.cache.demo;
    expect(history?.days).toEqual([dayOf(state.now) - 1, dayOf(state.now)]);
    expect(history?.projects.find((record) => record.id === 1)?.counts.map((c) => c?.[0])).toEqual([8, 12]);
    // My Stuff's cards learn the week's gains.
    expect(state.gains.demo).toEqual([[1, 44]]);
  });

  it('walks at most once a day even when the walk fails, and none while the member is away', async () => {
    const { state, service } = world();
    state.active = false;
    await service.check();
    expect(state.walks).toEqual([]);
    state.active = true;
    state.site.delete('demo');
    await service.check();
    await service.check();
    expect(state.walks).toEqual(['demo']);
    state.now += DAY;
    await service.check();
    expect(state.walks).toEqual(['demo', 'demo']);
  });

  it('a member switch: each member sees only their own record, and a read landing late for another is dropped', async () => {
    const { state, service, openMyStuff } = world();
    await openMyStuff('demo');
    state.signedIn = 'carol';
    state.site.set('carol', [project(9, 1)]);
    // demo's read lands after carol signed in: not recorded as anybody's.
    await service.recordList('demo', { items: [project(1, 99)], whole: true });
    expect(state.cache.demo?.projects.find((record) => record.id === 1)?.counts).toEqual([[8, 0, 80, 0]]);
    await service.check();
    expect(state.walks).toEqual(['carol']);
    expect(state.cache.carol?.projects.map((record) => record.id)).toEqual([9]);
    expect(state.cache.demo?.projects.map((record) => record.id)).toEqual([1, 2]);
    // Forgetting is carol's: demo's record stays.
    await service.forget();
    expect(Object.keys(state.cache)).toEqual(['demo']);
  });

  it('nothing is recorded or walked while signed out', async () => {
    const { state, service } = world();
    state.signedIn = null;
    await service.check();
    await service.recordList('demo', { items: [project(1, 1)], whole: true });
    expect(state.walks).toEqual([]);
    expect(state.cache).toEqual({});
  });
});

describe('milestones through the service', () => {
  it('announced once each, not again after the record is forgotten', async () => {
    const { state, service, openMyStuff } = world();
    state.site.set('demo', [project(1, 8), project(2, 1)]);
    await openMyStuff();
    expect(state.shown).toEqual([]);
    state.site.set('demo', [project(1, 10), project(2, 1)]);
    await openMyStuff();
    await openMyStuff();
    expect(state.shown).toEqual([
      ['demo', { kind: 'project', id: 1, title: 'Game 1', loves: 10 }],
      ['demo', { kind: 'total', loves: 10 }],
    ]);
    await service.forget();
    state.now += DAY;
    await openMyStuff();
    expect(state.shown).toHaveLength(2);
  });

  it('turned on late: what was reached before is not news', async () => {
    const { state, service, openMyStuff } = world();
    state.milestonesOn = false;
    state.site.set('demo', [project(1, 60)]);
    await openMyStuff();
    state.milestonesOn = true;
    await service.markMilestonesSeen();
    await openMyStuff();
    expect(state.shown).toEqual([]);
    state.site.set('demo', [project(1, 100)]);
    await openMyStuff();
    expect(state.shown.map(([, milestone]) => milestone.loves)).toEqual([100, 100]);
  });
});

describe('checks asked at once', () => {
  it('the alarm, the browser’s start and a sign-in asking together walk once', async () => {
    const { state, service } = world();
    await Promise.all([service.check(), service.check(), service.check()]);
    expect(state.walks).toEqual(['demo']);
  });
});
