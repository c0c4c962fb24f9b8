/**
 * Every storage item of the extension, in one place, each versioned (bump `version` and add a
 * migration when a shape changes). Area by prefix: `session:` lives in memory for the browser
 * session (never written to disk; not readable by content scripts), `local:` persists on this
 * device. Nothing secret goes in `local:` or `sync:`: the token lives only in `session:`. The
 * `local:` caches are kept to byte caps where they are written, leaving room for the member's words
 * (lib/storage-budget.ts).
 */

import {
  defaultExploreSettings,
  type ExploreCache,
  type ExploreSettings,
  type ExploreViews,
  emptyExploreCache,
  emptyExploreViews,
} from '@/lib/explore/explore-model';
import {
  defaultFeedSettings,
  type FeedSettings,
  feedSettingsV1ToV2,
  type MemberFeed,
} from '@/lib/feed/feed-model';
import type { FeedNotifierState } from '@/lib/feed/feed-notifications';
import type { FollowingClosely } from '@/lib/feed/following-closely';
import type { StudioNews } from '@/lib/feed/studio-news-model';
import type { MessageCountState } from '@/lib/message-count/message-count';
import {
  defaultMessageCountSettings,
  MESSAGE_COUNT_KEY,
  MESSAGE_COUNT_SETTINGS_KEY,
  type MessageCountSettings,
  messageCountSettingsV1ToV2,
} from '@/lib/message-count/message-count-settings';
import type { LastNotified, NotifierSession } from '@/lib/message-count/message-notifications';
import type { MessageMutes } from '@/lib/message-count/mutes';
import type { OtherAccount, OtherAccountCount } from '@/lib/message-count/other-accounts-model';
import { signedOutState } from '@/lib/message-count/signed-out-state';
import type { Drafts, MemberMessages, MessageFilter, MessageThread } from '@/lib/messages/messages-model';
import type { PendingPosts } from '@/lib/messages/pending-posts';
import type { MemberStuff } from '@/lib/mystuff/mystuff-model';
import {
  defaultProjectStatusSettings,
  emptyProjectStatusCache,
  PROJECT_STATUS_KEY,
  PROJECT_STATUS_SETTINGS_KEY,
  type ProjectStatusCache,
  type ProjectStatusSettings,
} from '@/lib/project-status/project-status-cache';
import { defineItem } from '@/lib/storage-item';
import type { TranslationCache } from '@/lib/translation/translation';

// ---------------------------------------------------------------------------------------------------
// Session (owned by lib/session/session/session.ts; only the background reads and writes these)

/** The signed-in member as other contexts may see it (no token). */
export interface SessionUser {
  id: number;
  username: string;
  avatarUrl: string;
}

/**
 * The last session read: signed in with its token, or signed out. `cookieMark`: a digest of the
 * session cookie it was read with (lib/session/session/session.ts), so a session read under another cookie is known
 * to be stale; absent in values stored before it existed.
 */
export type StoredSession =
  | { state: 'signed-in'; user: SessionUser; token: string; readAt: number; cookieMark?: string }
  | { state: 'signed-out'; readAt: number; cookieMark?: string };

/**
 * The session, so a restarted service worker has it without a network read. `storage.session`
 * only: the token must never reach `storage.local` or `storage.sync`.
 */
export const sessionItem = defineItem<StoredSession | null>('session:companion.session', {
  fallback: null,
  version: 1,
});

// ---------------------------------------------------------------------------------------------------
// Message count (lib/message-count/message-count.ts; content scripts and the popup watch these)

export { defaultMessageCountSettings, type MessageCountSettings };

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

/** What the member muted: kinds and people (lib/message-count/mutes.ts). Follows the member (sync). */
export const messageMutesItem = defineItem<MessageMutes>('sync:messageMutes', {
  // Nothing muted (mutes.ts's `noMutes`), written out: importing it would load the mutes' rules
  // with every page that reads storage (the popup's budget); they load with the Messages tab.
  fallback: Object.freeze({ kinds: [], people: [] }) as MessageMutes,
  version: 1,
});

/**
 * The member's other accounts and the alert of each (lib/message-count/other-accounts-model.ts): the
 * person's list at this browser, not one site account's, so it follows them (sync) and stays when
 * they sign in as another of their accounts. Usernames only, nothing secret.
 */
