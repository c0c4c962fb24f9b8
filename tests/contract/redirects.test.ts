/**
 * Contract: requests carrying the member's credentials never follow a redirect. The real
 * client and session against the sandbox over HTTP, its paths redirected (control `/redirects`) to
 * the sandbox's second server, which records every request it receives: token-bearing reads, the
 * CSRF writes and the session read fail with `Redirected`, at once (no retry), and the second server
 * receives nothing at all. A public read (no token, no cookies) may follow: it carries nothing of
 * the member's there.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isApiError } from '@/lib/api/errors';
import type { RedirectStatus } from '@/sandbox/control';
import { DEMO_USERNAME, type RunningSandbox } from '@/sandbox/index';
import type { Comment } from '@/sandbox/model';
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

/** What reached the second server, with the credentials each request carried. */
const arrivedElsewhere = () =>
  sandbox.control.elsewhereRequests().map((request) => ({
    method: request.method,
    path: request.path,
    xToken: request.headers['x-token'],
    xCsrfToken: request.headers['x-csrftoken'],
    cookie: request.headers.cookie,
  }));

async function signedIn(): Promise<Wired> {
  const wired = wire(sandbox);
  await signIn(sandbox, wired.jar, DEMO_USERNAME);
  await wired.session.whoami();
  sandbox.control.clearLog();
  return wired;
}

/** A comment of someone else's on one of demo's projects, to reply to. */
function aThread(): { projectId: number; comment: Comment } {
  const store = sandbox.control.store;
  const demo = store.getUser(DEMO_USERNAME);
  const project = store.sharedProjectsOf(demo?.id ?? 0).find((p) => p.commentsAllowed);
  if (!project) throw new Error('demo has no project open to comments');
  const comment = store.addComment({
    place: 'project',
    placeId: project.id,
    parentId: null,
    commenteeId: null,
    authorId: store.getUser('alice')?.id ?? 0,
    content: 'A question for a reply',
  });
  return { projectId: project.id, comment };
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a failure, got ${JSON.stringify(value)?.slice(0, 80)}`);
    },
    (error: unknown) => error,
  );
}

describe.each([302, 307] as RedirectStatus[])('the service redirects with %i', (status) => {
  it('a read with the token fails with Redirected, once, and the second server gets nothing', async () => {
    const { api } = await signedIn();
    sandbox.control.addRedirect({ part: 'api', pattern: '/users/*/messages', status });
    const error = await failure(api.messages.list({ username: DEMO_USERNAME }, { limit: 5 }));
    expect(arrivedElsewhere()).toEqual([]);
    expect(isApiError(error, 'Redirected')).toBe(true);
    // A redirect is not worth retrying: the same request gets the same answer.
    const sent = sandbox.control.requestLog({ part: 'api' });
    expect(sent.map((entry) => [entry.status, entry.hasToken])).toEqual([[status, true]]);
  });

  it('a read that sends the token when signed in (a project, the love marks) fails the same way', async () => {
    const { api } = await signedIn();
    sandbox.control.addRedirect({ part: 'api', pattern: '/projects/**', status });
    const projectId = aThread().projectId;
    const errors = [
      await failure(api.getProject(projectId)),
      await failure(api.getProjectLove(projectId, DEMO_USERNAME)),
    ];
    expect(arrivedElsewhere()).toEqual([]);
    expect(errors.map((error) => isApiError(error, 'Redirected'))).toEqual([true, true]);
  });

  it('a reply (token, cookies, CSRF token) fails with Redirected, is not posted, and the second server gets nothing', async () => {
    const { api } = await signedIn();
    const { projectId, comment } = aThread();
    sandbox.control.addRedirect({ part: 'api', pattern: '/proxy/comments/**', status });
    const error = await failure(
      api.postProjectComment(projectId, { content: 'my reply', parentId: comment.id, commenteeId: 0 }),
    );
    expect(arrivedElsewhere()).toEqual([]);
    expect(error).toMatchObject({ name: 'Redirected', url: expect.stringContaining('/proxy/comments/') });
    expect(sandbox.control.requestLog({ part: 'api', method: 'POST' })).toHaveLength(1);
    expect(sandbox.control.store.replies(comment.id)).toEqual([]);
    // A delete is a write too.
    const deleted = await failure(api.deleteProjectComment(projectId, comment.id));
    expect(isApiError(deleted, 'Redirected')).toBe(true);
    expect(arrivedElsewhere()).toEqual([]);
  });

  it('the session read (the site’s cookies; its answer holds the token) fails with Redirected', async () => {
    const wired = wire(sandbox);
    await signIn(sandbox, wired.jar, DEMO_USERNAME);
    sandbox.control.addRedirect({ part: 'site', pattern: '/session/', status });
    const error = await failure(wired.session.whoami());
    expect(arrivedElsewhere()).toEqual([]);
    expect(isApiError(error, 'Redirected')).toBe(true);
  });
});

describe('public reads', () => {
  it('follow a redirect, carrying nothing of the member’s there', async () => {
    const { api } = await signedIn();
    sandbox.control.addRedirect({ part: 'api', pattern: '/users/*', status: 302 });
    // The second server answers `{}`, not a user: the read fails as a malformed answer.
    const error = await failure(api.getUser('alice'));
    expect(isApiError(error, 'InvalidResponse')).toBe(true);
    expect(arrivedElsewhere()).toEqual([
      { method: 'GET', path: '/users/alice', xToken: undefined, xCsrfToken: undefined, cookie: undefined },
    ]);
  });
});
