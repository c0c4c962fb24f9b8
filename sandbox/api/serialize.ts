/**
 * Store records -> the REST interface's objects, with the fields and spellings docs/site-reference.md
 * lists. URLs use the origins of the host that was asked (origins.ts). Comment text is HTML-escaped
 * as the live service sends it; other texts (titles, descriptions, bios) go out as typed.
 */
import { escapeHtml } from '../escape';
import type { ActivityEvent, Comment, Message, Project, Studio, User } from '../model';
import type { Origins } from '../origins';
import type { Store } from '../store';

const USER_IMAGE_SIZES = ['90x90', '60x60', '55x55', '50x50', '32x32'] as const;
const PROJECT_IMAGE_SIZES = ['282x218', '216x163', '200x200', '144x108', '135x102', '100x80'] as const;

export const userImage = (o: Origins, id: number, size: string) =>
  `${o.uploads}/get_image/user/${id}_${size}.png`;
export const projectImage = (o: Origins, id: number, size: string) =>
  `${o.uploads}/get_image/project/${id}_${size}.png`;
/** The form /proxy/featured uses: protocol-relative, as on the live site. */
export const projectThumbnail = (o: Origins, id: number) =>
  `${o.uploads.replace(/^https?:/, '')}/projects/thumbnails/${id}.png`;

const userImages = (o: Origins, id: number) =>
  Object.fromEntries(USER_IMAGE_SIZES.map((size) => [size, userImage(o, id, size)]));

export function userJson(o: Origins, user: User) {
  return {
    id: user.id,
    username: user.username,
    scratchteam: user.scratchteam,
    history: { joined: user.joined },
    profile: {
      // The profile has an id of its own on the live service.
      id: user.id + 10_000_000,
      images: userImages(o, user.id),
      status: user.status,
      bio: user.bio,
      country: user.country,
    },
  };
}

export function projectJson(store: Store, o: Origins, project: Project, withToken = false) {
  const author = store.getUserById(project.authorId);
  return {
    id: project.id,
    title: project.title,
    description: project.description,
    instructions: project.instructions,
    visibility: 'visible',
    public: project.isShared,
    comments_allowed: project.commentsAllowed,
    is_published: project.isShared,
    author: {
      id: project.authorId,
      username: author?.username ?? '',
      scratchteam: author?.scratchteam ?? false,
      history: { joined: author?.joined ?? project.created },
      // The live service sends `profile.id: null` inside a project's author.
      profile: { id: null, images: userImages(o, project.authorId) },
    },
    image: projectImage(o, project.id, '480x360'),
    images: Object.fromEntries(PROJECT_IMAGE_SIZES.map((size) => [size, projectImage(o, project.id, size)])),
    history: { created: project.created, modified: project.modified, shared: project.shared },
    stats: {
      views: project.views,
      loves: store.loveCount(project.id),
      favorites: store.favoriteCount(project.id),
      remixes: store.remixCount(project.id),
    },
    remix: { parent: project.remixParent, root: project.remixRoot },
    ...(withToken ? { project_token: `sandbox-${project.id}-${project.modified.slice(0, 10)}` } : {}),
  };
}

export function studioJson(store: Store, o: Origins, studio: Studio) {
  return {
    id: studio.id,
    title: studio.title,
    host: studio.hostId,
    description: studio.description,
    visibility: 'visible',
    public: true,
    open_to_all: studio.openToAll,
    comments_allowed: studio.commentsAllowed,
    image: `${o.uploads}/get_image/gallery/${studio.id}_170x100.png`,
    history: { created: studio.created, modified: studio.modified },
    stats: {
      comments: store.commentCount('studio', studio.id),
      followers: store.studioFollowerCount(studio.id),
      managers: store.studioManagers(studio.id).length,
      projects: store.studioProjects(studio.id).length,
    },
  };
}

export function commentJson(store: Store, o: Origins, comment: Comment) {
  const author = store.getUserById(comment.authorId);
  return {
    id: comment.id,
    parent_id: comment.parentId,
    commentee_id: comment.commenteeId,
    content: escapeHtml(comment.content),
    datetime_created: comment.created,
    datetime_modified: comment.modified,
    visibility: comment.visibility,
    author: {
      id: comment.authorId,
      username: author?.username ?? '',
      scratchteam: author?.scratchteam ?? false,
      image: userImage(o, comment.authorId, '60x60'),
    },
    reply_count: comment.parentId === null ? store.replyCount(comment.id) : 0,
  };
}

export function messageJson(store: Store, message: Message) {
  const actor = store.getUserById(message.actorId);
  const fields = { ...message.fields };
  // Comment fragments arrive escaped like comments do.
  if (typeof fields.comment_fragment === 'string')
    fields.comment_fragment = escapeHtml(fields.comment_fragment);
  return {
    ...fields,
    id: message.id,
    datetime_created: message.created,
    actor_username: actor?.username ?? '',
    actor_id: message.actorId,
    type: message.type,
  };
}

export function activityJson(store: Store, event: ActivityEvent) {
  const actor = store.getUserById(event.actorId);
  return {
    ...event.fields,
    id: event.id,
    type: event.type,
    datetime_created: event.created,
    actor_username: actor?.username ?? '',
    actor_id: event.actorId,
  };
}

/**
 * An item of a studio's activity (`/studios/<id>/activity`): its id is a string, the type and a
 * number (`"addprojecttostudio-123"`), as the site's studio page keys its rows
 * (scratch-www src/views/studio/studio-activity.jsx); by type, `project_id` and `project_title`
 * (a project added), `username` (a new curator), `recipient_username` (a new manager). No
 * `gallery_*` fields: the studio is the one in the path.
 */
export function studioActivityJson(store: Store, event: ActivityEvent) {
  const actor = store.getUserById(event.actorId);
  const { gallery_id: _id, gallery_title: _title, title: _studioTitle, ...fields } = event.fields;
  return {
    ...fields,
    ...(event.type === 'becomecurator' ? { username: actor?.username ?? '' } : {}),
    id: `${event.type}-${event.id}`,
    type: event.type,
    datetime_created: event.created,
    actor_id: event.actorId,
    actor_username: actor?.username ?? '',
  };
}

/**
 * A row item of /proxy/featured (not a project object). Live rows carry no `remixers_count` (only the
 * design-studio row adds it; tests/real-payloads/featured.json).
 */
export function proxyProjectItem(store: Store, o: Origins, project: Project) {
  return {
    creator: store.getUserById(project.authorId)?.username ?? '',
    id: project.id,
    love_count: store.loveCount(project.id),
    thumbnail_url: projectThumbnail(o, project.id),
    title: project.title,
    type: 'project' as const,
  };
}

export function proxyStudioItem(o: Origins, studio: Studio) {
  return {
    id: studio.id,
    title: studio.title,
    thumbnail_url: `${o.uploads.replace(/^https?:/, '')}/get_image/gallery/${studio.id}_170x100.png`,
    type: 'gallery' as const,
  };
}
