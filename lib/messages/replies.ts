/**
 * Replying to a comment, never twice: one reply per draft is sent at a time (a second send while
 * one is under way gets the first's outcome), and the draft is cleared only when the post landed.
 *
 * A reply whose outcome is unknown (the worker stopped while it was out, the answer timed out or
 * was unreadable) stays recorded as pending (./pending-posts.ts): before the draft is sent again,
 * and when a new worker starts, the thread's replies are read and a reply that landed is taken as
 * the outcome (draft cleared, thread updated) instead of being posted a second time.
 */
import { isApiError } from '@/lib/api/errors';
import type { Comment } from '@/lib/api/schemas';
import type { ListError } from '@/lib/cached-list/cached-list';
import { listErrorOf } from '@/lib/cached-list/list-error';
import type { Serially } from '@/lib/concurrency/serial';
import { singleFlight } from '@/lib/concurrency/single-flight';
import { isQuotaError } from '@/lib/storage/storage-quota';
import { type MessageThreads, toThreadComment } from './message-threads';
import { type PostOutcome, type ThreadComment, type ThreadKind, threadKey } from './messages-model';
import type { Member, MessagesPorts } from './messages-ports';
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
import { draftKey, replyAddress, threadComments, withoutDraft } from './replies-model';

export interface ReplyRequest {
  /** The member the reply was written as (the username the popup showed). */
  member: string;
  kind: ThreadKind;
  objectId: number;
  /** The comment the message is about (the thread's key). */
  commentId: number;
  /** The comment replied to (in that thread). */
  repliedId: number;
  /** What the member typed (without the mention, or with it). */
  text: string;
}

export interface Replies {
  reply(request: ReplyRequest): Promise<PostOutcome>;
  /** At worker start: finds out what became of replies a previous worker sent without an answer. */
  resume(): Promise<void>;
}

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

/**
 * Whether earlier sends landed, from the records of replies sent (./pending-posts.ts): one look per
 * draft at a time, shared by a send and a starting worker; and the records' writes, through the
 * service's one queue.
 */
function createSettling(ports: MessagesPorts, serially: Serially, threads: MessageThreads) {
  const settling = singleFlight<Settled>();

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
        replies = await threads.readReplies(post.kind, post.objectId, post.owner, post.parentId);
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
    await threads.showReply(member.username, tKey, comment);
  }

  return { setPending, landedIn, settle };
}

/** `serially` is the service's one queue: drafts, pending records and threads are written through it. */
export function createReplies(ports: MessagesPorts, serially: Serially, threads: MessageThreads): Replies {
  const sending = singleFlight<PostOutcome>();
  const { setPending, landedIn, settle } = createSettling(ports, serially, threads);

  async function send(request: ReplyRequest, key: string): Promise<PostOutcome> {
    const member = await ports.member();
    if (member === null) return { ok: false, kind: 'failed', error: { kind: 'signed-out', at: ports.now() } };
    // Another member signed in since the popup showed this draft: never post their words as this one.
    if (member.username !== request.member) return { ok: false, kind: 'other-member' };
    // An earlier send of this draft may be on the site already: never post it a second time.
    const earlier = await settle(member, key);
    if (earlier.state === 'unknown') return { ok: false, kind: 'failed', error: earlier.error };
    if (earlier.state === 'landed' && sameText(earlier.text, request.text))
      return { ok: true, comment: earlier.comment };
    const tKey = threadKey(request.kind, request.objectId, request.commentId);
    const thread = await threads.cached(member.username, tKey);
    const address = thread === null ? null : replyAddress(thread, request.repliedId, request.text);
    if (thread === null || address === null) return { ok: false, kind: 'not-in-thread' };
    // Recorded before it leaves: a worker stopped before the answer leaves this behind. Without
    // the record a second send could post it twice: no room for it (caches given up already,
    // lib/storage/storage-full.ts) means no send.
    const recorded = setPending((all) =>
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
    try {
      await recorded;
    } catch (error) {
      if (isQuotaError(error)) return { ok: false, kind: 'storage-full' };
      throw error;
    }
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
    await threads.showReply(member.username, tKey, comment);
    return { ok: true, comment };
  }

  return {
    reply(request) {
      const key = draftKey(threadKey(request.kind, request.objectId, request.commentId), request.repliedId);
      return sending.run(key, () => send(request, key));
    },

    async resume() {
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
          if (forget) await setPending((all) => withoutPending(all, username, key));
          else if (post.landed === undefined && member?.username === username) await settle(member, key);
        }),
      );
    },
  };
}
