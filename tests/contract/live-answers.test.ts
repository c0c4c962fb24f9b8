/**
 * Contract: the real client against the sandbox over HTTP, for what the site's own front end reads
 * beyond docs/interface.md: the team's alerts and the Scratcher invitation (and dismissing them with the
 * site's own request), a studio's activity, replies at the site's path with the interface's as a
 * fallback that is remembered, and the count at its bare address.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '@/lib/api/client';
import { isApiError } from '@/lib/api/errors';
import { repliesPathMemory } from '@/lib/api/replies-path';
import { DEMO_USERNAME, type RunningSandbox } from '@/sandbox/index';
import { signIn, startTestSandbox, type Wired, wire } from './harness';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(() => {
  sandbox.control.reset();
});

const store = () => sandbox.control.store;

async function signedIn(): Promise<Wired> {
  const w = wire(sandbox);
  await signIn(sandbox, w.jar, DEMO_USERNAME);
  return w;
}

describe('the team’s alerts and the invitation', () => {
  it('reads them with the token, the alerts’ HTML as the string the site sent', async () => {
    const w = await signedIn();
    const alerts = await w.api.getTeamAlerts(DEMO_USERNAME);
    expect(alerts.map((a) => a.id)).toEqual(
      store()
        .adminMessagesFor(DEMO_USERNAME)
        .map((a) => a.id),
    );
    expect(alerts.some((a) => a.message.includes('<script>'))).toBe(true);
    const invite = await w.api.getScratcherInvite(DEMO_USERNAME);
    expect(invite?.id).toBe(store().inviteFor(DEMO_USERNAME)?.id);
    store().clearAlerts(DEMO_USERNAME);
    expect(await w.api.getScratcherInvite(DEMO_USERNAME)).toBeNull();
    expect(await w.api.getTeamAlerts(DEMO_USERNAME)).toEqual([]);
    const reads = sandbox.control.requestLog({ part: 'api' }).filter((e) => /admin$|invites$/.test(e.path));
    expect(reads.every((e) => e.hasToken && e.status === 200)).toBe(true);
  });

  it('dismisses an alert and the invitation with the site’s request: the count drops by one each', async () => {
    const w = await signedIn();
    const before = store().unreadCount(DEMO_USERNAME);
    const [alert] = store().adminMessagesFor(DEMO_USERNAME);
    const invite = store().inviteFor(DEMO_USERNAME);
    // The wrong kind for the id: the site answers without `success`, nothing goes.
    expect(await w.api.dismissAlert('invite', alert?.id ?? 0)).toBe(false);
    expect(store().unreadCount(DEMO_USERNAME)).toBe(before);
    expect(await w.api.dismissAlert('notification', alert?.id ?? 0)).toBe(true);
    expect(await w.api.dismissAlert('invite', invite?.id ?? 0)).toBe(true);
    expect(store().unreadCount(DEMO_USERNAME)).toBe(before - 2);
    const posts = sandbox.control.requestLog({ part: 'site', method: 'POST' });
    expect(posts.map((e) => [e.path, e.status, e.hasToken])).toEqual([
      ['/site-api/messages/messages-delete/', 200, false],
      ['/site-api/messages/messages-delete/', 200, false],
      ['/site-api/messages/messages-delete/', 200, false],
    ]);
  });

  it('marks every message read with the site’s request: no body, the CSRF and XHR headers', async () => {
    const w = await signedIn();
    const unlisted =
      store().adminMessagesFor(DEMO_USERNAME).length + (store().inviteFor(DEMO_USERNAME) ? 1 : 0);
    expect(store().unreadCount(DEMO_USERNAME)).toBeGreaterThan(unlisted);
    expect(await w.api.markAllRead()).toBe(true);
    // What the site leaves: the team's alerts and the invitation.
    expect(store().unreadCount(DEMO_USERNAME)).toBe(unlisted);
    const [post] = sandbox.control.requestLog({ part: 'site', method: 'POST' });
    expect([post?.path, post?.status, post?.hasToken]).toEqual([
      '/site-api/messages/messages-clear/',
      200,
      false,
    ]);
  });

  it('a refused mark as read is an error, and nothing is marked', async () => {
    const w = await signedIn();
    const before = store().unreadCount(DEMO_USERNAME);
    sandbox.control.addFailure({
      part: 'site',
      pattern: '/site-api/messages/messages-clear/',
      rate: 1,
      status: 403,
    });
    const error = await w.api.markAllRead().catch((e: unknown) => e);
    expect(isApiError(error, 'Forbidden')).toBe(true);
    expect(store().unreadCount(DEMO_USERNAME)).toBe(before);
  });

  it('sends nothing while signed out', async () => {
    const { api } = wire(sandbox);
    for (const attempt of [
      () => api.getTeamAlerts(DEMO_USERNAME),
      () => api.getScratcherInvite(DEMO_USERNAME),
      () => api.dismissAlert('notification', 1),
      () => api.markAllRead(),
      () => api.acceptCuratorInvite(1, DEMO_USERNAME),
    ]) {
      const error = await attempt().catch((e: unknown) => e);
      expect(isApiError(error, 'SignedOut')).toBe(true);
    }
    expect(sandbox.control.requestLog()).toEqual([]);
  });
});

describe('a curator invitation', () => {
  it('is accepted with the studio page’s request, once: a second accept answers without success', async () => {
    const w = await signedIn();
    const demo = store().getUser(DEMO_USERNAME);
    const studioId = store()
      .messagesFor(DEMO_USERNAME)
      .map((message) => message.fields.gallery_id)
      .find(
        (id): id is number => typeof id === 'number' && store().hasPendingCuratorInvite(DEMO_USERNAME, id),
      );
    if (studioId === undefined || demo === undefined)
      throw new Error('demo has no pending curator invitation');
    expect(await w.api.acceptCuratorInvite(studioId, DEMO_USERNAME)).toBe(true);
    expect(store().studioCurators(studioId)).toContain(demo.id);
    expect(await w.api.acceptCuratorInvite(studioId, DEMO_USERNAME)).toBe(false);
    const puts = sandbox.control.requestLog({ part: 'site', method: 'PUT' });
    expect(puts.map((e) => [e.path, e.status, e.hasToken])).toEqual([
      [`/site-api/users/curators-in/${studioId}/add/`, 200, false],
      [`/site-api/users/curators-in/${studioId}/add/`, 200, false],
    ]);
  });
});

describe('a studio’s activity', () => {
  it('reads a project added to the studio at the top, as the studio page asks, signed out', async () => {
    const { api } = wire(sandbox);
    const studio = store()
      .studios()
      .find((s) => store().studioProjects(s.id).length > 0);
    const inStudio = new Set(
      store()
        .studioProjects(studio?.id ?? 0)
        .map((d) => d.project.id),
    );
    const project = store()
      .projects()
      .find((p) => p.isShared && !inStudio.has(p.id));
    if (!studio || !project) throw new Error('no studio and project');
    sandbox.control.addProjectToStudio({ studioId: studio.id, projectId: project.id, actor: 'alice' });
    const [top, ...rest] = await api.studioActivity(studio.id, { limit: 20 });
    expect(top).toMatchObject({
      type: 'addprojecttostudio',
      project_id: project.id,
      project_title: project.title,
      id: expect.stringMatching(/^addprojecttostudio-\d+$/),
    });
    const older = rest.at(-1);
    if (older !== undefined) {
      const next = await api.studioActivity(studio.id, { limit: 20, dateLimit: older.datetime_created });
      expect(next[0]?.id).toBe(older.id);
    }
    const [read] = sandbox.control.requestLog({ part: 'api', pattern: '/studios/*/activity/' });
    expect(read?.query).toBe('limit=20');
    expect(read?.hasToken).toBe(false);
  });
});

