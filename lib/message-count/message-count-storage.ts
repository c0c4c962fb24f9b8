/**
 * The message count's storage items: the count and its settings (content scripts and the popup
 * watch them; content scripts read their raw keys, lib/message-count/message-count-model.ts), what
 * was notified, the member's mutes and other accounts.
 */

import type { MessageCountState } from '@/lib/message-count/message-count-model';
import type { MessageMutes } from '@/lib/message-count/mutes-model';
import { memberItem } from '@/lib/session/session-storage';
import { defineMemberOwnedItem } from '@/lib/storage/member-owned-item';
import { defineItem } from '@/lib/storage/storage-item';
import {
  defaultMessageCountSettings,
  MESSAGE_COUNT_KEY,
  MESSAGE_COUNT_SETTINGS_KEY,
  type MessageCountSettings,
  messageCountSettingsV1ToV2,
} from './message-count-model';
import type { LastNotified, NotifierSession } from './message-notifications';
import type { OtherAccount, OtherAccountCount } from './other-accounts-model';
import { signedOutState } from './signed-out-state';

/** The member's message count and when it was read: badge, nav bar, titles and popup all show it. */
export const messageCountItem = defineItem<MessageCountState>(MESSAGE_COUNT_KEY, {
  fallback: signedOutState,
  version: 1,
});

/** Badge, signed-out mark, title prefix, notifications (the options page). Version 2 added `badge`. */
export const messageCountSettingsItem = defineItem<MessageCountSettings>(MESSAGE_COUNT_SETTINGS_KEY, {
  fallback: defaultMessageCountSettings,
  version: 2,
  migrations: { 2: messageCountSettingsV1ToV2 },
});

/** The newest message shown in a desktop notification: nothing is notified twice, across restarts. */
export const lastNotifiedMessageItem = defineItem<LastNotified | null>('local:lastNotifiedMessage', {
  fallback: null,
  version: 1,
});

/** The notifier's record of this browser session: a browser restart clears it (lib/message-count/message-notifications.ts). */
export const messageNotifierSessionItem = defineItem<NotifierSession | null>('session:messageNotifier', {
  fallback: null,
  version: 1,
});

/**
 * What the signed-in member muted: kinds and people (lib/message-count/mutes-model.ts). The member's
 * own (lib/storage/member-owned-item.ts): nothing muted while nobody is signed in, and follows the
 * member (sync).
 */
export const messageMutesItem = defineMemberOwnedItem<MessageMutes>(
  'sync:messageMutes',
  {
    // Nothing muted (mutes-model.ts's `noMutes`), written out: importing it would load the mutes' rules
    // with every page that reads this item (the popup's budget); they load with the Messages tab.
    fallback: Object.freeze({ kinds: [], people: [] }) as MessageMutes,
    version: 1,
  },
  memberItem,
);

/**
 * The signed-in member's other accounts and the alert of each
 * (lib/message-count/other-accounts-model.ts). The member's own: another member at this browser
 * never learns which accounts they hold; it follows them (sync). Usernames only, nothing secret.
 */
export const otherAccountsItem = defineMemberOwnedItem<OtherAccount[]>(
  'sync:otherAccounts',
  { fallback: [], version: 1 },
  memberItem,
);

/** The signed-in member's other accounts' counts as last read (their names are the member's own). */
export const otherAccountCountsItem = defineMemberOwnedItem<OtherAccountCount[]>(
  'local:otherAccountCounts',
  { fallback: [], version: 1 },
  memberItem,
);

/** Other users' public counts shown on their profile pages, with when they were read (background only). */
export const profileMessageCountsItem = defineItem<Record<string, { count: number; at: number }>>(
  'session:profileMessageCounts',
  { fallback: {}, version: 1 },
);
