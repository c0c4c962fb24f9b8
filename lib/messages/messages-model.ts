/**
 * The Messages tab's shapes and pure rules, shared by the background messages service
 * (lib/messages/messages.ts) and the popup: types and small functions only (no zod, no browser), so
 * the popup can import it within its budget.
 *
 * - The list is a cached paged list of messages (lib/cached-list), cached per member, with the site
 *   team's alerts and the Scratcher invitation read along with its first page.
 * - Unread: the first `count - alerts - invitation` messages, as the site's messages page counts them.
 * - Which messages share a row is ./message-groups-model.ts's.
 * - A thread is a project or studio comment with its top-level comment and the replies.
 * - Drafts are kept per member and per comment replied to.
 */
import type { Message } from '@/lib/api/schemas';
import type { CachedList, ListError } from '@/lib/cached-list/cached-list';

export type { Message };

/** Messages per page (the service's maximum). */
export const MESSAGES_PAGE_SIZE = 40;
/** At most this many messages are kept per member (5 pages); then a link to the site. */
export const MESSAGES_MAX_ITEMS = 200;
/** The list is not re-read when the popup opens within this long of the last read. */
export const MESSAGES_FRESH_MS = 60_000;
/** A thread opened again within this long is shown from the cache without a read. */
export const THREAD_FRESH_MS = 60_000;
/** Threads kept per member (least recently read dropped). */
export const MAX_CACHED_THREADS = 40;
/** The site's composer caps comments at this many characters. */
export const MAX_REPLY_LENGTH = 500;

/**
 * One of the site team's alerts as it was read: `message` is the HTML the team wrote, kept as that
 * string and shown only as text and site links (entrypoints/popup/messages/alert-text.ts), never as
 * HTML.
 */
export interface TeamAlert {
  id: number;
  datetime_created: string;
  message: string;
}

/** The Scratcher invitation. */
export interface ScratcherInvite {
  id: number;
  datetime_created: string;
}

/**
 * The team's alerts and the invitation, as the site's messages page reads them beside the list
 * (`/users/<me>/messages/admin` and `/users/<me>/invites`): both count in the message count, neither
 * is in the list.
 */
export interface TeamAlerts {
  /** Newest first, as the service sends them. */
  items: TeamAlert[];
  invite: ScratcherInvite | null;
  /** When the read that brought them went out (ms since the epoch); 0 = never read. */
  readAt: number;
  /** The last read failed (the items are the last ones read). */
  error: ListError | null;
}

/** What a dismissal names: one of the team's alerts or the invitation (the site's own words). */
export type AlertKind = 'notification' | 'invite';

/** A member's cached messages. */
export interface MemberMessages {
  username: string;
  usedAt?: number;
  list: CachedList<Message>;
  /** Absent until first read. */
  alerts?: TeamAlerts;
  /** Studios whose curator invitation the member accepted here, newest first (./site-actions.ts). */
  acceptedInvites?: number[];
}

/** How many of the count the list never holds: the alerts, and one for an invitation (0 unread yet). */
export function unlistedOf(alerts: TeamAlerts | undefined): number {
  if (alerts === undefined || alerts.readAt === 0) return 0;
  return alerts.items.length + (alerts.invite === null ? 0 : 1);
}

/** The type of a message as the service sent it (unknown types are parsed as `other`). */
export function sentTypeOf(message: Message): string {
  return message.type === 'other' ? message.otherType : message.type;
}

// ---------------------------------------------------------------------------------------------------
// Filter (the site's: All, Comments, Projects, Studios, Forums)

export type MessageFilter = 'all' | 'comments' | 'projects' | 'studios' | 'forums';
export const MESSAGE_FILTERS: readonly MessageFilter[] = Object.freeze([
  'all',
  'comments',
  'projects',
  'studios',
  'forums',
]);

const FILTER_OF_TYPE: Readonly<Record<string, MessageFilter>> = Object.freeze({
  addcomment: 'comments',
  loveproject: 'projects',
  favoriteproject: 'projects',
  remixproject: 'projects',
  curatorinvite: 'studios',
  becomeownerstudio: 'studios',
  becomehoststudio: 'studios',
  studioactivity: 'studios',
  forumpost: 'forums',
});

/** Whether a message of this type shows under `filter` (every type shows under All, as on the site). */
export function matchesFilter(type: string, filter: MessageFilter): boolean {
  if (filter === 'all') return true;
  return Object.hasOwn(FILTER_OF_TYPE, type) && FILTER_OF_TYPE[type] === filter;
}

