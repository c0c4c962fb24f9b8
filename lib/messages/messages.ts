/**
 * The messages service: the member's messages cached per member (./message-list.ts), the
 * conversations of comment messages read on demand and cached (./message-threads.ts), replying
 * (./replies.ts, with the records of posts whose outcome is not known yet) and deleting
 * (./comment-deletes.ts) through the API client.
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
import type { DeleteOutcome, PostOutcome, ThreadKind } from './messages-model';
import type { MessagesPorts } from './messages-ports';
import { createReplies, type ReplyRequest } from './replies';

export type { DeleteRequest } from './comment-deletes';
export { MAX_CACHED_MEMBERS } from './message-list';
export { MAX_REPLY_PAGES, toThreadComment } from './message-threads';
export type { Member, MessagesApi, MessagesCache, MessagesPorts, ThreadsCache } from './messages-ports';
export type { ReplyRequest } from './replies';

export interface MessagesService {
  start(): Promise<void>;
  refresh(options?: { force?: boolean; onlyIfCached?: boolean }): Promise<void>;
  loadMore(): Promise<void>;
  /** The member's newest messages through the cached list (./message-list.ts, `newest`). */
  newest(username: string, n: number, readAfter: number): Promise<Message[] | null>;
  openThread(
    kind: ThreadKind,
    objectId: number,
    commentId: number,
    options?: { force?: boolean },
  ): Promise<void>;
  reply(request: ReplyRequest): Promise<PostOutcome>;
  deleteComment(request: DeleteRequest): Promise<DeleteOutcome>;
}

export function createMessagesService(ports: MessagesPorts): MessagesService {
  const serially = serialQueue();
  const list = createMessageList(ports, serially);
  const threads = createMessageThreads(ports, serially);
  const replies = createReplies(ports, serially, threads);
  const deleteComment = createCommentDeletes(ports, threads);

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
    openThread: threads.open,
    reply: replies.reply,
    deleteComment,
  };
}
