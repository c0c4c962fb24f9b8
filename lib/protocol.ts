/**
 * The one typed protocol between the popup / content scripts and the background.
 * Every handler in the background checks the sender (see entrypoints/background.ts).
 */
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { DetailSource, ListSource } from './explore/explore-model';
import type { FeedListName } from './feed/feed-model';
import type { DeleteOutcome, PostOutcome, ThreadKind } from './messages/messages-model';
import type { SessionUser } from './storage';
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

export interface ProtocolMap {
  /** Liveness check: proves a context can reach the background. */
  ping(): PingResult;
  /** The signed-in member (username, id, avatar URL), or null when signed out. */
  whoami(): WhoAmI | null;
  /**
   * Content script: the site wrote this count into its navigation bar (a fresh reading). Returns
   * the stored count after it, which the page must show (it differs when the reading was stale).
   */
  reportMessageCount(data: { count: number }): number | null;
  /** Content script: the member opened the messages page (the site marks every message read). */
  messagesPageOpened(): void;
  /** Popup: read the member's count now (unless just read) and return it. */
  refreshMessageCount(): MessageCountSnapshot;
  /** Content script: a user's public message count (cached), for their profile page. */
  getUserMessageCount(data: { username: string }): number | null;
  /**
   * Popup: refresh these lists if older than FEED_FRESH_MS (or always with force). Resolves when the
   * reads end (results arrive through feedCacheItem; failures are recorded in the list's `error`,
   * the promise still resolves). One read per list in flight, shared by every caller.
   */
  refreshFeed(data: { lists: FeedListName[]; force?: boolean }): void;
  /** Popup: the end of a list came into view: read its next page (no-op when complete or loading). */
  loadMoreFeed(data: { list: FeedListName }): void;

  // Translation and read aloud (lib/translation/translation-background.ts)
  /** Content script: `text` (plain, decoded) in `language` (a helper code); cached, once per text and language. */
  translate(data: { text: string; language: string }): TranslationResult;
  /**
   * Content script: reads `text` aloud in the voice of `language` (stopping any other reading);
   * answers once the audio plays. Throws when it cannot start.
   */
  startReading(data: { text: string; language: string }): { readingId: number };
  /** Content script: answers when the reading ends, however it ended. */
  readingEnded(data: { readingId: number }): 'finished' | 'stopped' | 'failed';
  /** Content script: stops this tab's reading `readingId`. */
  stopReading(data: { readingId: number }): void;
  // Messages tab (issue 11): extension pages only (lib/messages/messages-background.ts).
  /** Re-read the member's messages if older than MESSAGES_FRESH_MS (or always with force); results in messagesCacheItem. */
  refreshMessages(data: { force?: boolean }): void;
  /** The end of the list came into view: read the next page. */
  loadMoreMessages(): void;
  /** Read a comment message's thread (unless cached and fresh); results in messageThreadsItem. */
  openMessageThread(data: { kind: ThreadKind; objectId: number; commentId: number; force?: boolean }): void;
  /** Post a reply to `repliedId` in the thread of `commentId` (addressing is the background's). */
  postReply(data: {
    kind: ThreadKind;
    objectId: number;
    commentId: number;
    repliedId: number;
    text: string;
  }): PostOutcome;
  /** Delete comment `targetId` of the thread of `commentId` (the member's own, or on their project). */
  deleteMessageComment(data: {
    kind: ThreadKind;
    objectId: number;
    commentId: number;
    targetId: number;
  }): DeleteOutcome;
  // Project statuses (lib/project-status/project-status-background.ts). The statuses themselves arrive in
  // storage (`projectStatusesItem`): these messages only say what is in view.
  /**
   * Content script or popup: these projects are in view now (the newest first in the queue): read
   * their love/favorite status where it is missing or stale. Resolves once queued, not once read.
   */
  getProjectStatuses(data: { ids: number[] }): void;
  /** Content script or popup: these projects left view; drop their reads that have not started. */
  projectsLeftView(data: { ids: number[] }): void;
  /**
   * Content script on `/projects/<id>/`: the site's own love/favorite button shows this state (a
   * class it changed). Updates the cached marks only; never makes the background send anything.
   */
  reportProjectStatus(data: { projectId: number; loved?: boolean; favorited?: boolean }): void;

  // Explore (lib/explore/explore-background.ts). Results arrive in storage (`exploreCacheItem`,
  // `exploreViewsItem`); these resolve when the reads end, failures recorded beside the data.
  /** Popup: the featured rows (hourly) and the shared-project count (daily), unless fresh. */
  refreshExploreHome(data: { force?: boolean }): void;
  /** Popup: a list's first page unless fresh (explore/search: 5 minutes; views: read since `since`). */
  refreshExploreList(data: { source: ListSource; since?: number; force?: boolean }): void;
  /** Popup: the end of a list came into view: its next page of 40. */
  loadMoreExplore(data: { source: ListSource }): void;
  /** Popup: what a view shows (project, person, studio), unless read since `since` (the popup's opening). */
  openExploreView(data: { source: DetailSource; since?: number; force?: boolean }): void;
}

export const { sendMessage, onMessage } = defineExtensionMessaging<ProtocolMap>();
