/**
 * Clicking one of Companion's desktop notifications opens the site page it names. Each kind of
 * notification (messages, new projects from people followed) encodes its page in its id with its
 * own prefix; `pathOf` reads it back, or null when the notification is not of that kind.
 *
 * A kind may also act on its buttons (Chrome shows them; Firefox shows none and never reports one)
 * and after a click on the notification itself (`actions`).
 */
import type { SiteProfile } from '@/lib/config';

export interface NotificationActions {
  /** A button of notification `id` was clicked (Chrome): `open` opens its page and clears it. */
  button?(id: string, index: number, open: () => void): void;
  /** The notification `id` itself was clicked, and its page opened. */
  clicked?(id: string): void;
}

export function openSitePageOnNotificationClick(
  profile: SiteProfile,
  pathOf: (notificationId: string) => string | null,
  warn: (what: string) => (error: unknown) => void,
  actions: NotificationActions = {},
): void {
  /** Opens the page of notification `id`: false when the notification is not of this kind. */
  const open = (id: string): boolean => {
    const path = pathOf(id);
    if (path === null) return false;
    const url = new URL(path, profile.site);
    // Paths are built from the service's data: never let one lead off the site.
    if (url.origin !== new URL(profile.site).origin) return false;
    browser.tabs.create({ url: url.href }).catch(warn('open'));
    browser.notifications.clear(id).catch(() => undefined);
    return true;
  };
  const clicked = (id: string) => {
    if (open(id)) actions.clicked?.(id);
  };
  const button = (id: string, index: number) => {
    if (pathOf(id) !== null) actions.button?.(id, index, () => void open(id));
  };
  // The notifications API exists only once the optional permission is granted.
  const listen = () => {
    const notifications = browser.notifications;
    if (!notifications) return;
    if (!notifications.onClicked.hasListener(clicked)) notifications.onClicked.addListener(clicked);
    const buttons = notifications.onButtonClicked;
    if (actions.button && buttons && !buttons.hasListener(button)) buttons.addListener(button);
  };
  listen();
  browser.permissions.onAdded.addListener(listen);
}
