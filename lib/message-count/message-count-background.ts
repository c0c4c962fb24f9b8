/**
 * The message count as the background runs it: the service of ./message-count.ts on the browser's
 * alarms and storage, the toolbar badge, desktop notifications, and the protocol handlers the
 * popup and content scripts use. `registerMessageCount` registers every listener synchronously
 * (the MV3 worker is woken by these events and must find its listeners at once).
 */
import type { Message } from '@/lib/api/schemas';
import { isSitePage, type SiteProfile } from '@/lib/config';
import { devTuning, onDevTuningChange } from '@/lib/dev-tuning';
import { idleUnlessTestSaysNo } from '@/lib/idle';
import { applyBadge, badgeLook } from '@/lib/message-count/badge';
import {
  type Activity,
  createMessageCountService,
  DEFAULT_PERIOD_MS,
  type MessageCountPorts,
  type MessageCountService,
} from '@/lib/message-count/message-count';
import { type MessageCountSettings, messageCountSettingsOf } from '@/lib/message-count/message-count-model';
import {
  lastNotifiedMessageItem,
  messageCountItem,
  messageCountSettingsItem,
  messageMutesItem,
  messageNotifierSessionItem,
} from '@/lib/message-count/message-count-storage';
import { mutesOf } from '@/lib/message-count/mutes-model';
import { showNotification } from '@/lib/notifications/show-notification';
import { answerMessages } from '@/lib/protocol/checked-messages';
import { openSitePageOnNotificationClick } from '../notifications/notification-clicks';
import { messageCountMessages } from './message-count-protocol';
import { messageNotificationActions, messageNotificationButtons } from './message-notification-actions';
import { createMessageNotifier, pathOfNotification, presenceOf } from './message-notifications';
import { createMutedCount, type MutedCountCause } from './muted-count-updates';
import { quietKindsOf } from './notification-kinds-model';
import { badgeDotAccounts } from './other-accounts-alerts';
import { publicCount } from './profile-message-counts';
import { siteActivity } from './site-activity';

/** The name of the poller's one alarm. */
export const MESSAGE_COUNT_ALARM = 'message-count';
/** The shortest repeat of the poll's alarm (a development tuning's one-second period included). */
const MIN_ALARM_REPEAT_MS = 1_000;

/** What the message count needs from the API client and the session. */
export interface MessageCountDeps {
  profile: SiteProfile;
  readCount(username: string, options: { bypassCache: boolean }): Promise<number>;
  /**
   * The member's newest `limit` messages from a list read at or after `readAfter` (ms since the
   * epoch), null when they could not be read: the messages service's cached list (`newest`), so the
   * notifier, the count after mutes and the Messages tab share one read after a change of count.
   */
  latestMessages(username: string, limit: number, readAfter: number): Promise<Message[] | null>;
  /**
   * How many of the count the list never holds (the team's alerts and the invitation), as read at or
   * after `readAfter` (read along with the messages); null when they could not be read. Absent: 0.
   */
  unlistedMessages?(username: string, readAfter: number): Promise<number | null>;
  /** The same as last read, with no request (0 when never read): what the messages page leaves. */
  knownUnlisted?(username: string): Promise<number>;
  signedInUser(): Promise<string | null>;
  /** Subscribes to sign-in, sign-out and change of user. */
  onSessionChanged(listener: (username: string | null) => void): void;
  /** The badge is first drawn once this settles: after a restart, once a previous member's count is hidden. */
  ready?: Promise<unknown>;
  /** Injected in tests; the clock otherwise. */
  now?: () => number;
  /**
   * Injected in tests; otherwise `browser.idle` when the permission exists (never idle without it,
   * or while a development install's tuning says `ignoreIdle`: lib/dev-tuning.ts).
   */
  isIdle?: () => Promise<boolean>;
  /** Injected in tests (the fake browser has no focus); tabs and windows otherwise. */
  activity?: () => Promise<Activity>;
  /**
   * Marks every message of `username`'s read on their click in a notification (the messages
   * service's `markAllRead`): true when the site took it. Absent: notifications offer no such action.
   */
  markAllRead?(username: string): Promise<boolean>;
  /** Whether notifications show buttons ("Open", "Mark all as read"): Chrome does, Firefox shows none. */
  notificationButtons?: boolean;
}

