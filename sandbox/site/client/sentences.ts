/**
 * One sentence per activity event type (home page "What's Happening?") and per message type
 * (messages page), as the live site words them. Unknown types get a generic sentence. Every
 * name and title is a text node inside a link; nothing is parsed as HTML.
 */
import { type Child, h, projectPath, studioPath, userPath } from './dom.js';
import { decodeEntities } from './entities.js';

type Loose = Record<string, unknown>;
const text = (value: unknown): string =>
  typeof value === 'string' ? value : value == null ? '' : String(value);

const userLink = (name: unknown): HTMLElement => h('a', { href: userPath(text(name)) }, text(name));
const projectLink = (id: unknown, title: unknown): HTMLElement =>
  h('a', { href: projectPath(text(id)) }, text(title));
const studioLink = (id: unknown, title: unknown): HTMLElement =>
  h('a', { href: studioPath(text(id)) }, text(title));

export function activitySentence(event: Loose): Child[] {
  const actor = userLink(event.actor_username);
  switch (event.type) {
    case 'followuser':
      return [actor, ' is now following ', userLink(event.followed_username)];
    case 'followstudio':
      return [actor, ' is now following the studio ', studioLink(event.gallery_id, event.title)];
    case 'loveproject':
      return [actor, ' loved ', projectLink(event.project_id, event.title)];
    case 'favoriteproject':
      return [actor, ' favorited ', projectLink(event.project_id, event.project_title)];
    case 'remixproject':
      return [
        actor,
        ' remixed ',
        projectLink(event.parent_id, event.parent_title),
        ' as ',
        projectLink(event.project_id, event.title),
      ];
    case 'becomecurator':
      return [actor, ' became a curator of ', studioLink(event.gallery_id, event.title)];
    case 'becomeownerstudio':
      return [
        userLink(event.recipient_username),
        ' was promoted to manager of ',
        studioLink(event.gallery_id, event.gallery_title),
      ];
    case 'shareproject':
      return [actor, ' shared the project ', projectLink(event.project_id, event.title)];
    case 'addprojecttostudio':
      return [
        actor,
        ' added ',
        projectLink(event.project_id, event.project_title),
        ' to the studio ',
        studioLink(event.gallery_id, event.gallery_title),
      ];
    default:
      return [actor, ' did something new'];
  }
}

/** Where a comment message points: the project, profile or studio page, at the comment. */
function commentTarget(message: Loose): HTMLElement {
  const anchor = `#comments-${text(message.comment_id)}`;
  const title = text(message.comment_obj_title);
  const objectId = text(message.comment_obj_id);
  if (message.comment_type === 1) return h('a', { href: `${userPath(title)}${anchor}` }, title);
  if (message.comment_type === 2) return h('a', { href: `${studioPath(objectId)}comments${anchor}` }, title);
  return h('a', { href: `${projectPath(objectId)}${anchor}` }, title);
}

const COMMENT_PLACES = ['your project ', 'your profile ', 'the studio '];

export function messageSentence(message: Loose, me: string): Child[] {
  const actor = userLink(message.actor_username);
  const studio = () => studioLink(message.gallery_id, message.title ?? message.gallery_title);
  switch (message.type) {
    case 'followuser':
      return [actor, ' is now following you'];
    case 'loveproject':
      return [
        actor,
        ' loved your project ',
        projectLink(message.project_id, message.title ?? message.project_title),
      ];
    case 'favoriteproject':
      return [
        actor,
        ' favorited your project ',
        projectLink(message.project_id, message.project_title ?? message.title),
      ];
    case 'remixproject':
      return [
        actor,
        ' remixed your project ',
        projectLink(message.parent_id, message.parent_title),
        ' as ',
        projectLink(message.project_id, message.title),
      ];
    case 'addcomment': {
      const place = COMMENT_PLACES[Number(message.comment_type)] ?? 'your project ';
      const replied = text(message.commentee_username) === me;
      return [
        actor,
        replied ? ' replied to your comment on ' : ' commented on ',
        replied ? '' : place,
        commentTarget(message),
        h('div', { class: 'comment-fragment' }, `"${decodeEntities(text(message.comment_fragment))}"`),
      ];
    }
    case 'curatorinvite':
      return [actor, ' invited you to curate the studio ', studio()];
    case 'becomeownerstudio':
      return [actor, ' promoted you to manager of the studio ', studio()];
    case 'becomehoststudio':
      return [actor, ' made you the host of the studio ', studio()];
    case 'studioactivity':
      return ['There was new activity in ', studio(), ' today'];
    case 'forumpost':
      return [
        'There are new posts in the forum thread ',
        h(
          'a',
          { href: `/discuss/topic/${encodeURIComponent(text(message.topic_id))}/` },
          text(message.topic_title),
        ),
      ];
    case 'userjoin':
      return ['Welcome to the community! We are happy you are here.'];
    default:
      return ['You have a new notification from ', actor];
  }
}

/** The scratch-www class of each message row, next to the `mod-<type>` class. */
export const LIVE_MESSAGE_CLASS: Record<string, string> = {
  followuser: 'mod-follow-user',
  loveproject: 'mod-love-project',
  favoriteproject: 'mod-love-favorite',
  remixproject: 'mod-remix-project',
  addcomment: 'mod-comment-message',
  curatorinvite: 'mod-curator-invite',
  becomeownerstudio: 'mod-become-manager',
  becomehoststudio: 'mod-become-host',
  studioactivity: 'mod-studio-activity',
  forumpost: 'mod-forum-activity',
  userjoin: 'mod-user-join',
};

/** `mod-<type>` for a type from remote data, restricted to characters a class name can hold. */
export function messageClasses(type: unknown): string[] {
  const raw =
    text(type)
      .toLowerCase()
      .replace(/[^a-z0-9_-]/g, '') || 'unknown';
  const live = LIVE_MESSAGE_CLASS[raw];
  return live ? [`mod-${raw}`, live] : [`mod-${raw}`];
}
