/** The REST interface's read endpoints over real HTTP: paging, auth, unshared projects, errors, CORS. */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERNAME } from './index';
import { getJson, type Member, signIn, useSandbox } from './testing';

const sandbox = useSandbox();
let demo: Member;
let alice: Member;
const api = (path: string, init?: RequestInit) => getJson<unknown>(`${sandbox().urls.api}${path}`, init);
const list = async (path: string, init?: RequestInit) => {
  const response = await api(path, init);
  expect(response.status, path).toBe(200);
  expect(Array.isArray(response.body), path).toBe(true);
  return response.body as Record<string, unknown>[];
};
const NOT_FOUND = { code: 'NotFound', message: '' };

beforeAll(async () => {
  demo = await signIn(sandbox(), DEMO_USERNAME);
  alice = await signIn(sandbox(), 'alice');
});

describe('paging', () => {
  it('answers 20 by default, up to 40, and pages with offset without overlap', async () => {
    const path = `/users/${DEMO_USERNAME}/followers`;
    expect(await list(path)).toHaveLength(20);
    const all = await list(`${path}?limit=40`);
    expect(all).toHaveLength(40);
    const second = await list(`${path}?limit=20&offset=20`);
    expect(second.map((u) => u.id)).toEqual(all.slice(20).map((u) => u.id));
    expect(await list(`${path}?limit=1`)).toHaveLength(1);
    expect(await list(`${path}?offset=100000`)).toEqual([]);
  });

  it('rejects a limit above 40 and malformed paging with 400 and a JSON body', async () => {
    for (const query of ['limit=41', 'limit=0', 'limit=-1', 'limit=abc', 'offset=-5', 'offset=1.5']) {
      const response = await api(`/users/${DEMO_USERNAME}/projects?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body, query).toMatchObject({ code: 'BadRequest' });
    }
  });

  it('lists a user’s shared projects newest shared first (ties: the higher id first), paged by offset', async () => {
    // The live list's order (tests/real-payloads/users-projects.json), not docs/interface.md's "oldest first".
    type Listed = { id: number; history: { shared: string } };
    const ids = (projects: Listed[]) => projects.map((p) => p.id);
    const byRule = (a: Listed, b: Listed) =>
      Date.parse(b.history.shared) - Date.parse(a.history.shared) || b.id - a.id;
    const store = sandbox().control.store;
    const listed = async (username: string) => {
      const all: Listed[] = [];
      for (let offset = 0; ; offset += 40) {
        const page = (await list(
          `/users/${username}/projects?limit=40&offset=${offset}`,
        )) as unknown as Listed[];
        all.push(...page);
        if (page.length < 40) return all;
      }
    };

    // Demo shares more than a page: both pages together, each project once, newest first.
    const demoId = store.getUser(DEMO_USERNAME)?.id ?? 0;
    const mine = await listed(DEMO_USERNAME);
    expect(mine.length).toBeGreaterThan(40);
    expect(ids(mine)).toEqual(ids([...mine].sort(byRule)));
    expect([...ids(mine)].sort()).toEqual(
      store
        .sharedProjectsOf(demoId)
        .map((p) => p.id)
        .sort(),
    );
    expect((await list(`/users/${DEMO_USERNAME}/projects?limit=40`)).every((p) => p.public === true)).toBe(
      true,
    );

    // Someone who shared a project after one they made later: it sits by its shared date, not its id.
    const late = store.users().find((u) => {
      const made = store.sharedProjectsOf(u.id);
      return made.some((p, i) => i > 0 && Date.parse(p.shared ?? '') < Date.parse(made[i - 1]?.shared ?? ''));
    });
    if (!late) throw new Error('the seed has nobody who shared out of the order they made');
    const theirs = await listed(late.username);
    expect(ids(theirs)).toEqual(ids([...theirs].sort(byRule)));
    expect(ids(theirs)).not.toEqual([...ids(theirs)].sort((a, b) => b - a));
  });
});

describe('errors', () => {
  it('answers 404 NotFound for unknown users, projects, studios and comments', async () => {
    for (const path of [
      '/users/no_such_user_xyz',
      '/users/no_such_user_xyz/projects',
      // An account a member tries to add to their other accounts, that does not exist.
      '/users/no_such_user_xyz/messages/count',
      '/projects/1',
      '/projects/1/remixes',
      '/studios/1/comments',
      `/users/${DEMO_USERNAME}/projects/1/comments`,
      '/no/such/route',
    ]) {
      const response = await api(path);
      expect(response.status, path).toBe(404);
      expect(response.body, path).toEqual(NOT_FOUND);
    }
  });

  it("answers anyone's message count without a token, as the live site does (other accounts, profile pages)", async () => {
    for (const username of ['alice', 'ALICE', DEMO_USERNAME]) {
      const response = await api(`/users/${username}/messages/count`);
      expect(response.status, username).toBe(200);
      expect(response.body, username).toEqual({
        count: sandbox().control.store.unreadCount(username.toLowerCase()),
      });
    }
  });

  it('answers 400 with a JSON body for malformed ids', async () => {
    for (const path of ['/projects/abc', '/projects/12ab/remixes', '/studios/x/comments', '/projects/-3']) {
      const response = await api(path);
      expect(response.status, path).toBe(400);
      expect(response.body, path).toMatchObject({ code: 'BadRequest' });
    }
  });
});

describe('authentication', () => {
  const marked = [
    `/users/${DEMO_USERNAME}/following/studios/projects`,
    `/users/${DEMO_USERNAME}/following/users/loves`,
    `/users/${DEMO_USERNAME}/following/users/projects`,
    `/users/${DEMO_USERNAME}/following/users/activity`,
    `/users/${DEMO_USERNAME}/messages`,
  ];

  it('answers 401 without a token, and for a made-up token', async () => {
    const projectId = (await list(`/users/${DEMO_USERNAME}/projects?limit=1`))[0]?.id;
    for (const path of [
      ...marked,
      `/projects/${projectId}/loves/user/${DEMO_USERNAME}`,
      `/projects/${projectId}/favorites/user/${DEMO_USERNAME}`,
    ]) {
      expect((await api(path)).status, path).toBe(401);
      expect((await api(path, { headers: { 'X-Token': 'not-a-token' } })).status, path).toBe(401);
    }
  });

  it('serves the marked endpoints to their own user, and 403 to someone else’s token', async () => {
    for (const path of marked) {
      const mine = await list(path, { headers: { 'X-Token': demo.token } });
      expect(mine.length, path).toBeGreaterThan(0);
      expect((await api(path, { headers: { 'X-Token': alice.token } })).status, path).toBe(403);
    }
  });

  it('lists each project once in the feeds, newest first', async () => {
    const headers = { 'X-Token': demo.token };
    for (const feed of ['studios/projects', 'users/loves', 'users/projects']) {
      const items = await list(`/users/${DEMO_USERNAME}/following/${feed}?limit=40`, { headers });
      expect(new Set(items.map((p) => p.id)).size, feed).toBe(items.length);
    }
    const activity = await list(`/users/${DEMO_USERNAME}/following/users/activity?limit=40`, { headers });
    const dates = activity.map((e) => e.datetime_created as string);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('keeps unshared projects to their owner', async () => {
    const { control } = sandbox();
    const demoUser = control.store.getUser(DEMO_USERNAME);
    const unshared = control.store.allProjectsOf(demoUser?.id ?? 0).find((p) => !p.isShared);
    if (!unshared) throw new Error('demo has no unshared project');
    expect((await api(`/projects/${unshared.id}`)).status).toBe(401);
    expect((await api(`/projects/${unshared.id}`, { headers: { 'X-Token': alice.token } })).body).toEqual(
      NOT_FOUND,
    );
    const own = await api(`/projects/${unshared.id}`, { headers: { 'X-Token': demo.token } });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: unshared.id, public: false, is_published: false });
    expect((await api(`/users/${DEMO_USERNAME}/projects/${unshared.id}`)).status).toBe(404);
    const listed = await list(`/users/${DEMO_USERNAME}/projects?limit=40`);
    expect(listed.some((p) => p.id === unshared.id)).toBe(false);
  });

  it('answers love and favorite state for the user', async () => {
    const { store } = sandbox().control;
    const demoUser = store.getUser(DEMO_USERNAME);
    const loved = store.projects().find((p) => p.isShared && store.isLoved(p.id, demoUser?.id ?? 0));
    const response = await api(`/projects/${loved?.id}/loves/user/${DEMO_USERNAME}`, {
      headers: { 'X-Token': demo.token },
    });
    expect(response.body).toEqual({ projectId: loved?.id, userLove: true });
    const favorite = await api(`/projects/${loved?.id}/favorites/user/${DEMO_USERNAME}`, {
      headers: { 'X-Token': demo.token },
    });
    expect(favorite.body).toMatchObject({ projectId: loved?.id });
  });
});

describe('objects', () => {
  it('escapes comment text like the live service and keeps other text as typed', async () => {
    const { store } = sandbox().control;
    const hostile = store
      .projects()
      .flatMap((p) => store.topLevelComments('project', p.id).map((c) => ({ p, c })))
      .find(({ c }) => c.content.includes('<script>'));
    if (!hostile) throw new Error('no hostile comment in the seed');
    const owner = store.getUserById(hostile.p.authorId)?.username;
    const comment = (await api(`/users/${owner}/projects/${hostile.p.id}/comments/${hostile.c.id}`)).body as {
      content: string;
    };
    expect(comment.content).not.toContain('<script>');
    expect(comment.content).toContain('&lt;script&gt;');
  });

  it('lists replies under the singular /user/ path (and the plural), oldest first, and counts them on the parent', async () => {
    const { store } = sandbox().control;
    const thread = store
      .projects()
      .flatMap((p) => store.topLevelComments('project', p.id).map((c) => ({ p, c })))
      .find(({ c }) => store.replyCount(c.id) > 40);
    if (!thread) throw new Error('no long thread');
    const owner = store.getUserById(thread.p.authorId)?.username;
    const base = `/user/${owner}/projects/${thread.p.id}/comments/${thread.c.id}/replies`;
    const first = await list(`${base}?limit=40`);
    const rest = await list(`${base}?limit=40&offset=40`);
    expect(first).toHaveLength(40);
    expect(first.length + rest.length).toBe(store.replyCount(thread.c.id));
    const dates = [...first, ...rest].map((r) => r.datetime_created as string);
    expect(dates).toEqual([...dates].sort());
    expect(first.every((r) => r.parent_id === thread.c.id)).toBe(true);
    // The site's own path answers the same (sandbox/live-answers.test.ts turns either off).
    expect(
      await list(`/users/${owner}/projects/${thread.p.id}/comments/${thread.c.id}/replies?limit=40`),
    ).toEqual(first);
    const top = (await api(`/users/${owner}/projects/${thread.p.id}/comments/${thread.c.id}`)).body;
    expect(top).toMatchObject({
      id: thread.c.id,
      parent_id: null,
      reply_count: store.replyCount(thread.c.id),
    });
  });

  it('serves every featured row, with the design-studio key of the interface document', async () => {
    const featured = (await api('/proxy/featured')).body as Record<string, { type: string }[]>;
    for (const key of [
      'community_featured_projects',
      'community_featured_studios',
      'community_most_loved_projects',
      'community_most_remixed_projects',
      'community_newest_projects',
      'curator_top_projects',
      'platform_design_studio',
    ]) {
      expect(featured[key]?.length, key).toBeGreaterThan(0);
    }
    expect(featured.community_featured_studios?.every((s) => s.type === 'gallery')).toBe(true);
    expect(featured.community_most_loved_projects?.every((s) => s.type === 'project')).toBe(true);
    // As live (tests/real-payloads/featured.json): remixers_count only on the design-studio rows.
    expect(featured.community_featured_projects?.some((s) => 'remixers_count' in s)).toBe(false);
    expect(featured.platform_design_studio?.every((s) => 'remixers_count' in s)).toBe(true);
  });

  it('counts shared projects', async () => {
    const { store } = sandbox().control;
    expect((await api('/projects/count/all')).body).toEqual({
      count: store.projects().filter((p) => p.isShared).length,
    });
  });
});

describe('explore and search', () => {
  it('filters explore by tag and orders by mode', async () => {
    const { store } = sandbox().control;
    const games = await list('/explore/projects?q=games&mode=popular&limit=40');
    expect(games.every((p) => store.getProject(p.id as number)?.tags.includes('games'))).toBe(true);
    const loves = games.map((p) => (p.stats as { loves: number }).loves);
    expect(loves).toEqual([...loves].sort((a, b) => b - a));
    const recent = await list('/explore/projects?q=*&mode=recent&limit=40');
    const shared = recent.map((p) => (p.history as { shared: string }).shared);
    expect(shared).toEqual([...shared].sort().reverse());
    expect((await api('/explore/projects?mode=sideways')).status).toBe(400);
    expect((await api('/explore/projects?limit=41')).status).toBe(400);
  });

  it('puts the asked language first', async () => {
    const { store } = sandbox().control;
    const french = await list('/explore/projects?q=*&language=fr&limit=10');
    expect(french.every((p) => store.getProject(p.id as number)?.language === 'fr')).toBe(true);
  });

  it('searches projects and studios by words', async () => {
    const found = await list('/search/projects?q=remix&limit=40');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((p) => JSON.stringify(p).toLowerCase().includes('remix'))).toBe(true);
    const studios = await list('/search/studios?q=design');
    expect(studios.some((s) => String(s.title).includes('Design Studio'))).toBe(true);
    expect(await list('/search/projects?q=zzzqqqxxx_nothing')).toEqual([]);
    expect((await list('/explore/studios?q=*&mode=recent')).length).toBe(20);
  });
});

describe('CORS', () => {
  it('allows the site origin with credentials, and answers preflights', async () => {
    const { urls } = sandbox();
    const preflight = await fetch(`${urls.api}/proxy/comments/project/1`, {
      method: 'OPTIONS',
      headers: {
        Origin: urls.site,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-token, x-csrftoken, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(urls.site);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const header of ['x-token', 'x-csrftoken', 'x-requested-with', 'content-type'])
      expect(allowed).toContain(header);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('DELETE');

    const read = await fetch(`${urls.api}/users/${DEMO_USERNAME}`, { headers: { Origin: urls.site } });
    expect(read.headers.get('access-control-allow-origin')).toBe(urls.site);
    // Errors too, or the site's scripts could not read them.
    for (const path of ['/users/no_such_user_xyz', `/users/${DEMO_USERNAME}/messages`, '/projects/abc']) {
      const error = await fetch(`${urls.api}${path}`, { headers: { Origin: urls.site } });
      expect(error.status, path).toBeGreaterThanOrEqual(400);
      expect(error.headers.get('access-control-allow-origin'), path).toBe(urls.site);
    }
    const foreign = await fetch(`${urls.api}/users/${DEMO_USERNAME}`, {
      headers: { Origin: 'https://evil.example' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});
