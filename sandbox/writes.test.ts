/** Writes through /proxy: comments (auth, CSRF, rejections, replies, deletion) and love/favorite. */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BAD_WORDS, FLOOD_LIMIT, FLOOD_WINDOW_MS, SPAM_WINDOW_MS } from './comment-rules';
import { DEMO_USERNAME } from './index';
import type { Project, Studio } from './model';
import { getJson, type Member, signIn, useSandbox } from './testing';

const sandbox = useSandbox();
let demo: Member;
let alice: Member;
let bob: Member;
let demoProject: Project;
let commentsOff: Project;
let studio: Studio;

const api = (path: string, init?: RequestInit) =>
  getJson<Record<string, unknown>>(`${sandbox().urls.api}${path}`, init);
const post = (member: Member, path: string, body: unknown, headers: Record<string, string> = {}) =>
  api(path, { method: 'POST', headers: { ...member.writeHeaders, ...headers }, body: JSON.stringify(body) });
const comment = (content: string, parent_id = '', commentee_id = '') => ({
  content,
  parent_id,
  commentee_id,
});

beforeAll(() => {
  const { store } = sandbox().control;
  const demoUser = store.getUser(DEMO_USERNAME);
  const projects = store.sharedProjectsOf(demoUser?.id ?? 0);
  demoProject = projects[0] as Project;
  commentsOff = store.projects().find((p) => p.isShared && !p.commentsAllowed) as Project;
  studio = store
    .studios()
    .find((s) => s.commentsAllowed && s.hostId !== store.getUser('alice')?.id) as Studio;
});

beforeEach(async () => {
  // Fresh state and sessions for every test: rejections depend on what was posted before.
  sandbox().control.reset();
  demo = await signIn(sandbox(), DEMO_USERNAME);
  alice = await signIn(sandbox(), 'alice');
  bob = await signIn(sandbox(), 'bob');
});

describe('posting comments', () => {
  it('creates a top-level comment that shows first in the list, escaped', async () => {
    const created = await post(
      alice,
      `/proxy/comments/project/${demoProject.id}`,
      comment('Nice <b>work</b> & "more"'),
    );
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      parent_id: null,
      content: 'Nice &lt;b&gt;work&lt;/b&gt; &amp; &quot;more&quot;',
    });
    const first = await api(`/users/${DEMO_USERNAME}/projects/${demoProject.id}/comments?limit=1`);
    expect((first.body as unknown as { id: number }[])[0]?.id).toBe(created.body.id);
    // The owner is told, as on the live site.
    const { store } = sandbox().control;
    expect(store.messagesFor(DEMO_USERNAME)[0]).toMatchObject({ type: 'addcomment', unread: true });
  });

  it('posts replies into the top-level thread, also when replying to a reply', async () => {
    const top = (await post(alice, `/proxy/comments/project/${demoProject.id}`, comment('top'))).body;
    const aliceId = String((top.author as { id: number }).id);
    const reply = (
      await post(
        demo,
        `/proxy/comments/project/${demoProject.id}`,
        comment('@alice thanks', String(top.id), aliceId),
      )
    ).body;
    expect(reply).toMatchObject({ parent_id: top.id, commentee_id: Number(aliceId) });
    const nested = (
      await post(bob, `/proxy/comments/project/${demoProject.id}`, comment('me too', String(reply.id)))
    ).body;
    expect(nested.parent_id).toBe(top.id);
    const replies = await api(`/user/${DEMO_USERNAME}/projects/${demoProject.id}/comments/${top.id}/replies`);
    expect((replies.body as unknown as { id: number }[]).map((r) => r.id)).toEqual([reply.id, nested.id]);
  });

  it('posts on studios too', async () => {
    const created = await post(alice, `/proxy/comments/studio/${studio.id}`, comment('studio hello'));
    expect(created.body).toMatchObject({ content: 'studio hello' });
    const listed = await api(`/studios/${studio.id}/comments?limit=1`);
    expect((listed.body as unknown as { id: number }[])[0]?.id).toBe(created.body.id);
  });

  it('needs a token (401), the session cookie and a matching X-CSRFToken (403)', async () => {
    const path = `/proxy/comments/project/${demoProject.id}`;
    const body = JSON.stringify(comment('hello'));
    const { 'X-Token': _token, ...noToken } = alice.writeHeaders;
    expect((await api(path, { method: 'POST', headers: noToken, body })).status).toBe(401);
    const { 'X-CSRFToken': _csrf, ...noCsrf } = alice.writeHeaders;
    expect((await api(path, { method: 'POST', headers: noCsrf, body })).status).toBe(403);
    expect((await post(alice, path, comment('hello'), { 'X-CSRFToken': 'wrong' })).status).toBe(403);
    const { cookie: _cookie, ...noCookie } = alice.writeHeaders;
    expect((await api(path, { method: 'POST', headers: noCookie, body })).status).toBe(403);
    // Alice's token with Bob's cookies is not Alice.
    expect(
      (await post(alice, path, comment('hello'), { cookie: bob.cookie, 'X-CSRFToken': bob.csrf })).status,
    ).toBe(403);
    expect((await post(alice, path, comment('hello'))).status).toBe(200);
  });

  it('answers 400 for a malformed body and 404 for unknown places and parents', async () => {
    const path = `/proxy/comments/project/${demoProject.id}`;
    expect(
      (await api(path, { method: 'POST', headers: alice.writeHeaders, body: '{"content": ' })).status,
    ).toBe(400);
    expect((await post(alice, path, { parent_id: '' })).status).toBe(400);
    expect((await post(alice, path, comment('x', 'abc'))).status).toBe(400);
    expect((await post(alice, '/proxy/comments/project/1', comment('x'))).body).toEqual({
      code: 'NotFound',
      message: '',
    });
    expect((await post(alice, path, comment('x', '999'))).status).toBe(404);
  });
});

