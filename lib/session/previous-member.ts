/**
 * After a browser restart nothing of the previous member shows before the session is known.
 *
 * `storage.session` (the session and its token) is gone when the browser closes; `memberItem`, the
 * message count and the member-keyed caches are on disk. So the first worker of a browser session
 * compares the session cookie now with the one the stored member was read under (digests, no
 * request): the same cookie keeps everything (the popup opens from cache as always); a cookie that
 * is gone, belongs to someone else, or cannot be read hides the member at once, everywhere, until
 * the session is read (then the new member's data, or signed out). Until the check is done, the
 * popup shows nothing of the member (`memberCheckedItem`), and the background's own writes that
 * follow the session wait for it (`afterCheck`).
 */
import type { SessionUser } from '@/lib/session/session-model';
import type { SessionListener } from './session';

export interface PreviousMemberPorts {
  /** The digest of the session cookie now ('' without one); null when the cookies API refuses. */
  cookieMark(): Promise<string | null>;
  member: { get(): Promise<SessionUser | null>; set(value: null): Promise<void> };
  /** The digest of the cookie the stored member was read under. */
  mark: { get(): Promise<string | null>; set(value: null): Promise<void> };
  /** Set once checked in this browser session (`storage.session`). */
  checked: { get(): Promise<boolean>; set(value: true): Promise<void> };
  /** Hides what the other domains show of the member: the count (badge, pages), the marks on pages. */
  hideElsewhere(): Promise<void>;
}

export type PreviousMemberOutcome = 'checked-before' | 'nobody' | 'kept' | 'hidden';

export async function checkPreviousMember(ports: PreviousMemberPorts): Promise<PreviousMemberOutcome> {
  // Checked already in this browser session: a worker restart, where the session itself compares
  // cookies (./session.ts).
  if (await ports.checked.get()) return 'checked-before';
  const [member, stored, now] = await Promise.all([ports.member.get(), ports.mark.get(), ports.cookieMark()]);
  let outcome: PreviousMemberOutcome = 'nobody';
  if (member !== null) {
    if (now !== null && now !== '' && stored === now) {
      outcome = 'kept';
    } else {
      // Hidden before the popup may show the member: the mark goes first, so a worker stopped
      // half-way leaves a member without a mark, which the next start hides again.
      await ports.mark.set(null);
      await ports.member.set(null);
      await ports.hideElsewhere();
      outcome = 'hidden';
    }
  }
  await ports.checked.set(true);
  return outcome;
}

/**
 * A change of the session cookie in a running browser (a sign-out, another member signing in): when
 * its digest no longer matches the one the stored member was read under, the member is hidden at
 * once, everywhere, as after a restart, without waiting for the session read (which can take half a
 * second, or many minutes while the site answers errors). The read then shows the new member.
 */
export async function hideOnCookieChange(
  ports: Pick<PreviousMemberPorts, 'cookieMark' | 'member' | 'mark' | 'hideElsewhere'>,
): Promise<boolean> {
  const [member, stored, now] = await Promise.all([ports.member.get(), ports.mark.get(), ports.cookieMark()]);
  if (member === null || (now !== null && now !== '' && stored === now)) return false;
  await ports.mark.set(null);
  await ports.member.set(null);
  await ports.hideElsewhere();
  return true;
}

/** What the background's services use of the session: whoami and its changes. */
export interface MemberSource {
  whoami(): Promise<SessionUser | null>;
  member(): Promise<{ user: SessionUser | null; cookieMark: string | null }>;
  onChange(listener: SessionListener): unknown;
}

/**
 * The session as the services see it: nothing of it reaches them (their first reads, their writes
 * of the member's data) before the check is done, so no write of the new member's data can land
 * before the hiding of the previous one's and be hidden with it. Changes are told in order.
 */
export function afterCheck(session: MemberSource, checked: Promise<unknown>): MemberSource {
  const done = checked.catch(() => undefined);
  return {
    whoami: async () => {
      await done;
      return session.whoami();
    },
    member: async () => {
      await done;
      return session.member();
    },
    onChange: (listener) =>
      session.onChange((user, previous) => {
        void done.then(() => listener(user, previous));
      }),
  };
}
