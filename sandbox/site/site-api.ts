/**
 * JSON endpoints of the site itself (not the REST interface) that the page scripts call, as the
 * live site has its own `/site-api/...`: clearing the message count when the messages page opens,
 * studio details and project tiles, profile comments, the profile's featured project, and the
 * member's own lists on My Stuff, and accepting a curator invitation. Writes need the session cookie
 * and an `X-CSRFToken` header equal to the `scratchcsrftoken` cookie; the messages page's and the
 * studio page's writes also `X-Requested-With: XMLHttpRequest` (scratch-www src/lib/api.js sends it
 * with every request to the site itself) and, with the referer check on, the site as referer
 * (../site-referer.ts).
 */
import type { Context, Env, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Comment, User } from '../model';
import { originsFor } from '../origins';
import { CSRF_COOKIE, SESSION_COOKIE } from '../session-routes';
import { refererProblem } from '../site-referer';
import type { Store } from '../store';

const STUDIO_PAGE_MAX = 40;
const PROFILE_COMMENTS_PER_PAGE = 20;
export const MYSTUFF_PAGE_SIZE = 20;
export const MYSTUFF_TABS = ['all', 'shared', 'unshared', 'galleries'] as const;
export type MyStuffTab = (typeof MYSTUFF_TABS)[number];

export function sessionUserOf(c: Context, store: Store): User | null {
  return store.sessionUser(getCookie(c, SESSION_COOKIE));
}

function csrfMatches(c: Context): boolean {
  const cookie = getCookie(c, CSRF_COOKIE);
  return Boolean(cookie) && c.req.header('x-csrftoken') === cookie;
}

const notFoundBody = { code: 'NotFound', message: '' };

/**
 * The signed-in member of a write of the messages or studio page, or the answer that refuses it:
 * 401 without a session, 403 without the CSRF header, the `X-Requested-With` header or (check on)
 * the site as referer.
 */
function siteWriter(c: Context, store: Store, refererCheck: boolean): User | Response {
  const user = sessionUserOf(c, store);
  if (!user) return c.json({ code: 'Unauthorized', message: 'Sign in first.' }, 401);
  if (!csrfMatches(c)) return c.json({ code: 'Forbidden', message: 'CSRF token missing or incorrect.' }, 403);
  if (c.req.header('x-requested-with') !== 'XMLHttpRequest')
    return c.json({ code: 'Forbidden', message: "Only the site's own scripts may ask this." }, 403);
  const referer = refererProblem(c, refererCheck);
  if (referer !== null) return c.json({ code: 'Forbidden', message: referer }, 403);
  return user;
}

function pageNumber(value: string | undefined, fallback: number, max: number): number | null {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,6}$/.test(value)) return null;
  return Math.min(Number(value), max);
}

