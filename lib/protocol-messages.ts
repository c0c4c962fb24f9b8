/**
 * The protocol, one declaration per message: its name (the key), who may send it (`from`), the
 * schema of its data (`data`; none: the message carries nothing, and whatever comes is ignored) and
 * the type of its answer (`answer`). lib/protocol.ts derives the types both sides use from this;
 * lib/checked-messages.ts enforces `from` and `data` before any handler runs, so a handler holds
 * only its logic and the rules only it can know (which project's page, which member).
 *
 * Background only: zod stays out of the popup and the content scripts, which import this file's
 * types only (through lib/protocol.ts).
 */
import { z } from 'zod';
import type { PageTuning } from './dev-tuning';
import type { DetailSource, ListSource } from './explore/explore-model';
import { validDetailSource, validListSource } from './explore/explore-sources';
import { FEED_LIST_NAMES } from './feed/feed-model';
import type { AddAccountOutcome } from './message-count/other-accounts-model';
import type { DeleteOutcome, DismissOutcome, PostOutcome } from './messages/messages-model';
import { MY_STUFF_LISTS } from './mystuff/mystuff-model';
import type { SenderKind } from './sender';
import type { SessionUser } from './storage';
import { MAX_SPEECH_CHARACTERS } from './translation/text-split';
import type { TranslationResult } from './translation/translation';

/** The signed-in member as any context may know it: never the token. */
export type WhoAmI = SessionUser;

export interface PingResult {
  ok: true;
  /** Extension version, from the manifest. */
  version: string;
  /** Which site profile the background runs. */
  profile: string;
}

/** The member's message count as the popup shows it (the same number as the badge). */
export interface MessageCountSnapshot {
  /** null while signed out. */
  username: string | null;
  /** null until the first reading. */
  count: number | null;
  /** When it was read (ms since the epoch); 0 = never. */
  readAt: number;
}

export interface MessageDeclaration {
  from: readonly SenderKind[];
  data?: z.ZodType;
  /** A type, not a value: `answer: answer<T>()`. */
  answer: unknown;
}

/** Names the type of a message's answer (the value itself is nothing). */
const answer = <T>() => undefined as T;

const EXTENSION_PAGE = ['extension page'] as const;
// A `site tab` is in the member's own browsing context: everything that reads or writes their state.
const SITE_TAB = ['site tab'] as const;
const EITHER = ['extension page', 'site tab'] as const;
/** Uses nothing of the member's (no token, no cookie, nothing of theirs): also from a container's tab. */
const MEMBER_FREE = ['extension page', 'site tab in any container'] as const;

/** The longest text a content script may send to translate or read aloud (project notes hold 5,000). */
export const MAX_MESSAGE_TEXT = 20_000;
/** Project ids: more than this in one message is refused (no page shows that many at once)... */
const MAX_IDS = 1000;
/** ...and at most this many of them are taken (a page shows a few dozen at a time). */
export const MAX_IDS_TAKEN = 200;

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const flag = z.boolean().optional();
const kind = z.enum(['project', 'studio']);
const text = z.string().max(MAX_MESSAGE_TEXT);
const language = z.string().max(20);
const listName = z.enum(FEED_LIST_NAMES);
/** A moment in ms since the epoch (finite). */
const moment = z.number().optional();
/** The optional `{ force }` of a refresh (the popup may send no object at all). */
const forceOnly = z.object({ force: flag }).optional();
/** Site usernames: letters, digits, `_` and `-`. */
const username = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);
/** Project ids in view: numbers; those that are not ids are dropped, the first MAX_IDS_TAKEN kept. */
const projectIds = z
  .array(z.number())
  .max(MAX_IDS)
  .transform((ids) =>
    ids.filter((value) => Number.isSafeInteger(value) && value > 0).slice(0, MAX_IDS_TAKEN),
  );
/** Only sources the explore service serves, with sane values (explore-sources.ts). */
const listSource = z
  .custom<ListSource>((value) => validListSource(value) !== null)
  .transform((value) => validListSource(value) as ListSource);
const detailSource = z
  .custom<DetailSource>((value) => validDetailSource(value) !== null)
  .transform((value) => validDetailSource(value) as DetailSource);