export function isMessageFilter(value: unknown): value is MessageFilter {
  return typeof value === 'string' && (MESSAGE_FILTERS as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------------
// Unread marking (the rows they are shown in: ./message-groups-model.ts)

/** The ids of the first `count` messages: the unread ones (the list is newest first). */
export function unreadIds(items: readonly Message[], count: number | null): Set<number> {
  const unread = new Set<number>();
  const n = Math.max(0, Math.min(count ?? 0, items.length));
  for (let i = 0; i < n; i++) unread.add((items[i] as Message).id);
  return unread;
}

// ---------------------------------------------------------------------------------------------------
// Threads

export type ThreadKind = 'project' | 'studio';

/** Where a comment message's comment lives, or null for profile comments (no endpoint). */
export function commentPlaceOf(
  message: Message,
): { kind: ThreadKind; objectId: number; commentId: number } | null {
  if (message.type !== 'addcomment') return null;
  if (message.comment_type === 0)
    return { kind: 'project', objectId: message.comment_obj_id, commentId: message.comment_id };
  if (message.comment_type === 2)
    return { kind: 'studio', objectId: message.comment_obj_id, commentId: message.comment_id };
  return null;
}

export function threadKey(kind: ThreadKind, objectId: number, commentId: number): string {
  return `${kind}:${objectId}:${commentId}`;
}

/** A comment as the thread shows it (plain text content, already decoded). */
export interface ThreadComment {
  id: number;
  parentId: number | null;
  commenteeId: number | null;
  content: string;
  createdAt: string;
  author: { id: number; username: string; image: string | null };
}

export interface MessageThread {
  key: string;
  kind: ThreadKind;
  objectId: number;
  /** The comment the message is about. */
  commentId: number;
  /** The project's author (projects only): their username is in the comment paths. */
  owner: { id: number; username: string } | null;
  /** The top-level comment of the thread; null until read, or when it is gone. */
  top: ThreadComment | null;
  /** Replies, oldest first. */
  replies: ThreadComment[];
  /** When it was last read successfully; 0 = never. */
  readAt: number;
  loading: boolean;
  /** The comment no longer exists (deleted, or the place is gone). */
  missing: boolean;
  error: ListError | null;
}

export function emptyThread(kind: ThreadKind, objectId: number, commentId: number): MessageThread {
  return {
    key: threadKey(kind, objectId, commentId),
    kind,
    objectId,
    commentId,
    owner: null,
    top: null,
    replies: [],
    readAt: 0,
    loading: false,
    missing: false,
    error: null,
  };
}

// ---------------------------------------------------------------------------------------------------
// Replies (their rules, and the drafts', are in replies-model.ts: they load with a conversation)

export interface ReplyAddress {
  /** The thread's top-level comment (the site threads replies one level deep). */
  parentId: number;
  /** The author of the comment replied to. */
  commenteeId: number;
  /** Their username, mentioned at the start of the reply. */
  mention: string;
  /** What is posted: the text with "@username " in front, as the site's composer does. */
  content: string;
}

// ---------------------------------------------------------------------------------------------------
// Drafts: per member, per comment replied to

export interface Draft {
  text: string;
  /** When last typed (ms since epoch). */
  at: number;
}

export type Drafts = Record<string, Record<string, Draft>>;

// ---------------------------------------------------------------------------------------------------
// Outcomes of writes, as the popup gets them

export type PostOutcome =
  | { ok: true; comment: ThreadComment }
  | { ok: false; kind: 'rejected'; code: string; muteExpiresAt?: number }
  | { ok: false; kind: 'failed'; error: ListError }
  | { ok: false; kind: 'not-in-thread' }
  /** Written for another member than the one signed in now: not sent (the draft stays theirs). */
  | { ok: false; kind: 'other-member' }
  /** Storage had no room for the record a reply needs before it leaves: nothing was sent. */
  | { ok: false; kind: 'storage-full' };

export type DismissOutcome =
  | { ok: true }
  /** The site answered without `success`: the alert stays. */
  | { ok: false; kind: 'refused' }
  | { ok: false; kind: 'failed'; error: ListError }
  /** Asked for another member than the one signed in now: nothing sent. */
  | { ok: false; kind: 'other-member' };

export type DeleteOutcome =
  | { ok: true }
  | { ok: false; kind: 'failed'; error: ListError }
  | { ok: false; kind: 'not-allowed' }
  /** Asked for another member than the one signed in now: nothing deleted. */
  | { ok: false; kind: 'other-member' };

// ---------------------------------------------------------------------------------------------------
// Links inside comment text

export type TextPiece = { text: string } | { text: string; href: string };

const LINK = /(https?:\/\/[^\s<>"]+)|(@[A-Za-z0-9_-]{1,40})/g;
/**
 * The address's last character before the punctuation that ends it. Linear: a start is tried only
 * at what the run cannot hold (`/[.,…]+$/` tries every character of a run that does not end the
 * text: quadratic, minutes for a megabyte of dots).
 */
const LAST_OF_ADDRESS = /[^.,;:!?)\]][.,;:!?)\]]*$/;

/**
 * Comment text cut into plain pieces and links: addresses on the site (`siteOrigins`) become links,
 * and so do @names (to the user's profile on `site`), as the site shows them. Everything else stays
 * text; nothing is parsed as HTML.
 */
export function linkPieces(text: string, site: string, siteOrigins: readonly string[]): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index ?? 0;
    let raw = match[0];
    let href: string | null = null;
    if (match[1] !== undefined) {
      // Punctuation ending a sentence is not part of the address.
      raw = raw.slice(0, raw.search(LAST_OF_ADDRESS) + 1);
      try {
        const url = new URL(raw);
        if (siteOrigins.includes(url.origin)) href = url.href;
      } catch {
        href = null;
      }
    } else {
      // An @name inside a word (an e-mail address) is not a mention.
      const before = start > 0 ? text[start - 1] : '';
      if (before === '' || !/[A-Za-z0-9_.-]/.test(before as string))
        href = `${site}/users/${encodeURIComponent(raw.slice(1))}/`;
    }
    if (href === null) continue;
    if (start > last) pieces.push({ text: text.slice(last, start) });
    pieces.push({ text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}
