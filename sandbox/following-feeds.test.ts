/**
 * The demo member's following feeds (the popup's feed and sections are built against them) and the
 * control operations that make something happen "now": a new activity event, a newly shared project.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HOSTILE_STRINGS } from './hostile';
import { DEMO_USERNAME } from './index';
import { FOLLOWING_ACTIVITY_TYPES } from './seed';
import { getJson, type Member, signIn, useSandbox } from './testing';

const sandbox = useSandbox();
let demo: Member;
type Item = Record<string, unknown>;

const control = (path: string, body: unknown) =>
  getJson<Item>(`${sandbox().urls.control}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const feed = async (path: string, query = 'limit=40') => {
  const response = await getJson<Item[]>(
    `${sandbox().urls.api}/users/${DEMO_USERNAME}/following/${path}?${query}`,
    { headers: { 'X-Token': demo.token } },
  );
  expect(response.status, path).toBe(200);
  return response.body;
};
const hostile = (text: unknown) => typeof text === 'string' && HOSTILE_STRINGS.some((h) => text.includes(h));

beforeAll(async () => {
  demo = await signIn(sandbox(), DEMO_USERNAME);
});
beforeEach(async () => {
  // A reset signs everyone out: sign in again for a token that works.
  await control('/reset', {});
  demo = await signIn(sandbox(), DEMO_USERNAME);
});

describe("demo's following activity", () => {
  it('shows the eight event types the site renders, and an unknown one, on its first page of 40', async () => {
    const first = await feed('users/activity');
    expect(first).toHaveLength(40);
    expect(new Set(first.map((e) => e.type))).toEqual(new Set(FOLLOWING_ACTIVITY_TYPES));
    expect(FOLLOWING_ACTIVITY_TYPES).toEqual([
      'followuser',
      'followstudio',
      'loveproject',
      'favoriteproject',
      'remixproject',
      'becomecurator',
      'becomeownerstudio',
      'shareproject',
      'sandboxunknownactivity',
    ]);
  });

  it('never carries a studio event: a project added to a studio is in the studio’s own activity only', async () => {
    const pages = [await feed('users/activity'), await feed('users/activity', 'limit=40&offset=40')];
    expect(pages.flat().some((e) => e.type === 'addprojecttostudio')).toBe(false);
  });

  it('has hostile titles and usernames on its first page', async () => {
    const first = await feed('users/activity');
    const titles = first.flatMap((e) => [e.title, e.project_title, e.gallery_title, e.parent_title]);
    expect(titles.filter(hostile).length).toBeGreaterThan(2);
    const names = first.flatMap((e) => [e.actor_username, e.followed_username, e.recipient_username]);
    expect(names).toEqual(expect.arrayContaining(['__proto__', 'constructor']));
  });

  it('goes on past 40 items: offset=40 continues where the first page ended', async () => {
    const first = await feed('users/activity');
    const second = await feed('users/activity', 'limit=40&offset=40');
    expect(second).toHaveLength(40);
    const firstIds = new Set(first.map((e) => e.id));
    expect(second.some((e) => firstIds.has(e.id))).toBe(false);
    expect(String(second[0]?.datetime_created) <= String(first.at(-1)?.datetime_created)).toBe(true);
  });

  it('fills the three project lists past one page', async () => {
    for (const path of ['users/projects', 'users/loves', 'studios/projects']) {
      expect(await feed(path), path).toHaveLength(40);
      expect((await feed(path, 'limit=40&offset=40')).length, path).toBeGreaterThan(0);
    }
  });
});

describe('control: things that happen now', () => {
  it('adds an activity event dated now that leads the feed of everyone following its actor', async () => {
    const { clock } = sandbox().control;
    const before = clock.now();
    const added = await control('/activity', {
      actor: 'alice',
      type: 'loveproject',
      project_id: 800000003,
      title: '<b>Fresh</b> love',
    });
    expect(added.status).toBe(200);
    const after = clock.now();
    const [top] = await feed('users/activity');
    expect(top).toMatchObject({
      id: added.body.id,
      type: 'loveproject',
      actor_username: 'alice',
      project_id: 800000003,
      title: '<b>Fresh</b> love',
    });
    // Now on the sandbox's clock: between the readings around the request.
    const dated = Date.parse(String(top?.datetime_created));
    expect(dated).toBeGreaterThanOrEqual(before);
    expect(dated).toBeLessThanOrEqual(after);
    // Gone after a reset.
    await control('/reset', {});
    demo = await signIn(sandbox(), DEMO_USERNAME);
    expect((await feed('users/activity'))[0]?.id).not.toBe(added.body.id);
  });

  it('refuses an unknown actor or a missing type', async () => {
    expect((await control('/activity', { actor: 'nobody-at-all', type: 'followuser' })).status).toBe(404);
    expect((await control('/activity', { actor: 'alice' })).status).toBe(400);
  });

  it('shares a project now: first in "shared by people you follow", its event first in the activity', async () => {
    const shared = await control('/projects', { author: 'alice', title: 'Brand new game' });
    expect(shared.status).toBe(200);
    const id = shared.body.id as number;
    const [project] = await feed('users/projects');
    expect(project).toMatchObject({ id, title: 'Brand new game', author: { username: 'alice' } });
    const [event] = await feed('users/activity');
    expect(event).toMatchObject({ type: 'shareproject', actor_username: 'alice', project_id: id });
    const page = await getJson<Item>(`${sandbox().urls.api}/projects/${id}`);
    expect(page.body).toMatchObject({ id, title: 'Brand new game', is_published: true });
    expect((await control('/projects', { author: 'nobody-at-all' })).status).toBe(404);
  });

  it('shares a project with the notes its author wrote', async () => {
    const shared = await control('/projects', {
      author: 'mallory',
      title: 'Notes inside',
      description: '<b>credits</b> to bob',
      instructions: 'Press space',
    });
    expect(shared.status).toBe(200);
    const page = await getJson<Item>(`${sandbox().urls.api}/projects/${shared.body.id as number}`);
    expect(page.body).toMatchObject({ description: '<b>credits</b> to bob', instructions: 'Press space' });
    expect((await control('/projects', { author: 'mallory', description: 5 })).status).toBe(400);
  });
});
