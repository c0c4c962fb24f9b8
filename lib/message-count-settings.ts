/**
 * The message count's settings and where the shared message-count values live in storage. No
 * imports with side effects: content scripts read these keys directly with `browser.storage`
 * (the storage library would cost a third of their size budget); lib/storage.ts defines the
 * versioned items on the same keys.
 */

/** How the message count shows up (the options page). */
export interface MessageCountSettings {
  /** A distinct badge mark while signed out. */
  signedOutMark: boolean;
  /** `(N) ` before the titles of site tabs while N > 0. */
  titlePrefix: boolean;
  /** Desktop notifications for new messages (needs the optional `notifications` permission). */
  notifications: boolean;
}

export const defaultMessageCountSettings: MessageCountSettings = Object.freeze({
  signedOutMark: true,
  titlePrefix: true,
  notifications: false,
});

/** The key of the message-count state (`MessageCountState`). */
export const MESSAGE_COUNT_KEY = 'local:messageCount';
/** The key of the settings. */
export const MESSAGE_COUNT_SETTINGS_KEY = 'sync:messageCountSettings';
