/**
 * The feed's storage items (lib/feed/feed*.ts writes, the popup reads; the shapes are in
 * lib/feed/feed-model.ts), its settings and the bells of "Following closely".
 */
import { memberItem } from '@/lib/session/session-storage';
import { defineMemberOwnedItem } from '@/lib/storage/member-owned-item';
import { defineItem } from '@/lib/storage/storage-item';
import { defaultFeedSettings, type FeedSettings, feedSettingsV1ToV2, type MemberFeed } from './feed-model';
import type { FeedNotifierState } from './feed-notifications';
import type { FollowingClosely } from './following-closely-model';

/**
 * Each member's feed and the three project sections, per username: at most 3 members (least
 * recently used dropped), each list capped at FEED_MAX_ITEMS. Signing out keeps it (the popup shows
 * only `feedCache[member.username]`, nothing while `member` is null).
 */
export const feedCacheItem = defineItem<Record<string, MemberFeed>>('local:feedCache', {
  fallback: {},
  version: 1,
});

/**
 * Feed filters (popup) and new-project notifications (options page). Version 2 has `hideLoved`
 * ("hide projects I already loved"); members' version 1 values migrate to it.
 */
export const feedSettingsItem = defineItem<FeedSettings>('sync:feedSettings', {
  fallback: defaultFeedSettings,
  version: 2,
  migrations: { 2: feedSettingsV1ToV2 },
});

/**
 * Per username, the ISO `datetime_created` of the newest activity item shown at the last open of
 * the popup: newer items are marked new. The popup reads it at open and writes it after.
 */
export const feedSeenItem = defineItem<Record<string, string>>('local:feedSeen', {
  fallback: {},
});

/** New-project notifications: when the list was last checked, the newest project announced per member. */
export const feedNotifierStateItem = defineItem<FeedNotifierState>('local:feedNotifier', {
  fallback: { checkedAt: 0, members: {} },
  version: 1,
});

/**
 * The people and studios the signed-in member rang the bell for ("Following closely",
 * lib/feed/following-closely-model.ts): written by the popup and the options page, read by the
 * feed's notifier. The member's own (lib/storage/member-owned-item.ts), `sync:` so the bells follow
 * them to their other computers; capped, and kept within what sync allows per item.
 */
export const followingCloselyItem = defineMemberOwnedItem<FollowingClosely>(
  'sync:followingClosely',
  // Written out (not following-closely-model.ts's `noBells`): the popup's shared chunk stays without that module.
  { fallback: { people: [], studios: [] } },
  memberItem,
);
