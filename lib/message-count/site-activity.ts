/**
 * Whether the member is looking at the site right now, as the message-count poller asks it: a site
 * tab active in the focused window (or another tab: the badge is in view), and input within the
 * last few minutes (the `idle` permission).
 */
import { isSitePage, type SiteProfile } from '@/lib/config';
import type { Activity } from './message-count';

/**
 * Without input for this long the member counts as away (the `idle` permission). Five minutes, not
 * less: reading a long project page or watching one runs without input.
 */
export const IDLE_AFTER_SECONDS = 300;

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

/** Whether the browser has gone without input for IDLE_AFTER_SECONDS (or is locked). */
export async function browserIdle(): Promise<boolean> {
  // `browser.idle` exists only with the `idle` permission; without it the focus test decides alone.
  const idle = (browser as { idle?: typeof browser.idle }).idle;
  if (!idle) return false;
  return (await idle.queryState(IDLE_AFTER_SECONDS)) !== 'active';
}
