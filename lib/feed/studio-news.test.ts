/**
 * Studio news with fake ports: each belled studio's own activity read once a period (the notifier's),
 * only while a studio has a bell, the member is signed in and active; a studio whose bell was just
 * rung read at once; the few newest projects added kept per belled studio, the others dropped.
 */
import { describe, expect, it } from 'vitest';
import type { StudioActivityItem } from '@/lib/api/schemas';
import { CHECK_PERIOD_MS } from './feed-notifications';
import { type FollowingClosely, noBells } from './following-closely-model';
import { createStudioNews, MAX_KEPT_PER_STUDIO, projectsAdded } from './studio-news';
import { belledStudioNews, emptyStudioNews, type StudioNews } from './studio-news-model';

const T0 = Date.UTC(2026, 10, 20, 12);
const MINUTE = 60_000;

const added = (project: number, minutesAgo: number, by = 'carol'): StudioActivityItem => ({
  id: `addprojecttostudio-${project * 10}`,
  type: 'addprojecttostudio',
  datetime_created: new Date(T0 - minutesAgo * MINUTE).toISOString(),
  actor_username: by,
  project_id: project,
  project_title: `Project ${project}`,
});
const other = (minutesAgo: number): StudioActivityItem => ({
  id: `updatestudio-${minutesAgo}`,
  type: 'other',
  otherType: 'updatestudio',
  datetime_created: new Date(T0 - minutesAgo * MINUTE).toISOString(),
  actor_username: 'dave',
});

function harness() {
  const world = {
    now: T0,
    user: 'demo' as string | null,
    active: true,
    bells: noBells as FollowingClosely,
    activity: new Map<number, StudioActivityItem[]>(),
    failing: new Set<number>(),
    reads: [] as number[],
    /** What happens while a studio's activity is read (the member switching, say). */
    duringRead: () => {},
    stored: { ...emptyStudioNews } as StudioNews,
  };
  const service = createStudioNews({
    now: () => world.now,
    periodMs: async () => CHECK_PERIOD_MS,
    signedInUser: async () => world.user,
    active: async () => world.active,
    bells: async () => world.bells,
    readActivity: async (id) => {
      world.reads.push(id);
      world.duringRead();
      if (world.failing.has(id)) throw new Error('503');
      return world.activity.get(id) ?? [];
    },
    state: {
      get: async () => structuredClone(world.stored),
      set: async (value) => {
        world.stored = structuredClone(value);
      },
    },
  });
  return { world, service };
}

const studio = (id: number) => ({ id, title: `Studio ${id}` });

