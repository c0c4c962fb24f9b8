/**
 * `memberItem` (lib/storage.ts) follows the session: the popup and the options page read who is
 * signed in from it (never the token), and show nothing of a member who is not.
 */

import { serialQueue } from '@/lib/serial';
import type { SessionUser } from '../storage';
import type { SessionListener } from './session';

/** What this needs of lib/session/session/session.ts's `Session`. */
export interface MemberSource {
  whoami(): Promise<SessionUser | null>;
  onChange(listener: SessionListener): unknown;
}

export interface MemberStore {
  setValue(value: SessionUser | null): Promise<void>;
}

/**
 * Writes the member at start and on every change of session. Writes happen in order, each with the
 * session as it is when written, so a slow earlier write never lands after a newer one.
 */
export function keepMemberItem(session: MemberSource, store: MemberStore): Promise<void> {
  const writes = serialQueue();
  const write = () =>
    writes(async () => store.setValue(await session.whoami())).catch((error: unknown) =>
      console.warn('[companion] member write failed:', error),
    );
  session.onChange(() => {
    void write();
  });
  return write();
}
