/**
 * The member as the session knows them, in the shapes every context may see (no zod, no browser):
 * the background's session, the popup and the options page share them. Only `StoredSession` holds
 * the token, and only the background reads it (lib/session/session-storage.ts).
 */

/** The signed-in member as other contexts may see it (no token). */
export interface SessionUser {
  id: number;
  username: string;
  avatarUrl: string;
}

/**
 * The last session read: signed in with its token, or signed out. `cookieMark`: a digest of the
 * session cookie it was read with (lib/session/session.ts), so a session read under another cookie
 * is known to be stale; absent in values stored before it existed.
 */
export type StoredSession =
  | { state: 'signed-in'; user: SessionUser; token: string; readAt: number; cookieMark?: string }
  | { state: 'signed-out'; readAt: number; cookieMark?: string };