/** The service on the browser's alarms and storage. */
export function messageCountPorts(deps: MessageCountDeps): MessageCountPorts {
  const now = deps.now ?? Date.now;
  return {
    now,
    readCount: deps.readCount,
    unlisted: deps.knownUnlisted,
    signedInUser: deps.signedInUser,
    activity: deps.activity ?? (() => siteActivity(deps.profile, deps.isIdle ?? idleUnlessTestSaysNo)),
    async periodMs() {
      const seconds = (await devTuning()).pollPeriodSeconds;
      return seconds === undefined ? DEFAULT_PERIOD_MS : seconds * 1000;
    },
    alarm: {
      async set(when) {
        // Repeating, at the same interval, until the next tick arms it again: a firing the browser
        // hands to a background it is stopping at that moment is lost (seen in Firefox), and a
        // one-shot alarm would leave the count unread until something else woke the background.
        const periodInMinutes = Math.max(when - now(), MIN_ALARM_REPEAT_MS) / 60_000;
        await browser.alarms.create(MESSAGE_COUNT_ALARM, { when, periodInMinutes });
      },
      async clear() {
        await browser.alarms.clear(MESSAGE_COUNT_ALARM);
      },
    },
    state: { get: () => messageCountItem.getValue(), set: (state) => messageCountItem.setValue(state) },
    notifying: notificationsAllowed,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}

/** The settings, missing keys (a value synced from a browser not yet migrated) at their defaults. */
async function currentSettings(): Promise<MessageCountSettings> {
  return messageCountSettingsOf(await messageCountSettingsItem.getValue());
}

async function notificationsAllowed(): Promise<boolean> {
  const settings = await currentSettings();
  if (!settings.notifications) return false;
  return browser.permissions.contains({ permissions: ['notifications'] }).catch(() => false);
}

/** Puts the stored count on the toolbar as the settings say (badge off: no text). */
export async function refreshBadge(): Promise<void> {
  const [state, settings] = await Promise.all([messageCountItem.getValue(), currentSettings()]);
  await applyBadge(badgeLook(state, settings, await badgeDotAccounts(state.username)));
}

/**
 * Registers the message count's listeners and starts the poller. Call synchronously from the
 * background's main function.
 */
export function registerMessageCount(deps: MessageCountDeps): MessageCountService {
  const service = createMessageCountService(messageCountPorts(deps));
  const { profile } = deps;
  // The newest messages as read after the count's latest reading: the read the count's change
  // needs, shared with the count after mutes (and the cache's when it is that recent).
  const latestSinceReading = async (username: string, limit: number): Promise<Message[]> => {
    const { readAt } = await messageCountItem.getValue();
    const messages = await deps.latestMessages(username, limit, readAt);
    if (messages === null) throw new Error('the newest messages could not be read');
    return messages;
  };
  const notifier = createMessageNotifier({
    enabled: notificationsAllowed,
    latestMessages: latestSinceReading,
    lastNotified: {
      get: () => lastNotifiedMessageItem.getValue(),
      set: (v) => lastNotifiedMessageItem.setValue(v),
    },
    mutes: async () => mutesOf(await messageMutesItem.getValue()),
    quietKinds: async () => quietKindsOf((await currentSettings()).quietKinds),
    session: {
      get: () => messageNotifierSessionItem.getValue(),
      set: (v) => messageNotifierSessionItem.setValue(v),
    },
    show: (id, content) =>
      showNotification(
        id,
        content,
        deps.notificationButtons && deps.markAllRead ? messageNotificationButtons() : undefined,
      ),
    now: deps.now ?? Date.now,
  });
  const warn = (what: string) => (error: unknown) => console.warn(`Companion: message count: ${what}`, error);
  // The count after the member's mutes: worked out when the count or the mutes change.
  const mutedCount = createMutedCount({
    now: deps.now ?? Date.now,
    mutes: async () => mutesOf(await messageMutesItem.getValue()),
    state: () => messageCountItem.getValue(),
    newestMessages: deps.latestMessages,
    unlisted: deps.unlistedMessages,
    setShown: service.setShown,
    unseenWhileAway: async () => !(await notificationsAllowed()),
  });
  const updateMutedCount = (cause: MutedCountCause) => {
    mutedCount.update(cause).catch(warn('count after mutes'));
  };

  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === MESSAGE_COUNT_ALARM) service.tick().catch(warn('poll'));
  });
  deps.onSessionChanged((username) => {
    service.sessionChanged(username).catch(warn('session'));
  });

  // The member came back to a site tab (poll sooner) or left it (back off).
  const activityChanged = () => {
    service.activityChanged().catch(warn('activity'));
  };
  browser.tabs.onActivated.addListener(activityChanged);
  browser.tabs.onRemoved.addListener(activityChanged);
  // Only the front tab arriving on the site matters (leaving it shows at the next alarm): pages
  // load in every tab all the time, and most of them are not the site.
  browser.tabs.onUpdated.addListener((_tabId, change, tab) => {
    if (change.url !== undefined && tab.active && isSitePage(change.url, profile)) activityChanged();
  });
  browser.windows.onFocusChanged.addListener(activityChanged);
  const idle = (browser as { idle?: typeof browser.idle }).idle;
  idle?.onStateChanged.addListener(activityChanged);
  // A test changed the period or the idle state's say (a development install only).
  onDevTuningChange(activityChanged);

  // Badge and notifications follow the stored state and the settings, whoever changed them: the
  // badge goes (or comes back) the moment the member turns it off (or on).
  messageCountItem.watch((state, previous) => {
    refreshBadge().catch(warn('badge'));
    updateMutedCount('count');
    const before = previous?.username === state.username ? (previous?.count ?? null) : null;
    const presence = presenceOf(previous, state);
    notifier.countChanged(state.username, before, state.count, presence).catch(warn('notifications'));
  });
  messageMutesItem.watch(() => updateMutedCount('mutes'));
  messageCountSettingsItem.watch((settings, previous) => {
    refreshBadge().catch(warn('badge'));
    // Turned on: announce what arrives from now on, not the messages already waiting.
    if (settings.notifications && !previous?.notifications) {
      messageCountItem
        .getValue()
        .then((state) => (state.username === null ? undefined : notifier.markAllSeen(state.username)))
        .catch(warn('notifications'));
    }
  });

  const { markAllRead } = deps;
  openSitePageOnNotificationClick(
    profile,
    pathOfNotification,
    warn,
    markAllRead === undefined
      ? {}
      : messageNotificationActions({
          markAllRead,
          markReadOnClick: async () => (await currentSettings()).markReadOnClick === true,
          show: (id, content) => showNotification(id, content),
          clear: async (id) => {
            await browser.notifications.clear(id);
          },
          warn,
        }),
  );

  answerMessages(profile, messageCountMessages, {
    async reportMessageCount({ data }) {
      await service.reportPageReading(data.count);
      // The count the page must show: its own reading, or the stored one when that was refused.
      return (await service.current()).count;
    },
    async messagesPageOpened() {
      await service.refresh('messages-page');
    },
    async refreshMessageCount() {
      const state = await service.refresh('popup');
      return { username: state.username, count: state.count, readAt: state.readAt };
    },
    getUserMessageCount: ({ data }) => publicCount(deps.readCount, data.username, (deps.now ?? Date.now)()),
  });

  void Promise.resolve(deps.ready).then(() => refreshBadge().catch(warn('badge')));
  service
    .start()
    .catch(warn('start'))
    // A figure a stopped worker left unworked.
    .then(() => updateMutedCount('count'));
  return service;
}
