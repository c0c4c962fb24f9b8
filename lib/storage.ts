/**
 * Every storage item of the extension, in one place, each versioned (bump `version` and add a
 * migration when a shape changes). Area by prefix: `session:` lives in memory for the browser
 * session (never written to disk; not readable by content scripts), `local:` persists on this
 * device. Nothing secret goes in `local:` or `sync:`: the token lives only in `session:`.
 */
import { storage } from 'wxt/utils/storage';
import {
  defaultMessageCountSettings,
  MESSAGE_COUNT_KEY,
  MESSAGE_COUNT_SETTINGS_KEY,
  type MessageCountSettings,
} from '@/lib/message-count-settings';
import {
  defaultProjectStatusSettings,
  emptyProjectStatusCache,
  PROJECT_STATUS_KEY,
  PROJECT_STATUS_SETTINGS_KEY,
  type ProjectStatusCache,
  type ProjectStatusSettings,
} from '@/lib/project-status-cache';
import { type MessageCountState, signedOutState } from '@/lib/services/message-count';
import type { LastNotified } from '@/lib/services/message-notifications';
import type { TranslationCache } from '@/lib/services/translation';
import {
  defaultTranslationSettings,
  TRANSLATION_SETTINGS_KEY,
  type TranslationSettings,
} from '@/lib/translation-languages';

// ---------------------------------------------------------------------------------------------------
// Session (owned by lib/session.ts; only the background reads and writes these)

/** The signed-in member as other contexts may see it (no token). */
export interface SessionUser {
  id: number;
  username: string;
  avatarUrl: string;
}

/** The last session read: signed in with its token, or signed out. */
export type StoredSession =
  | { state: 'signed-in'; user: SessionUser; token: string; readAt: number }
  | { state: 'signed-out'; readAt: number };

/**
 * The session, so a restarted service worker has it without a network read. `storage.session`
 * only: the token must never reach `storage.local` or `storage.sync`.
 */
export const sessionItem = storage.defineItem<StoredSession | null>('session:companion.session', {
  fallback: null,
  version: 1,
});

// ---------------------------------------------------------------------------------------------------
// Message count (lib/services/message-count.ts; content scripts and the popup watch these)

export { defaultMessageCountSettings, type MessageCountSettings };

/** The member's message count and when it was read: badge, nav bar, titles and popup all show it. */
export const messageCountItem = storage.defineItem<MessageCountState>(MESSAGE_COUNT_KEY, {
  fallback: signedOutState,
  version: 1,
});

export const messageCountSettingsItem = storage.defineItem<MessageCountSettings>(MESSAGE_COUNT_SETTINGS_KEY, {
  fallback: defaultMessageCountSettings,
  version: 1,
});

/** The newest message shown in a desktop notification: nothing is notified twice, across restarts. */
export const lastNotifiedMessageItem = storage.defineItem<LastNotified | null>('local:lastNotifiedMessage', {
  fallback: null,
  version: 1,
});

/** Other users' public counts shown on their profile pages, with when they were read (background only). */
export const profileMessageCountsItem = storage.defineItem<Record<string, { count: number; at: number }>>(
  'session:profileMessageCounts',
  { fallback: {}, version: 1 },
);

/**
 * TEST ONLY: the polling period in seconds instead of a minute, so end-to-end tests (which set it
 * through the extension's storage) never wait minutes. Unset in real use.
 */
export const testPollPeriodSecondsItem = storage.defineItem<number | null>('local:testPollPeriodSeconds', {
  fallback: null,
});
/**
 * TEST ONLY: never count the member as idle. Headless browsers get no input, so after five minutes
 * the `idle` API would make the member "away" and stretch the polls past what a test waits for.
 * Unset in real use.
 */
export const testIgnoreIdleItem = storage.defineItem<boolean>('local:testIgnoreIdle', { fallback: false });

// ---------------------------------------------------------------------------------------------------
// Translation (lib/services/translation.ts; content scripts read the settings' raw key)

/** Translations by text and language, least recently used out past a cap (background only). */
export const translationCacheItem = storage.defineItem<TranslationCache>('local:translationCache', {
  fallback: {},
  version: 1,
});

/** Target language, read aloud and voice (the options page). */
export const translationSettingsItem = storage.defineItem<TranslationSettings>(TRANSLATION_SETTINGS_KEY, {
  fallback: defaultTranslationSettings,
  version: 1,
});
// Project statuses (lib/services/project-status.ts; content scripts and the popup read these)

export { defaultProjectStatusSettings, type ProjectStatusCache, type ProjectStatusSettings };

/**
 * What the member loved and favorited, per member (`member` is who is signed in: null shows
 * nothing). Read synchronously by surfaces with `currentMember` + `projectStatus` of
 * lib/project-status-cache.ts; only the background writes it.
 */
export const projectStatusesItem = storage.defineItem<ProjectStatusCache>(PROJECT_STATUS_KEY, {
  fallback: emptyProjectStatusCache,
  version: 1,
});

/** Marks on project thumbnails: on by default. */
export const projectStatusSettingsItem = storage.defineItem<ProjectStatusSettings>(
  PROJECT_STATUS_SETTINGS_KEY,
  { fallback: defaultProjectStatusSettings, version: 1 },
);
