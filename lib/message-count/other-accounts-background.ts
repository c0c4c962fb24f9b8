/**
 * The other accounts as the background runs them: the service of ./other-accounts.ts on storage
 * and the API client, woken by each new reading of the member's own count (so never read more
 * often than it), the badge following their counts, their notifications, and the protocol handlers
 * the popup and the options page use. Listeners are registered synchronously (MV3).
 */
import { isApiError } from '@/lib/api/errors';
import type { SiteProfile } from '@/lib/config';
import { devTuning } from '@/lib/dev-tuning';
import { idleUnlessTestSaysNo } from '@/lib/idle';
import type { Activity } from '@/lib/message-count/message-count';
import {
  messageCountItem,
  messageCountSettingsItem,
  otherAccountCountsItem,
  otherAccountsItem,
} from '@/lib/message-count/message-count-storage';
import { openSitePageOnNotificationClick } from '@/lib/notifications/notification-clicks';
import { showNotification } from '@/lib/notifications/show-notification';
import { answerMessages } from '@/lib/protocol/checked-messages';
import { refreshBadge } from './message-count-background';
import { messageCountSettingsOf } from './message-count-model';
import {
  createOtherAccountsService,
  type OtherAccountsPorts,
  type OtherAccountsService,
} from './other-accounts';
import {
  accountNotification,
  accountNotificationId,
  pathOfAccountNotification,
} from './other-accounts-alerts';
import { accountsOf } from './other-accounts-model';
import { otherAccountsMessages } from './other-accounts-protocol';
import { OTHER_ACCOUNT_INTERVAL_MS } from './other-accounts-schedule';
import { siteActivity } from './site-activity';

export interface OtherAccountsDeps {
  profile: SiteProfile;
  /** A user's public count (the API client, no token). */
  readCount(username: string): Promise<number>;
  signedInUser(): Promise<string | null>;
  /** Injected in tests; the clock otherwise. */
  now?: () => number;
  /** Injected in tests (the fake browser has no focus); tabs, windows and idle state otherwise. */
  activity?: () => Promise<Activity>;
}

/** Notifications on in the settings and the permission granted (the same switch as the member's own). */
async function notificationsAllowed(): Promise<boolean> {
  if (!messageCountSettingsOf(await messageCountSettingsItem.getValue()).notifications) return false;
  return browser.permissions.contains({ permissions: ['notifications'] }).catch(() => false);
}

/** The service's ports on the browser's storage (the list checked as it is read: sync brings it). */
export function otherAccountsPorts(deps: OtherAccountsDeps): OtherAccountsPorts {
  return {
    now: deps.now ?? Date.now,
    readCount: deps.readCount,
    isNotFound: (error) => isApiError(error, 'NotFound'),
    signedInUser: deps.signedInUser,
    activity: deps.activity ?? (() => siteActivity(deps.profile, idleUnlessTestSaysNo)),
    async intervalMs() {
      const seconds = (await devTuning()).otherAccountsIntervalSeconds;
      return seconds === undefined ? OTHER_ACCOUNT_INTERVAL_MS : seconds * 1000;
    },
    accounts: {
      get: async () => accountsOf(await otherAccountsItem.getValue()),
      set: (value) => otherAccountsItem.setValue(value),
    },
    counts: {
      get: async () => {
        const stored = await otherAccountCountsItem.getValue();
        return Array.isArray(stored) ? stored : [];
      },
      set: (value) => otherAccountCountsItem.setValue(value),
    },
    async announce(username, count) {
      if (!(await notificationsAllowed())) return;
      await showNotification(accountNotificationId(username), accountNotification(username, count));
    },
  };
}

/** Registers the other accounts' listeners and handlers. Call synchronously from the background's main function. */
export function registerOtherAccounts(deps: OtherAccountsDeps): OtherAccountsService {
  const service = createOtherAccountsService(otherAccountsPorts(deps));
  const warn = (what: string) => (error: unknown) =>
    console.warn(`Companion: other accounts: ${what}`, error);

  // Right after each new reading of the member's own count: read the accounts that are due. Not
  // after the messages page's zero, which is followed by a reading of its own.
  messageCountItem.watch((state, previous) => {
    if (state.username === null || state.source === 'action') return;
    if (state.readAt > (previous?.readAt ?? 0)) service.readDue().catch(warn('read'));
  });
  const badge = () => {
    refreshBadge().catch(warn('badge'));
  };
  otherAccountsItem.watch(badge);
  otherAccountCountsItem.watch(badge);

  openSitePageOnNotificationClick(deps.profile, pathOfAccountNotification, warn);

  answerMessages(deps.profile, otherAccountsMessages, {
    addOtherAccount: ({ data }) => service.add(data.username),
    removeOtherAccount: ({ data }) => service.remove(data.username),
    setOtherAccountAlert: ({ data }) => service.setAlert(data.username, data.alert),
    refreshOtherAccounts: () => service.readDue(),
  });
  return service;
}