describe('rejections (status 200, a rejection object)', () => {
  const rejected = async (member: Member, path: string, content: string) => {
    const response = await post(member, path, comment(content));
    expect(response.status).toBe(200);
    return response.body.rejected;
  };

  it('isEmpty, isTooLong, isBad, isDisallowed', async () => {
    const path = `/proxy/comments/project/${demoProject.id}`;
    expect(await rejected(alice, path, '   \n ')).toBe('isEmpty');
    expect(await rejected(alice, path, 'x'.repeat(501))).toBe('isTooLong');
    expect(await rejected(alice, path, 'x'.repeat(500))).toBeUndefined();
    expect(await rejected(alice, path, `you ${BAD_WORDS[0]}!`)).toBe('isBad');
    expect(await rejected(alice, `/proxy/comments/project/${commentsOff.id}`, 'hi')).toBe('isDisallowed');
  });

  it('isSpam for the same text again, isFlood for too many too fast', async () => {
    const path = `/proxy/comments/project/${demoProject.id}`;
    expect(await rejected(bob, path, 'Same thing')).toBeUndefined();
    expect(await rejected(bob, path, '  same   THING ')).toBe('isSpam');
    for (let i = 1; i < FLOOD_LIMIT; i++)
      expect(await rejected(bob, path, `comment number ${i}`)).toBeUndefined();
    expect(await rejected(bob, path, 'one too many')).toBe('isFlood');
    // Others are not slowed down by Bob.
    expect(await rejected(alice, path, 'one too many')).toBeUndefined();
  });

  it('ends the flood and spam windows on the sandbox clock: moved past them, Bob may post again', async () => {
    const path = `/proxy/comments/project/${demoProject.id}`;
    for (let i = 0; i < FLOOD_LIMIT; i++) expect(await rejected(bob, path, `comment ${i}`)).toBeUndefined();
    expect(await rejected(bob, path, 'one too many')).toBe('isFlood');
    sandbox().control.advanceClock(FLOOD_WINDOW_MS);
    expect(await rejected(bob, path, 'comment 4')).toBe('isSpam');
    sandbox().control.advanceClock(SPAM_WINDOW_MS);
    expect(await rejected(bob, path, 'comment 4')).toBeUndefined();
  });

  it('answers a rejection forced through the control interface, with its extra fields', async () => {
    sandbox().control.forceCommentRejection({
      code: 'isMuted',
      extra: { status: { mute_status: { muteExpiresAt: 2_000_000_000, offenses: [] } } },
    });
    const response = await post(alice, `/proxy/comments/project/${demoProject.id}`, comment('hello'));
    expect(response.body).toEqual({
      rejected: 'isMuted',
      status: { mute_status: { muteExpiresAt: 2_000_000_000, offenses: [] } },
    });
    expect(await rejected(alice, `/proxy/comments/project/${demoProject.id}`, 'hello')).toBeUndefined();
  });
});

