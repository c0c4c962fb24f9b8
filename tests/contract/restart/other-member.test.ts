/**
 * A browser start with another member's session cookie: the previous member's data hidden (popup,
 * badge, pages) until the session is read, then the new member's.
 */
import { afterAll, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { messageCountItem } from '@/lib/message-count/message-count-storage';
import { projectStatusesItem } from '@/lib/project-status/project-status-storage';
import { cookieMark } from '@/lib/session/session';
import { memberCheckedItem, memberCookieMarkItem, memberItem } from '@/lib/session/session-storage';
import { WAIT } from '@/tests/unit/wait';
import { type FakeBackground, startFakeBackground } from '../fake-background';
import { holdSession, leftOnDisk } from './left-on-disk';

let bg: FakeBackground | undefined;
afterAll(async () => {
  await bg?.close();
});

it('hides the previous member until the session is read, then shows the new one', async () => {
  let alice = '';
  bg = await startFakeBackground({
    beforeStart: async (jar, sandbox) => {
      await leftOnDisk(sandbox.control.signIn('demo').sessionId);
      alice = holdSession(jar, sandbox, 'alice');
      // Session reads are held until the test has looked.
      sandbox.control.addLatency({ pattern: '/session/', part: 'site', fixedMs: 60_000 });
    },
  });
  const { control } = bg.sandbox;
  fakeBrowser.runtime.onStartup.trigger();
  await vi.waitFor(async () => expect(await memberItem.getValue()).toBeNull(), WAIT);
  expect(await memberCheckedItem.getValue()).toBe(true);
  await vi.waitFor(() => expect(control.inFlight({ pattern: '/session/' })).not.toEqual([]), WAIT);
  expect(await messageCountItem.getValue()).toMatchObject({ username: null, count: null });
  // The marks' cache writes in batches: soon, not in the same instant.
  await vi.waitFor(async () => expect((await projectStatusesItem.getValue()).member).toBeNull(), WAIT);
  await vi.waitFor(async () => expect(await fakeBrowser.action.getBadgeText({})).toBe('?'), WAIT);
  expect(control.requestLog({ pattern: '/session/' })).toEqual([]);

  control.clearFaults();
  control.releaseDelayed();
  await vi.waitFor(async () => expect((await memberItem.getValue())?.username).toBe('alice'), WAIT);
  expect(await memberCookieMarkItem.getValue()).toBe(await cookieMark(alice));
  await vi.waitFor(async () => expect((await messageCountItem.getValue()).username).toBe('alice'), WAIT);
  await vi.waitFor(async () => expect((await projectStatusesItem.getValue()).member).toBe('alice'), WAIT);
});
