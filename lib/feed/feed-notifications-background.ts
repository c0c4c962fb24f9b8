/**
 * New-project notifications (./feed-notifications.ts) as the background runs them: a periodic
 * alarm while the setting is on, the feed service's "shared" list and cache, the browser's
 * notifications, and the click that opens the project. `registerFeedNotifications` registers
 * every listener synchronously.
 */

import { serialQueue } from '@/lib/concurrency/serial';
import type { SiteProfile } from '@/lib/config';
import { devTuning, onDevTuningChange } from '@/lib/dev-tuning';
import {
  feedCacheItem,
  feedNotifierStateItem,
  feedSettingsItem,
  followingCloselyItem,
} from '@/lib/feed/feed-storage';
import { studioNewsItem } from '@/lib/feed/studio-news-storage';
import { idleUnlessTestSaysNo } from '@/lib/idle';
import { showNotification } from '@/lib/notifications/show-notification';
import { openSitePageOnNotificationClick } from '../notifications/notification-clicks';
import type { FeedService } from './feed';
import type { FeedListName, MemberFeed } from './feed-model';
import {
  CHECK_PERIOD_MS,
  createFeedNotifier,
  type FeedNotifier,
  type FeedNotifierPorts,
  pathOfFeedNotification,
} from './feed-notifications';
import { bellsOf } from './following-closely-model';
import { belledStudioNews } from './studio-news-model';

/** The notifier's one alarm. */
export const FEED_NOTIFICATIONS_ALARM = 'feed-new-projects';

export interface FeedNotificationsDeps {
  profile: SiteProfile;
  feed: FeedService;
  signedInUser(): Promise<string | null>;
  /** Injected in tests; the clock otherwise. */
  now?: () => number;
  /** Injected in tests; otherwise the browser's idle state (see message-count-background). */
  isIdle?: () => Promise<boolean>;
}

/**
 * The notifier's period: CHECK_PERIOD_MS, or a development install's tuning (`notifierPeriodSeconds`,
 * lib/dev-tuning.ts), so that an end-to-end test sees a check within seconds. Studio news keeps the
 * same schedule (./studio-news-background.ts).
 */
export async function notifierPeriodMs(): Promise<number> {
  const seconds = (await devTuning()).notifierPeriodSeconds;
  return seconds === undefined ? CHECK_PERIOD_MS : seconds * 1000;
}

async function notificationsAllowed(): Promise<boolean> {
  if (!(await feedSettingsItem.getValue()).newProjectNotifications) return false;
  return browser.permissions.contains({ permissions: ['notifications'] }).catch(() => false);
}

/** The notifier on the feed service, storage and the browser's notifications. */
export function feedNotifierPorts(deps: FeedNotificationsDeps): FeedNotifierPorts {
  const isIdle = deps.isIdle ?? idleUnlessTestSaysNo;
  return {
    now: deps.now ?? Date.now,
    periodMs: notifierPeriodMs,
    enabled: notificationsAllowed,
    signedInUser: deps.signedInUser,
    active: async () => !(await isIdle()),
    // The popup's lists: read only when older than their fresh window, and the popup gets what is read.
    sharedList: (username) => refreshedList(deps.feed, username, 'shared'),
    // What ./studio-news.ts last read of the belled studios' own activity (no read here).
    studioNews: async () => {
      const news = await studioNewsItem.getValue();
      if (news.checkedAt === 0 && Object.keys(news.studios ?? {}).length === 0) return null;
      return belledStudioNews(news, bellsOf(await followingCloselyItem.getValue()));
    },
    bells: async () => bellsOf(await followingCloselyItem.getValue()),
    state: {
      get: () => feedNotifierStateItem.getValue(),
      set: (state) => feedNotifierStateItem.setValue(state),
    },
    show: showNotification,
  };
}

async function refreshedList<L extends FeedListName>(
  feed: FeedService,
  username: string,
  list: L,
): Promise<MemberFeed[L] | null> {
  await feed.refresh([list]);
  const cache = await feedCacheItem.getValue();
  return Object.hasOwn(cache, username) ? (cache[username]?.[list] ?? null) : null;
}

/** Registers the notifier's listeners. Call synchronously from the background's main function. */
export function registerFeedNotifications(deps: FeedNotificationsDeps): FeedNotifier {
  const notifier = createFeedNotifier(feedNotifierPorts(deps));
  const { profile } = deps;
  const warn = (what: string) => (error: unknown) =>
    console.warn(`[companion] feed notifications: ${what}`, error);

  // The alarm runs only while the setting is on; an existing one keeps its schedule (a worker
  // restart must not push the next check back or bring it forward). One change at a time, each
  // after reading the setting as it is then, so a late start never undoes a newer change.
  const scheduling = serialQueue();
  const reschedule = () => {
    scheduling(async () => {
      if (!(await feedSettingsItem.getValue()).newProjectNotifications) {
        await browser.alarms.clear(FEED_NOTIFICATIONS_ALARM);
        return;
      }
      const periodInMinutes = (await notifierPeriodMs()) / 60_000;
      if ((await browser.alarms.get(FEED_NOTIFICATIONS_ALARM))?.periodInMinutes === periodInMinutes) return;
      await browser.alarms.create(FEED_NOTIFICATIONS_ALARM, { periodInMinutes });
    }).catch(warn('alarm'));
  };
  // A development install's period changed (an end-to-end test): the alarm follows.
  onDevTuningChange(reschedule);

  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === FEED_NOTIFICATIONS_ALARM) notifier.tick().catch(warn('check'));
  });
  feedSettingsItem.watch((settings, previous) => {
    const on = settings?.newProjectNotifications === true;
    reschedule();
    // Turned on: announce what is shared from now on, not what the list holds already.
    if (on && previous?.newProjectNotifications !== true) notifier.markAllSeen().catch(warn('baseline'));
  });

  openSitePageOnNotificationClick(profile, pathOfFeedNotification, warn);

  reschedule();
  return notifier;
}
