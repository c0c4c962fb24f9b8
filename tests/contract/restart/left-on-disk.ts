/**
 * What the restart tests share: what a browser closed with `demo` signed in leaves on disk, and a
 * browser cookie jar holding a real sandbox session. Each test is a file of its own: a background's
 * protocol listeners are registered once per module instance, as once per browser start.
 */
import type { MessageCountState } from '@/lib/message-count/message-count-model';
import { messageCountItem } from '@/lib/message-count/message-count-storage';
import { projectStatusesItem } from '@/lib/project-status/project-status-storage';
import { cookieMark, SESSION_COOKIE } from '@/lib/session/session';
import type { SessionUser } from '@/lib/session/session-model';
import { memberCookieMarkItem, memberItem } from '@/lib/session/session-storage';
import type { RunningSandbox } from '@/sandbox/index';
import type { CookieJar } from '../harness';

export const demo: SessionUser = { id: 1, username: 'demo', avatarUrl: '' };

const demoCount: MessageCountState = {
  username: 'demo',
  count: 7,
  readAt: 1,
  source: 'poll',
  staleUntil: 0,
  awayStreak: 0,
  failures: 0,
};

/**
 * The member, their count and their loved marks on disk (`storage.session` is empty: a browser start
 * clears it), read under the session cookie `demoCookie`.
 */
export async function leftOnDisk(demoCookie: string): Promise<void> {
  await memberItem.setValue(demo);
  await memberCookieMarkItem.setValue(await cookieMark(demoCookie));
  await messageCountItem.setValue(demoCount);
  await projectStatusesItem.setValue({
    member: 'demo',
    members: {
      demo: { loves: { 5: { loved: true, at: 1, seen: 1 } }, favorites: null, favoriteReads: {}, usedAt: 1 },
    },
  });
}

/** A real session of `username` on the sandbox, its cookies in the jar; returns the session cookie. */
export function holdSession(jar: CookieJar, sandbox: RunningSandbox, username: string): string {
  const { sessionId, csrfToken } = sandbox.control.signIn(username);
  jar.values.set(SESSION_COOKIE, sessionId);
  jar.values.set('scratchcsrftoken', csrfToken);
  return sessionId;
}