describe('studio news', () => {
  it('reads each belled studio once a period and keeps its newest projects added', async () => {
    const { world, service } = harness();
    world.bells = { people: [], studios: [studio(50), studio(60)] };
    world.activity.set(50, [added(9, 1), other(2), added(8, 3), added(7, 4), added(6, 5)]);
    world.activity.set(60, [added(20, 30, 'erin')]);
    await service.tick();
    expect(world.reads).toEqual([50, 60]);
    expect(world.stored.studios['50']?.projects.map((p) => p.id)).toEqual([9, 8, 7]);
    expect(belledStudioNews(world.stored, world.bells).map((p) => [p.id, p.studio.id])).toEqual([
      [9, 50],
      [8, 50],
      [7, 50],
      [20, 60],
    ]);
    // Within the period: no read.
    world.now += CHECK_PERIOD_MS / 2;
    await service.tick();
    expect(world.reads).toHaveLength(2);
    world.now += CHECK_PERIOD_MS / 2;
    await service.tick();
    expect(world.reads).toHaveLength(4);
  });

  it('reads nothing without a studio bell, signed out, or while the member is idle', async () => {
    const { world, service } = harness();
    world.bells = { people: ['alice'], studios: [] };
    await service.tick();
    world.bells = { people: [], studios: [studio(50)] };
    world.user = null;
    await service.tick();
    world.user = 'demo';
    world.active = false;
    await service.tick();
    expect(world.reads).toEqual([]);
    world.active = true;
    await service.tick();
    expect(world.reads).toEqual([50]);
  });

  it('reads a studio whose bell was just rung at once; a silenced one goes from what is kept', async () => {
    const { world, service } = harness();
    world.bells = { people: [], studios: [studio(50)] };
    world.activity.set(50, [added(9, 1)]);
    world.activity.set(60, [added(20, 2)]);
    await service.tick();
    world.bells = { people: [], studios: [studio(50), studio(60)] };
    await service.rung([60]);
    expect(world.reads).toEqual([50, 60]);
    expect(Object.keys(world.stored.studios).sort()).toEqual(['50', '60']);
    // Rung: the period still runs from the last whole check.
    expect(world.stored.checkedAt).toBe(T0);
    world.bells = { people: [], studios: [studio(60)] };
    world.now += CHECK_PERIOD_MS;
    await service.tick();
    expect(Object.keys(world.stored.studios)).toEqual(['60']);
    // A studio the member has no bell for is never read, even if asked.
    await service.rung([70]);
    expect(world.reads).not.toContain(70);
  });

  it('keeps only the signed-in member’s studios: a sign-out or another member takes the others away at once', async () => {
    const { world, service } = harness();
    world.bells = { people: [], studios: [studio(50), studio(60)] };
    world.activity.set(50, [added(9, 1)]);
    world.activity.set(60, [added(20, 2)]);
    await service.tick();
    expect(Object.keys(world.stored.studios).sort()).toEqual(['50', '60']);
    // A silenced bell: its studio's news go with the change, no check needed.
    world.bells = { people: [], studios: [studio(60)] };
    await service.rung([]);
    expect(Object.keys(world.stored.studios)).toEqual(['60']);
    // Signed out, the bells read as nobody's: nothing is read and nothing of the member is kept.
    world.user = null;
    world.bells = noBells;
    await service.rung([]);
    expect(world.stored.studios).toEqual({});
    // Another member, with a bell of their own: only their studio is read and kept.
    world.user = 'bob';
    world.bells = { people: [], studios: [studio(70)] };
    world.activity.set(70, [added(30, 3)]);
    await service.rung([70]);
    expect(Object.keys(world.stored.studios)).toEqual(['70']);
    expect(world.reads).toEqual([50, 60, 70]);
  });

  it('keeps nothing read for a member who signed out while the read was out', async () => {
    const { world, service } = harness();
    world.bells = { people: [], studios: [studio(50)] };
    world.activity.set(50, [added(9, 1)]);
    // The member signs out (their bells read as nobody's) while the studio's activity is read.
    world.duringRead = () => {
      world.user = null;
      world.bells = noBells;
    };
    await service.tick();
    expect(world.reads).toEqual([50]);
    expect(world.stored.studios).toEqual({});
  });

  it('keeps a studio’s last news when its read fails', async () => {
    const { world, service } = harness();
    world.bells = { people: [], studios: [studio(50)] };
    world.activity.set(50, [added(9, 1)]);
    await service.tick();
    world.failing.add(50);
    world.now += CHECK_PERIOD_MS;
    await service.tick();
    expect(world.stored.studios['50']?.projects.map((p) => p.id)).toEqual([9]);
    expect(world.stored.checkedAt).toBe(T0 + CHECK_PERIOD_MS);
  });
});

describe('projectsAdded', () => {
  it('takes the projects added, each once, at most a few, titles cut', () => {
    const long = { ...added(5, 1), project_title: 'x'.repeat(500) };
    const projects = projectsAdded([long, added(5, 2), other(3), added(4, 4), added(3, 5), added(2, 6)]);
    expect(projects.map((p) => p.id)).toEqual([5, 4, 3]);
    expect(projects).toHaveLength(MAX_KEPT_PER_STUDIO);
    expect(projects[0]?.title.length).toBe(200);
    expect(projects[1]).toEqual({ id: 4, title: 'Project 4', at: added(4, 4).datetime_created, by: 'carol' });
  });
});

describe('belledStudioNews', () => {
  it('hands out only the belled studios’ projects, newest first, and copes with a malformed item', () => {
    const news: StudioNews = {
      checkedAt: T0,
      studios: {
        '50': { readAt: T0, projects: [{ id: 1, title: 'a', at: '2026-01-02T00:00:00Z', by: 'x' }] },
        '60': { readAt: T0, projects: [{ id: 2, title: 'b', at: '2026-01-03T00:00:00Z', by: 'y' }] },
      },
    };
    expect(belledStudioNews(news, { people: [], studios: [studio(50)] }).map((p) => p.id)).toEqual([1]);
    expect(
      belledStudioNews(news, { people: [], studios: [studio(50), studio(60)] }).map((p) => p.id),
    ).toEqual([2, 1]);
    expect(belledStudioNews({ checkedAt: 0, studios: null } as unknown as StudioNews, noBells)).toEqual([]);
  });
});
