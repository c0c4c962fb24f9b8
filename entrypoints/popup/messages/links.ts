/** Links to the site's pages that the Messages tab shows (pages only, never the REST interface). */
import { currentProfile } from '@/lib/config';
import type { Message, ThreadKind } from '@/lib/messages/messages-model';
import { siteLinks } from '../site-links';

const site = () => currentProfile().site;

export const messageLinks = {
  ...siteLinks,
  curators: (studioId: number) => `${site()}/studios/${studioId}/curators/`,
  studioActivity: (studioId: number) => `${site()}/studios/${studioId}/activity/`,
  forumTopic: (topicId: number) => `${site()}/discuss/topic/${topicId}/unread/`,
  /** Where the site shows a comment (the page scrolls to it). */
  comment(kind: ThreadKind | 'profile', objectId: number | string, commentId: number): string {
    if (kind === 'project') return `${site()}/projects/${objectId}/#comments-${commentId}`;
    if (kind === 'studio') return `${site()}/studios/${objectId}/comments/#comments-${commentId}`;
    return `${site()}/users/${encodeURIComponent(String(objectId))}/#comments-${commentId}`;
  },
  /** The comment a comment message is about. */
  commentOf(message: Extract<Message, { type: 'addcomment' }>): string {
    const kind = message.comment_type === 0 ? 'project' : message.comment_type === 2 ? 'studio' : 'profile';
    const where = kind === 'profile' ? message.comment_obj_title : message.comment_obj_id;
    return messageLinks.comment(kind, where, message.comment_id);
  },
};

/** The origins whose addresses inside comment text become links (the site's own pages). */
export function siteOrigins(): string[] {
  const origin = new URL(site()).origin;
  const origins = [origin];
  // The site is also reached without "www." and with it.
  const url = new URL(origin);
  if (!url.hostname.startsWith('www.') && url.hostname.includes('.'))
    origins.push(`${url.protocol}//www.${url.host}`);
  return origins;
}