export const otherAccountsItem = defineItem<OtherAccount[]>('sync:otherAccounts', {
  fallback: [],
  version: 1,
});

/** The other accounts' counts as last read (public counts: the same for whoever is signed in). */
export const otherAccountCountsItem = defineItem<OtherAccountCount[]>('local:otherAccountCounts', {
  fallback: [],
  version: 1,
});

/**
 * Which path answered a project comment's replies last (lib/api/replies-path.ts): the site's
 * `/users/` or the interface's `/user/`. Background only; anything else stored reads as the site's.
 */
export const repliesPathItem = defineItem<unknown>('local:repliesPath', { fallback: null });

/** Other users' public counts shown on their profile pages, with when they were read (background only). */
export const profileMessageCountsItem = defineItem<Record<string, { count: number; at: number }>>(
  'session:profileMessageCounts',
  { fallback: {}, version: 1 },
);

// ---------------------------------------------------------------------------------------------------
// Development tuning (read, checked and clamped only in lib/dev-tuning.ts)

/**
 * The one tuning item the end-to-end tests write (a poll every second, short timeouts, a faster
 * pace), so a test never waits minutes. Stored as written: anything may be in it, so only
 * lib/dev-tuning.ts reads it, which checks and clamps each field and ignores the whole item unless
 * the extension runs as a development install (`management.getSelf().installType`): a store
 * install never obeys it, whatever is stored. Content scripts never read it (they ask the
 * background: `getPageTuning`).
 */
export const devTuningItem = defineItem<unknown>('local:devTuning', { fallback: null });

// ---------------------------------------------------------------------------------------------------
// Feed (lib/feed/feed*.ts writes, the popup reads; the shapes are in lib/feed/feed-model.ts)

export { defaultFeedSettings, type FeedSettings };

/**
 * Each member's feed and the three project sections, per username: at most 3 members (least
 * recently used dropped), each list capped at FEED_MAX_ITEMS. Signing out keeps it (the popup shows
 * only `feedCache[member.username]`, nothing while `member` is null).
 */
export const feedCacheItem = defineItem<Record<string, MemberFeed>>('local:feedCache', {
  fallback: {},
  version: 1,
});

/** The signed-in member for other contexts (no token), or null; written by the background on every session change. */
export const memberItem = defineItem<SessionUser | null>('local:member', {
  fallback: null,
  version: 1,
});

/**
 * The digest of the session cookie `memberItem` was read under (never the cookie itself): after a
 * browser restart, a cookie that is gone or another's hides the member at once, with no network read
 * (lib/session/previous-member.ts).
 */
export const memberCookieMarkItem = defineItem<string | null>('local:memberCookieMark', { fallback: null });

/**
 * Whether `memberItem` was checked against the session cookie in this browser session
 * (`storage.session`: a browser start clears it). Until then the popup shows nothing of the member.
 */
export const memberCheckedItem = defineItem<boolean>('session:memberChecked', { fallback: false });

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
 * The people and studios the member rang the bell for ("Following closely", lib/feed/following-closely.ts):
 * written by the popup and the options page, read by the feed's notifier. `sync:` so the bells
 * follow the member to their other computers; capped, so it stays within what sync allows per item.
 */
export const followingCloselyItem = defineItem<FollowingClosely>('sync:followingClosely', {
  // Written out (not following-closely.ts's `noBells`): the popup's shared chunk stays without that module.
  fallback: { people: [], studios: [] },
});

/**
 * The belled studios' newest projects, from each studio's own activity (lib/feed/studio-news.ts):
 * a few per studio, at most 20 studios; public, so kept by studio, not by member. The popup's
 * Following closely and the notifier read it; only the background writes it.
 */
export const studioNewsItem = defineItem<StudioNews>('local:studioNews', {
  // Written out (not studio-news-model.ts's `emptyStudioNews`): the popup's shared chunk stays without it.
  fallback: { checkedAt: 0, studios: {} },
  version: 1,
});

/** The popup's last chosen tab (owned by the popup). */
export const popupTabItem = defineItem<string>('local:popupTab', { fallback: 'feed' });

// ---------------------------------------------------------------------------------------------------
// Messages tab (lib/messages/messages*.ts writes the caches, the popup reads them)

/** Each member's messages (at most 3 members, 200 messages each); the popup shows only the signed-in member's. */
export const messagesCacheItem = defineItem<Record<string, MemberMessages>>('local:messagesCache', {
  fallback: {},
  version: 1,
});

