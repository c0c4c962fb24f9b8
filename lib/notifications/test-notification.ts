/**
 * "Send a test notification" (the options page): shows one notification now, so a member can see
 * that notifications reach them, and learns what the browser can tell about why one would not.
 * Chrome tells whether the member blocked Companion's notifications (`notifications.getPermissionLevel`);
 * Firefox tells when it showed one (`notifications.onShown`). Neither can tell whether the system
 * (Do Not Disturb, Focus) hid it: the options page lists what to check.
 *
 * Its id carries no page (lib/notifications/notification-clicks.ts): a click on it opens nothing.
 */

/** The test notification's id: one at a time, a new one replaces the last. */
export const TEST_NOTIFICATION_ID = 'companion-test-notification';

/** What the browser said about notifications from Companion, where it can say. */
export type BrowserSays = 'blocked' | 'allowed' | 'unknown';

export type TestOutcome = { sent: true; browserSays: BrowserSays } | { sent: false };

type PermissionLevel = 'granted' | 'denied';
type ShownEvent = {
  addListener(listener: (id: string) => void): void;
  removeListener(listener: (id: string) => void): void;
};
/** The API as either browser has it (absent until the permission is granted). */
type NotificationsApi = typeof browser.notifications & {
  /** Chrome only (the polyfill wraps it there); not in Firefox. */
  getPermissionLevel?: () => Promise<PermissionLevel>;
  /** Firefox only. */
  onShown?: ShownEvent;
};
const api = () => browser.notifications as NotificationsApi | undefined;

/** Whether the browser reports shown notifications (Firefox's `onShown`; Chrome has none). */
export function reportsShown(): boolean {
  return typeof api()?.onShown?.addListener === 'function';
}

/**
 * Calls `onShown` when the browser reports the test notification shown; returns the unsubscribe.
 * Subscribe before sending: the report may come before `create` settles.
 */
export function watchTestShown(onShown: () => void): () => void {
  const shown = api()?.onShown;
  if (typeof shown?.addListener !== 'function') return () => undefined;
  const listener = (id: string) => {
    if (id === TEST_NOTIFICATION_ID) onShown();
  };
  shown.addListener(listener);
  return () => shown.removeListener(listener);
}

/** Shows the test notification (the permission must be granted: ask in the click first). */
export async function sendTestNotification(content: {
  title: string;
  message: string;
}): Promise<TestOutcome> {
  const notifications = api();
  if (!notifications) return { sent: false };
  // A notification still on screen with the same id would not show again: clear it first.
  await notifications.clear(TEST_NOTIFICATION_ID).catch(() => false);
  try {
    await notifications.create(TEST_NOTIFICATION_ID, {
      type: 'basic',
      iconUrl: browser.runtime.getURL('/icon/128.png'),
      title: content.title,
      message: content.message,
    });
  } catch {
    return { sent: false };
  }
  let browserSays: BrowserSays = 'unknown';
  if (typeof notifications.getPermissionLevel === 'function') {
    const level = await notifications.getPermissionLevel().catch(() => null);
    browserSays = level === 'denied' ? 'blocked' : level === 'granted' ? 'allowed' : 'unknown';
  }
  return { sent: true, browserSays };
}
