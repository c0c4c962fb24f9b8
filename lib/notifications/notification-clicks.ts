/**
 * Clicking one of Companion's desktop notifications opens the site page it names. Each kind of
 * notification (messages, new projects from people followed) encodes its page in its id with its
 * own prefix; `pathOf` reads it back, or null when the notification is not of that kind.
 */
import type { SiteProfile } from '@/lib/config';

export function openSitePageOnNotificationClick(
  profile: SiteProfile,
  pathOf: (notificationId: string) => string | null,
  warn: (what: string) => (error: unknown) => void,
): void {
  const open = (id: string) => {
    const path = pathOf(id);
    if (path === null) return;
    const url = new URL(path, profile.site);
    // Paths are built from the service's data: never let one lead off the site.
    if (url.origin !== new URL(profile.site).origin) return;
    browser.tabs.create({ url: url.href }).catch(warn('open'));
    browser.notifications.clear(id).catch(() => undefined);
  };
  // The notifications API exists only once the optional permission is granted.
  const listen = () => {
    if (browser.notifications && !browser.notifications.onClicked.hasListener(open)) {
      browser.notifications.onClicked.addListener(open);
    }
  };
  listen();
  browser.permissions.onAdded.addListener(listen);
}
