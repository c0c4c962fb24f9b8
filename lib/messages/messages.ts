/**
 * The messages service: the member's messages cached per member (./message-list.ts) with the site
 * team's alerts and the invitation read along (./team-alerts.ts), the
 * conversations of comment messages read on demand and cached (./message-threads.ts), replying
 * (./replies.ts, with the records of posts whose outcome is not known yet) and deleting
 * (./comment-deletes.ts) through the API client, and the member's writes on the site: marking
 * everything read and accepting a curator invitation (./site-actions.ts).
 *
 * Its units write through one serial queue: threads are kept only for members whose messages are
 * cached, and a reply changes drafts, pending records and a thread, so no write may interleave.
 * Everything comes through `MessagesPorts`; ./messages-background.ts wires it to the browser.
 */
import type { Message } from '@/lib/api/schemas';
import { serialQueue } from '@/lib/concurrency/serial';
import { createCommentDeletes, type DeleteRequest } from './comment-deletes';
import { createMessageList } from './message-list';
import { createMessageThreads } from './message-threads';
import type { DeleteOutcome, DismissOutcome, PostOutcome, ThreadKind } from './messages-model';
import type { MessagesPorts } from './messages-ports';
import { createReplies, type ReplyRequest } from './replies';
import { type AcceptInviteRequest, createSiteActions } from './site-actions';
import type { SiteActionOutcome } from './site-actions-model';
import {
  ALERTS_SHARED_MS,
  type DismissRequest as AlertDismissRequest,
  createTeamAlerts,
} from './team-alerts';

export type { DeleteRequest } from './comment-deletes';
export { MAX_CACHED_MEMBERS } from './message-list';
export { MAX_REPLY_PAGES, toThreadComment } from './message-threads';
export type { Member, MessagesApi, MessagesCache, MessagesPorts, ThreadsCache } from './messages-ports';
export type { ReplyRequest } from './replies';
export type { AcceptInviteRequest } from './site-actions';
export type { DismissRequest as AlertDismissRequest } from './team-alerts';

export interface MessagesService {
  start(): Promise<void>;
  refresh(options?: { force?: boolean; onlyIfCached?: boolean }): Promise<void>;
  loadMore(): Promise<void>;
  /** The member's newest messages through the cached list (./message-list.ts, `newest`). */
  newest(username: string, n: number, readAfter: number): Promise<Message[] | null>;
  /** How many of the count the list never holds, as read at or after `readAfter` (./team-alerts.ts). */
  unlisted(username: string, readAfter: number): Promise<number | null>;
  /** The same from what is kept, with no read (0 when never read). */
  knownUnlisted(username: string): Promise<number>;
  /** The member's click on an alert's or the invitation's dismiss button. */
  dismissAlert(request: AlertDismissRequest): Promise<DismissOutcome>;
  openThread(
    kind: ThreadKind,
    objectId: number,
    commentId: number,
    options?: { force?: boolean },
  ): Promise<void>;
  reply(request: ReplyRequest): Promise<PostOutcome>;
  deleteComment(request: DeleteRequest): Promise<DeleteOutcome>;
  /** The member's click on "Mark all as read" (the Messages tab or a notification). */
  markAllRead(request: { username: string }): Promise<SiteActionOutcome>;
  /** The member's click on a curator invitation's accept button. */
  acceptCuratorInvite(request: AcceptInviteRequest): Promise<SiteActionOutcome>;
}

export function createMessagesService(ports: MessagesPorts): MessagesService {
  const serially = serialQueue();
  const alerts = createTeamAlerts(ports, serially);
  const list = createMessageList(ports, serially, (username) =>
    alerts.read(username, ports.now() - ALERTS_SHARED_MS),
  );
  const threads = createMessageThreads(ports, serially);
  const replies = createReplies(ports, serially, threads);
  const deleteComment = createCommentDeletes(ports, threads);
  const siteActions = createSiteActions(ports, serially);

  return {
    async start() {
      // Reads of a previous worker died with it.
      await serially(async () => {
        await list.clearLoadingMarks();
        await threads.clearLoadingMarks();
      });
      await replies.resume();
    },
    refresh: list.refresh,
    loadMore: list.loadMore,
    newest: list.newest,
    unlisted: alerts.unlisted,
    knownUnlisted: alerts.known,
    dismissAlert: alerts.dismiss,
    openThread: threads.open,
    reply: replies.reply,
    deleteComment,
    markAllRead: siteActions.markAllRead,
    acceptCuratorInvite: siteActions.acceptCuratorInvite,
  };
}
