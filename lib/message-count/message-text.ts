/**
 * One plain-text line and the page to open for each kind of message (notifications of
 * `/users/<me>/messages`), the way the site's messages page words them. Text only: these strings
 * go into desktop notifications and `textContent`, never into HTML.
 */
import type { Message } from '@/lib/api/schemas';
import { t } from '@/lib/i18n';

export interface MessageLine {
  text: string;
  /** Path on the site that shows what the message is about. */
  path: string;
}

const seg = encodeURIComponent;

export function describeMessage(message: Message): MessageLine {
  const actor = message.actor_username;
  switch (message.type) {
    case 'followuser':
      return { text: t('messages.followuser', [actor]), path: `/users/${seg(actor)}/` };
    case 'loveproject':
      return {
        text: t('messages.loveproject', [actor, message.title ?? message.project_title ?? '']),
        path: `/projects/${message.project_id}/`,
      };
    case 'favoriteproject':
      return {
        text: t('messages.favoriteproject', [actor, message.project_title ?? message.title ?? '']),
        path: `/projects/${message.project_id}/`,
      };
    case 'remixproject':
      return {
        text: t('messages.remixproject', [actor, message.parent_title, message.title]),
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
        text: fragment
          ? t('messages.addcommentWithText', [actor, message.comment_obj_title, fragment])
          : t('messages.addcomment', [actor, message.comment_obj_title]),
        path: `${where}#comments-${message.comment_id}`,
      };
    }
    case 'curatorinvite':
      return {
        text: t('messages.curatorinvite', [actor, message.title ?? message.gallery_title ?? '']),
        path: `/studios/${message.gallery_id}/`,
      };
    case 'becomeownerstudio':
      return {
        text: t('messages.becomeownerstudio', [actor, message.gallery_title ?? message.title ?? '']),
        path: `/studios/${message.gallery_id}/`,
      };
    case 'becomehoststudio':
      return {
        text: t('messages.becomehoststudio', [actor, message.gallery_title ?? message.title ?? '']),
        path: `/studios/${message.gallery_id}/`,
      };
    case 'studioactivity':
      return {
        text: t('messages.studioactivity', [message.title ?? message.gallery_title ?? '']),
        path: `/studios/${message.gallery_id}/activity/`,
      };
    case 'forumpost':
      return {
        text: t('messages.forumpost', [message.topic_title]),
        path: `/discuss/topic/${message.topic_id}/unread/`,
      };
    case 'userjoin':
      return { text: t('messages.userjoin'), path: '/' };
    default:
      return { text: t('messages.other', [actor, message.otherType]), path: '/messages/' };
  }
}
