/**
 * Contract: the real client against the sandbox over HTTP, every endpoint, signed out and signed in,
 * comment writes and every rejection code. (Faults: api-faults.test.ts.)
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { genericRejectionSentence, isApiError, rejectionSentence } from '@/lib/api/errors';
import type { Comment, Project } from '@/lib/api/schemas';
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

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

/** The API requests the sandbox received, as `METHOD route`. */
function apiRequests() {
  return sandbox.control.requestLog({ part: 'api' });
}

/** A project of demo's with comments, one of those comments with replies. */
async function projectWithReplies(w: Wired): Promise<{ project: Project; comment: Comment }> {
  for await (const project of w.api.userProjects.iterate({ username: DEMO_USERNAME })) {
    if ((project.stats?.comments ?? 1) === 0) continue;
    const comments = await w.api.projectComments.list(
      { username: DEMO_USERNAME, projectId: project.id },
      { limit: 40 },
    );
    const comment = comments.find((c) => (c.reply_count ?? 0) > 0);
    if (comment) return { project, comment };
  }
  throw new Error('the seed has no project of demo with a replied comment');
}

describe('signed out', () => {
  it('reads users, their lists and one project of theirs', async () => {
    const { api } = wire(sandbox);
    const user = await api.getUser(DEMO_USERNAME);
    expect(user.username).toBe(DEMO_USERNAME);
    const projects = await api.userProjects.list({ username: DEMO_USERNAME }, { limit: 5 });
    expect(projects.length).toBeGreaterThan(0);
    expect(projects.length).toBeLessThanOrEqual(5);
    const first = projects[0] as Project;
    expect((await api.getUserProject(DEMO_USERNAME, first.id)).id).toBe(first.id);
    expect(first.author.username).toBe(DEMO_USERNAME);
    for (const list of [api.curatedStudios, api.favorites, api.followers, api.following]) {
      const items = await list.list({ username: DEMO_USERNAME }, { limit: 3 });
      expect(Array.isArray(items)).toBe(true);
      expect(items.length).toBeLessThanOrEqual(3);
    }
    expect((await api.following.list({ username: DEMO_USERNAME })).length).toBeGreaterThan(0);
  });

  it('walks a paged list in pages of 40, matching page-by-page reads', async () => {
    const { api } = wire(sandbox);
    const walked = await collect(api.followers.iterate({ username: DEMO_USERNAME }, { maxItems: 100 }));
    const byPages = [
      ...(await api.followers.list({ username: DEMO_USERNAME }, { limit: 40, offset: 0 })),
      ...(await api.followers.list({ username: DEMO_USERNAME }, { limit: 40, offset: 40 })),
      ...(await api.followers.list({ username: DEMO_USERNAME }, { limit: 20, offset: 80 })),
    ];
    expect(walked.map((u) => u.id)).toEqual(byPages.map((u) => u.id));
    const walkRequests = apiRequests().filter((e) => e.path.endsWith('/followers'));
    expect(walkRequests.some((e) => e.query.includes('limit=40'))).toBe(true);
  });

  it('reads the message count, bypassing the CDN cache on demand', async () => {
    const { api } = wire(sandbox);
    const count = await api.getMessageCount(DEMO_USERNAME);
    expect(count).toBeGreaterThan(0);
    // A new message: the cached count stays stale, a bypassing read sees it.
    sandbox.control.addMessage(DEMO_USERNAME, { type: 'userjoin' });
    expect(await api.getMessageCount(DEMO_USERNAME)).toBe(count);
    expect(await api.getMessageCount(DEMO_USERNAME, { bypassCache: true })).toBe(count + 1);
    const reads = apiRequests().filter((e) => e.path.endsWith('/messages/count'));
    expect(reads.at(-1)?.query).toMatch(/^cachebust=/);
    expect(reads.every((e) => !e.hasToken)).toBe(true);
  });

  it('reads comments and replies of projects and studios, as plain text', async () => {
    const w = wire(sandbox);
    const { project, comment } = await projectWithReplies(w);
    const one = await w.api.getProjectComment(DEMO_USERNAME, project.id, comment.id);
    expect(one.content).toBe(comment.content);
    const replies = await w.api.projectCommentReplies.list({
      username: DEMO_USERNAME,
      projectId: project.id,
      commentId: comment.id,
    });
    expect(replies.length).toBeGreaterThan(0);
    expect(replies.every((r) => r.parent_id === comment.id)).toBe(true);
    // Where the site reads them: the plural `/users/` path (tests/contract/live-answers.test.ts
    // turns it off to see the fallback).
    const repliesReads = apiRequests().filter(
      (e) => e.path.endsWith('/replies') && !e.path.startsWith('/studios/'),
    );
    expect(repliesReads.map((e) => e.path.split('/')[1])).toEqual(['users']);

    const studios = await w.api.projectStudios.list({ projectId: project.id });
    const studio = studios[0] ?? (await w.api.curatedStudios.list({ username: DEMO_USERNAME }))[0];
    expect(studio).toBeDefined();
    const studioComments = await collect(
      w.api.studioComments.iterate({ studioId: studio?.id ?? 0 }, { maxItems: 80 }),
    );
    const withReplies = studioComments.find((c) => (c.reply_count ?? 0) > 0) as Comment;
    expect(withReplies).toBeDefined();
    expect((await w.api.getStudioComment(studio?.id ?? 0, withReplies.id)).id).toBe(withReplies.id);
    const studioReplies = await w.api.studioCommentReplies.list({
      studioId: studio?.id ?? 0,
      commentId: withReplies.id,
    });
    expect(studioReplies.length).toBeGreaterThan(0);
    expect(studioReplies.every((r) => r.parent_id === withReplies.id)).toBe(true);
    // Remote text is text: no entity survives in what the client hands out.
    const texts = [...studioComments, ...replies, one].map((c) => c.content);
    expect(texts.some((t) => /&(amp|lt|gt|quot|#39);/.test(t))).toBe(false);
  });

  it('reads projects, remixes, studios and the shared-project count', async () => {
    const { api } = wire(sandbox);
    const [first] = await api.exploreProjects.list({ q: '*', mode: 'popular' }, { limit: 10 });
    expect(first).toBeDefined();
    const project = await api.getProject(first?.id ?? 0);
    expect(project.id).toBe(first?.id);
    expect(Array.isArray(await api.remixes.list({ projectId: project.id }))).toBe(true);
    expect(Array.isArray(await api.projectStudios.list({ projectId: project.id }))).toBe(true);
    expect(await api.getSharedProjectCount()).toBeGreaterThan(0);
  });

  it('reads the featured rows, with the design studio under design_studio', async () => {
    const { api } = wire(sandbox);
    const featured = await api.getFeatured();
    expect(featured.community_featured_projects.length).toBeGreaterThan(0);
    expect(featured.community_featured_studios.every((s) => s.type === 'gallery')).toBe(true);
    expect(featured.design_studio.length).toBeGreaterThan(0);
  });

  it('explores and searches projects and studios with the query options', async () => {
    const { api } = wire(sandbox);
    const games = await api.exploreProjects.list(
      { q: 'games', mode: 'trending', language: 'en' },
      { limit: 40 },
    );
    expect(games.length).toBeGreaterThan(0);
    expect(games.length).toBeLessThanOrEqual(40);
    expect((await api.exploreStudios.list({ q: '*' }, { limit: 5 })).length).toBeGreaterThan(0);
    const word = games[0]?.title.split(/\s+/)[0] ?? 'a';
    expect((await api.searchProjects.list({ q: word }, { limit: 5 })).length).toBeGreaterThan(0);
    expect(Array.isArray(await api.searchStudios.list({ q: 'a' }, { limit: 5 }))).toBe(true);
    const explore = apiRequests().find((e) => e.path === '/explore/projects');
    expect(explore?.query).toContain('mode=trending');
    expect(explore?.query).toContain('language=en');
  });

  it('translates text and lists the languages; synthesizes speech as audio bytes', async () => {
    const { api } = wire(sandbox);
    const translated = await api.translate('Hello, how are you?', 'fr');
    expect(translated).not.toBe('');
    expect(translated).not.toBe('Hello, how are you?');
    // Cached: the same translation costs no second request.
    await api.translate('Hello, how are you?', 'fr');
    expect(sandbox.control.requestLog({ part: 'translate', pattern: '/translate' })).toHaveLength(1);
    // Digits only: nothing to translate, no request.
    expect(await api.translate('12345', 'fr')).toBe('12345');
    const languages = await api.listTranslationLanguages();
    expect(languages.map((l) => l.code)).toContain('fr');
    const speech = await api.synthesize('Hello there', { locale: 'en-US', gender: 'male' });
    expect(speech.type).toMatch(/^audio\//);
    expect(speech.bytes.byteLength).toBeGreaterThan(100);
  });

  it('sends no request at all for endpoints that need authentication', async () => {
    const { api } = wire(sandbox);
    const attempts = [
      api.messages.list({ username: DEMO_USERNAME }),
      api.followingActivity.list({ username: DEMO_USERNAME }),
      api.followingUsersProjects.list({ username: DEMO_USERNAME }),
      api.followingUsersLoves.list({ username: DEMO_USERNAME }),
      api.followingStudiosProjects.list({ username: DEMO_USERNAME }),
      api.getProjectLove(1, DEMO_USERNAME),
      api.getProjectFavorite(1, DEMO_USERNAME),
      api.postProjectComment(1, { content: 'hi' }),
      api.deleteStudioComment(1, 2),
    ];
    for (const attempt of attempts) {
      const error = await attempt.catch((e: unknown) => e);
      expect(isApiError(error, 'SignedOut')).toBe(true);
    }
    expect(apiRequests()).toHaveLength(0);
  });

  it('answers unknown users and projects with NotFound', async () => {
    const { api } = wire(sandbox);
    await expect(api.getUser('nobody_of_that_name_here')).rejects.toMatchObject({
      name: 'NotFound',
      status: 404,
    });
    await expect(api.getProject(1)).rejects.toMatchObject({ name: 'NotFound' });
  });
});

describe('signed in', () => {
  it('knows who is signed in, without handing out the token', async () => {
    const w = wire(sandbox);
    await signIn(sandbox, w.jar, DEMO_USERNAME);
    const me = await w.session.whoami();
    expect(me?.username).toBe(DEMO_USERNAME);
    expect(me?.avatarUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(Object.keys(me ?? {}).sort()).toEqual(['avatarUrl', 'id', 'username']);
  });

  it('reads the feeds, messages and love/favorite status with the token', async () => {
    const w = wire(sandbox);
    await signIn(sandbox, w.jar, DEMO_USERNAME);
    const username = DEMO_USERNAME;
    const activity = await w.api.followingActivity.list({ username }, { limit: 40 });
    expect(activity.length).toBeGreaterThan(0);
    expect(activity.every((e) => typeof e.actor_username === 'string')).toBe(true);
    const shared = await w.api.followingUsersProjects.list({ username });
    expect(shared.length).toBeGreaterThan(0);
    expect(Array.isArray(await w.api.followingUsersLoves.list({ username }))).toBe(true);
    expect(Array.isArray(await w.api.followingStudiosProjects.list({ username }))).toBe(true);
    const messages = await collect(w.api.messages.iterate({ username }, { maxItems: 60 }));
    expect(messages.length).toBeGreaterThan(0);
    const project = shared[0] as Project;
    const love = await w.api.getProjectLove(project.id, username);
    expect(love.projectId).toBe(project.id);
    expect(typeof love.userLove).toBe('boolean');
    const favorite = await w.api.getProjectFavorite(project.id, username);
    expect(typeof favorite.userFavorite).toBe('boolean');
    const authed = apiRequests().filter((e) => /following|messages$|loves|favorites\/user/.test(e.path));
    expect(authed.length).toBeGreaterThan(0);
    expect(authed.every((e) => e.hasToken && e.status === 200)).toBe(true);
  });

  it('posts, replies to and deletes comments on projects and studios', async () => {
    const w = wire(sandbox);
    await signIn(sandbox, w.jar, DEMO_USERNAME);
    const [project] = await w.api.userProjects.list({ username: DEMO_USERNAME }, { limit: 1 });
    const text = `Tom & Jerry's <b>great</b> "remix" ${Date.now()}`;
    const posted = await w.api.postProjectComment(project?.id ?? 0, { content: text });
    expect(posted.content).toBe(text);
    expect(posted.parent_id).toBeNull();
    const reply = await w.api.postProjectComment(project?.id ?? 0, {
      content: 'a reply',
      parentId: posted.id,
      commenteeId: posted.author.id,
    });
    expect(reply.parent_id).toBe(posted.id);
    const read = await w.api.getProjectComment(DEMO_USERNAME, project?.id ?? 0, posted.id);
    expect(read.content).toBe(text);
    await w.api.deleteProjectComment(project?.id ?? 0, reply.id);
    await w.api.deleteProjectComment(project?.id ?? 0, posted.id);

    const [studio] = await w.api.curatedStudios.list({ username: DEMO_USERNAME }, { limit: 1 });
    const onStudio = await w.api.postStudioComment(studio?.id ?? 0, { content: 'nice studio' });
    expect(onStudio.content).toBe('nice studio');
    await w.api.deleteStudioComment(studio?.id ?? 0, onStudio.id);

    const writes = apiRequests().filter((e) => e.method !== 'GET' && e.method !== 'OPTIONS');
    expect(writes.map((e) => `${e.method} ${e.status}`)).toEqual([
      'POST 200',
      'POST 200',
      'DELETE 200',
      'DELETE 200',
      'POST 200',
      'DELETE 200',
    ]);
  });

  it('a write without the CSRF cookie is not sent', async () => {
    const w = wire(sandbox);
    await signIn(sandbox, w.jar, DEMO_USERNAME);
    await w.session.whoami();
    w.jar.values.delete('scratchcsrftoken');
    await expect(w.api.postProjectComment(1, { content: 'x' })).rejects.toMatchObject({ name: 'SignedOut' });
    expect(apiRequests().filter((e) => e.method === 'POST')).toHaveLength(0);
  });

  it.each([
    'isEmpty',
    'isFlood',
    'isBad',
    'hasChatSite',
    'isSpam',
    'isMuted',
    'isUnconstructive',
    'isDisallowed',
    'isIPMuted',
    'isTooLong',
    'isNotPermitted',
    'replyLimitReached',
  ])('turns the rejection %s into CommentRejected with its sentence', async (code) => {
    const w = wire(sandbox);
    await signIn(sandbox, w.jar, DEMO_USERNAME);
    const [project] = await w.api.userProjects.list({ username: DEMO_USERNAME }, { limit: 1 });
    const muteExpiresAt = Math.floor(Date.now() / 1000) + 3600;
    sandbox.control.forceCommentRejection({
      code,
      extra:
        code === 'isMuted'
          ? {
              status: {
                mute_status: { offenses: [], showWarning: true, muteExpiresAt, currentMessageType: null },
              },
            }
          : {},
    });
    const error = await w.api
      .postProjectComment(project?.id ?? 0, { content: 'hello' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'CommentRejected', code, sentence: rejectionSentence(code) });
    expect((error as { sentence: string }).sentence).not.toBe(genericRejectionSentence);
    if (code === 'isMuted') expect(error).toMatchObject({ muteExpiresAt });
  });

  it('an unknown rejection code gets the generic sentence', async () => {
    const w = wire(sandbox);
    await signIn(sandbox, w.jar, DEMO_USERNAME);
    const [project] = await w.api.userProjects.list({ username: DEMO_USERNAME }, { limit: 1 });
    sandbox.control.forceCommentRejection({ code: 'isSomethingNew' });
    await expect(w.api.postProjectComment(project?.id ?? 0, { content: 'hello' })).rejects.toMatchObject({
      name: 'CommentRejected',
      code: 'isSomethingNew',
      sentence: genericRejectionSentence,
    });
  });

  it('refuses empty and over-long comments without a request', async () => {
    const w = wire(sandbox);
    await signIn(sandbox, w.jar, DEMO_USERNAME);
    await expect(w.api.postProjectComment(1, { content: '   ' })).rejects.toMatchObject({ code: 'isEmpty' });
    await expect(w.api.postProjectComment(1, { content: 'x'.repeat(501) })).rejects.toMatchObject({
      code: 'isTooLong',
    });
    expect(apiRequests().filter((e) => e.method === 'POST')).toHaveLength(0);
  });

  it('after a sign-out on the site, authenticated endpoints are not requested', async () => {
    const w = wire(sandbox);
    await signIn(sandbox, w.jar, DEMO_USERNAME);
    expect((await w.session.whoami())?.username).toBe(DEMO_USERNAME);
    const out = await fetch(`${sandbox.urls.site}/logout/`, {
      redirect: 'manual',
      headers: { Cookie: (await w.jar.header()) ?? '' },
    });
    w.jar.take(out);
    await w.session.refresh();
    sandbox.control.clearLog();
    await expect(w.api.messages.list({ username: DEMO_USERNAME })).rejects.toMatchObject({
      name: 'SignedOut',
    });
    expect(apiRequests()).toHaveLength(0);
  });
});
