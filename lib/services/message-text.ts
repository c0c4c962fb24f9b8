/**
 * One plain-text line and the page to open for each kind of message (notifications of
 * `/users/<me>/messages`), the way the site's messages page words them. Text only: these strings
 * go into desktop notifications and `textContent`, never into HTML.
 */
import type { Message } from '@/lib/api/schemas';

export interface MessageLine {
  text: string;
  /** Path on the site that shows what the message is about. */
  path: string;
}

const quote = (text: string) => `“${text}”`;
const seg = encodeURIComponent;

export function describeMessage(message: Message): MessageLine {
  const actor = message.actor_username;
  switch (message.type) {
    case 'followuser':
      return { text: `${actor} is now following you`, path: `/users/${seg(actor)}/` };
    case 'loveproject':
      return {
        text: `${actor} loved your project ${quote(message.title ?? message.project_title ?? '')}`,
        path: `/projects/${message.project_id}/`,
      };
    case 'favoriteproject':
      return {
        text: `${actor} favorited your project ${quote(message.project_title ?? message.title ?? '')}`,
        path: `/projects/${message.project_id}/`,
      };
    case 'remixproject':
      return {
        text: `${actor} remixed your project ${quote(message.parent_title)} as ${quote(message.title)}`,
        path: `/projects/${message.project_id}/`,
      };
    case 'addcomment': {
      const where =
        message.comment_type === 0
          ? `/projects/${message.comment_obj_id}/`
          : message.comment_type === 1
            ? `/users/${seg(message.comment_obj_title)}/`
            : `/studios/${message.comment_obj_id}/comments/`;
      const fragment = message.comment_fragment.trim();
      return {
        text: `${actor} commented on ${quote(message.comment_obj_title)}${fragment ? `: ${quote(fragment)}` : ''}`,
        path: `${where}#comments-${message.comment_id}`,
      };
    }
    case 'curatorinvite':
      return {
        text: `${actor} invited you to curate ${quote(message.title ?? message.gallery_title ?? '')}`,
        path: `/studios/${message.gallery_id}/`,
      };
    case 'becomeownerstudio':
      return {
        text: `${actor} promoted you to manager of ${quote(message.gallery_title ?? message.title ?? '')}`,
        path: `/studios/${message.gallery_id}/`,
      };
    case 'becomehoststudio':
      return {
        text: `${actor} made you the host of ${quote(message.gallery_title ?? message.title ?? '')}`,
        path: `/studios/${message.gallery_id}/`,
      };
    case 'studioactivity':
      return {
        text: `New activity in ${quote(message.title ?? message.gallery_title ?? '')}`,
        path: `/studios/${message.gallery_id}/activity/`,
      };
    case 'forumpost':
      return {
        text: `New posts in the forum topic ${quote(message.topic_title)}`,
        path: `/discuss/topic/${message.topic_id}/unread/`,
      };
    case 'userjoin':
      return { text: 'Welcome to the community!', path: '/' };
    default:
      return { text: `${actor}: a new ${message.otherType} message`, path: '/messages/' };
  }
}
