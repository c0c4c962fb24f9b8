/**
 * The answers the site's own front end reads, beyond docs/interface.md: the Scratcher invitation, a
 * studio's own activity (and What's Happening without it), replies at the site's plural path and
 * docs/interface.md's singular one (each of which the control interface can turn off), favorites in the
 * order of the projects' shared dates, and the count that holds the team's alerts and the invitation.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_USERNAME } from './index';
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
const api = <T = Item[]>(path: string, token?: string) =>
  getJson<T>(`${sandbox().urls.api}${path}`, token === undefined ? {} : { headers: { 'X-Token': token } });
const store = () => sandbox().control.store;

beforeEach(async () => {
  await control('/reset', {});
  demo = await signIn(sandbox(), DEMO_USERNAME);
});

describe('the team’s alerts and the Scratcher invitation', () => {
  it("demo's count holds the unread messages, the two alerts and the invitation", async () => {
    const unread = store()
      .messagesFor(DEMO_USERNAME)
      .filter((m) => m.unread).length;
    const count = await api<{ count: number }>(`/users/${DEMO_USERNAME}/messages/count?fresh=1`);
    expect(count.body.count).toBe(unread + 2 + 1);
    const alerts = await api(`/users/${DEMO_USERNAME}/messages/admin`, demo.token);
    expect(alerts.body.map((a) => Object.keys(a).sort())).toEqual([
      ['datetime_created', 'id', 'message'],
      ['datetime_created', 'id', 'message'],
    ]);
  });

  it('answers the invitation with the token only, `{}` once it is dismissed', async () => {
    expect((await api(`/users/${DEMO_USERNAME}/invites`)).status).toBe(401);
    const invite = await api<Item>(`/users/${DEMO_USERNAME}/invites`, demo.token);
    expect(invite.body).toEqual({
      id: expect.any(Number),
      datetime_created: expect.any(String),
      unread: true,
      actor_id: store().getUser('ScratchTeamMember')?.id,
      invitee_id: store().getUser(DEMO_USERNAME)?.id,
    });
    const cleared = await control('/alerts/clear', { username: DEMO_USERNAME });
    expect(cleared.body).toMatchObject({ ok: true, cleared: 3 });
    expect((await api<Item>(`/users/${DEMO_USERNAME}/invites`, demo.token)).body).toEqual({});
    expect((await api(`/users/${DEMO_USERNAME}/messages/admin`, demo.token)).body).toEqual([]);
    // And back through the control interface.
    const added = await control('/invites', { username: DEMO_USERNAME });
    expect(added.body).toMatchObject({ ok: true, id: expect.any(Number) });
    expect((await api<Item>(`/users/${DEMO_USERNAME}/invites`, demo.token)).body.id).toBe(added.body.id);
  });
});

describe("a studio's own activity", () => {
  const studioWithProjects = () => {
    const studio = store()
      .studios()
      .find((s) => store().studioProjects(s.id).length > 0);
    if (!studio) throw new Error('no studio with projects');
    return studio;
  };
  const newProjectFor = (studioId: number) => {
    const inStudio = new Set(
      store()
        .studioProjects(studioId)
        .map((d) => d.project.id),
    );
    const project = store()
      .projects()
      .find((p) => p.isShared && !inStudio.has(p.id));
    if (!project) throw new Error('no project to add');
    return project;
  };

  it('is public, pages by `limit` and `dateLimit` as the studio page asks, ids are strings', async () => {
    const studio = studioWithProjects();
    // A few events so that it pages.
    for (let i = 0; i < 3; i++)
      await control('/studio-projects', {
        studio: studio.id,
        project: newProjectFor(studio.id).id,
        actor: 'alice',
      });
    const first = await api(`/studios/${studio.id}/activity/?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(2);
    for (const item of first.body) {
      expect(item.id).toMatch(/^[a-z]+-\d+$/);
      expect(String(item.id).startsWith(`${item.type}-`)).toBe(true);
    }
    const [newest, older] = first.body as { datetime_created: string; id: string }[];
    expect(Date.parse(newest?.datetime_created ?? '')).toBeGreaterThanOrEqual(
      Date.parse(older?.datetime_created ?? ''),
    );
    // The next page starts at the oldest date held: that item comes again (the site dedupes).
    const next = await api(
      `/studios/${studio.id}/activity/?limit=2&dateLimit=${encodeURIComponent(older?.datetime_created ?? '')}`,
    );
    expect(next.body.map((item) => item.id)).toContain(older?.id);
    expect(next.body.map((item) => item.id)).not.toContain(newest?.id);
    expect((await api(`/studios/${studio.id}/activity?dateLimit=yesterday`)).status).toBe(400);
    expect((await api('/studios/1/activity')).status).toBe(404);
  });

  it('shows a project added now at the top, with its id and title, and What’s Happening never does', async () => {
    const studio = studioWithProjects();
    const project = newProjectFor(studio.id);
    const added = await control('/studio-projects', {
      studio: studio.id,
      project: project.id,
      actor: 'alice',
    });
    expect(added.status).toBe(200);
    const [top] = (await api(`/studios/${studio.id}/activity?limit=20`)).body;
    expect(top).toMatchObject({
      id: added.body.id,
      type: 'addprojecttostudio',
      actor_username: 'alice',
      project_id: project.id,
      project_title: project.title,
    });
    expect((await api(`/studios/${studio.id}/projects?limit=1`)).body[0]?.id).toBe(project.id);
    // demo follows alice: her event is not in demo's What's Happening.
    const feed = await api(`/users/${DEMO_USERNAME}/following/users/activity?limit=40`, demo.token);
    expect(feed.body.some((e) => e.type === 'addprojecttostudio')).toBe(false);
    expect(
      (await control('/studio-projects', { studio: 1, project: project.id, actor: 'alice' })).status,
    ).toBe(404);
  });
});

describe('replies at both paths', () => {
  it('answers the site’s `/users/` and docs/interface.md’s `/user/` alike; either can be turned off', async () => {
    const project = store()
      .projects()
      .find(
        (p) =>
          p.isShared &&
          store()
            .topLevelComments('project', p.id)
            .some((c) => store().replies(c.id).length > 0),
      );
    if (!project) throw new Error('no project with replies');
    const top = store()
      .topLevelComments('project', project.id)
      .find((c) => store().replies(c.id).length > 0);
    const owner = store().getUserById(project.authorId)?.username ?? '';
    const path = (segment: string) =>
      `/${segment}/${encodeURIComponent(owner)}/projects/${project.id}/comments/${top?.id}/replies?limit=40`;
    const plural = await api(path('users'));
    const singular = await api(path('user'));
    expect(plural.status).toBe(200);
    expect(plural.body.map((c) => c.id)).toEqual(singular.body.map((c) => c.id));
    expect(plural.body.length).toBe(Math.min(40, store().replies(top?.id ?? 0).length));

    expect((await control('/replies-paths', { users: false })).body).toMatchObject({
      users: false,
      user: true,
    });
    expect((await api(path('users'))).status).toBe(404);
    expect((await api(path('user'))).status).toBe(200);
    await control('/replies-paths', { users: true, user: false });
    expect((await api(path('users'))).status).toBe(200);
    expect((await api(path('user'))).body).toEqual({ code: 'NotFound', message: '' });
    expect((await control('/replies-paths', { user: 'no' })).status).toBe(400);
  });
});

describe('favorites', () => {
  it('come by the projects’ shared dates, not by when they were favorited', async () => {
    const listed: Item[] = [];
    for (let offset = 0; ; offset += 40) {
      const page = (await api(`/users/${DEMO_USERNAME}/favorites?limit=40&offset=${offset}`)).body;
      listed.push(...page);
      if (page.length < 40) break;
    }
    const shared = listed.map((p) => Date.parse((p.history as { shared: string }).shared));
    expect(shared).toEqual([...shared].sort((a, b) => b - a));
    // The most recently favorited is not the first: a favorite of today sits by its shared date.
    const byFavorite = store().favoritesOf(store().getUser(DEMO_USERNAME)?.id ?? 0);
    expect(listed.map((p) => p.id).sort()).toEqual(byFavorite.map((p) => p.id).sort());
    expect(listed[0]?.id).not.toBe(byFavorite[0]?.id);
  });
});
