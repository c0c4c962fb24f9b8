/**
 * The session as `keepMemberItem` (lib/session/member-item.ts) follows it: who is signed in, the
 * digest of their session cookie, and the change listeners, driven by the test.
 */

import type { SessionListener } from '@/lib/session/session';
import type { SessionUser } from '@/lib/session/session-model';

/** `markOf`: the cookie digest a signed-in member reads under (null: the cookie could not be read). */
export function fakeMemberSession(
  initial: SessionUser | null,
  markOf: (username: string) => string | null = (username) => `mark-of-${username}`,
) {
  const listeners: SessionListener[] = [];
  const session = {
    user: initial,
    /** When set, the member is told only once it settles (a slow first read of the session). */
    gate: null as Promise<void> | null,
    async member() {
      if (session.gate) await session.gate;
      return { user: session.user, cookieMark: session.user === null ? '' : markOf(session.user.username) };
    },
    onChange(listener: SessionListener) {
      listeners.push(listener);
    },
    change(user: SessionUser | null) {
      const previous = session.user;
      session.user = user;
      for (const listener of listeners) listener(user, previous);
    },
  };
  return session;
}
