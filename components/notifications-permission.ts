/**
 * The optional `notifications` permission, shared by message, new-project and love-milestone
 * notifications: asked for when the member turns any on (in the click's user gesture, so before any other await),
 * given back when neither needs it any more.
 */
import { feedSettingsItem } from '@/lib/feed/feed-storage';
import { messageCountSettingsItem } from '@/lib/message-count/message-count-storage';
import { projectHistorySettingsItem } from '@/lib/project-history/project-history-storage';

const NOTIFICATIONS: { permissions: ['notifications'] } = { permissions: ['notifications'] };

/** Asks the browser; false when it refused (or cannot ask). Call first thing in the click handler. */
export function askForNotifications(): Promise<boolean> {
  return browser.permissions.request(NOTIFICATIONS).catch(() => false);
}

/** Gives the permission back unless another kind of notification still needs it. */
export async function releaseNotificationsUnlessNeeded(): Promise<void> {
  const [messages, feed, history] = await Promise.all([
    messageCountSettingsItem.getValue(),
    feedSettingsItem.getValue(),
    projectHistorySettingsItem.getValue(),
  ]);
  if (messages?.notifications || feed?.newProjectNotifications || history?.milestones) return;
  await browser.permissions.remove(NOTIFICATIONS).catch(() => false);
}
