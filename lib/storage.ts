/**
 * Every storage item of the extension, in one place, each versioned (bump `version` and add a
 * migration when a shape changes). Area by prefix: `session:` lives in memory for the browser
 * session (never written to disk; not readable by content scripts), `local:` persists on this
 * device. Nothing secret goes in `local:` or `sync:`: the token lives only in `session:`.
 */
import { storage } from 'wxt/utils/storage';

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