describe('replies', () => {
  const thread = () => {
    const project = store()
      .projects()
      .find(
        (p) =>
          p.isShared &&
          store()
            .topLevelComments('project', p.id)
            .some((c) => store().replyCount(c.id) > 0),
      );
    const comment = store()
      .topLevelComments('project', project?.id ?? 0)
      .find((c) => store().replyCount(c.id) > 0);
    if (!project || !comment) throw new Error('no replied comment');
    const username = store().getUserById(project.authorId)?.username ?? '';
    return {
      username,
      projectId: project.id,
      commentId: comment.id,
      replies: store().replyCount(comment.id),
    };
  };
  const replyPaths = () =>
    sandbox.control
      .requestLog({ part: 'api' })
      .filter((e) => e.path.endsWith('/replies'))
      .map((e) => `${e.path.split('/')[1]} ${e.status}`);

  it('falls back to the interface’s path when the site’s answers 404, and asks there first from then on', async () => {
    const { username, projectId, commentId, replies } = thread();
    const memory = repliesPathMemory();
    const w = wire(sandbox);
    const api = new ApiClient({ urls: sandbox.urls, http: w.http, auth: w.session, repliesPath: memory });
    sandbox.control.repliesPaths.users = false;
    const first = await api.projectCommentReplies.list({ username, projectId, commentId }, { limit: 40 });
    expect(first).toHaveLength(Math.min(40, replies));
    expect(await memory.preferred()).toBe('user');
    await api.projectCommentReplies.list({ username, projectId, commentId }, { limit: 40 });
    expect(replyPaths()).toEqual(['users 404', 'user 200', 'user 200']);

    // And back when the singular goes and the plural answers again.
    sandbox.control.clearLog();
    sandbox.control.repliesPaths = { users: true, user: false };
    await api.projectCommentReplies.list({ username, projectId, commentId }, { limit: 40 });
    expect(await memory.preferred()).toBe('users');
    expect(replyPaths()).toEqual(['user 404', 'users 200']);
  });

  it('a comment gone at both paths is NotFound, and changes nothing remembered', async () => {
    const { username, projectId } = thread();
    const memory = repliesPathMemory();
    const w = wire(sandbox);
    const api = new ApiClient({ urls: sandbox.urls, http: w.http, auth: w.session, repliesPath: memory });
    const error = await api.projectCommentReplies
      .list({ username, projectId, commentId: 1 })
      .catch((e: unknown) => e);
    expect(isApiError(error, 'NotFound')).toBe(true);
    expect(await memory.preferred()).toBe('users');
    expect(replyPaths()).toEqual(['users 404', 'user 404']);
  });
});

describe('the count', () => {
  it('is read at its bare address unless asked to bypass the cache', async () => {
    const { api } = wire(sandbox);
    await api.getMessageCount(DEMO_USERNAME);
    await api.getMessageCount(DEMO_USERNAME, { bypassCache: true });
    const queries = sandbox.control
      .requestLog({ part: 'api', pattern: '/users/*/messages/count' })
      .map((e) => e.query.replace(/=.*/, '='));
    expect(queries).toEqual(['', 'cachebust=']);
  });
});
