/** REST routes under /users/<username> (and the singular /user/... replies path). */
import type { Context, Hono } from 'hono';
import type { Project, User } from '../model';
import { originsFor, type SandboxEnv } from '../origins';
import type { ApiContext } from './context';
import { idParam, notFoundError, page, paging, requireToken, tokenUser, userParam } from './request';
import { activityJson, commentJson, messageJson, projectJson, studioJson, userJson } from './serialize';

/** Query parameters the count endpoint knows; any other one is a cache-buster. */
const COUNT_KNOWN_PARAMS = new Set(['x-token']);

export function mountUserRoutes(app: Hono<SandboxEnv>, { store, control, messageCounts }: ApiContext): void {
  const projects = (c: Context, list: Project[]) =>
    page(list, paging(c)).map((p) => projectJson(store, originsFor(c), p));
  const users = (c: Context, list: User[]) => page(list, paging(c)).map((u) => userJson(originsFor(c), u));

  /** A project of `owner` as the requester may see it: unshared ones only by their owner. */
  const projectOf = (c: Context, owner: User): Project => {
    const project = store.getProject(idParam(c, 'id'));
    if (!project || project.authorId !== owner.id) throw notFoundError();
    if (!project.isShared && tokenUser(c, store)?.id !== owner.id) throw notFoundError();
    return project;
  };

  app.get('/users/:username', (c) => c.json(userJson(originsFor(c), userParam(c, store))));

  // The live service leaves `author.username` out of this list (the user is the one in the path)
  // and lists it newest shared first (tests/real-payloads/users-projects.json, not docs/interface.md's
  // "oldest first"): so does the sandbox.
  app.get('/users/:username/projects', (c) =>
    c.json(
      projects(c, store.sharedProjectsNewestFirst(userParam(c, store).id)).map(
        ({ author: { username, ...author }, ...p }) => ({
          ...p,
          author,
        }),
      ),
    ),
  );

  app.get('/users/:username/projects/:id', (c) => {
    const owner = userParam(c, store);
    return c.json(projectJson(store, originsFor(c), projectOf(c, owner)));
  });

  app.get('/users/:username/studios/curate', (c) =>
    c.json(
      page(store.curatedStudiosOf(userParam(c, store).id), paging(c)).map((s) =>
        studioJson(store, originsFor(c), s),
      ),
    ),
  );

  // By the projects' shared date, not by when they were favorited (docs/site-reference.md: the live
  // order; docs/interface.md says "recently favorited").
  app.get('/users/:username/favorites', (c) =>
    c.json(projects(c, store.favoritesBySharedDate(userParam(c, store).id))),
  );

  app.get('/users/:username/followers', (c) => c.json(users(c, store.followersOf(userParam(c, store).id))));

  app.get('/users/:username/following', (c) => c.json(users(c, store.followingOf(userParam(c, store).id))));

  app.get('/users/:username/following/studios/projects', (c) => {
    const user = userParam(c, store);
    requireToken(c, store, user);
    return c.json(
      projects(
        c,
        store.followingStudiosProjects(user.id).map((d) => d.project),
      ),
    );
  });

  app.get('/users/:username/following/users/loves', (c) => {
    const user = userParam(c, store);
    requireToken(c, store, user);
    return c.json(
      projects(
        c,
        store.followingUsersLoves(user.id).map((d) => d.project),
      ),
    );
  });

  app.get('/users/:username/following/users/projects', (c) => {
    const user = userParam(c, store);
    requireToken(c, store, user);
    return c.json(projects(c, store.followingUsersProjects(user.id)));
  });

  app.get('/users/:username/following/users/activity', (c) => {
    const user = userParam(c, store);
    requireToken(c, store, user);
    return c.json(page(store.followingActivity(user.id), paging(c)).map((e) => activityJson(store, e)));
  });

  app.get('/users/:username/messages', (c) => {
    const user = userParam(c, store);
    requireToken(c, store, user);
    return c.json(page(store.messagesFor(user.username), paging(c)).map((m) => messageJson(store, m)));
  });

  // The site team's alerts: outside docs/interface.md, read by the site's messages page
  // (scratch-www src/redux/messages.js, getAdminMessages); never part of `/messages`.
  app.get('/users/:username/messages/admin', (c) => {
    const user = userParam(c, store);
    requireToken(c, store, user);
    return c.json(
      store
        .adminMessagesFor(user.username)
        .map((m) => ({ id: m.id, message: m.message, datetime_created: m.created })),
    );
  });

  // The Scratcher invitation (scratch-www src/redux/messages.js, getScratcherInvite): `{}` when
  // there is none. Outside docs/interface.md, like the alerts.
  app.get('/users/:username/invites', (c) => {
    const user = userParam(c, store);
    requireToken(c, store, user);
    const invite = store.inviteFor(user.username);
    return c.json(
      invite === null
        ? {}
        : {
            id: invite.id,
            datetime_created: invite.created,
            unread: true,
            actor_id: invite.actorId,
            invitee_id: invite.recipientId,
          },
    );
  });

  app.get('/users/:username/messages/count', (c) => {
    const user = userParam(c, store);
    const cacheBusted = Object.keys(c.req.queries()).some((name) => !COUNT_KNOWN_PARAMS.has(name));
    const seconds = control.messageCountCacheSeconds;
    c.header('Cache-Control', seconds > 0 ? `public, max-age=${seconds}` : 'no-cache');
    return c.json({ count: messageCounts.read(user.username, cacheBusted) });
  });

  app.get('/users/:username/projects/:id/comments', (c) => {
    const project = projectOf(c, userParam(c, store));
    const list = page(store.topLevelComments('project', project.id), paging(c));
    return c.json(list.map((comment) => commentJson(store, originsFor(c), comment)));
  });

  app.get('/users/:username/projects/:id/comments/:commentId', (c) => {
    const project = projectOf(c, userParam(c, store));
    const comment = store.getComment(idParam(c, 'commentId'));
    if (comment?.place !== 'project' || comment.placeId !== project.id) throw notFoundError();
    return c.json(commentJson(store, originsFor(c), comment));
  });

  // Replies at both paths: the site's own front end reads the plural `/users/`
  // (scratch-www src/redux/project-comment-actions.js), docs/interface.md names the singular `/user/`.
  // The control interface can turn either off (`repliesPaths`): then it is an unknown route (404).
  const replies = (path: 'users' | 'user') => (c: Context) => {
    if (!control.repliesPaths[path]) throw notFoundError();
    const project = projectOf(c, userParam(c, store));
    const parent = store.getComment(idParam(c, 'commentId'));
    if (parent?.place !== 'project' || parent.placeId !== project.id) throw notFoundError();
    const list = page(store.replies(parent.id), paging(c));
    return c.json(list.map((comment) => commentJson(store, originsFor(c), comment)));
  };
  app.get('/users/:username/projects/:id/comments/:commentId/replies', replies('users'));
  app.get('/user/:username/projects/:id/comments/:commentId/replies', replies('user'));
}
