/**
 * Whether the member is looking at the site right now, as the message-count poller asks it: a site
 * tab active in the focused window (or another tab: the badge is in view), and input within the
 * last few minutes (lib/idle.ts).
 */
import { isSitePage, type SiteProfile } from '@/lib/config';
import type { Activity } from '@/lib/message-count/message-count';

/**
 * Watching: a site tab is the active tab of the focused window; browsing: another tab is; away: no
 * focused window, or the member is idle.
 */
export async function siteActivity(profile: SiteProfile, isIdle: () => Promise<boolean>): Promise<Activity> {
  const window = await browser.windows.getLastFocused().catch(() => undefined);
  if (!window?.focused || window.id === undefined) return 'away';
  if (await isIdle()) return 'away';
  const [tab] = await browser.tabs.query({ active: true, windowId: window.id });
  return isSitePage(tab?.url, profile) ? 'watching' : 'browsing';
}
