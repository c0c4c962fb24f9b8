/**
 * REST routes under /proxy: the featured rows, comment creation and deletion on projects and
 * studios, and the love and favorite writes the site's buttons use.
 */
import type { Context, Hono } from 'hono';
import { rejectComment } from '../comment-rules';
import type { CommentPlace, Id, Project, User } from '../model';
import { isLiveHost, originsFor, type SandboxEnv } from '../origins';
import { refererProblem } from '../site-referer';
import type { ApiContext } from './context';
import { ApiError, idParam, notFoundError, requireWriter, userParam } from './request';
import { commentJson, proxyProjectItem, proxyStudioItem } from './serialize';

const FEATURED_ROW = 20;

interface CommentBody {
  content: string;
  parentId: Id | null;
  commenteeId: Id | null;
}

/** `parent_id` and `commentee_id` are numeric strings, '' (none) or numbers; null is tolerated. */
function optionalId(value: unknown, name: string): Id | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return Number(value);
  throw new ApiError(400, 'BadRequest', `${name} must be an id or an empty string`);
}

async function commentBody(c: Context): Promise<CommentBody> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(400, 'BadRequest', 'the body must be JSON');
  }
  if (typeof body !== 'object' || body === null)
    throw new ApiError(400, 'BadRequest', 'the body must be a JSON object');
  const { content, parent_id, commentee_id } = body as Record<string, unknown>;
  if (typeof content !== 'string') throw new ApiError(400, 'BadRequest', 'content must be a string');
  return {
    content,
    parentId: optionalId(parent_id, 'parent_id'),
    commenteeId: optionalId(commentee_id, 'commentee_id'),
  };
}

/** With the control interface's referer check on, a write must come from the site (../site-referer.ts). */
function requireSiteReferer(c: Context, control: ApiContext['control']): void {
  const problem = refererProblem(c, control.refererCheck);
  if (problem !== null) throw new ApiError(403, 'Forbidden', problem);
}

