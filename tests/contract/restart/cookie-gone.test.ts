/**
 * A browser start after the session cookie went (cleared on exit, signed out elsewhere): the real
 * background in the fake browser, on what the previous browser session left on disk, against the
 * sandbox. Signed out at once everywhere, without a request.
 */
import { afterAll, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { messageCountItem } from '@/lib/message-count/message-count-storage';
import { projectStatusesItem } from '@/lib/project-status/project-status-storage';
import { memberCheckedItem, memberItem } from '@/lib/session/session-storage';
import { WAIT } from '@/tests/unit/wait';
import { type FakeBackground, senders, startFakeBackground } from '../fake-background';
import { leftOnDisk } from './left-on-disk';

let bg: FakeBackground | undefined;
afterAll(async () => {
  await bg?.close();
});

it('shows signed out at once in the popup, the badge and the pages, with no request at all', async () => {
  bg = await startFakeBackground({
    beforeStart: async (_jar, sandbox) => {
      // demo's session is alive on the site; the browser kept no cookie of it.
      await leftOnDisk(sandbox.control.signIn('demo').sessionId);
      // Any request is held (and seen in flight): nothing may wait for the network.
      sandbox.control.addLatency({ pattern: '/**', fixedMs: 60_000 });
    },
  });
  fakeBrowser.runtime.onStartup.trigger();
  await vi.waitFor(async () => expect(await memberItem.getValue()).toBeNull(), WAIT);
  expect(await memberCheckedItem.getValue()).toBe(true);
  expect(await messageCountItem.getValue()).toMatchObject({ username: null, count: null });
  // The marks' cache writes in batches: soon, not in the same instant.
  await vi.waitFor(async () => expect((await projectStatusesItem.getValue()).member).toBeNull(), WAIT);
  await vi.waitFor(async () => expect(await fakeBrowser.action.getBadgeText({})).toBe('?'), WAIT);
  // The popup asks who is signed in: the answer needs no request either.
  expect((await bg.send('whoami', undefined, senders.extensionPage()))?.res).toBeNull();
  expect(bg.sandbox.control.inFlight()).toEqual([]);
  expect(bg.sandbox.control.requestLog()).toEqual([]);
  bg.sandbox.control.clearFaults();
});
