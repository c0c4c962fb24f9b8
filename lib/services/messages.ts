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
 *
 * Everything comes through `MessagesPorts`; ./messages-background.ts wires it to the browser.
 */
import type { NewComment } from '@/lib/api/client';
import { isApiError } from '@/lib/api/errors';
import type { Comment, Message } from '@/lib/api/schemas';
import { appendPage, feedErrorOf, mergeFirstPage } from './feed';
import { emptyFeedList, type FeedList } from './feed-model';
import {
  canDelete,
  type DeleteOutcome,
  type Drafts,
  draftKey,
  emptyThread,
  findPostedReply,
  MAX_CACHED_THREADS,
  MESSAGES_FRESH_MS,
  MESSAGES_MAX_ITEMS,
  MESSAGES_PAGE_SIZE,
  type MemberMessages,
  type MessageThread,
  type PostInDoubt,
  type PostOutcome,
  type PostsInDoubt,
  postInDoubtOf,
  replyAddress,
  THREAD_FRESH_MS,
  type ThreadComment,
  type ThreadKind,
  threadKey,
  withoutDraft,
  withPostInDoubt,
} from './messages-model';

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
  /** Replies whose post ended without a readable answer (see `PostsInDoubt`); none kept when absent. */
  postsInDoubt?: Store<PostsInDoubt>;
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

