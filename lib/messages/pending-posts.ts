/**
 * Replies on their way to the site, remembered in storage from just before the POST leaves until
 * its outcome is known. The background's worker can be stopped at any moment, also after the site
 * accepted a reply and before its answer arrived: then the draft is still there, and sending it
 * again would post it twice. A pending post says "this text may be on the site already": before it
 * is sent again (or when a new worker starts) the thread's replies are read, and a reply by the
 * member with the same text, newer than every comment the thread had when it was sent, is that post.
 *
 * Once its outcome is known the record stays a little longer, marked `landed`: the page that sent it
 * asks once more when the worker stopped before answering (lib/protocol/background-gone.ts), and that second
 * ask, reaching a worker that already found the reply (on starting, or in the POST's own answer),
 * must get that reply back instead of posting the same text a second time.
 *
 * Pure shapes and rules; lib/messages/messages.ts keeps the item and does the reads.
 */
import type { ThreadComment, ThreadKind } from './messages-model';

/**
 * How long after sending a POST may still reach the site: the request's timeout (10 s) and a margin.
 * Until then a missing reply may still land; after it, a reply not in the thread never will.
 */
export const PENDING_SETTLE_MS = 12_000;
/** The margin in PENDING_SETTLE_MS over the request's own timeout. */
const PENDING_MARGIN_MS = 2_000;
/**
 * The window for a request timeout other than the 10 s (the end-to-end tests shorten it through
 * a development install's tuning, lib/dev-tuning.ts): that timeout and the same margin. Null:
 * PENDING_SETTLE_MS.
 */
export function pendingSettleMs(requestTimeoutMs: number | null): number {
  return requestTimeoutMs !== null && requestTimeoutMs > 0
    ? requestTimeoutMs + PENDING_MARGIN_MS
    : PENDING_SETTLE_MS;
}
/** While waiting for that, the thread's replies are read again this often (one request each). */
export const PENDING_RECHECK_MS = 2_000;
/**
 * How long a post whose reply is known stays recorded for a page's second ask of the same draft. The
 * page asks again a moment after its first ask failed (a new worker to start, RESEND_AFTER_MS); a
 * member who sends the same text to the same comment again after this gets a new post.
 */
export const LANDED_RESEND_MS = 30_000;
/** A pending post older than this is forgotten unread (the member moved on; the draft stays). */
export const PENDING_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface PendingPost {
  kind: ThreadKind;
  objectId: number;
  /** The thread (the comment the message is about). */
  commentId: number;
  /** The project's owner (their username is in the replies' path); null for studios. */
  owner: string | null;
  /** The thread's top-level comment: the reply's parent. */
  parentId: number;
  /** Exactly what was sent (mention included). */
  content: string;
  /** The draft it was sent from (cleared only if it still reads so when the post is found). */
  text: string;
  /** The newest comment id the thread had when it was sent: the reply, if it landed, is newer. */
  afterId: number;
  /** When it was sent (ms since the epoch). */
  at: number;
  /** Set once the reply is known to be on the site: that reply, and when that was learnt. */
  landed?: { comment: ThreadComment; at: number };
}

/** Per member, per draft key (lib/messages/messages-model.ts `draftKey`). */
export type PendingPosts = Record<string, Record<string, PendingPost>>;

export function pendingOf(all: PendingPosts, username: string, key: string): PendingPost | null {
  const mine = Object.hasOwn(all, username) ? all[username] : undefined;
  return mine !== undefined && Object.hasOwn(mine, key) ? (mine[key] ?? null) : null;
}

export function withPending(
  all: PendingPosts,
  username: string,
  key: string,
  post: PendingPost,
): PendingPosts {
  const mine = { ...(Object.hasOwn(all, username) ? all[username] : {}), [key]: post };
  return { ...all, [username]: mine };
}

export function withoutPending(all: PendingPosts, username: string, key: string): PendingPosts {
  const mine = Object.hasOwn(all, username) ? all[username] : undefined;
  if (mine === undefined || !Object.hasOwn(mine, key)) return all;
  const rest = { ...mine };
  delete rest[key];
  const next = { ...all, [username]: rest };
  if (Object.keys(rest).length === 0) delete next[username];
  return next;
}

/** Every pending post, with its member and key. */
export function allPending(all: PendingPosts): { username: string; key: string; post: PendingPost }[] {
  return Object.entries(all).flatMap(([username, mine]) =>
    Object.entries(mine).map(([key, post]) => ({ username, key, post })),
  );
}

/** The posts whose outcome is still unknown (not yet `landed`). */
export function unresolvedPosts(all: PendingPosts): { username: string; key: string; post: PendingPost }[] {
  return allPending(all).filter(({ post }) => post.landed === undefined);
}

/** Whether a landed post is still kept for a page's second ask (LANDED_RESEND_MS). */
export function landedRecently(
  post: PendingPost,
  now: number,
): post is PendingPost & Required<Pick<PendingPost, 'landed'>> {
  return post.landed !== undefined && now - post.landed.at < LANDED_RESEND_MS;
}

/** The site may trim or fold spaces: compare texts as a reader would. */
const normalised = (text: string) => text.replace(/\s+/g, ' ').trim();
export const sameText = (a: string, b: string) => normalised(a) === normalised(b);

interface ReplyLike {
  id: number;
  parentId: number | null;
  content: string;
  author: { id: number };
}

/** The reply that is this pending post on the site, or undefined when it is not (yet) there. */
export function landedReply<C extends ReplyLike>(
  post: PendingPost,
  replies: readonly C[],
  memberId: number,
): C | undefined {
  return replies.find(
    (reply) =>
      reply.author.id === memberId &&
      reply.id > post.afterId &&
      reply.parentId === post.parentId &&
      sameText(reply.content, post.content),
  );
}

/** Whether the POST sent at `post.at` may still reach the site at `now`. */
export function mayStillLand(post: PendingPost, now: number, settleMs = PENDING_SETTLE_MS): boolean {
  return now - post.at < settleMs;
}
