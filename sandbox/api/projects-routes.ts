/** REST routes under /projects and /studios. */
import type { Context, Hono } from 'hono';
import type { Comment, Studio } from '../model';
import { originsFor, type SandboxEnv } from '../origins';
import type { ApiContext } from './context';
import {
  ApiError,
  idParam,
  notFoundError,
  page,
  paging,
  requireToken,
  tokenUser,
  userParam,
} from './request';
import { commentJson, projectJson, studioActivityJson, studioJson, userJson } from './serialize';

export function mountProjectRoutes(app: Hono<SandboxEnv>, { store }: ApiContext): void {
  /** A shared project, or 404 (remixes, studios, love and favorite states of unshared ones are hidden). */
  const sharedProject = (c: Context) => {
    const project = store.getProject(idParam(c, 'id'));
    if (!project?.isShared) throw notFoundError();
    return project;
  };

  // Before /projects/:id, which would take "count" for an id.
  app.get('/projects/count/all', (c) => c.json({ count: store.projects().filter((p) => p.isShared).length }));

  app.get('/projects/:id', (c) => {
    const project = store.getProject(idParam(c, 'id'));
    if (!project) throw notFoundError();
    if (!project.isShared) {
      // Authentication required; and only the owner may read it (others get a 404, as if it did not exist).
      const user = tokenUser(c, store);
      if (!user) throw new ApiError(401, 'Unauthorized');
      if (user.id !== project.authorId) throw notFoundError();
    }
    return c.json(projectJson(store, originsFor(c), project, true));
  });

  app.get('/projects/:id/remixes', (c) =>
    c.json(
      page(store.remixesOf(sharedProject(c).id), paging(c)).map((p) => projectJson(store, originsFor(c), p)),
    ),
  );

  app.get('/projects/:id/studios', (c) =>
    c.json(
      page(store.studiosOfProject(sharedProject(c).id), paging(c)).map((s) =>
        studioJson(store, originsFor(c), s),
      ),
    ),
  );

  app.get('/projects/:id/loves/user/:username', (c) => {
    const user = userParam(c, store);
    requireToken(c, store, user);
    const project = sharedProject(c);
    return c.json({ projectId: project.id, userLove: store.isLoved(project.id, user.id) });
  });

  app.get('/projects/:id/favorites/user/:username', (c) => {
    const user = userParam(c, store);
    requireToken(c, store, user);
    const project = sharedProject(c);
    return c.json({ projectId: project.id, userFavorite: store.isFavorited(project.id, user.id) });
  });

  const studio = (c: Context): Studio => {
    const found = store.getStudio(idParam(c, 'id'));
    if (!found) throw notFoundError();
    return found;
  };
  const studioComment = (c: Context, studioId: number): Comment => {
    const comment = store.getComment(idParam(c, 'commentId'));
    if (comment?.place !== 'studio' || comment.placeId !== studioId) throw notFoundError();
    return comment;
  };

  // Not in the interface document, but on the live service; the site pages use them.
  app.get('/studios/:id', (c) => c.json(studioJson(store, originsFor(c), studio(c))));
  app.get('/studios/:id/projects', (c) => {
    const list = page(store.studioProjects(studio(c).id), paging(c));
    return c.json(
      list.map(({ project }) => ({
        id: project.id,
        title: project.title,
        image: projectJson(store, originsFor(c), project).image,
        creator_id: project.authorId,
        username: store.getUserById(project.authorId)?.username ?? '',
        avatar: projectJson(store, originsFor(c), project).author.profile.images,
        actor_id: project.authorId,
      })),
    );
  });

  // A studio's curators who are not managers, as its Curators tab reads them (scratch-www
  // src/views/studio/lib/studio-member-actions.js, loadCurators: `/studios/<id>/curators/`, paged).
  // Public; the site asks with a trailing slash.
  const studioCurators = (c: Context) => {
    const id = studio(c).id;
    const managers = new Set(store.studioManagers(id));
    const curators = store
      .studioCurators(id)
      .filter((userId) => !managers.has(userId))
      .flatMap((userId) => store.getUserById(userId) ?? []);
    return c.json(page(curators, paging(c)).map((user) => userJson(originsFor(c), user)));
  };
  app.get('/studios/:id/curators', studioCurators);
  app.get('/studios/:id/curators/', studioCurators);

  // A studio's own activity, as its page reads it (scratch-www src/views/studio/lib/
  // studio-activity-actions.js: `limit=20`, then `dateLimit` = the oldest item's date; no offset).
  // Public; the site asks with a trailing slash.
  const studioActivity = (c: Context) => {
    const id = studio(c).id;
    const { limit } = paging(c);
    const dateLimit = c.req.query('dateLimit');
    if (dateLimit !== undefined && Number.isNaN(Date.parse(dateLimit)))
      throw new ApiError(400, 'BadRequest', 'dateLimit must be a date');
    return c.json(
      store.studioActivity(id, { limit, dateLimit }).map((event) => studioActivityJson(store, event)),
    );
  };
  app.get('/studios/:id/activity', studioActivity);
  app.get('/studios/:id/activity/', studioActivity);

  app.get('/studios/:id/comments', (c) => {
    const list = page(store.topLevelComments('studio', studio(c).id), paging(c));
    return c.json(list.map((comment) => commentJson(store, originsFor(c), comment)));
  });

  app.get('/studios/:id/comments/:commentId', (c) =>
    c.json(commentJson(store, originsFor(c), studioComment(c, studio(c).id))),
  );

  app.get('/studios/:id/comments/:commentId/replies', (c) => {
    const parent = studioComment(c, studio(c).id);
    return c.json(
      page(store.replies(parent.id), paging(c)).map((comment) => commentJson(store, originsFor(c), comment)),
    );
  });
}
