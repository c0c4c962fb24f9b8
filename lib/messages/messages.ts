/**
 * The messages service: the member's messages (`/users/<me>/messages`, pages of 40) cached per
 * member, the conversations of comment messages read on demand and cached, and replying and
 * deleting through the API client.
 *
 * - The list follows the feed's rules (./feed.ts): stale-while-revalidate with MESSAGES_FRESH_MS, one
 *   read in flight per member shared by every caller, next pages when the popup scrolls, errors kept
 *   beside the cached items, at most MAX_CACHED_MEMBERS members, nothing read while signed out.
 * - A thread costs a handful of requests: for a project the owner (`/projects/<id>`, remembered), the
 *   comment, its parent when it is a reply, and the replies (a page of 40, more only for long
 *   threads); for a studio the comment, its parent and the replies.
 * - One reply per draft is sent at a time: a second send while one is under way gets the first's
 *   outcome (no double posts). The draft is cleared only when the post succeeded.
 * - A reply whose outcome is unknown (the worker stopped while it was out, the answer timed out or
 *   was unreadable) stays recorded as pending (./pending-posts.ts): before the draft is sent again,
 *   and when a new worker starts, the thread's replies are read and a reply that landed is taken as
 *   the outcome (draft cleared, thread updated) instead of being posted a second time.
 *
 * Everything comes through `MessagesPorts`; ./messages-background.ts wires it to the browser.
 */
import type { NewComment } from '@/lib/api/client';
import { isApiError } from '@/lib/api/errors';
import type { Comment, Message } from '@/lib/api/schemas';
import {
  appendPage,
  type CachedList,
  emptyList,
  type ListError,
  type ListPage,
  mergeFirstPage,
} from '@/lib/cached-list/cached-list';
import { listErrorOf } from '@/lib/cached-list/list-error';
import { createListReads, type ListSlot } from '@/lib/cached-list/list-reads';
import { capRecentlyUsed } from '@/lib/member-cap';
import { serialQueue } from '@/lib/serial';
import { singleFlight } from '@/lib/single-flight';
import {
  canDelete,
  type DeleteOutcome,
  type Drafts,
  draftKey,
  emptyThread,
  MAX_CACHED_THREADS,
  MESSAGES_FRESH_MS,
  MESSAGES_MAX_ITEMS,
  MESSAGES_PAGE_SIZE,
  type MemberMessages,
  type MessageThread,
  type PostOutcome,
  replyAddress,
  THREAD_FRESH_MS,
  type ThreadComment,
  type ThreadKind,
  threadComments,
  threadKey,
  withoutDraft,
} from './messages-model';
import {
  allPending,
  landedRecently,
  landedReply,
  mayStillLand,
  PENDING_MAX_AGE_MS,
  PENDING_RECHECK_MS,
  PENDING_SETTLE_MS,
  type PendingPosts,
  pendingOf,
  sameText,
  withoutPending,
  withPending,
} from './pending-posts';

export const MAX_CACHED_MEMBERS = 3;
/** Replies read per thread at most (pages of 40): long threads show their first 120 replies. */
export const MAX_REPLY_PAGES = 3;

export type MessagesCache = Record<string, MemberMessages>;
export type ThreadsCache = Record<string, Record<string, MessageThread>>;

export interface Member {
  id: number;
  username: string;
}

interface Store<T> {
  get(): Promise<T>;
  set(value: T): Promise<void>;
}

/** What the service needs of the API client. */
export interface MessagesApi {
  messagesPage(
    username: string,
    page: { offset: number; limit: number },
  ): Promise<{ items: Message[]; received: number }>;
  projectOwner(projectId: number): Promise<Member>;
  projectComment(owner: string, projectId: number, commentId: number): Promise<Comment>;
  projectReplies(
    owner: string,
    projectId: number,
    topId: number,
    page: { offset: number; limit: number },
  ): Promise<{ items: Comment[]; received: number }>;
  studioComment(studioId: number, commentId: number): Promise<Comment>;
  studioReplies(
    studioId: number,
    topId: number,
    page: { offset: number; limit: number },
  ): Promise<{ items: Comment[]; received: number }>;
  post(kind: ThreadKind, objectId: number, comment: NewComment): Promise<Comment>;
  delete(kind: ThreadKind, objectId: number, commentId: number): Promise<void>;
}

