/**
 * The Messages tab's messages (./messages-background.ts answers them): reads, posts and deletes with
 * the member's token, so the extension's own pages only.
 */
import { z } from 'zod';
import { answer, type Declarations, EXTENSION_PAGE } from '@/lib/protocol/declaration';
import { flag, forceOnly, id, kind, text, username } from '@/lib/protocol/fields';
import type { DeleteOutcome, DismissOutcome, PostOutcome } from './messages-model';
import type { SiteActionOutcome } from './site-actions-model';

export const messagesMessages = {
  /** Re-read the member's messages if older than MESSAGES_FRESH_MS (or always with force); results in messagesCacheItem. */
  refreshMessages: { from: EXTENSION_PAGE, data: forceOnly, answer: answer<void>() },
  /** The end of the list came into view: read the next page. */
  loadMoreMessages: { from: EXTENSION_PAGE, answer: answer<void>() },
  /** Read a comment message's thread (unless cached and fresh); results in messageThreadsItem. */
  openMessageThread: {
    from: EXTENSION_PAGE,
    data: z.object({ kind, objectId: id, commentId: id, force: flag }),
    answer: answer<void>(),
  },
  /** Post a reply to `repliedId` in the thread of `commentId` (addressing is the background's). */
  postReply: {
    from: EXTENSION_PAGE,
    data: z.object({ member: username, kind, objectId: id, commentId: id, repliedId: id, text }),
    answer: answer<PostOutcome>(),
  },
  /** Delete comment `targetId` of the thread of `commentId` (the member's own, or on their project). */
  deleteMessageComment: {
    from: EXTENSION_PAGE,
    data: z.object({ member: username, kind, objectId: id, commentId: id, targetId: id }),
    answer: answer<DeleteOutcome>(),
  },
  /** Dismiss one of the site team's alerts or the invitation, as the site's messages page does. */
  dismissTeamAlert: {
    from: EXTENSION_PAGE,
    data: z.object({ member: username, kind: z.enum(['notification', 'invite']), id }),
    answer: answer<DismissOutcome>(),
  },
  /** Mark every message read, as the site's messages page does (everything: there is no "read up to"). */
  markAllMessagesRead: {
    from: EXTENSION_PAGE,
    data: z.object({ member: username }),
    answer: answer<SiteActionOutcome>(),
  },
  /** Accept the member's invitation to curate `studioId`, as the studio page does. */
  acceptCuratorInvite: {
    from: EXTENSION_PAGE,
    data: z.object({ member: username, studioId: id }),
    answer: answer<SiteActionOutcome>(),
  },
} as const satisfies Declarations;