describe('deleting comments', () => {
  it('lets the author and the page owner delete, nobody else (403)', async () => {
    const path = `/proxy/comments/project/${demoProject.id}`;
    const first = (await post(alice, path, comment('first'))).body;
    const second = (await post(alice, path, comment('second'))).body;
    const del = (member: Member, id: unknown) =>
      api(`${path}/comment/${id}`, { method: 'DELETE', headers: member.writeHeaders });
    expect((await del(bob, first.id)).status).toBe(403);
    const byAuthor = await del(alice, first.id);
    expect(byAuthor.status).toBe(200);
    expect(byAuthor.body).toEqual({});
    expect((await del(demo, second.id)).body).toEqual({});
    expect(
      (await api(`/users/${DEMO_USERNAME}/projects/${demoProject.id}/comments/${first.id}`)).status,
    ).toBe(404);
    expect((await del(alice, first.id)).status).toBe(404);
    const { 'X-CSRFToken': _csrf, ...noCsrf } = alice.writeHeaders;
    const third = (await post(alice, path, comment('third'))).body;
    expect((await api(`${path}/comment/${third.id}`, { method: 'DELETE', headers: noCsrf })).status).toBe(
      403,
    );
    expect((await api(`${path}/comment/${third.id}`, { method: 'DELETE' })).status).toBe(401);
  });

  it('lets studio managers delete studio comments', async () => {
    const { store } = sandbox().control;
    const host = store.getUserById(studio.hostId)?.username ?? '';
    const hostMember = await signIn(sandbox(), host);
    const posted = (await post(alice, `/proxy/comments/studio/${studio.id}`, comment('in a studio'))).body;
    const del = await api(`/proxy/comments/studio/${studio.id}/comment/${posted.id}`, {
      method: 'DELETE',
      headers: hostMember.writeHeaders,
    });
    expect(del.body).toEqual({});
  });
});

describe('love and favorite', () => {
  it('loves, unloves and favorites through the proxy, changing the stats', async () => {
    const { store } = sandbox().control;
    const demoId = store.getUser(DEMO_USERNAME)?.id ?? 0;
    const project = store.projects().find((p) => p.isShared && !store.isLoved(p.id, demoId)) as Project;
    const read = async () =>
      (await api(`/projects/${project.id}`)).body.stats as { loves: number; favorites: number };
    const before = await read();
    const loved = await api(`/proxy/projects/${project.id}/loves/user/${DEMO_USERNAME}`, {
      method: 'POST',
      headers: demo.writeHeaders,
    });
    expect(loved.body).toMatchObject({ projectId: project.id, userLove: true, statusChanged: true });
    expect((await read()).loves).toBe(before.loves + 1);
    const state = await api(`/projects/${project.id}/loves/user/${DEMO_USERNAME}`, {
      headers: { 'X-Token': demo.token },
    });
    expect(state.body).toEqual({ projectId: project.id, userLove: true });
    await api(`/proxy/projects/${project.id}/loves/user/${DEMO_USERNAME}`, {
      method: 'DELETE',
      headers: demo.writeHeaders,
    });
    expect((await read()).loves).toBe(before.loves);
    const favorited = await api(`/proxy/projects/${project.id}/favorites/user/${DEMO_USERNAME}`, {
      method: 'POST',
      headers: demo.writeHeaders,
    });
    expect(favorited.body).toMatchObject({ userFavorite: true });
    expect((await read()).favorites).toBe(before.favorites + 1);
  });

  it('refuses loving for someone else (403) and without CSRF (403)', async () => {
    const path = `/proxy/projects/${demoProject.id}/loves/user/${DEMO_USERNAME}`;
    expect((await api(path, { method: 'POST', headers: alice.writeHeaders })).status).toBe(403);
    const { 'X-CSRFToken': _csrf, ...noCsrf } = demo.writeHeaders;
    expect((await api(path, { method: 'POST', headers: noCsrf })).status).toBe(403);
  });
});

describe('the referer check (off by default, as most sandbox clients send none)', () => {
  it('once turned on, refuses writes without the site as referer (403) and takes them with it', async () => {
    const path = `/proxy/comments/project/${demoProject.id}`;
    const site = `${sandbox().urls.site}/`;
    // Off: no referer needed.
    expect((await post(alice, path, comment('no referer, check off'))).status).toBe(200);

    sandbox().control.refererCheck = true;
    const none = await post(alice, path, comment('no referer'));
    expect(none.status).toBe(403);
    expect(none.body).toMatchObject({ code: 'Forbidden' });
    expect((await post(alice, path, comment('elsewhere'), { Referer: 'https://evil.example/' })).status).toBe(
      403,
    );
    const withSite = await post(alice, path, comment('from the site'), { Referer: site });
    expect(withSite.status).toBe(200);
    const deleted = await api(`${path}/comment/${withSite.body.id}`, {
      method: 'DELETE',
      headers: alice.writeHeaders,
    });
    expect(deleted.status).toBe(403);
    const deletedWithSite = await api(`${path}/comment/${withSite.body.id}`, {
      method: 'DELETE',
      headers: { ...alice.writeHeaders, Referer: `${site}projects/${demoProject.id}/` },
    });
    expect(deletedWithSite.status).toBe(200);
    // Reads never need one.
    expect((await api(`/users/${DEMO_USERNAME}/projects/${demoProject.id}/comments?limit=1`)).status).toBe(
      200,
    );

    sandbox().control.reset();
    expect(sandbox().control.refererCheck).toBe(false);
  });
});
