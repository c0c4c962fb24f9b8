/**
 * A browser start with the same member's session cookie: everything on disk stays and shows at once
 * (the popup opens from cache), before any answer from the site.
 */
import { afterAll, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { messageCountItem } from '@/lib/message-count/message-count-storage';
import { projectStatusesItem } from '@/lib/project-status/project-status-storage';
import { memberCheckedItem, memberItem } from '@/lib/session/session-storage';
import { WAIT } from '@/tests/unit/wait';
import { type FakeBackground, startFakeBackground } from '../fake-background';
import { demo, holdSession, leftOnDisk } from './left-on-disk';

let bg: FakeBackground | undefined;
afterAll(async () => {
  await bg?.close();
});

it('keeps the member, the count and the marks, before any session read is answered', async () => {
  const memberWrites: unknown[] = [];
  bg = await startFakeBackground({
    beforeStart: async (jar, sandbox) => {
      await leftOnDisk(holdSession(jar, sandbox, 'demo'));
      sandbox.control.addLatency({ pattern: '/session/', part: 'site', fixedMs: 60_000 });
      memberItem.watch((value) => memberWrites.push(value));
    },
  });
  fakeBrowser.runtime.onStartup.trigger();
  await vi.waitFor(async () => expect(await memberCheckedItem.getValue()).toBe(true), WAIT);
  expect(await memberItem.getValue()).toEqual(demo);
  expect(await messageCountItem.getValue()).toMatchObject({ username: 'demo', count: 7 });
  expect((await projectStatusesItem.getValue()).member).toBe('demo');
  await vi.waitFor(async () => expect(await fakeBrowser.action.getBadgeText({})).toBe('7'), WAIT);
  expect(bg.sandbox.control.requestLog({ pattern: '/session/' })).toEqual([]);
  bg.sandbox.control.clearFaults();
  bg.sandbox.control.releaseDelayed();
  await vi.waitFor(
    () => expect(bg?.sandbox.control.requestLog({ pattern: '/session/' })).not.toEqual([]),
    WAIT,
  );
  // Never hidden on the way.
  expect(memberWrites).not.toContain(null);
});
