/**
 * The conversations of comment messages, read on demand and cached per member: a thread costs a
 * handful of requests. For a project the owner (`/projects/<id>`, remembered), the comment, its
 * parent when it is a reply, and the replies (a page of 40, more only for long threads); for a
 * studio the comment, its parent and the replies. One read per thread in flight, shared.
 */
import { isApiError } from '@/lib/api/errors';
import type { Comment } from '@/lib/api/schemas';
import { listErrorOf } from '@/lib/cached-list/list-error';
import type { Serially } from '@/lib/concurrency/serial';
import { singleFlight } from '@/lib/concurrency/single-flight';
import { capRecentlyUsed } from '@/lib/storage/member-cap';
import {
  emptyThread,
  MAX_CACHED_THREADS,
  MESSAGES_PAGE_SIZE,
  type MessageThread,
  THREAD_FRESH_MS,
  type ThreadComment,
  type ThreadKind,
  threadKey,
} from './messages-model';
import { type Member, type MessagesPorts, stillSignedIn, type ThreadsCache } from './messages-ports';

/** Replies read per thread at most (pages of 40): long threads show their first 120 replies. */
export const MAX_REPLY_PAGES = 3;

/** A comment as the thread keeps it. `fallbackAuthor` names the author when the post's answer lacks it. */
export function toThreadComment(comment: Comment, fallbackAuthor?: string): ThreadComment {
  return {
    id: comment.id,
    parentId: comment.parent_id,
    commenteeId: comment.commentee_id,
    content: comment.content,
    createdAt: comment.datetime_created,
    author: {
      id: comment.author.id,
      username: comment.author.username ?? fallbackAuthor ?? '',
      image: comment.author.image ?? null,
    },
  };
}

export interface MessageThreads {
  open(kind: ThreadKind, objectId: number, commentId: number, options?: { force?: boolean }): Promise<void>;
  /** The member's cached thread, or null. */
  cached(username: string, key: string): Promise<MessageThread | null>;
  /** Changes one cached thread (null: drops it) and returns it as written. */
  update(
    username: string,
    key: string,
    change: (thread: MessageThread | undefined) => MessageThread | null,
  ): Promise<MessageThread | null>;
  /** The thread shows `comment` among its replies (once), if it is cached. */
  showReply(username: string, key: string, comment: ThreadComment): Promise<unknown>;
  /** The replies to `topId`, up to MAX_REPLY_PAGES pages. */
  readReplies(kind: ThreadKind, objectId: number, owner: string | null, topId: number): Promise<Comment[]>;
  /** Clears loading marks a stopped worker left behind; runs inside the service's serial queue. */
  clearLoadingMarks(): Promise<void>;
}

/** `serially` is the service's one queue: the list and drafts are written through it too. */
export function createMessageThreads(ports: MessagesPorts, serially: Serially): MessageThreads {
  const reads = singleFlight<void>();

  const update: MessageThreads['update'] = (username, key, change) =>
    serially(async () => {
      const all = await ports.threads.get();
      const mine = { ...(Object.hasOwn(all, username) ? all[username] : {}) };
      const changed = change(Object.hasOwn(mine, key) ? mine[key] : undefined);
      if (changed === null) delete mine[key];
      else mine[key] = changed;
      const kept = capRecentlyUsed(mine, MAX_CACHED_THREADS, key, (thread) => thread.readAt);
      const next: ThreadsCache = { ...all, [username]: kept };
      // Only the members whose messages are cached keep threads.
      const members = new Set(Object.keys(await ports.cache.get()));
      members.add(username);
      for (const other of Object.keys(next)) if (!members.has(other)) delete next[other];
      await ports.threads.set(next);
      return changed;
    });

  const cached: MessageThreads['cached'] = async (username, key) => {
    const all = await ports.threads.get();
    const mine = Object.hasOwn(all, username) ? all[username] : undefined;
    return mine !== undefined && Object.hasOwn(mine, key) ? (mine[key] ?? null) : null;
  };

  const readReplies: MessageThreads['readReplies'] = async (kind, objectId, owner, topId) => {
    const replies: Comment[] = [];
    for (let page = 0; page < MAX_REPLY_PAGES; page++) {
      const range = { offset: page * MESSAGES_PAGE_SIZE, limit: MESSAGES_PAGE_SIZE };
      const result =
        kind === 'project'
          ? await ports.api.projectReplies(owner as string, objectId, topId, range)
          : await ports.api.studioReplies(objectId, topId, range);
      replies.push(...result.items);
      if (result.received < MESSAGES_PAGE_SIZE) break;
    }
    return replies;
  };

  async function read(before: MessageThread): Promise<MessageThread> {
    const { kind, objectId, commentId } = before;
    const owner = kind === 'project' ? (before.owner ?? (await ports.api.projectOwner(objectId))) : null;
    const one = (id: number) =>
      kind === 'project'
        ? ports.api.projectComment((owner as Member).username, objectId, id)
        : ports.api.studioComment(objectId, id);
    const comment = await one(commentId);
    const top = comment.parent_id === null ? comment : await one(comment.parent_id);
    const replies = await readReplies(kind, objectId, owner?.username ?? null, top.id);
    return {
      ...before,
      owner,
      top: toThreadComment(top),
      replies: replies.map((reply) => toThreadComment(reply)),
      readAt: ports.now(),
      loading: false,
      missing: false,
      error: null,
    };
  }

  /** Reads the thread and writes the outcome: a comment that is gone marks the thread missing. */
  async function readInto(username: string, key: string, before: MessageThread): Promise<void> {
    let after: MessageThread;
    try {
      after = await read(before);
    } catch (error) {
      const missing = isApiError(error, 'NotFound');
      const failure = missing ? null : listErrorOf(error, ports.now());
      if (!(await stillSignedIn(ports, username))) return;
      await update(username, key, (current) => ({
        ...(current ?? before),
        loading: false,
        missing,
        error: failure,
        ...(missing ? { top: null, replies: [], readAt: ports.now() } : {}),
      }));
      return;
    }
    if (!(await stillSignedIn(ports, username))) return;
    await update(username, key, () => after);
  }

  return {
    async open(kind, objectId, commentId, options = {}) {
      const member = await ports.member();
      if (member === null) return;
      const { username } = member;
      const key = threadKey(kind, objectId, commentId);
      const flight = `thread:${username}:${key}`;
      const running = reads.get(flight);
      if (running !== undefined) return running.done;
      const thread = await cached(username, key);
      if (
        !options.force &&
        thread !== null &&
        thread.readAt > 0 &&
        !thread.missing &&
        ports.now() - thread.readAt < THREAD_FRESH_MS
      )
        return;
      const before = thread ?? emptyThread(kind, objectId, commentId);
      const done = reads.run(flight, () =>
        readInto(username, key, before).catch((error: unknown) =>
          console.warn(`[companion] messages: ${flight} failed:`, error),
        ),
      );
      await update(username, key, (current) => ({ ...(current ?? before), loading: true }));
      await done;
    },

    cached,
    update,
    readReplies,

    showReply: (username, key, comment) =>
      update(username, key, (current) =>
        current === undefined
          ? null
          : { ...current, replies: [...current.replies.filter((r) => r.id !== comment.id), comment] },
      ),

    async clearLoadingMarks() {
      const threads = await ports.threads.get();
      let changed = false;
      for (const mine of Object.values(threads)) {
        for (const [key, thread] of Object.entries(mine)) {
          if (thread.loading) {
            mine[key] = { ...thread, loading: false };
            changed = true;
          }
        }
      }
      if (changed) await ports.threads.set(threads);
    },
  };
}
