/**
 * The messages service (./messages.ts) as the background runs it: the API client, the session,
 * storage, the referer rule of writes, the message count (a change of count re-reads the list), and
 * the protocol handlers of the popup's Messages tab. Every handler takes requests from the
 * extension's own pages only: a content script or a web page can never make the background read,
 * post or delete anything here.
 */
import type { ApiClient } from '@/lib/api/client';
import { onMessage } from '@/lib/checked-messages';
import type { SiteProfile } from '@/lib/config';
import type { ProtocolMap } from '@/lib/protocol';
import { isExtensionPageSender } from '@/lib/sender';
import {
  messageCountItem,
  messageDraftsItem,
  messagePendingPostsItem,
  messagesCacheItem,
  messageThreadsItem,
  testRequestTimeoutMsItem,
} from '@/lib/storage';
import { installWriteReferer } from '../api/write-referer';
import { createMessagesService, type Member, type MessagesApi, type MessagesService } from './messages';
import type { ThreadKind } from './messages-model';
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
>;

export interface MessagesDeps {
  profile: SiteProfile;
  api: MessagesClient;
  member(): Promise<Member | null>;
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
  };
}

type Sender = Parameters<typeof isExtensionPageSender>[0];
type Args<K extends keyof ProtocolMap> = { data: Parameters<ProtocolMap[K]>[0]; sender: Sender };

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
const isKind = (value: unknown): value is ThreadKind => value === 'project' || value === 'studio';

/** Refuses anything that is not one of this extension's pages (popup, options). */
function requireExtensionPage(sender: Sender): void {
  if (!isExtensionPageSender(sender)) throw new Error('Untrusted sender');
}

/** The protocol handlers (exported for tests: they check the sender and what crosses the boundary). */
export function messagesHandlers(service: MessagesService) {
  return {
    async refreshMessages({ data, sender }: Args<'refreshMessages'>) {
      requireExtensionPage(sender);
      await service.refresh({ force: data?.force === true });
    },
    async loadMoreMessages({ sender }: Args<'loadMoreMessages'>) {
      requireExtensionPage(sender);
      await service.loadMore();
    },
    async openMessageThread({ data, sender }: Args<'openMessageThread'>) {
      requireExtensionPage(sender);
      if (!isKind(data?.kind) || !isId(data.objectId) || !isId(data.commentId)) return;
      await service.openThread(data.kind, data.objectId, data.commentId, { force: data.force === true });
    },
    async postReply({ data, sender }: Args<'postReply'>) {
      requireExtensionPage(sender);
      if (
        !isKind(data?.kind) ||
        !isId(data.objectId) ||
        !isId(data.commentId) ||
        !isId(data.repliedId) ||
        typeof data.text !== 'string'
      )
        throw new Error('Malformed reply');
      return service.reply({
        kind: data.kind,
        objectId: data.objectId,
        commentId: data.commentId,
        repliedId: data.repliedId,
        text: data.text,
      });
    },
    async deleteMessageComment({ data, sender }: Args<'deleteMessageComment'>) {
      requireExtensionPage(sender);
      if (!isKind(data?.kind) || !isId(data.objectId) || !isId(data.commentId) || !isId(data.targetId))
        throw new Error('Malformed delete');
      return service.deleteComment({
        kind: data.kind,
        objectId: data.objectId,
        commentId: data.commentId,
        targetId: data.targetId,
      });
    },
  };
}

/** Registers the handlers and the count watch. Call synchronously from the background's main function. */
export function registerMessages(deps: MessagesDeps): MessagesService {
  // A sent POST may land until the request's timeout has passed: the tests' shorter timeout
  // (test-only, lib/storage.ts) shortens the wait for a reply whose outcome is unknown with it.
  let settleMs = pendingSettleMs(null);
  testRequestTimeoutMsItem.getValue().then((ms) => {
    settleMs = pendingSettleMs(ms);
  });
  testRequestTimeoutMsItem.watch((ms) => {
    settleMs = pendingSettleMs(ms);
  });
  const service = createMessagesService({
    now: deps.now ?? Date.now,
    member: deps.member,
    api: messagesApi(deps.api),
    cache: { get: () => messagesCacheItem.getValue(), set: (v) => messagesCacheItem.setValue(v) },
    threads: { get: () => messageThreadsItem.getValue(), set: (v) => messageThreadsItem.setValue(v) },
    drafts: { get: () => messageDraftsItem.getValue(), set: (v) => messageDraftsItem.setValue(v) },
    pending: {
      get: () => messagePendingPostsItem.getValue(),
      set: (v) => messagePendingPostsItem.setValue(v),
    },
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    settleMs: () => settleMs,
  });
  const handlers = messagesHandlers(service);
  onMessage('refreshMessages', handlers.refreshMessages);
  onMessage('loadMoreMessages', handlers.loadMoreMessages);
  onMessage('openMessageThread', handlers.openMessageThread);
  onMessage('postReply', handlers.postReply);
  onMessage('deleteMessageComment', handlers.deleteMessageComment);

  const warn = (what: string) => (error: unknown) => console.warn(`[companion] messages: ${what}`, error);
  // A new count means new (or read) messages: re-read a list the member has, never one they never opened.
  messageCountItem.watch((state, previous) => {
    if (state.username === null || state.count === null) return;
    if (previous?.username !== state.username || previous.count === state.count) return;
    service.refresh({ force: true, onlyIfCached: true }).catch(warn('refresh after count'));
  });
  installWriteReferer(deps.profile).catch(warn('referer rule'));
  service.start().catch(warn('start'));
  return service;
}
