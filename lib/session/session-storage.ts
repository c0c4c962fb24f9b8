/**
 * The session's storage items (lib/session/session.ts writes the session, the background the member
 * items; the popup and the options page read the member). `session:` lives in memory for the
 * browser session (never written to disk; not readable by content scripts): the token lives only
 * there, never in `local:` or `sync:`.
 */
import { defineItem } from '@/lib/storage/storage-item';
import type { SessionUser, StoredSession } from './session-model';

/**
 * The session, so a restarted service worker has it without a network read. `storage.session`
 * only: the token must never reach `storage.local` or `storage.sync`.
 */
export const sessionItem = defineItem<StoredSession | null>('session:companion.session', {
  fallback: null,
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