export function mountProxyRoutes(app: Hono<SandboxEnv>, { store, control }: ApiContext): void {
  app.get('/proxy/featured', (c) => {
    const o = originsFor(c);
    const featured = store.featured();
    const shared = store.projects().filter((p) => p.isShared);
    const items = (projects: (Project | undefined)[]) =>
      projects.filter((p): p is Project => p?.isShared === true).map((p) => proxyProjectItem(store, o, p));
    const top = (score: (p: Project) => number) =>
      shared
        .map((p) => ({ p, score: score(p) }))
        .sort((a, b) => b.score - a.score || b.p.id - a.p.id)
        .slice(0, FEATURED_ROW)
        .map((s) => s.p);
    const curator = store.getUserById(featured.curatorId)?.username ?? '';
    const designStudio = store.getStudio(featured.designStudioId);
    return c.json({
      community_featured_projects: items(featured.projects.map((id) => store.getProject(id))),
      community_featured_studios: featured.studios
        .map((id) => store.getStudio(id))
        .filter((s) => s !== undefined)
        .map((s) => proxyStudioItem(o, s)),
      community_most_loved_projects: items(top((p) => store.loveCount(p.id))),
      community_most_remixed_projects: items(top((p) => store.remixCount(p.id))),
      community_newest_projects: items(top((p) => Date.parse(p.shared ?? p.created))),
      curator_top_projects: items(featured.curated.map((id) => store.getProject(id))).map((item) => ({
        ...item,
        curator_name: curator,
      })),
      // The live service names this row `scratch_design_studio` (tests/real-payloads/featured.json); the
      // interface document calls it `platform_design_studio`: each name where it applies.
      [isLiveHost(c) ? 'scratch_design_studio' : 'platform_design_studio']: designStudio
        ? items(
            store
              .studioProjects(designStudio.id)
              .map((d) => d.project)
              .slice(0, FEATURED_ROW),
          ).map((item) => ({
            ...item,
            // Live, only the design-studio rows carry remixers_count.
            remixers_count: store.remixCount(item.id),
            gallery_id: designStudio.id,
            gallery_title: designStudio.title,
          }))
        : [],
    });
  });

  /** The place a comment route names, who owns it (may delete any comment there), and whether comments are on. */
  const place = (c: Context, kind: CommentPlace, viewer: User) => {
    const id = idParam(c, 'id');
    if (kind === 'project') {
      const project = store.getProject(id);
      if (!project || (!project.isShared && project.authorId !== viewer.id)) throw notFoundError();
      return {
        id,
        title: project.title,
        owners: [project.authorId],
        commentsAllowed: project.commentsAllowed,
      };
    }
    const studio = store.getStudio(id);
    if (!studio) throw notFoundError();
    return {
      id,
      title: studio.title,
      owners: [studio.hostId, ...store.studioManagers(studio.id)],
      commentsAllowed: studio.commentsAllowed,
    };
  };

  for (const kind of ['project', 'studio'] as const) {
    app.post(`/proxy/comments/${kind}/:id`, async (c) => {
      const author = requireWriter(c, store);
      requireSiteReferer(c, control);
      const where = place(c, kind, author);
      const body = await commentBody(c);
      let parentId = body.parentId;
      if (parentId !== null) {
        const parent = store.getComment(parentId);
        if (!parent || parent.place !== kind || parent.placeId !== where.id) throw notFoundError();
        // Replies to a reply join the top-level thread, as on the live site.
        parentId = parent.parentId ?? parent.id;
      }
      const commentee = body.commenteeId === null ? null : store.getUserById(body.commenteeId);
      if (body.commenteeId !== null && !commentee)
        throw new ApiError(400, 'BadRequest', 'commentee_id is not a user');
      const rejection = rejectComment({
        content: body.content,
        commentsAllowed: where.commentsAllowed,
        previous: store.commentsBy(author.id),
        forced: control.takeForcedRejection(),
        now: store.clock.now(),
      });
      if (rejection) return c.json(rejection);
      const comment = store.addComment({
        place: kind,
        placeId: where.id,
        authorId: author.id,
        content: body.content,
        parentId,
        commenteeId: commentee?.id ?? null,
      });
      // The owner (and the person replied to) get an addcomment message, as on the live site.
      const notified = new Set(
        [where.owners[0], commentee?.id].filter((id): id is Id => id !== undefined && id !== author.id),
      );
      for (const userId of notified) {
        const recipient = store.getUserById(userId);
        if (!recipient) continue;
        store.addCommentMessage(recipient.username, comment);
      }
      return c.json(commentJson(store, originsFor(c), comment));
    });

    app.delete(`/proxy/comments/${kind}/:id/comment/:commentId`, (c) => {
      const user = requireWriter(c, store);
      requireSiteReferer(c, control);
      const where = place(c, kind, user);
      const comment = store.getComment(idParam(c, 'commentId'));
      if (!comment || comment.place !== kind || comment.placeId !== where.id) throw notFoundError();
      if (comment.authorId !== user.id && !where.owners.includes(user.id)) {
        throw new ApiError(403, 'Forbidden', 'only the author or the owner may delete a comment');
      }
      store.deleteComment(comment.id);
      return c.json({});
    });
  }

  for (const [mark, field] of [
    ['loves', 'userLove'],
    ['favorites', 'userFavorite'],
  ] as const) {
    const write = (on: boolean) => (c: Context) => {
      const user = userParam(c, store);
      const writer = requireWriter(c, store);
      requireSiteReferer(c, control);
      if (writer.id !== user.id) throw new ApiError(403, 'Forbidden');
      const project = store.getProject(idParam(c, 'id'));
      if (!project?.isShared) throw notFoundError();
      const changed =
        mark === 'loves'
          ? store.setLove(project.id, user.username, on)
          : store.setFavorite(project.id, user.username, on);
      return c.json({ projectId: project.id, [field]: on, statusChanged: changed });
    };
    app.post(`/proxy/projects/:id/${mark}/user/:username`, write(true));
    app.delete(`/proxy/projects/:id/${mark}/user/:username`, write(false));
  }
}
