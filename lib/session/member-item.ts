/**
 * `memberItem` (./session-storage.ts) follows the session: the popup and the options page read who is
 * signed in from it (never the token), and show nothing of a member who is not. Beside it,
 * `memberCookieMarkItem` keeps the digest of the session cookie it was read under, so that after a
 * restart a cookie that is gone or another's hides it at once (./previous-member.ts).
 */

import { serialQueue } from '@/lib/concurrency/serial';
import type { SessionUser } from '@/lib/session/session-model';
import type { MemberSource } from './previous-member';

export interface MemberStore {
  member: { get(): Promise<SessionUser | null>; set(value: SessionUser | null): Promise<void> };
  mark: { get(): Promise<string | null>; set(value: string | null): Promise<void> };
  /**
   * The digest of the session cookie now (null when the cookies API refuses). A known member read
   * under another cookie is not written: the cookie changed, its read is coming and writes then.
   */
  cookieNow?(): Promise<string | null>;
}

const sameMember = (a: SessionUser | null, b: SessionUser | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Writes the member at start and on every change of session. Writes happen in order, each with the
 * session as it is when written, so a slow earlier write never lands after a newer one.
 */
export function keepMemberItem(
  session: Pick<MemberSource, 'member' | 'onChange'>,
  store: MemberStore,
): Promise<void> {
  const writes = serialQueue();
  const write = () =>
    writes(async () => {
      const { user, cookieMark } = await session.member();
      const mark = user === null ? null : cookieMark;
      // Between a switch's cookie and its session read, the session still knows the previous member:
      // written back then, it would show to the next one (hidden at the change: ./previous-member.ts).
      if (user !== null && store.cookieNow) {
        const now = await store.cookieNow();
        if (now !== null && now !== cookieMark) return;
      }
      const [stored, storedMark] = await Promise.all([store.member.get(), store.mark.get()]);
      if (sameMember(stored, user) && storedMark === mark) return;
      // The mark goes first and comes back last: stopped half-way, a member is left without a mark
      // (hidden at the next browser start), never with the mark of another member's cookie.
      await store.mark.set(null);
      await store.member.set(user);
      if (mark !== null) await store.mark.set(mark);
    }).catch((error: unknown) => console.warn('[companion] member write failed:', error));
  session.onChange(() => {
    void write();
  });
  return write();
}
