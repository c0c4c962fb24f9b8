/**
 * Every endpoint's response validates against the extension's own zod schemas (lib/api/schemas.ts),
 * so the sandbox and the client cannot drift apart. Lists: every item, and for the long lists of the
 * demo user (messages, activity, a busy project's comments) every page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  activityEventSchema,
  commentRejectionSchema,
  commentSchema,
  countSchema,
  emptyObjectSchema,
  featuredSchema,
  messageSchema,
  projectFavoriteSchema,
  projectLoveSchema,
  projectSchema,
  projectWithAuthorSchema,
  scratcherInviteSchema,
  sessionSchema,
  studioActivitySchema,
  studioSchema,
  supportedLanguagesSchema,
  teamAlertSchema,
  translationSchema,
  userSchema,
} from '@/lib/api/schemas';
import { DEMO_USERNAME } from './index';
import type { Project, Studio } from './model';
import { getJson, type Member, signIn, useSandbox } from './testing';

const sandbox = useSandbox();
let demo: Member;
let alice: Member;
let busy: Project;
let thread: { projectId: number; commentId: number };
let studio: Studio;
let studioThread: number;

type Schema = z.ZodType;

function conforms(schema: Schema, value: unknown, where: string): void {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    expect.fail(`${where} does not match the schema: ${issues}\n${JSON.stringify(value).slice(0, 500)}`);
  }
}

async function one(
  schema: Schema,
  path: string,
  init?: RequestInit,
  base = sandbox().urls.api,
): Promise<unknown> {
  const response = await getJson(`${base}${path}`, init);
  expect(response.status, path).toBe(200);
  conforms(schema, response.body, path);
  return response.body;
}

/** Every item of every page (up to `maxPages` pages of 40). */
async function all(schema: Schema, path: string, init?: RequestInit, maxPages = 1): Promise<unknown[]> {
  const items: unknown[] = [];
  for (let pageIndex = 0; pageIndex < maxPages; pageIndex++) {
    const separator = path.includes('?') ? '&' : '?';
    const response = await getJson<unknown[]>(
      `${sandbox().urls.api}${path}${separator}limit=40&offset=${pageIndex * 40}`,
      init,
    );
    expect(response.status, path).toBe(200);
    expect(Array.isArray(response.body), path).toBe(true);
    for (const [i, item] of response.body.entries())
      conforms(schema, item, `${path} [${pageIndex * 40 + i}]`);
    items.push(...response.body);
    if (response.body.length < 40) break;
  }
  expect(items.length, `${path} is empty: nothing was validated`).toBeGreaterThan(0);
  return items;
}

beforeAll(async () => {
  demo = await signIn(sandbox(), DEMO_USERNAME);
  alice = await signIn(sandbox(), 'alice');
  const { store } = sandbox().control;
  const withComments = store
    .projects()
    .filter((p) => p.isShared && store.topLevelComments('project', p.id).length > 100);
  busy = withComments[0] as Project;
  const withThread = store
    .projects()
    .flatMap((p) => (p.isShared ? store.topLevelComments('project', p.id).map((c) => ({ p, c })) : []))
    .find(({ c }) => store.replyCount(c.id) > 40);
  thread = { projectId: withThread?.p.id ?? 0, commentId: withThread?.c.id ?? 0 };
  studio = store
    .studios()
    .find((s) => store.topLevelComments('studio', s.id).some((c) => store.replyCount(c.id) > 0)) as Studio;
  studioThread = store.topLevelComments('studio', studio.id).find((c) => store.replyCount(c.id) > 0)?.id ?? 0;
});

const ownerOf = (projectId: number) => {
  const { store } = sandbox().control;
  return store.getUserById(store.getProject(projectId)?.authorId ?? 0)?.username ?? '';
};