export interface MessagesPorts {
  now(): number;
  /** The signed-in member, or null. */
  member(): Promise<Member | null>;
  api: MessagesApi;
  cache: Store<MessagesCache>;
  threads: Store<ThreadsCache>;
  drafts: Store<Drafts>;
  /** Replies sent whose outcome is not known yet (see ./pending-posts.ts). */
  pending: Store<PendingPosts>;
  sleep(ms: number): Promise<void>;
  /** How long a sent POST may still reach the site (pending-posts.ts); PENDING_SETTLE_MS if absent. */
  settleMs?(): number;
}

export interface ReplyRequest {
  kind: ThreadKind;
  objectId: number;
  /** The comment the message is about (the thread's key). */
  commentId: number;
  /** The comment replied to (in that thread). */
  repliedId: number;
  /** What the member typed (without the mention, or with it). */
  text: string;
}

export interface DeleteRequest {
  kind: ThreadKind;
  objectId: number;
  commentId: number;
  /** The comment to delete (in that thread). */
  targetId: number;
}

export interface MessagesService {
  start(): Promise<void>;
  refresh(options?: { force?: boolean; onlyIfCached?: boolean }): Promise<void>;
  loadMore(): Promise<void>;
  openThread(
    kind: ThreadKind,
    objectId: number,
    commentId: number,
    options?: { force?: boolean },
  ): Promise<void>;
  reply(request: ReplyRequest): Promise<PostOutcome>;
  deleteComment(request: DeleteRequest): Promise<DeleteOutcome>;
}

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

const messageKey = (message: Message) => `m${message.id}`;
const MESSAGES_LIMITS = { pageSize: MESSAGES_PAGE_SIZE, maxItems: MESSAGES_MAX_ITEMS };

/** What a look for an earlier send of a draft found. */
type Settled =
  | { state: 'none' }
  | { state: 'landed'; comment: ThreadComment; text: string }
  | { state: 'unknown'; error: ListError };

/** Errors after which a POST may have landed: no answer, one that could not be read, or a 5xx. */
const outcomeUnknown = (error: unknown) =>
  isApiError(error, 'Timeout') ||
  isApiError(error, 'Network') ||
  isApiError(error, 'InvalidResponse') ||
  // A proxy's 502/504 can come after the site did the work.
  isApiError(error, 'ServerError');