export function createMessagesService(ports: MessagesPorts): MessagesService {
  let queue: Promise<unknown> = Promise.resolve();
  /** Storage writes one after the other, so two reads ending together never lose each other's result. */
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const result = queue.then(work, work);
    queue = result.catch(() => undefined);
    return result;
  };
  const inFlight = new Map<string, Promise<void>>();
  const sending = new Map<string, Promise<PostOutcome>>();
  const deleting = new Map<string, Promise<DeleteOutcome>>();

  const share = (key: string, work: () => Promise<void>): Promise<void> => {
    const running = inFlight.get(key);
    if (running !== undefined) return running;
    const done = work()
      .catch((error: unknown) => console.warn(`[companion] messages: ${key} failed:`, error))
      .finally(() => inFlight.delete(key));
    inFlight.set(key, done);
    return done;
  };

  const updateList = (username: string, change: (list: FeedList<Message>) => FeedList<Message>) =>
    serially(async () => {
      const cache = await ports.cache.get();
      const before = Object.hasOwn(cache, username) ? cache[username] : undefined;
      const list = change(before?.list ?? emptyFeedList<Message>());
      const next: MessagesCache = { ...cache, [username]: { username, usedAt: ports.now(), list } };
      const members = Object.keys(next).sort((a, b) => (next[b]?.usedAt ?? 0) - (next[a]?.usedAt ?? 0));
      for (const dropped of members.slice(MAX_CACHED_MEMBERS)) delete next[dropped];
      await ports.cache.set(next);
    });

  const currentList = async (username: string): Promise<FeedList<Message> | null> => {
    const cache = await ports.cache.get();
    return Object.hasOwn(cache, username) ? (cache[username]?.list ?? null) : null;
  };

  /** Only the member signed in when a read ends gets its result. */
  const stillSignedIn = async (username: string) => (await ports.member())?.username === username;

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
      const keys = Object.keys(mine).sort((a, b) => (mine[b]?.readAt ?? 0) - (mine[a]?.readAt ?? 0));
      for (const dropped of keys.slice(MAX_CACHED_THREADS)) if (dropped !== key) delete mine[dropped];
      const next: ThreadsCache = { ...all, [username]: mine };
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
    },

    async refresh(options = {}) {
      const member = await ports.member();
      if (member === null) return;
      const { username } = member;
      const list = await currentList(username);
      if (options.onlyIfCached && list === null) return;
      if (!options.force && list !== null && list.readAt > 0 && ports.now() - list.readAt < MESSAGES_FRESH_MS)
        return;
      const key = `list:${username}`;
      const running = inFlight.get(key);
      if (running !== undefined) return running;
      const done = share(key, async () => {
        let page: { items: Message[]; received: number };
        try {
          page = await ports.api.messagesPage(username, { offset: 0, limit: MESSAGES_PAGE_SIZE });
        } catch (error) {
          const failure = feedErrorOf(error, ports.now());
          if (await stillSignedIn(username))
            await updateList(username, (current) => ({ ...current, loading: null, error: failure }));
          return;
        }
        const readAt = ports.now();
        if (!(await stillSignedIn(username))) return;
        await updateList(username, (current) => {
          const merged = mergeFirstPage(current, page, messageKey, readAt);
          return capList(merged);
        });
      });
      await updateList(username, (current) => ({ ...current, loading: 'refresh' }));
      await done;
    },

    async loadMore() {
      const member = await ports.member();
      if (member === null) return;
      const { username } = member;
      const key = `list:${username}`;
      if (inFlight.has(key)) return inFlight.get(key);
      const list = await currentList(username);
      if (list === null || list.readAt === 0 || list.complete) return;
      const offset = list.nextOffset;
      const done = share(key, async () => {
        let page: { items: Message[]; received: number };
        try {
          page = await ports.api.messagesPage(username, { offset, limit: MESSAGES_PAGE_SIZE });
        } catch (error) {
          const failure = feedErrorOf(error, ports.now());
          if (await stillSignedIn(username))
            await updateList(username, (current) => ({ ...current, loading: null, error: failure }));
          return;
        }
        if (!(await stillSignedIn(username))) return;
        await updateList(username, (current) =>
          current.nextOffset !== offset
            ? { ...current, loading: null }
            : capList(appendPage(current, page, messageKey, MESSAGES_PAGE_SIZE)),
        );
      });
      await updateList(username, (current) => ({ ...current, loading: 'more' }));
      await done;
    },

    async openThread(kind, objectId, commentId, options = {}) {
      const member = await ports.member();
      if (member === null) return;
      const { username } = member;
      const key = threadKey(kind, objectId, commentId);
      const flight = `thread:${username}:${key}`;
      const running = inFlight.get(flight);
      if (running !== undefined) return running;
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
          const failure = missing ? null : feedErrorOf(error, ports.now());
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
      const running = sending.get(key);
      if (running !== undefined) return running;
      const sent = sendReply(request, key).finally(() => sending.delete(key));
      sending.set(key, sent);
      return sent;
    },

    deleteComment(request) {
      const key = `${threadKey(request.kind, request.objectId, request.commentId)}#${request.targetId}`;
      const running = deleting.get(key);
      if (running !== undefined) return running;
      const done = sendDelete(request).finally(() => deleting.delete(key));
      deleting.set(key, done);
      return done;
    },
  };

  async function sendReply(request: ReplyRequest, key: string): Promise<PostOutcome> {
    const member = await ports.member();
    if (member === null) return { ok: false, kind: 'failed', error: { kind: 'signed-out', at: ports.now() } };
    const tKey = threadKey(request.kind, request.objectId, request.commentId);
    const thread = await cachedThread(member.username, tKey);
    const address = thread === null ? null : replyAddress(thread, request.repliedId, request.text);
    if (address === null) return { ok: false, kind: 'not-in-thread' };
    // An earlier send of this very text got no readable answer: it may be on the site already.
    // Look before posting again (a second copy would be a duplicate, or refused by the site as spam).
    const doubt = await inDoubt(member.username, key);
    if (doubt !== null && doubt.content === address.content) {
      let fresh: MessageThread;
      try {
        fresh = await readThread(thread as MessageThread);
      } catch (error) {
        // Not known whether it is there: sending blind could post it twice. The draft stays.
        return { ok: false, kind: 'failed', error: feedErrorOf(error, ports.now()) };
      }
      await updateThread(member.username, tKey, (current) => (current === undefined ? null : fresh));
      const landed = findPostedReply(fresh, member.id, address.content, doubt.at);
      if (landed !== undefined) {
        await forgetDraft(member.username, key);
        return { ok: true, comment: landed };
      }
    }
    let posted: Comment;
    const leftAt = ports.now();
    try {
      posted = await ports.api.post(request.kind, request.objectId, {
        content: address.content,
        parentId: address.parentId,
        commenteeId: address.commenteeId,
      });
    } catch (error) {
      if (isAnswerLost(error))
        await setInDoubt(member.username, key, { content: address.content, at: leftAt });
      if (isApiError(error, 'CommentRejected')) {
        const { code, muteExpiresAt } = error as unknown as { code: string; muteExpiresAt?: number };
        return muteExpiresAt === undefined
          ? { ok: false, kind: 'rejected', code }
          : { ok: false, kind: 'rejected', code, muteExpiresAt };
      }
      return { ok: false, kind: 'failed', error: feedErrorOf(error, ports.now()) };
    }
    const comment = toThreadComment(posted, member.username);
    // The draft goes only now that the reply is on the site; the thread shows it.
    await forgetDraft(member.username, key);
    await updateThread(member.username, tKey, (current) =>
      current === undefined
        ? null
        : { ...current, replies: [...current.replies.filter((r) => r.id !== comment.id), comment] },
    );
    return { ok: true, comment };
  }

  /** The reply is on the site: its draft and any doubt about an earlier send go. */
  async function forgetDraft(username: string, key: string): Promise<void> {
    await serially(async () => ports.drafts.set(withoutDraft(await ports.drafts.get(), username, key)));
    if (ports.postsInDoubt !== undefined) await setInDoubt(username, key, null);
  }

  async function inDoubt(username: string, key: string) {
    if (ports.postsInDoubt === undefined) return null;
    return postInDoubtOf(await ports.postsInDoubt.get(), username, key);
  }

  function setInDoubt(username: string, key: string, doubt: PostInDoubt | null): Promise<void> {
    const store = ports.postsInDoubt;
    if (store === undefined) return Promise.resolve();
    return serially(async () => store.set(withPostInDoubt(await store.get(), username, key, doubt)));
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
          : { ok: false, kind: 'failed', error: feedErrorOf(error, ports.now()) };
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

/**
 * Whether a failed post may have reached the site all the same: no answer in time, the connection
 * lost, an answer that could not be read, or a server error (a proxy's 502/504 can come after the
 * site did the work). A refusal (429, 401, 403, a rejection) means it did not.
 */
export function isAnswerLost(error: unknown): boolean {
  return (
    isApiError(error, 'Timeout') ||
    isApiError(error, 'Network') ||
    isApiError(error, 'InvalidResponse') ||
    isApiError(error, 'ServerError')
  );
}

function capList(list: FeedList<Message>): FeedList<Message> {
  if (list.items.length <= MESSAGES_MAX_ITEMS) return list;
  return { ...list, items: list.items.slice(0, MESSAGES_MAX_ITEMS), complete: true };
}