describe('users', () => {
  it('user, projects, project, studios, favorites, followers, following', async () => {
    await one(userSchema, `/users/${DEMO_USERNAME}`);
    for (const name of ['mallory', '__proto__', 'constructor', 'quiet_user'])
      await one(userSchema, `/users/${name}`);
    // As live (tests/real-payloads/users-projects.json): the author is the user of the path, unnamed.
    const projects = (await all(projectSchema, `/users/${DEMO_USERNAME}/projects`)) as {
      id: number;
      author: { id: number; username?: string };
    }[];
    expect(projects.length).toBeGreaterThan(0);
    for (const project of projects) {
      expect(project.author).not.toHaveProperty('username');
      expect(project.author.id).toBe(sandbox().control.store.getUser(DEMO_USERNAME)?.id);
    }
    await one(projectWithAuthorSchema, `/users/${DEMO_USERNAME}/projects/${projects[0]?.id}`);
    const { store } = sandbox().control;
    const curator = store.users().find((u) => store.curatedStudiosOf(u.id).length > 0)?.username;
    await all(studioSchema, `/users/${curator}/studios/curate`);
    await all(projectWithAuthorSchema, `/users/${DEMO_USERNAME}/favorites`, undefined, 2);
    await all(userSchema, `/users/${DEMO_USERNAME}/followers`, undefined, 2);
    await all(userSchema, `/users/${DEMO_USERNAME}/following`, undefined, 2);
  });

  it('feeds of the people and studios followed (authenticated)', async () => {
    const auth = { headers: { 'X-Token': demo.token } };
    await all(projectWithAuthorSchema, `/users/${DEMO_USERNAME}/following/studios/projects`, auth);
    await all(projectWithAuthorSchema, `/users/${DEMO_USERNAME}/following/users/loves`, auth);
    await all(projectWithAuthorSchema, `/users/${DEMO_USERNAME}/following/users/projects`, auth);
    const events = (await all(
      activityEventSchema,
      `/users/${DEMO_USERNAME}/following/users/activity`,
      auth,
      30,
    )) as {
      type: string;
    }[];
    // The eight types the site renders there and the sandbox's unknown one.
    expect(new Set(events.map((e) => e.type)).size).toBeGreaterThanOrEqual(9);
  });

  it('messages, every one of the demo user’s, and the count', async () => {
    const messages = await all(
      messageSchema,
      `/users/${DEMO_USERNAME}/messages`,
      { headers: { 'X-Token': demo.token } },
      10,
    );
    expect(messages.length).toBe(sandbox().control.store.messagesFor(DEMO_USERNAME).length);
    await one(countSchema, `/users/${DEMO_USERNAME}/messages/count`);
  });

  it('the team’s alerts and the invitation (with and without one), as the site’s messages page reads them', async () => {
    const auth = { headers: { 'X-Token': demo.token } };
    const alerts = (await one(
      teamAlertSchema.array(),
      `/users/${DEMO_USERNAME}/messages/admin`,
      auth,
    )) as unknown[];
    expect(alerts).toHaveLength(2);
    expect(await one(scratcherInviteSchema, `/users/${DEMO_USERNAME}/invites`, auth)).not.toEqual({});
    const aliceInvite = await getJson(`${sandbox().urls.api}/users/alice/invites`, {
      headers: { 'X-Token': alice.token },
    });
    expect(aliceInvite.body).toEqual({});
    expect(scratcherInviteSchema.parse(aliceInvite.body)).toBeNull();
  });

  it('a studio’s activity, every item', async () => {
    const items = (await all(studioActivitySchema, `/studios/${studio.id}/activity/`)) as { id: unknown }[];
    expect(items.every((item) => typeof item.id === 'string')).toBe(true);
  });

  it('project comments, a single comment and replies (every page)', async () => {
    const owner = ownerOf(busy.id);
    const comments = (await all(
      commentSchema,
      `/users/${owner}/projects/${busy.id}/comments`,
      undefined,
      5,
    )) as {
      id: number;
    }[];
    expect(comments.length).toBeGreaterThan(100);
    await one(commentSchema, `/users/${owner}/projects/${busy.id}/comments/${comments[0]?.id}`);
    const threadOwner = ownerOf(thread.projectId);
    for (const segment of ['users', 'user'])
      await all(
        commentSchema,
        `/${segment}/${threadOwner}/projects/${thread.projectId}/comments/${thread.commentId}/replies`,
        undefined,
        3,
      );
  });
});