export function createMessagesService(ports: MessagesPorts): MessagesService {
  /** Storage writes one after the other, so two reads ending together never lose each other's result. */
  const serially = serialQueue();
  const reads = createListReads({ now: ports.now, errorOf: listErrorOf, name: 'messages' });
  const threadReads = singleFlight<void>();
  const sending = singleFlight<PostOutcome>();
  const deleting = singleFlight<DeleteOutcome>();
  const settling = singleFlight<Settled>();

  const share = (key: string, work: () => Promise<void>): Promise<void> =>
    threadReads.run(key, () =>
      work().catch((error: unknown) => console.warn(`[companion] messages: ${key} failed:`, error)),
    );

  const updateList = (username: string, change: (list: CachedList<Message>) => CachedList<Message>) =>
    serially(async () => {
      const cache = await ports.cache.get();
      const before = Object.hasOwn(cache, username) ? cache[username] : undefined;
      const list = change(before?.list ?? emptyList<Message>());
      const next: MessagesCache = { ...cache, [username]: { username, usedAt: ports.now(), list } };
      await ports.cache.set(capRecentlyUsed(next, MAX_CACHED_MEMBERS, username));
    });

  const currentList = async (username: string): Promise<CachedList<Message> | null> => {
    const cache = await ports.cache.get();
    return Object.hasOwn(cache, username) ? (cache[username]?.list ?? null) : null;
  };

  /** Only the member signed in when a read ends gets its result. */
  const stillSignedIn = async (username: string) => (await ports.member())?.username === username;

  /** The member's list as the list reader sees it. */
  const listSlot = (username: string): ListSlot<CachedList<Message>, ListPage<Message>> => ({
    key: `list:${username}`,
    pageSize: MESSAGES_PAGE_SIZE,
    get: () => currentList(username),
    fresh: (readAt) => ports.now() - readAt < MESSAGES_FRESH_MS,
    read: (page) => ports.api.messagesPage(username, page),
    first: (list, page, readAt) => mergeFirstPage(list, page, messageKey, readAt, MESSAGES_LIMITS),
    next: (list, page) => appendPage(list, page, messageKey, MESSAGES_LIMITS),
    mark: (change) => updateList(username, change),
    land: async (change) => {
      if (await stillSignedIn(username)) await updateList(username, change);
    },
  });

  const updateThread = (
    username: string,
    key: string,
    change: (thread: MessageThread | undefined) => MessageThread | null,
  ) =>
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

  const cachedThread = async (username: string, key: string): Promise<MessageThread | null> => {
    const all = await ports.threads.get();
    const mine = Object.hasOwn(all, username) ? all[username] : undefined;
    return mine !== undefined && Object.hasOwn(mine, key) ? (mine[key] ?? null) : null;
  };

  async function readReplies(
    kind: ThreadKind,
    objectId: number,
    owner: string | null,
    topId: number,
  ): Promise<Comment[]> {
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
  }

  async function readThread(before: MessageThread): Promise<MessageThread> {
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

  return {
    async start() {
      // Reads of a previous worker died with it.
      await serially(async () => {
        const cache = await ports.cache.get();
        const next: MessagesCache = {};
        let changed = false;
        for (const [username, entry] of Object.entries(cache)) {
          if (entry.list.loading !== null) changed = true;
          next[username] = { ...entry, list: { ...entry.list, loading: null } };
        }
        if (changed) await ports.cache.set(next);
        const threads = await ports.threads.get();
        let threadsChanged = false;
        for (const mine of Object.values(threads)) {
          for (const [key, thread] of Object.entries(mine)) {
            if (thread.loading) {
              mine[key] = { ...thread, loading: false };
              threadsChanged = true;
            }
          }
        }
        if (threadsChanged) await ports.threads.set(threads);
      });
      // Replies a previous worker sent without learning their outcome: find out now, so the popup
      // shows them posted (or their drafts ready to send) without the member sending twice.
      const member = await ports.member();
      const pending = allPending(await ports.pending.get());
      await Promise.all(
        pending.map(async ({ username, key, post }) => {
          const forget =
            post.landed !== undefined
              ? !landedRecently(post, ports.now())
              : ports.now() - post.at > PENDING_MAX_AGE_MS;
          if (forget)
            await serially(async () =>
              ports.pending.set(withoutPending(await ports.pending.get(), username, key)),
            );
          else if (post.landed === undefined && member?.username === username) await settle(member, key);
        }),
      );
    },

    async refresh(options = {}) {
      const member = await ports.member();
      if (member === null) return;
      if (options.onlyIfCached && (await currentList(member.username)) === null) return;
      await reads.refresh(listSlot(member.username), options);
    },

    async loadMore() {
      const member = await ports.member();
      if (member === null) return;
      await reads.loadMore(listSlot(member.username));
    },

    async openThread(kind, objectId, commentId, options = {}) {
      const member = await ports.member();
      if (member === null) return;
      const { username } = member;
      const key = threadKey(kind, objectId, commentId);
      const flight = `thread:${username}:${key}`;
      const running = threadReads.get(flight);
      if (running !== undefined) return running.done;
      const cached = await cachedThread(username, key);
      if (
        !options.force &&
        cached !== null &&
        cached.readAt > 0 &&
        !cached.missing &&
        ports.now() - cached.readAt < THREAD_FRESH_MS
      )
        return;
      const before = cached ?? emptyThread(kind, objectId, commentId);
      const done = share(flight, async () => {
        let after: MessageThread;
        try {
          after = await readThread(before);
        } catch (error) {
          const missing = isApiError(error, 'NotFound');
          const failure = missing ? null : listErrorOf(error, ports.now());
          if (!(await stillSignedIn(username))) return;
          await updateThread(username, key, (current) => ({
            ...(current ?? before),
            loading: false,
            missing,
            error: failure,
            ...(missing ? { top: null, replies: [], readAt: ports.now() } : {}),
          }));
          return;
        }
        if (!(await stillSignedIn(username))) return;
        await updateThread(username, key, () => after);
      });
      await updateThread(username, key, (current) => ({ ...(current ?? before), loading: true }));
      await done;
    },

    reply(request) {
      const key = draftKey(threadKey(request.kind, request.objectId, request.commentId), request.repliedId);
      return sending.run(key, () => sendReply(request, key));
    },

    deleteComment(request) {
      const key = `${threadKey(request.kind, request.objectId, request.commentId)}#${request.targetId}`;
      return deleting.run(key, () => sendDelete(request));
    },
  };

  function setPending(change: (all: PendingPosts) => PendingPosts): Promise<void> {
    return serially(async () => ports.pending.set(change(await ports.pending.get())));
  }

  /** The draft's record marked landed as `comment`, kept for the page's second ask (pending-posts.ts). */
  function landedIn(all: PendingPosts, username: string, key: string, comment: ThreadComment): PendingPosts {
    const post = pendingOf(all, username, key);
    return post === null
      ? all
      : withPending(all, username, key, { ...post, landed: { comment, at: ports.now() } });
  }

  /** Shares one look per draft between a send and a starting worker. */
  function settle(member: Member, key: string): Promise<Settled> {
    return settling.run(`${member.username}|${key}`, () => settleOnce(member, key));
  }

  /**
   * Whether an earlier send of this draft is on the site: reads the thread's replies until the reply
   * shows up or the POST can no longer arrive (PENDING_SETTLE_MS after it left).
   */
  async function settleOnce(member: Member, key: string): Promise<Settled> {
    const post = pendingOf(await ports.pending.get(), member.username, key);
    if (post === null) return { state: 'none' };
    // Known already (this worker's answer, or a look on starting): the page is asking once more.
    if (post.landed !== undefined) {
      if (landedRecently(post, ports.now()))
        return { state: 'landed', comment: post.landed.comment, text: post.text };
      await setPending((all) => withoutPending(all, member.username, key));
      return { state: 'none' };
    }
    const tKey = threadKey(post.kind, post.objectId, post.commentId);
    for (;;) {
      let replies: Comment[];
      try {
        replies = await readReplies(post.kind, post.objectId, post.owner, post.parentId);
      } catch (error) {
        // The conversation is gone: nothing can land in it twice.
        if (isApiError(error, 'NotFound')) {
          await setPending((all) => withoutPending(all, member.username, key));
          return { state: 'none' };
        }
        return { state: 'unknown', error: listErrorOf(error, ports.now()) };
      }
      const landed = landedReply(
        post,
        replies.map((reply) => toThreadComment(reply, member.username)),
        member.id,
      );
      if (landed !== undefined) {
        await landedAs(member, key, tKey, landed, post.text);
        return { state: 'landed', comment: landed, text: post.text };
      }
      const settleMs = ports.settleMs?.() ?? PENDING_SETTLE_MS;
      if (!mayStillLand(post, ports.now(), settleMs)) {
        await setPending((all) => withoutPending(all, member.username, key));
        return { state: 'none' };
      }
      await ports.sleep(Math.min(PENDING_RECHECK_MS, post.at + settleMs - ports.now()));
    }
  }

  /** A reply is on the site: the thread shows it, and the draft it came from goes (if unchanged since). */
  async function landedAs(member: Member, key: string, tKey: string, comment: ThreadComment, text: string) {
    await serially(async () => {
      const drafts = await ports.drafts.get();
      const mine = Object.hasOwn(drafts, member.username) ? drafts[member.username] : undefined;
      const draft = mine !== undefined && Object.hasOwn(mine, key) ? mine[key] : undefined;
      if (draft === undefined || sameText(draft.text, text))
        await ports.drafts.set(withoutDraft(drafts, member.username, key));
      await ports.pending.set(landedIn(await ports.pending.get(), member.username, key, comment));
    });
    await updateThread(member.username, tKey, (current) =>
      current === undefined
        ? null
        : { ...current, replies: [...current.replies.filter((r) => r.id !== comment.id), comment] },
    );
  }

  async function sendReply(request: ReplyRequest, key: string): Promise<PostOutcome> {
    const member = await ports.member();
    if (member === null) return { ok: false, kind: 'failed', error: { kind: 'signed-out', at: ports.now() } };
    // An earlier send of this draft may be on the site already: never post it a second time.
    const earlier = await settle(member, key);
    if (earlier.state === 'unknown') return { ok: false, kind: 'failed', error: earlier.error };
    if (earlier.state === 'landed' && sameText(earlier.text, request.text))
      return { ok: true, comment: earlier.comment };
    const tKey = threadKey(request.kind, request.objectId, request.commentId);
    const thread = await cachedThread(member.username, tKey);
    const address = thread === null ? null : replyAddress(thread, request.repliedId, request.text);
    if (thread === null || address === null) return { ok: false, kind: 'not-in-thread' };
    // Recorded before it leaves: a worker stopped before the answer leaves this behind.
    await setPending((all) =>
      withPending(all, member.username, key, {
        kind: request.kind,
        objectId: request.objectId,
        commentId: request.commentId,
        owner: thread.owner?.username ?? null,
        parentId: address.parentId,
        content: address.content,
        text: request.text,
        afterId: Math.max(0, ...threadComments(thread).map((comment) => comment.id)),
        at: ports.now(),
      }),
    );
    let posted: Comment;
    try {
      posted = await ports.api.post(request.kind, request.objectId, {
        content: address.content,
        parentId: address.parentId,
        commenteeId: address.commenteeId,
      });
    } catch (error) {
      // The site answered no: nothing landed. Without an answer it may have: the record stays.
      if (!outcomeUnknown(error)) await setPending((all) => withoutPending(all, member.username, key));
      if (isApiError(error, 'CommentRejected')) {
        const { code, muteExpiresAt } = error as unknown as { code: string; muteExpiresAt?: number };
        return muteExpiresAt === undefined
          ? { ok: false, kind: 'rejected', code }
          : { ok: false, kind: 'rejected', code, muteExpiresAt };
      }
      return { ok: false, kind: 'failed', error: listErrorOf(error, ports.now()) };
    }
    const comment = toThreadComment(posted, member.username);
    // The draft goes only now that the reply is on the site; the thread shows it.
    await serially(async () => {
      await ports.drafts.set(withoutDraft(await ports.drafts.get(), member.username, key));
      await ports.pending.set(landedIn(await ports.pending.get(), member.username, key, comment));
    });
    await updateThread(member.username, tKey, (current) =>
      current === undefined
        ? null
        : { ...current, replies: [...current.replies.filter((r) => r.id !== comment.id), comment] },
    );
    return { ok: true, comment };
  }

  async function sendDelete(request: DeleteRequest): Promise<DeleteOutcome> {
    const member = await ports.member();
    if (member === null) return { ok: false, kind: 'failed', error: { kind: 'signed-out', at: ports.now() } };
    const tKey = threadKey(request.kind, request.objectId, request.commentId);
    const thread = await cachedThread(member.username, tKey);
    const target =
      thread === null
        ? undefined
        : [thread.top, ...thread.replies].find((comment) => comment?.id === request.targetId);
    // Only what the member may delete on the site, and only comments they were shown.
    if (thread === null || target === undefined || target === null || !canDelete(thread, target, member.id))
      return { ok: false, kind: 'not-allowed' };
    try {
      await ports.api.delete(request.kind, request.objectId, request.targetId);
    } catch (error) {
      if (!isApiError(error, 'NotFound')) {
        return isApiError(error, 'Forbidden')
          ? { ok: false, kind: 'not-allowed' }
          : { ok: false, kind: 'failed', error: listErrorOf(error, ports.now()) };
      }
      // Already gone on the site: the thread updates all the same.
    }
    await updateThread(member.username, tKey, (current) => {
      if (current === undefined) return null;
      // Deleting the top-level comment takes its replies with it, as on the site.
      if (current.top?.id === request.targetId) return { ...current, top: null, replies: [], missing: true };
      return { ...current, replies: current.replies.filter((reply) => reply.id !== request.targetId) };
    });
    return { ok: true };
  }
}
