/**
 * The message count as every context knows it: its stored state, its settings and where both live
 * in storage. No imports with side effects: content scripts read these keys directly with
 * `browser.storage` (the storage library would cost a third of their size budget);
 * ./message-count-storage.ts defines the versioned items on the same keys.
 */

/** How the message count shows up (the options page). */
export interface MessageCountSettings {
  /** The count on the toolbar button's badge (version 2; off, the badge shows nothing at all). */
  badge: boolean;
  /** A distinct badge mark while signed out. */
  signedOutMark: boolean;
  /** `(N) ` before the titles of site tabs while N > 0. */
  titlePrefix: boolean;
  /** Desktop notifications for new messages (needs the optional `notifications` permission). */
  notifications: boolean;
  /**
   * The kinds of message the member switched notifications off for (./notification-kinds-model.ts, in the
   * ids of ./mutes-model.ts); absent: none. Optional, with no default here: the content scripts and the
   * popup read these settings and carry nothing of it (their size budgets).
   */
  quietKinds?: string[];
  /**
   * A click on a message notification marks every message read too (absent: off, the default:
   * reading in Companion marks nothing read; Firefox has no buttons on notifications for it).
   */
  markReadOnClick?: boolean;
}

export const defaultMessageCountSettings: MessageCountSettings = Object.freeze({
  badge: true,
  signedOutMark: true,
  titlePrefix: true,
  notifications: false,
});

/** The key of the message-count state (`MessageCountState`). */
export const MESSAGE_COUNT_KEY = 'local:messageCount';
/** The key of the settings. */
export const MESSAGE_COUNT_SETTINGS_KEY = 'sync:messageCountSettings';

/** The settings as version 1 stored them (before `badge`). */
export type MessageCountSettingsV1 = Omit<MessageCountSettings, 'badge'>;

/** Version 1 → 2: the badge becomes a setting, on (what version 1 always showed). */
export function messageCountSettingsV1ToV2(old: MessageCountSettingsV1): MessageCountSettings {
  return { ...old, badge: true };
}

/**
 * The settings from a stored value, missing keys at their defaults: a value another browser synced
 * before its own migration (no `badge`) must not turn a feature off.
 */
export function messageCountSettingsOf(value: unknown): MessageCountSettings {
  return { ...defaultMessageCountSettings, ...(typeof value === 'object' && value !== null ? value : {}) };
}

/** The persisted state: a restarted worker starts from it. */
export interface MessageCountState {
  /** Whose count this is; null while signed out. */
  username: string | null;
  /** The last known count; null until the first reading for this user. */
  count: number | null;
  /** When that count was read, by the poller or from a site page (ms since the epoch); 0 = never. */
  readAt: number;
  /** Where the last reading came from. */
  source: 'poll' | 'page' | 'action' | 'none';
  /**
   * Until when the CDN's copy may be older than a change Companion knows of (ms since the epoch):
   * after the messages page marked everything read or Companion dismissed an alert, reads bypass the
   * cache (within ./cache-bypass.ts's cap) and a page reading that disagrees is settled by a read.
   */
  staleUntil: number;
  /** When the last hour's reads that bypassed the cache went out (ms since the epoch): their cap. */
  bypasses?: number[];
  /** Consecutive polls that found the member away: drives the backoff. */
  awayStreak: number;
  /** Consecutive failed reads: drives the retry backoff. */
  failures: number;
  /**
   * When the poller last asked the service, answered or not (ms since the epoch): retries are
   * due from the last failed attempt, not from the last success. Absent in states stored before.
   */
  attemptAt?: number;
  /**
   * Since when the member has been away (ms since the epoch), while they are: coming back after a
   * period or more reads at once. Absent while they are not away, and in states stored before.
   */
  awaySince?: number;
  /**
   * The count after the member's mutes (lib/message-count/mutes-model.ts): what the badge, tab titles,
   * the editor's count and notifications show. `of` is the site's count it was worked out for (it
   * may lag a fresh reading until the unread messages are read; then `count` stays at most the
   * site's count); `over`: more than 200 unread, so "200+" is shown rather than reading further.
   * Absent when nothing is muted (the site's count is shown).
   */
  shown?: { count: number; of: number; over: boolean };
}
