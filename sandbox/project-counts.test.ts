/**
 * The control that changes a project's counts (`POST /projects/counts`), as other members would:
 * the interface then gives the new counts, in the project and in its author's list of projects,
 * and a reset undoes it. With the clock moved a day between changes, this is a member's week.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_USERNAME } from './index';
import { getJson, useSandbox } from './testing';

const sandbox = useSandbox();
const control = (path: string, body?: unknown) =>
  getJson<Record<string, unknown>>(`${sandbox().urls.control}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

interface Counts {
  loves: number;
  favorites: number;
  views: number;
  remixes: number;
}

/** demo's shared projects as the interface lists them (first page), with their counts. */
async function demoProjects(): Promise<{ id: number; stats: Counts }[]> {
  const response = await fetch(`${sandbox().urls.api}/users/${DEMO_USERNAME}/projects?limit=40&offset=0`);
  return (await response.json()) as { id: number; stats: Counts }[];
}
const countsOf = async (id: number) => (await demoProjects()).find((project) => project.id === id)?.stats;

beforeEach(async () => {
  expect((await control('/reset', {})).status).toBe(200);
});

describe('changing a project’s counts', () => {
  it('the interface gives the new counts, in the project and in its author’s list', async () => {
    const [project] = await demoProjects();
    if (project === undefined) throw new Error('demo has shared projects in the seed');
    const before = project.stats;
    const changed = await control('/projects/counts', {
      id: project.id,
      loves: 3,
      favorites: 2,
      views: 40,
      remixes: 1,
    });
    expect(changed.status).toBe(200);
    const after = {
      loves: before.loves + 3,
      favorites: before.favorites + 2,
      views: before.views + 40,
      remixes: before.remixes + 1,
    };
    expect(changed.body).toEqual({ ok: true, id: project.id, ...after });
    expect(await countsOf(project.id)).toEqual(after);
    const single = await fetch(`${sandbox().urls.api}/projects/${project.id}`);
    expect(((await single.json()) as { stats: Counts }).stats).toEqual(after);
    // Fewer loves: the latest marks are taken back.
    await control('/projects/counts', { id: project.id, loves: -2 });
    expect((await countsOf(project.id))?.loves).toBe(before.loves + 1);
  });

  it('day after day with the clock: each day’s counts as changed, and a reset undoes them', async () => {
    const [project] = await demoProjects();
    if (project === undefined) throw new Error('demo has shared projects in the seed');
    const seen: number[] = [];
    for (let day = 0; day < 3; day++) {
      await control('/projects/counts', { id: project.id, views: 10 * (day + 1) });
      await control('/clock/advance', { ms: 86_400_000 });
      seen.push((await countsOf(project.id))?.views ?? -1);
    }
    const views = project.stats.views;
    expect(seen).toEqual([views + 10, views + 30, views + 60]);
    await control('/reset', {});
    expect(await countsOf(project.id)).toEqual(project.stats);
  });

  it('refuses what it cannot do: an unknown project, fewer remixes, counts that are not whole numbers', async () => {
    const [project] = await demoProjects();
    expect((await control('/projects/counts', { id: 999_999_999, loves: 1 })).status).toBe(404);
    for (const bad of [
      { id: project?.id, remixes: -1 },
      { id: project?.id, loves: 1.5 },
      { id: project?.id, views: 'many' },
      { loves: 1 },
    ])
      expect((await control('/projects/counts', bad)).status).toBe(400);
  });
});