describe('projects and studios', () => {
  it('project, remixes, studios, love and favorite state, count', async () => {
    const { store } = sandbox().control;
    const remixed = store.projects().find((p) => p.isShared && store.remixCount(p.id) > 0) as Project;
    await one(projectWithAuthorSchema, `/projects/${remixed.id}`);
    await all(projectWithAuthorSchema, `/projects/${remixed.id}/remixes`);
    const inStudio = store
      .projects()
      .find((p) => p.isShared && store.studiosOfProject(p.id).length > 0) as Project;
    await all(studioSchema, `/projects/${inStudio.id}/studios`);
    const auth = { headers: { 'X-Token': demo.token } };
    await one(projectLoveSchema, `/projects/${remixed.id}/loves/user/${DEMO_USERNAME}`, auth);
    await one(projectFavoriteSchema, `/projects/${remixed.id}/favorites/user/${DEMO_USERNAME}`, auth);
    await one(countSchema, '/projects/count/all');
    const demoUser = store.getUser(DEMO_USERNAME);
    const unshared = store.allProjectsOf(demoUser?.id ?? 0).find((p) => !p.isShared) as Project;
    const own = (await one(projectWithAuthorSchema, `/projects/${unshared.id}`, auth)) as {
      history: { shared: unknown };
    };
    expect(own.history.shared).toBeNull();
  });

  it('studio comments, a single comment and replies', async () => {
    const comments = (await all(commentSchema, `/studios/${studio.id}/comments`, undefined, 4)) as {
      id: number;
    }[];
    await one(commentSchema, `/studios/${studio.id}/comments/${comments[0]?.id}`);
    await all(commentSchema, `/studios/${studio.id}/comments/${studioThread}/replies`);
  });
});

describe('proxy', () => {
  it('featured rows', async () => {
    const featured = (await one(featuredSchema, '/proxy/featured')) as Record<string, unknown[]>;
    expect(featuredSchema.parse(featured).design_studio.length).toBeGreaterThan(0);
  });

  it('comment creation (comment and rejection) and deletion, on projects and studios', async () => {
    const write = (method: string, path: string, body?: unknown) =>
      getJson(`${sandbox().urls.api}${path}`, {
        method,
        headers: alice.writeHeaders,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    for (const [kind, id] of [
      ['project', busy.id],
      ['studio', studio.id],
    ] as const) {
      const created = await write('POST', `/proxy/comments/${kind}/${id}`, {
        content: `conformance <${kind}> & 'quotes'`,
        parent_id: '',
        commentee_id: '',
      });
      conforms(commentSchema, created.body, `POST ${kind} comment`);
      const reply = await write('POST', `/proxy/comments/${kind}/${id}`, {
        content: `reply on ${kind}`,
        parent_id: String((created.body as { id: number }).id),
        commentee_id: '',
      });
      conforms(commentSchema, reply.body, `POST ${kind} reply`);
      const rejected = await write('POST', `/proxy/comments/${kind}/${id}`, {
        content: ' ',
        parent_id: '',
        commentee_id: '',
      });
      conforms(commentRejectionSchema, rejected.body, `POST ${kind} rejection`);
      const deleted = await write(
        'DELETE',
        `/proxy/comments/${kind}/${id}/comment/${(created.body as { id: number }).id}`,
      );
      expect(deleted.status).toBe(200);
      conforms(emptyObjectSchema, deleted.body, `DELETE ${kind} comment`);
    }
  });
});

describe('explore and search', () => {
  it('projects and studios in every mode', async () => {
    for (const mode of ['popular', 'trending', 'recent']) {
      await all(projectWithAuthorSchema, `/explore/projects?q=*&mode=${mode}&language=en`);
      await all(projectWithAuthorSchema, `/search/projects?q=remix&mode=${mode}`);
      await all(studioSchema, `/explore/studios?q=*&mode=${mode}`);
      await all(studioSchema, `/search/studios?q=*&mode=${mode}`);
    }
  });
});

describe('site and helpers', () => {
  it('session, signed in and out', async () => {
    const headers = { 'X-Requested-With': 'XMLHttpRequest' };
    const base = sandbox().urls.site;
    const signedIn = (await one(
      sessionSchema,
      '/session/',
      { headers: { ...headers, cookie: demo.cookie } },
      base,
    )) as {
      user?: unknown;
    };
    expect(signedIn.user).toBeTruthy();
    await one(sessionSchema, '/session/', { headers }, base);
  });

  it('translation and supported languages', async () => {
    await one(translationSchema, '/translate?language=fr&text=hello', undefined, sandbox().urls.translate);
    const supported = await one(supportedLanguagesSchema, '/supported', undefined, sandbox().urls.translate);
    expect(supportedLanguagesSchema.parse(supported)).toHaveLength(49);
  });
});