export const protocolMessages = {
  /** Liveness check: proves a context can reach the background. */
  ping: { from: MEMBER_FREE, answer: answer<PingResult>() },
  /**
   * Whether the sender's tab is in the member's own browsing context (not a container, not a
   * private window), from the tab the browser names: a content script cannot tell a container.
   */
  inMemberContext: { from: ['site tab in any container'], answer: answer<boolean>() },
  /** The signed-in member (username, id, avatar URL), or null when signed out. */
  whoami: { from: EITHER, answer: answer<WhoAmI | null>() },
  /**
   * The tuning of the page's features (lib/dev-tuning.ts): the fields a development install's tests
   * set, checked and clamped; nothing (`{}`) in a store install. Asked when a feature first needs it
   * (Translate all too, which a container's tab has: nothing of the member's in it).
   */
  getPageTuning: { from: ['site tab in any container'], answer: answer<PageTuning>() },

  // The message count (lib/message-count/message-count-background.ts).
  /**
   * The site wrote this count into its navigation bar (a fresh reading). Answers the stored count
   * after it, which the page must show (it differs when the reading was stale).
   */
  reportMessageCount: {
    from: SITE_TAB,
    data: z.object({ count: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER) }),
    answer: answer<number | null>(),
  },
  /** The member opened the messages page (the site marks every message read). */
  messagesPageOpened: { from: SITE_TAB, answer: answer<void>() },
  /** Read the member's count now (unless just read) and answer it. */
  refreshMessageCount: { from: EITHER, answer: answer<MessageCountSnapshot>() },
  /** A user's public message count (cached), for their profile page. */
  getUserMessageCount: { from: EITHER, data: z.object({ username }), answer: answer<number | null>() },

  // The member's other accounts (lib/message-count/other-accounts-background.ts): their list and
  // counts arrive through otherAccountsItem and otherAccountCountsItem.
  /** Checks the name with one read of its public count and adds it when the user exists. */
  addOtherAccount: {
    from: EXTENSION_PAGE,
    data: z.object({ username }),
    answer: answer<AddAccountOutcome>(),
  },
  /** Removes an account from the list, with its count. */
  removeOtherAccount: { from: EXTENSION_PAGE, data: z.object({ username }), answer: answer<void>() },
  /** Changes what an account's new messages bring: nothing more, a badge dot, a notification. */
  setOtherAccountAlert: {
    from: EXTENSION_PAGE,
    data: z.object({ username, alert: z.enum(['none', 'dot', 'notify']) }),
    answer: answer<void>(),
  },
  /** Reads the accounts that are due (at most every 10 minutes each; never signed out or away). */
  refreshOtherAccounts: { from: EXTENSION_PAGE, answer: answer<void>() },

  // The feed (lib/feed/feed-background.ts). Results arrive through feedCacheItem.
  /**
   * Refresh these lists if older than FEED_FRESH_MS (or always with force). Resolves when the reads
   * end (failures are recorded in the list's `error`, the promise still resolves). One read per list
   * in flight, shared by every caller.
   */
  refreshFeed: {
    from: EXTENSION_PAGE,
    data: z.object({ lists: z.array(listName).max(FEED_LIST_NAMES.length * 2), force: flag }),
    answer: answer<void>(),
  },
  /** The end of a list came into view: read its next page (no-op when complete or loading). */
  loadMoreFeed: { from: EXTENSION_PAGE, data: z.object({ list: listName }), answer: answer<void>() },

  // My Stuff (lib/mystuff/mystuff-background.ts). Results arrive in `myStuffCacheItem`.
  /** Re-reads the member's own projects and/or favorites unless fresh (all with `force`). */
  refreshMyStuff: {
    from: EXTENSION_PAGE,
    data: z.object({ lists: z.array(z.enum(MY_STUFF_LISTS)).max(MY_STUFF_LISTS.length * 2), force: flag }),
    answer: answer<void>(),
  },

  // Translation and read aloud (lib/translation/translation-background.ts).
  /** `text` (plain, decoded) in `language` (a helper code); cached, once per text and language. */
  translate: { from: MEMBER_FREE, data: z.object({ text, language }), answer: answer<TranslationResult>() },
  /**
   * Reads `text` aloud in the voice of `language` (stopping any other reading of the sender);
   * answers once the audio plays. Throws when it cannot start.
   */
  startReading: {
    from: MEMBER_FREE,
    data: z.object({ text, language }),
    answer: answer<{ readingId: number }>(),
  },
  /** Answers when the reading ends, however it ended. */
  readingEnded: {
    from: MEMBER_FREE,
    data: z.object({ readingId: z.number().int() }),
    answer: answer<'finished' | 'stopped' | 'failed'>(),
  },
  /** Stops the sender's reading `readingId`. */
  stopReading: { from: MEMBER_FREE, data: z.object({ readingId: z.number().int() }), answer: answer<void>() },
  /**
   * The speech helper's audio of one piece of text (at most MAX_SPEECH_CHARACTERS) in the
   * voice of `language`: the popup plays its readings itself (it is a page), so they end as it closes.
   */
  speechClip: {
    from: EXTENSION_PAGE,
    data: z.object({
      text: z.string().max(MAX_SPEECH_CHARACTERS),
      language,
      voice: z.enum(['female', 'male']),
    }),
    answer: answer<{ base64: string; type: string }>(),
  },

  // The Messages tab (lib/messages/messages-background.ts): reads, posts and deletes with the
  // member's token, so the extension's own pages only.
  /** Re-read the member's messages if older than MESSAGES_FRESH_MS (or always with force); results in messagesCacheItem. */
  refreshMessages: { from: EXTENSION_PAGE, data: forceOnly, answer: answer<void>() },
  /** The end of the list came into view: read the next page. */
  loadMoreMessages: { from: EXTENSION_PAGE, answer: answer<void>() },
  /** Read a comment message's thread (unless cached and fresh); results in messageThreadsItem. */
  openMessageThread: {
    from: EXTENSION_PAGE,
    data: z.object({ kind, objectId: id, commentId: id, force: flag }),
    answer: answer<void>(),
  },
  /** Post a reply to `repliedId` in the thread of `commentId` (addressing is the background's). */
  postReply: {
    from: EXTENSION_PAGE,
    data: z.object({ member: username, kind, objectId: id, commentId: id, repliedId: id, text }),
    answer: answer<PostOutcome>(),
  },
  /** Delete comment `targetId` of the thread of `commentId` (the member's own, or on their project). */
  deleteMessageComment: {
    from: EXTENSION_PAGE,
    data: z.object({ member: username, kind, objectId: id, commentId: id, targetId: id }),
    answer: answer<DeleteOutcome>(),
  },
  /** Dismiss one of the site team's alerts or the invitation, as the site's messages page does. */
  dismissTeamAlert: {
    from: EXTENSION_PAGE,
    data: z.object({ member: username, kind: z.enum(['notification', 'invite']), id }),
    answer: answer<DismissOutcome>(),
  },

  // Project statuses (lib/project-status/project-status-background.ts). The statuses themselves
  // arrive in storage (`projectStatusesItem`): these messages only say what is in view.
  /**
   * These projects are in view now (the newest first in the queue): read their love/favorite status
   * where it is missing or stale. Resolves once queued, not once read.
   */
  getProjectStatuses: { from: EITHER, data: z.object({ ids: projectIds }), answer: answer<void>() },
  /** These projects left view; drop their reads that have not started. */
  projectsLeftView: { from: EITHER, data: z.object({ ids: projectIds }), answer: answer<void>() },
  /**
   * On `/projects/<id>/` (that project's page only: its handler checks): the site's own love/favorite
   * button shows this state. Updates the cached marks only; never makes the background send anything.
   */
  reportProjectStatus: {
    from: SITE_TAB,
    data: z.object({ projectId: id, loved: flag, favorited: flag }),
    answer: answer<void>(),
  },

  // Explore (lib/explore/explore-background.ts). Results arrive in storage (`exploreCacheItem`,
  // `exploreViewsItem`); these resolve when the reads end, failures recorded beside the data.
  /** The featured rows (hourly) and the shared-project count (daily), unless fresh. */
  refreshExploreHome: { from: EXTENSION_PAGE, data: forceOnly, answer: answer<void>() },
  /** A list's first page unless fresh (explore/search: 5 minutes; views: read since `since`). */
  refreshExploreList: {
    from: EXTENSION_PAGE,
    data: z.object({ source: listSource, since: moment, force: flag }),
    answer: answer<void>(),
  },
  /** The end of a list came into view: its next page of 40. */
  loadMoreExplore: { from: EXTENSION_PAGE, data: z.object({ source: listSource }), answer: answer<void>() },
  /** What a view shows (project, person, studio), unless read since `since` (the popup's opening). */
  openExploreView: {
    from: EXTENSION_PAGE,
    data: z.object({ source: detailSource, since: moment, force: flag }),
    answer: answer<void>(),
  },
} as const satisfies Record<string, MessageDeclaration>;
