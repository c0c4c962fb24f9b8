/**
 * The message count's settings and where the shared message-count values live in storage. No
 * imports with side effects: content scripts read these keys directly with `browser.storage`
 * (the storage library would cost a third of their size budget); lib/storage.ts defines the
 * versioned items on the same keys.
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
   * The kinds of message the member switched notifications off for (./notification-kinds.ts, in the
   * ids of ./mutes.ts); absent: none. Optional, with no default here: the content scripts and the
   * popup read these settings and carry nothing of it (their size budgets).
   */
  quietKinds?: string[];
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