/** `refererCheck`: whether the control interface's referer check is on now. */
export function mountSiteApi<E extends Env>(
  app: Hono<E>,
  store: Store,
  refererCheck: () => boolean = () => false,
): void {
  // Opening the messages page marks every message read (the count drops to 0); so does a "mark all
  // as read" that sends the same request. No body.
  app.post('/site-api/messages/messages-clear/', (c) => {
    const user = siteWriter(c, store, refererCheck());
    if (user instanceof Response) return user;
    store.markMessagesRead(user.username);
    return c.json({ success: true });
  });

  // Dismissing one of the site team's alerts or the Scratcher invitation (scratch-www
  // src/redux/messages.js, clearAdminMessage: JSON `{alertType: "notification" | "invite", alertId}`
  // with the CSRF header): the count drops by one. Anything else answers `success: false`.
  app.post('/site-api/messages/messages-delete/', async (c) => {
    const user = siteWriter(c, store, refererCheck());
    if (user instanceof Response) return user;
    const body = (await c.req.json().catch(() => null)) as { alertType?: unknown; alertId?: unknown } | null;
    const id = body?.alertId;
    const dismissed =
      typeof id === 'number' &&
      ((body?.alertType === 'notification' && store.dismissAdminMessage(user.username, id)) ||
        (body?.alertType === 'invite' && store.dismissInvite(user.username, id)));
    return c.json({ success: dismissed });
  });

  // Accepting a curator invitation, as the studio page does (scratch-www
  // src/views/studio/lib/studio-member-actions.js, acceptInvitation: `PUT
  // /site-api/users/curators-in/<studio id>/add/?usernames=<me>` with the CSRF header). Only the
  // member themself, with an invitation to this studio still pending; they join its curators. The
  // answer holds `success`; anything else (no invitation, already a curator, another's name) is a
  // 200 without it, with the `status: "error"` and message the studio page reads.
  app.put('/site-api/users/curators-in/:id/add/', (c) => {
    const user = siteWriter(c, store, refererCheck());
    if (user instanceof Response) return user;
    const id = c.req.param('id');
    const studio = /^\d{1,15}$/.test(id) ? store.getStudio(Number(id)) : undefined;
    if (!studio) return c.json(notFoundBody, 404);
    const names = (c.req.query('usernames') ?? '').split(',').filter((name) => name !== '');
    if (names.length !== 1 || names[0]?.toLowerCase() !== user.username.toLowerCase())
      return c.json({ code: 'Forbidden', message: 'Only you may accept your invitation.' }, 403);
    if (!store.acceptCuratorInvite(user.username, studio.id))
      return c.json({ status: 'error', message: 'There is no pending invitation to curate this studio.' });
    return c.json({ success: true, id: studio.id, username: user.username });
  });

  app.get('/site-api/studios/:id/', (c) => {
    const id = c.req.param('id');
    const studio = /^\d{1,15}$/.test(id) ? store.getStudio(Number(id)) : undefined;
    if (!studio) return c.json(notFoundBody, 404);
    const host = store.getUserById(studio.hostId);
    const viewer = sessionUserOf(c, store);
    return c.json({
      id: studio.id,
      title: studio.title,
      description: studio.description,
      image: `${originsFor(c).uploads}/get_image/gallery/${studio.id}_480x300.png`,
      comments_allowed: studio.commentsAllowed,
      host: { id: studio.hostId, username: host?.username ?? '' },
      stats: {
        projects: store.studioProjects(studio.id).length,
        comments: store.commentCount('studio', studio.id),
        followers: store.studioFollowerCount(studio.id),
        managers: store.studioManagers(studio.id).length,
      },
      // Curators and managers may add projects (scratch-www reads this from the studio's permissions).
      viewer_can_add_projects:
        viewer !== null &&
        (store.studioCurators(studio.id).includes(viewer.id) ||
          store.studioManagers(studio.id).includes(viewer.id)),
    });
  });

  app.get('/site-api/studios/:id/projects/', (c) => {
    const id = c.req.param('id');
    const studio = /^\d{1,15}$/.test(id) ? store.getStudio(Number(id)) : undefined;
    if (!studio) return c.json(notFoundBody, 404);
    const offset = pageNumber(c.req.query('offset'), 0, Number.MAX_SAFE_INTEGER);
    const limit = pageNumber(c.req.query('limit'), 24, STUDIO_PAGE_MAX);
    if (offset === null || limit === null || limit < 1) {
      return c.json({ code: 'BadRequest', message: 'offset and limit must be whole numbers' }, 400);
    }
    return c.json(
      store
        .studioProjects(studio.id)
        .slice(offset, offset + limit)
        .map(({ project }) => {
          const author = store.getUserById(project.authorId);
          return {
            id: project.id,
            title: project.title,
            username: author?.username ?? '',
            avatar_id: project.authorId,
          };
        }),
    );
  });

  // The featured project of a legacy profile (scratchr2 saved it with a PUT of the user's record):
  // only the member themself, with the CSRF header, and only one of their shared projects.
  app.put('/site-api/users/all/:username/', async (c) => {
    const viewer = sessionUserOf(c, store);
    if (!viewer) return c.json({ code: 'Unauthorized', message: 'Sign in first.' }, 401);
    if (!csrfMatches(c))
      return c.json({ code: 'Forbidden', message: 'CSRF token missing or incorrect.' }, 403);
    const user = store.getUser(c.req.param('username'));
    if (!user) return c.json(notFoundBody, 404);
    if (user.id !== viewer.id) return c.json({ code: 'Forbidden', message: 'Not your profile.' }, 403);
    const body = (await c.req.json().catch(() => null)) as { featured_project?: unknown } | null;
    const id = Number(body?.featured_project);
    if (!Number.isSafeInteger(id) || !store.setFeaturedProject(user.id, id))
      return c.json(
        { code: 'BadRequest', message: 'featured_project must be one of your shared projects' },
        400,
      );
    const project = store.featuredProjectOf(user.id);
    return c.json({
      username: user.username,
      featured_project: project?.id,
      featured_project_title: project?.title,
    });
  });

  // My Stuff (`/mystuff/`): the signed-in member's projects (all, shared, unshared; newest change
  // first) and the studios they curate, 20 a page.
  app.get('/site-api/mystuff/:tab/', (c) => {
    const viewer = sessionUserOf(c, store);
    if (!viewer) return c.json({ code: 'Unauthorized', message: 'Sign in first.' }, 401);
    const tab = c.req.param('tab') as MyStuffTab;
    if (!MYSTUFF_TABS.includes(tab)) return c.json(notFoundBody, 404);
    const page = pageNumber(c.req.query('page'), 1, 100_000);
    if (page === null || page < 1)
      return c.json({ code: 'BadRequest', message: 'page must be a whole number from 1' }, 400);
    const start = (page - 1) * MYSTUFF_PAGE_SIZE;
    const byModified = <T extends { modified: string; id: number }>(a: T, b: T) =>
      b.modified.localeCompare(a.modified) || b.id - a.id;
    const items =
      tab === 'galleries'
        ? store
            .curatedStudiosOf(viewer.id)
            .slice()
            .sort(byModified)
            .map((studio) => ({
              type: 'gallery',
              id: studio.id,
              title: studio.title,
              modified: studio.modified,
            }))
        : store
            .allProjectsOf(viewer.id)
            .filter((p) => (tab === 'all' ? true : tab === 'shared' ? p.isShared : !p.isShared))
            .sort(byModified)
            .map((project) => ({
              type: 'project',
              id: project.id,
              title: project.title,
              modified: project.modified,
              shared: project.isShared,
            }));
    return c.json({
      items: items.slice(start, start + MYSTUFF_PAGE_SIZE),
      more: items.length > start + MYSTUFF_PAGE_SIZE,
      total: items.length,
    });
  });

  // Profile comments, newest threads first, each with its replies (text as typed: the page renders text).
  app.get('/site-api/comments/user/:username/', (c) => {
    const user = store.getUser(c.req.param('username'));
    if (!user) return c.json(notFoundBody, 404);
    const page = pageNumber(c.req.query('page'), 1, 100_000);
    if (page === null || page < 1)
      return c.json({ code: 'BadRequest', message: 'page must be a whole number from 1' }, 400);
    const threads = store.topLevelComments('user', user.id);
    const start = (page - 1) * PROFILE_COMMENTS_PER_PAGE;
    const shape = (comment: Comment) => {
      const author = store.getUserById(comment.authorId);
      return {
        id: comment.id,
        content: comment.content,
        datetime_created: comment.created,
        author: { id: comment.authorId, username: author?.username ?? '' },
        commentee_id: comment.commenteeId,
      };
    };
    return c.json({
      comments: threads
        .slice(start, start + PROFILE_COMMENTS_PER_PAGE)
        .map((thread) => ({ ...shape(thread), replies: store.replies(thread.id).map(shape) })),
      more: threads.length > start + PROFILE_COMMENTS_PER_PAGE,
    });
  });
}