/** Conversations opened from comment messages, per member, by thread key (at most 40 per member). */
export const messageThreadsItem = defineItem<Record<string, Record<string, MessageThread>>>(
  'local:messageThreads',
  { fallback: {}, version: 1 },
);

/**
 * Reply drafts per member and per comment replied to: the popup saves them as they are typed, the
 * background removes one only when its reply was posted. `local:` so they survive a restart.
 */
export const messageDraftsItem = defineItem<Drafts>('local:messageDrafts', {
  fallback: {},
  version: 1,
});

/**
 * Replies sent whose outcome is not known yet (lib/messages/pending-posts.ts): written before each
 * POST leaves, removed when its answer (or the reply itself, in the thread) is seen. `local:` so a
 * worker stopped mid-post, or a browser closed, never makes the next send a second post.
 */
export const messagePendingPostsItem = defineItem<PendingPosts>('local:messagePendingPosts', {
  fallback: {},
  version: 1,
});

/** The Messages tab's filter (All, Comments, Projects, Studios, Forums), remembered. */
export const messagesFilterItem = defineItem<MessageFilter>('sync:messagesFilter', {
  fallback: 'all',
});

// ---------------------------------------------------------------------------------------------------
// Project statuses (lib/project-status/project-status.ts; content scripts and the popup read these)

export { defaultProjectStatusSettings, type ProjectStatusCache, type ProjectStatusSettings };

/**
 * What the member loved and favorited, per member (`member` is who is signed in: null shows
 * nothing). Read synchronously by surfaces with `currentMember` + `projectStatus` of
 * lib/project-status/project-status-cache.ts; only the background writes it.
 */
export const projectStatusesItem = defineItem<ProjectStatusCache>(PROJECT_STATUS_KEY, {
  fallback: emptyProjectStatusCache,
  version: 1,
});

/** Marks on project thumbnails: on by default. */
export const projectStatusSettingsItem = defineItem<ProjectStatusSettings>(PROJECT_STATUS_SETTINGS_KEY, {
  fallback: defaultProjectStatusSettings,
  version: 1,
});

// ---------------------------------------------------------------------------------------------------
// Translation (lib/translation/translation.ts; content scripts read the settings' raw key)

/** Translations by text and language, least recently used out past a cap (background only). */
export const translationCacheItem = defineItem<TranslationCache>('local:translationCache', {
  fallback: {},
  version: 1,
});

// The translation settings' item is in lib/translation/translation-settings.ts: the popup imports this file, and
// the item would bring the helper's language tables into the popup's JavaScript, which it never uses.

// ---------------------------------------------------------------------------------------------------
// Explore (lib/explore/explore*.ts writes the caches, the popup's Explore tab reads them)

export { defaultExploreSettings, type ExploreSettings };

/**
 * Public data of the Explore tab: featured rows (re-read hourly), the shared-project count (daily),
 * explore and search pages (5 minutes; at most MAX_CACHED_LISTS lists). Nobody's own: no member key.
 */
export const exploreCacheItem = defineItem<ExploreCache>('local:exploreCache', {
  fallback: emptyExploreCache,
  version: 1,
});

/**
 * What the popup's views show (a project, a person, a studio and their lists), for the signed-in
 * member only and for the popup's life: kept in memory for the browser session, never on disk.
 */
export const exploreViewsItem = defineItem<ExploreViews>('session:exploreViews', {
  fallback: emptyExploreViews,
  version: 1,
});

/** The Explore tab's choices (projects or studios, tag, sorts, language), following the member. */
export const exploreSettingsItem = defineItem<ExploreSettings>('sync:exploreSettings', {
  fallback: defaultExploreSettings,
  version: 1,
});

// ---------------------------------------------------------------------------------------------------
// My Stuff (lib/mystuff/mystuff.ts writes, the popup's My Stuff tab reads)

/**
 * Each member's own shared projects and favorites, per username: at most 3 members (least recently
 * used dropped), each list capped at MY_STUFF_MAX_ITEMS. The popup shows only
 * `myStuffCache[member.username]`, nothing while `member` is null.
 */
export const myStuffCacheItem = defineItem<Record<string, MemberStuff>>('local:myStuffCache', {
  fallback: {},
  version: 1,
});
