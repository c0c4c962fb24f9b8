/**
 * The messages service (./messages.ts) as the background runs it: the API client, the session,
 * storage, the referer rule of writes, the message count (a change of count re-reads the list:
 * `refreshAfterNewCount`), and the protocol handlers of the popup's Messages tab. Their messages
 * come from the extension's own pages only (./messages-protocol.ts): a content script or a web page
 * can never make the background read, post or delete anything here.
 */
import type { ApiClient } from '@/lib/api/client';
import type { SiteProfile } from '@/lib/config';
import { followDevTuning } from '@/lib/dev-tuning';
import {
  messageDraftsItem,
  messagePendingPostsItem,
  messagesCacheItem,
  messageThreadsItem,
} from '@/lib/messages/messages-storage';
import { answerMessages, type HandlersOf } from '@/lib/protocol/checked-messages';
import { budgetedCache } from '@/lib/storage/cache-budget';
import { writeMakingRoomIn } from '@/lib/storage/storage-full';
import { installWriteReferer } from '../api/write-referer';
import { createMessagesService, type Member, type MessagesApi, type MessagesService } from './messages';
import { messagesCacheBudget, messageThreadsBudget } from './messages-budget';
import { messagesMessages } from './messages-protocol';
import { pendingSettleMs } from './pending-posts';

export type MessagesClient = Pick<
  ApiClient,
  | 'messages'
  | 'getProject'
  | 'getProjectComment'
  | 'projectCommentReplies'
  | 'getStudioComment'
  | 'studioCommentReplies'
  | 'postProjectComment'
  | 'postStudioComment'
  | 'deleteProjectComment'
  | 'deleteStudioComment'
  | 'getTeamAlerts'
  | 'getScratcherInvite'
  | 'dismissAlert'
  | 'markAllRead'
  | 'acceptCuratorInvite'
>;

export interface MessagesDeps {
  profile: SiteProfile;
  api: MessagesClient;
  member(): Promise<Member | null>;
  /**
   * The caches of `storage.local` in the order they are given up when the member's words do not
   * fit (lib/composition/caches-given-up.ts: every domain's, which this one does not know).
   */
  cachesGivenUp: readonly string[];
  /** The site said an alert is dismissed: the message count is one lower at once. */
  alertDismissed?(username: string): Promise<void>;
  /** The site marked every message read: the message count follows at once. */
  markedRead?(username: string): Promise<void>;
  now?: () => number;
}

/** The service's view of the API client. */
export function messagesApi(api: MessagesClient): MessagesApi {
  return {
    async messagesPage(username, page) {
      const { items, received } = await api.messages.listPage({ username }, page);
      return { items, received };
    },
    async projectOwner(projectId) {
      const project = await api.getProject(projectId);
      return { id: project.author.id, username: project.author.username };
    },
    projectComment: (owner, projectId, commentId) => api.getProjectComment(owner, projectId, commentId),
    async projectReplies(owner, projectId, topId, page) {
      const { items, received } = await api.projectCommentReplies.listPage(
        { username: owner, projectId, commentId: topId },
        page,
      );
      return { items, received };
    },
    studioComment: (studioId, commentId) => api.getStudioComment(studioId, commentId),
    async studioReplies(studioId, topId, page) {
      const { items, received } = await api.studioCommentReplies.listPage(
        { studioId, commentId: topId },
        page,
      );
      return { items, received };
    },
    post: (kind, objectId, comment) =>
      kind === 'project'
        ? api.postProjectComment(objectId, comment)
        : api.postStudioComment(objectId, comment),
    delete: (kind, objectId, commentId) =>
      kind === 'project'
        ? api.deleteProjectComment(objectId, commentId)
        : api.deleteStudioComment(objectId, commentId),
    teamAlerts: (username) => api.getTeamAlerts(username),
    scratcherInvite: (username) => api.getScratcherInvite(username),
    dismissAlert: (kind, id) => api.dismissAlert(kind, id),
    markAllRead: () => api.markAllRead(),
    acceptCuratorInvite: (studioId, username) => api.acceptCuratorInvite(studioId, username),
  };
}

/** The protocol handlers (exported for tests: lib/protocol/checked-messages.ts puts its checks before them). */
export function messagesHandlers(service: MessagesService) {
  return {
    async refreshMessages({ data }) {
      await service.refresh({ force: data?.force === true });
    },
    async loadMoreMessages() {
      await service.loadMore();
    },
    async openMessageThread({ data }) {
      await service.openThread(data.kind, data.objectId, data.commentId, { force: data.force === true });
    },
    postReply: ({ data }) => service.reply(data),
    deleteMessageComment: ({ data }) => service.deleteComment(data),
    dismissTeamAlert: ({ data }) =>
      service.dismissAlert({ username: data.member, kind: data.kind, id: data.id }),
    markAllMessagesRead: ({ data }) => service.markAllRead({ username: data.member }),
    acceptCuratorInvite: ({ data }) =>
      service.acceptCuratorInvite({ username: data.member, studioId: data.studioId }),
  } satisfies HandlersOf<typeof messagesMessages>;
}

/** Registers the handlers. Call synchronously from the background's main function. */
export function registerMessages(deps: MessagesDeps): MessagesService {
  // A sent POST may land until the request's timeout has passed: a development install's shorter
  // timeout (lib/dev-tuning.ts) shortens the wait for a reply whose outcome is unknown with it.
  let settleMs = pendingSettleMs(null);
  followDevTuning((tuning) => {
    settleMs = pendingSettleMs(tuning.requestTimeoutMs ?? null);
  });
  const service = createMessagesService({
    now: deps.now ?? Date.now,
    member: deps.member,
    api: messagesApi(deps.api),
    cache: budgetedCache(messagesCacheItem, messagesCacheBudget),
    threads: budgetedCache(messageThreadsItem, messageThreadsBudget),
    // The member's words: written even when storage is full, caches given up for them.
    drafts: {
      get: () => messageDraftsItem.getValue(),
      set: (v) => writeMakingRoomIn(deps.cachesGivenUp, () => messageDraftsItem.setValue(v)),
    },
    pending: {
      get: () => messagePendingPostsItem.getValue(),
      set: (v) => writeMakingRoomIn(deps.cachesGivenUp, () => messagePendingPostsItem.setValue(v)),
    },
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    settleMs: () => settleMs,
    alertDismissed: deps.alertDismissed,
    markedRead: deps.markedRead,
  });
  answerMessages(deps.profile, messagesMessages, messagesHandlers(service));

  installWriteReferer(deps.profile).catch(warn('referer rules'));
  service.start().catch(warn('start'));
  return service;
}

const warn = (what: string) => (error: unknown) => console.warn(`[companion] messages: ${what}`, error);

/** The member's count, as far as the messages care: whose it is, and how many. */
interface Count {
  username: string | null;
  count: number | null;
}

/**
 * A new count means new (or read) messages: re-reads a list the member has, never one they never
 * opened. The composition root calls it on every change of the stored count.
 */
export function refreshAfterNewCount(
  service: MessagesService,
  state: Count,
  previous: Count | undefined,
): void {
  if (state.username === null || state.count === null) return;
  if (previous?.username !== state.username || previous.count === state.count) return;
  service.refresh({ force: true, onlyIfCached: true }).catch(warn('refresh after count'));
}
