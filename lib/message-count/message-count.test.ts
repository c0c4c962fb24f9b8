/**
 * The poller on the fake browser's alarms and storage: what it reads when, and what it stores.
 * A "worker restart" is a new service built from the same storage, as a woken worker does.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { siteProfiles } from '@/lib/config';
import { devTuningItem } from '@/lib/dev-tuning';
import {
  type Activity,
  BROWSING_PERIODS,
  CDN_STALE_MS,
  createMessageCountService,
  DEFAULT_PERIOD_MS,
  type MessageCountService,
  PAGE_READING_PERIODS,
  UNSEEN_AWAY_PERIODS,
} from '@/lib/message-count/message-count';
import { messageCountItem } from '@/lib/message-count/message-count-storage';
import { fakeInstallType } from '@/tests/unit/fake-browser-gaps';
import { WAIT } from '@/tests/unit/wait';
import { MAX_BYPASSES_PER_HOUR } from './cache-bypass';
import { MESSAGE_COUNT_ALARM, messageCountPorts } from './message-count-background';

// A development install, as the tests' own (lib/dev-tuning.ts): some tests shorten the period.
fakeInstallType('development');

const MINUTE = 60_000;
const START = Date.UTC(2026, 0, 1, 12, 0, 0);

interface World {
  clock: number;
  user: string | null;
  activity: Activity;
  serverCount: number;
  reads: { username: string; bypassCache: boolean; at: number }[];
  /** When set, reads wait for it (to overlap them). */
  gate: Promise<void> | null;
  failNext: number;
  /** Desktop notifications on (the poller keeps a shorter backoff while the member is away). */
  notifying: boolean;
  /** The team's alerts and the invitation as last read (what the messages page leaves). */
  unlisted: number;
}

let world: World;

function makeService(): MessageCountService {
  return createMessageCountService({
    ...messageCountPorts({
      profile: siteProfiles.public,
      now: () => world.clock,
      activity: async () => world.activity,
      signedInUser: async () => world.user,
      latestMessages: async () => [],
      knownUnlisted: async () => world.unlisted,
      onSessionChanged: () => undefined,
      async readCount(username, { bypassCache }) {
        world.reads.push({ username, bypassCache, at: world.clock });
        if (world.gate) await world.gate;
        if (world.failNext > 0) {
          world.failNext -= 1;
          throw new Error('503');
        }
        return world.serverCount;
      },
    }),
    sleep: async () => undefined,
    notifying: async () => world.notifying,
  });
}

async function alarmTime(): Promise<number | null> {
  const alarm = await fakeBrowser.alarms.get(MESSAGE_COUNT_ALARM);
  return alarm ? alarm.scheduledTime : null;
}

/** Moves the clock to `until`, firing the poller's alarm (through onAlarm) each time it falls due. */
async function runUntil(service: MessageCountService, until: number): Promise<void> {
  const listener = (alarm: { name: string }) =>
    alarm.name === MESSAGE_COUNT_ALARM ? service.tick() : undefined;
  fakeBrowser.alarms.onAlarm.addListener(listener);
  try {
    for (;;) {
      const alarm = await fakeBrowser.alarms.get(MESSAGE_COUNT_ALARM);
      if (!alarm || alarm.scheduledTime > until) break;
      world.clock = alarm.scheduledTime;
      await fakeBrowser.alarms.clear(MESSAGE_COUNT_ALARM);
      await fakeBrowser.alarms.onAlarm.trigger(alarm);
    }
  } finally {
    fakeBrowser.alarms.onAlarm.removeListener(listener);
  }
  world.clock = until;
}

beforeEach(() => {
  fakeBrowser.reset();
  world = {
    clock: START,
    user: 'demo',
    activity: 'watching',
    serverCount: 3,
    reads: [],
    gate: null,
    failNext: 0,
    notifying: true,
    unlisted: 0,
  };
});

describe('message-count poller', () => {
  it('arms its alarm to repeat at the interval it waits: a firing lost with a background being stopped comes again', async () => {
    const service = makeService();
    await service.start();
    const alarm = await fakeBrowser.alarms.get(MESSAGE_COUNT_ALARM);
    expect(alarm?.scheduledTime).toBe(START + MINUTE);
    expect(alarm?.periodInMinutes).toBe(1);
  });

  it('reads at once when it starts signed in, then once a minute while a site tab is watched', async () => {
    const service = makeService();
    await service.start();
    // The bare address, as the site's pages read it: no change is known.
    expect(world.reads).toEqual([{ username: 'demo', bypassCache: false, at: START }]);
    expect(await messageCountItem.getValue()).toMatchObject({ username: 'demo', count: 3, readAt: START });
    expect(await alarmTime()).toBe(START + MINUTE);

    world.serverCount = 5;
    await runUntil(service, START + 5 * MINUTE);
    expect(world.reads.map((read) => read.at - START)).toEqual([0, 1, 2, 3, 4, 5].map((m) => m * MINUTE));
    expect(world.reads.slice(1).every((read) => !read.bypassCache)).toBe(true);
    expect((await messageCountItem.getValue()).count).toBe(5);
  });

  it('stores each poll in one write: every tab and the badge wake once', async () => {
    const service = makeService();
    await service.start();
    let writes = 0;
    const unwatch = messageCountItem.watch(() => {
      writes += 1;
    });
    for (const activity of ['watching', 'away'] as const) {
      world.activity = activity;
      world.serverCount += 1;
      // Away, the first alarm only stretches the period (and notes, once, since when the member is
      // away): run alarms until the next read, counting the writes of the alarm that reads.
      const reads = world.reads.length;
      while (world.reads.length === reads) {
        writes = 0;
        await runUntil(service, (await alarmTime()) ?? 0);
      }
      await vi.waitFor(() => expect(writes).toBeGreaterThan(0), WAIT);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(writes).toBe(1);
    }
    unwatch();
  });

  it('survives a worker restart between two polls: the new worker starts from storage', async () => {
    await makeService().start();
    expect(world.reads).toHaveLength(1);

    // The worker dies; 30 s later an event wakes a new one, built from storage.
    world.clock = START + 30_000;
    const restarted = makeService();
    await restarted.start();
    expect(world.reads).toHaveLength(1);
    expect((await messageCountItem.getValue()).count).toBe(3);
    expect(await alarmTime()).toBe(START + MINUTE);

    world.serverCount = 4;
    await runUntil(restarted, START + MINUTE);
    expect(world.reads.map((read) => read.at)).toEqual([START, START + MINUTE]);
    expect((await messageCountItem.getValue()).count).toBe(4);
  });

  it('a worker stopped during its read leaves the next poll armed: the poller goes on by itself', async () => {
    await makeService().start();
    world.clock = START + MINUTE;
    // The alarm fires and the read goes out; the worker is stopped before the answer.
    world.gate = new Promise<void>(() => {});
    void makeService().tick();
    await vi.waitFor(() => expect(world.reads).toHaveLength(2), WAIT);
    const armed = await alarmTime();
    expect(armed).toBeGreaterThan(START + MINUTE);
    expect(armed).toBeLessThanOrEqual(START + 3 * MINUTE);

    // Only the alarm wakes a new worker, which reads and goes back to its period.
    world.gate = null;
    world.serverCount = 5;
    const next = makeService();
    await runUntil(next, armed as number);
    expect(world.reads).toHaveLength(3);
    expect((await messageCountItem.getValue()).count).toBe(5);
    expect(await alarmTime()).toBe((armed as number) + MINUTE);
  });

  it('a worker woken after the due time reads at once', async () => {
    await makeService().start();
    world.clock = START + 3 * MINUTE;
    await makeService().start();
    expect(world.reads.map((read) => read.at)).toEqual([START, START + 3 * MINUTE]);
  });

  it('backs off to at most every 5 minutes while the member is away, and comes back at once', async () => {
    const service = makeService();
    await service.start();
    world.activity = 'away';
    await runUntil(service, START + 30 * MINUTE);
    const gaps = world.reads.slice(1).map((read, i) => (read.at - (world.reads[i]?.at ?? 0)) / MINUTE);
    expect(gaps.slice(0, 4)).toEqual([2, 4, 5, 5]);
    expect(Math.max(...gaps)).toBe(5);
    expect(gaps.slice(4).every((gap) => gap === 5)).toBe(true);

    // Back in front of a site tab after a few minutes: a read now, then every minute again.
    const last = world.reads.at(-1)?.at ?? 0;
    world.clock = last + 3 * MINUTE;
    world.activity = 'watching';
    const before = world.reads.length;
    await service.activityChanged();
    expect(world.reads).toHaveLength(before + 1);
    expect(await alarmTime()).toBe(world.clock + MINUTE);
  });

  it('stays silent while signed out: no read, no alarm', async () => {
    world.user = null;
    const service = makeService();
    await service.start();
    await service.tick();
    await service.refresh('popup');
    await service.reportPageReading(7);
    expect(world.reads).toEqual([]);
    expect(await alarmTime()).toBeNull();
    expect(await messageCountItem.getValue()).toMatchObject({ username: null, count: null });
  });

  it('signing out stops the poller and forgets the count; signing in reads at once', async () => {
    const service = makeService();
    await service.start();
    world.user = null;
    await service.sessionChanged(null);
    expect(await alarmTime()).toBeNull();
    expect(await messageCountItem.getValue()).toMatchObject({ username: null, count: null });

    world.clock += 10 * MINUTE;
    world.user = 'other';
    world.serverCount = 9;
    await service.sessionChanged('other');
    expect(world.reads.at(-1)).toEqual({ username: 'other', bypassCache: false, at: world.clock });
    expect(await messageCountItem.getValue()).toMatchObject({ username: 'other', count: 9 });
    expect(await alarmTime()).toBe(world.clock + MINUTE);
  });

  it('skips its read while a recent reading from a site page exists', async () => {
    const service = makeService();
    await service.start();
    // The member loads a page 40 s later: the site read the count, the content script hands it over.
    world.clock = START + 40_000;
    await service.reportPageReading(3);
    expect(await messageCountItem.getValue()).toMatchObject({
      count: 3,
      source: 'page',
      readAt: START + 40_000,
    });
    // A member who loads pages brings the next reading soon: the poller waits 2.5 periods.
    const due = START + 40_000 + PAGE_READING_PERIODS * MINUTE;
    expect(await alarmTime()).toBe(due);

    // The old alarm time passes without a request, and so do more page readings.
    await service.tick();
    world.clock = START + 2 * MINUTE;
    await service.reportPageReading(6);
    expect(world.reads).toHaveLength(1);
    await runUntil(service, START + 2 * MINUTE + PAGE_READING_PERIODS * MINUTE);
    expect(world.reads.map((read) => read.at)).toEqual([
      START,
      START + 2 * MINUTE + PAGE_READING_PERIODS * MINUTE,
    ]);
    // After its own read it polls every period again.
    expect(await alarmTime()).toBe(START + 3 * MINUTE + PAGE_READING_PERIODS * MINUTE);
  });

  it('makes one read at a time, however many ask', async () => {
    const service = makeService();
    await service.start();
    world.clock = START + 2 * MINUTE;
    let open: () => void = () => undefined;
    world.gate = new Promise((resolve) => {
      open = resolve;
    });
    const asks = [service.tick(), service.refresh('popup'), service.activityChanged(), service.tick()];
    await vi.waitFor(() => expect(world.reads).toHaveLength(2), WAIT);
    open();
    await Promise.all(asks);
    expect(world.reads).toHaveLength(2);
  });

  it('opening the messages page shows what it leaves at once, confirms past the CDN, and settles stale page readings with one read', async () => {
    await devTuningItem.setValue({ pollPeriodSeconds: 20 });
    const service = makeService();
    await service.start();
    world.clock = START + 20_000;
    world.serverCount = 0;
    const seen: (number | null)[] = [];
    const unwatch = messageCountItem.watch((state) => seen.push(state.count));
    await service.refresh('messages-page');
    unwatch();
    expect(seen[0]).toBe(0);
    expect(world.reads.at(-1)).toEqual({ username: 'demo', bypassCache: true, at: START + 20_000 });

    // Another tab loads a page whose count came from the CDN's stale copy: one read past the cache
    // settles it, and the newer number (ours) stays.
    world.clock = START + 30_000;
    await service.reportPageReading(3);
    expect(world.reads.at(-1)).toEqual({ username: 'demo', bypassCache: true, at: START + 30_000 });
    expect((await messageCountItem.getValue()).count).toBe(0);
    // Plain polls within the CDN window bypass it too.
    await runUntil(service, START + 60_000);
    expect(world.reads.at(-1)).toEqual({ username: 'demo', bypassCache: true, at: START + 50_000 });
    // After the window (and the CDN's time since the last poll), page readings count again.
    world.clock = START + 50_000 + CDN_STALE_MS + 1;
    const reads = world.reads.length;
    await service.reportPageReading(2);
    expect((await messageCountItem.getValue()).count).toBe(2);
    expect(world.reads).toHaveLength(reads);
  });

  it('after the messages page, the count is the team’s alerts and the invitation as last read', async () => {
    const service = makeService();
    await service.start();
    // Two alerts and an invitation: the page clears everything else.
    world.unlisted = 3;
    world.clock = START + 10_000;
    world.serverCount = 3;
    const seen: (number | null)[] = [];
    const unwatch = messageCountItem.watch((state) => seen.push(state.count));
    await service.refresh('messages-page');
    unwatch();
    // Shown at once, then confirmed by the read.
    expect(seen).toEqual([3, 3]);
    // Never more than the count it had.
    world.unlisted = 9;
    world.clock += 10 * MINUTE;
    await service.refresh('messages-page');
    expect((await messageCountItem.getValue()).count).toBe(3);
  });

  it('an alert dismissed lowers the count by one at once; a stale page within the window is settled past the cache', async () => {
    const service = makeService();
    await service.start();
    await runUntil(service, START + 5 * MINUTE);
    world.clock = START + 5 * MINUTE + 10_000;
    const seen: (number | null)[] = [];
    const unwatch = messageCountItem.watch((state) => seen.push(state.count));
    await service.alertDismissed('demo');
    unwatch();
    // As the site's messages page does: one lower at once, no read.
    expect(seen).toEqual([2]);
    expect(await messageCountItem.getValue()).toMatchObject({ count: 2, source: 'action' });
    expect(world.reads.at(-1)?.at).toBe(START + 5 * MINUTE);
    // Another member's dismissal changes nothing.
    await service.alertDismissed('alice');
    expect((await messageCountItem.getValue()).count).toBe(2);
    // A page whose count is the CDN's copy from before: one read past the cache, ours stands.
    world.serverCount = 2;
    world.clock = START + 5 * MINUTE + 20_000;
    await service.reportPageReading(3);
    expect(world.reads.at(-1)).toEqual({ username: 'demo', bypassCache: true, at: world.clock });
    expect((await messageCountItem.getValue()).count).toBe(2);
    // A period later the CDN's copy is newer than the change: the bare address again.
    await runUntil(service, START + 7 * MINUTE);
    expect(world.reads.at(-1)).toMatchObject({ bypassCache: false });
  });

  it('marked read in Companion: at once what the site leaves, then ONE read past the cache confirms it', async () => {
    const service = makeService();
    await service.start();
    await runUntil(service, START + 5 * MINUTE);
    const reads = world.reads.length;
    // One alert of the team stays (the site's messages-clear leaves them).
    world.unlisted = 1;
    world.serverCount = 1;
    world.clock = START + 5 * MINUTE + 10_000;
    const seen: (number | null)[] = [];
    const unwatch = messageCountItem.watch((state) => seen.push(state.count));
    await service.markedRead('demo');
    unwatch();
    expect(seen).toEqual([1, 1]);
    expect(world.reads.slice(reads)).toEqual([{ username: 'demo', bypassCache: true, at: world.clock }]);
    // A page whose count is the CDN's copy from before: settled past the cache, ours stands.
    world.clock += 10_000;
    await service.reportPageReading(3);
    expect((await messageCountItem.getValue()).count).toBe(1);
    // Another member's mark changes nothing and reads nothing.
    const after = world.reads.length;
    await service.markedRead('alice');
    expect(world.reads).toHaveLength(after);
    expect((await messageCountItem.getValue()).count).toBe(1);
  });

  it(`bypasses the cache at most ${MAX_BYPASSES_PER_HOUR} times an hour, however many changes it knows of`, async () => {
    const service = makeService();
    await service.start();
    for (let i = 1; i <= MAX_BYPASSES_PER_HOUR + 3; i++) {
      world.clock = START + i * 2 * MINUTE;
      await service.refresh('messages-page');
    }
    const bypassing = world.reads.filter((read) => read.bypassCache);
    expect(bypassing).toHaveLength(MAX_BYPASSES_PER_HOUR);
    expect(world.reads.slice(-3).every((read) => !read.bypassCache)).toBe(true);
    // An hour after the first, one more may go.
    world.clock = START + 2 * MINUTE + 60 * MINUTE + 1;
    await service.refresh('messages-page');
    expect(world.reads.at(-1)?.bypassCache).toBe(true);
  });

  it('confirms what the member marked read past the cache even with the hour’s cap spent, and counts it', async () => {
    const service = makeService();
    await service.start();
    for (let i = 1; i <= MAX_BYPASSES_PER_HOUR; i++) {
      world.clock = START + i * 2 * MINUTE;
      await service.refresh('messages-page');
    }
    expect(world.reads.filter((read) => read.bypassCache)).toHaveLength(MAX_BYPASSES_PER_HOUR);
    world.serverCount = 0;
    world.clock += MINUTE;
    await service.markedRead('demo');
    expect(world.reads.at(-1)).toMatchObject({ bypassCache: true });
    expect((await messageCountItem.getValue()).count).toBe(0);
    // Counted: the next change a page tells of waits for the CDN's copy to age, as before.
    expect((await messageCountItem.getValue()).bypasses).toHaveLength(MAX_BYPASSES_PER_HOUR + 1);
    world.clock += MINUTE;
    await service.refresh('messages-page');
    expect(world.reads.at(-1)).toMatchObject({ bypassCache: false });
  });

  it('five popup opens with no change known send no read past the cache', async () => {
    const service = makeService();
    await service.start();
    for (let i = 1; i <= 5; i++) {
      world.clock = START + i * 20_000;
      await service.refresh('popup');
    }
    expect(world.reads.length).toBeGreaterThan(1);
    expect(world.reads.filter((read) => read.bypassCache)).toEqual([]);
  });

  it('keeps the last count when a read fails and retries with a growing delay', async () => {
    const service = makeService();
    await service.start();
    world.failNext = 2;
    await runUntil(service, START + MINUTE);
    expect(await messageCountItem.getValue()).toMatchObject({ count: 3, failures: 1 });
    expect(await alarmTime()).toBe(START + 3 * MINUTE);
    await runUntil(service, START + 3 * MINUTE);
    expect(await alarmTime()).toBe(START + 7 * MINUTE);
    await runUntil(service, START + 7 * MINUTE);
    expect(await messageCountItem.getValue()).toMatchObject({ count: 3, failures: 0 });
  });

  it("settles a page's disagreement within the CDN window with one read past the cache: the newer number wins", async () => {
    const service = makeService();
    await service.start();
    // A page loaded 30 s after the poll shows another count: which is newer? One read tells.
    world.clock = START + 30_000;
    await service.reportPageReading(1);
    expect(world.reads.at(-1)).toEqual({ username: 'demo', bypassCache: true, at: START + 30_000 });
    // The origin says 3: the page showed an older copy, ours stands.
    expect(await messageCountItem.getValue()).toMatchObject({ count: 3, source: 'poll' });
    // The origin moved on: the page's newer number wins, whatever Companion held.
    world.serverCount = 6;
    world.clock = START + 40_000;
    await service.reportPageReading(6);
    expect((await messageCountItem.getValue()).count).toBe(6);
    // A page agreeing is a reading, with no request; later, a page may tell a change on its own.
    const reads = world.reads.length;
    await service.reportPageReading(6);
    expect(await messageCountItem.getValue()).toMatchObject({ count: 6, source: 'page' });
    // A number that came from a page is no read of Companion's: a later page's reading is newer,
    // taken with no request, within the window too.
    world.clock = START + 45_000;
    await service.reportPageReading(7);
    expect((await messageCountItem.getValue()).count).toBe(7);
    world.clock = START + 40_000 + CDN_STALE_MS;
    await service.reportPageReading(8);
    expect((await messageCountItem.getValue()).count).toBe(8);
    expect(world.reads).toHaveLength(reads);
  });

  it('past the cap, a disagreeing page within the window stands unless a change Companion knows of is newer', async () => {
    const service = makeService();
    await service.start();
    for (let i = 1; i <= MAX_BYPASSES_PER_HOUR; i++) {
      world.clock = START + i * 1_000;
      await service.reportPageReading(i % 2 === 0 ? 5 : 4);
    }
    const reads = world.reads.length;
    world.serverCount = 3;
    world.clock = START + 30_000;
    await service.reportPageReading(5);
    expect(world.reads).toHaveLength(reads);
    expect((await messageCountItem.getValue()).count).toBe(5);
    // Within a known change's window the page's copy is older than what Companion knows.
    await service.alertDismissed('demo');
    await service.reportPageReading(5);
    expect(world.reads).toHaveLength(reads);
    expect((await messageCountItem.getValue()).count).toBe(4);
  });

  it("checks a page's drop to 0 with a read of its own: the site writes 0 when its read gets no answer", async () => {
    const service = makeService();
    await service.start();
    world.clock = START + 2 * CDN_STALE_MS;
    const reads = world.reads.length;
    // The site's refresh failed (scratch-www shows 0 then) and ours fails too: the count stays.
    world.failNext = 1;
    await service.reportPageReading(0);
    expect(world.reads.length).toBe(reads + 1);
    expect(await messageCountItem.getValue()).toMatchObject({ count: 3, failures: 1 });
    // While our reads fail, further zeros cost no request and change nothing.
    await service.reportPageReading(0);
    expect(world.reads.length).toBe(reads + 1);
    expect((await messageCountItem.getValue()).count).toBe(3);
    // Our next read works: the count is still 3.
    await runUntil(service, START + 10 * MINUTE);
    expect((await messageCountItem.getValue()).count).toBe(3);
    // A real 0 (the member read their messages elsewhere): the check finds 0 at the origin.
    world.serverCount = 0;
    world.clock += 2 * CDN_STALE_MS;
    await service.reportPageReading(0);
    expect(world.reads.at(-1)).toMatchObject({ bypassCache: true, at: world.clock });
    expect(await messageCountItem.getValue()).toMatchObject({ count: 0, failures: 0 });
    // A page that shows 0 when 0 is known is a reading, with no request.
    const before = world.reads.length;
    world.clock += 2 * CDN_STALE_MS;
    await service.reportPageReading(0);
    expect(world.reads.length).toBe(before);
    expect(await messageCountItem.getValue()).toMatchObject({ count: 0, source: 'page' });
  });

  it('keeps its retry backoff during a long outage, whatever the member does', async () => {
    const service = makeService();
    await service.start();
    world.failNext = 1_000;
    await runUntil(service, START + 30 * MINUTE);
    const during = world.reads.length;
    // The last success is long past: tab switches and focus changes must not each make a read.
    for (let i = 1; i <= 10; i++) {
      world.clock = START + 30 * MINUTE + i * 1_000;
      await service.activityChanged();
    }
    expect(world.reads).toHaveLength(during);
    // The retries went on at most every five minutes.
    const gaps = world.reads.slice(2).map((read, i) => read.at - (world.reads[i + 1]?.at ?? 0));
    expect(gaps.every((gap) => gap <= 5 * MINUTE)).toBe(true);
    expect(gaps.at(-1)).toBe(5 * MINUTE);
  });

  it("takes its period from a development install's tuning", async () => {
    await devTuningItem.setValue({ pollPeriodSeconds: 5 });
    const service = makeService();
    await service.start();
    expect(await alarmTime()).toBe(START + 5_000);
    await runUntil(service, START + 20_000);
    expect(world.reads).toHaveLength(5);
    await devTuningItem.setValue(null);
    await service.activityChanged();
    expect(await alarmTime()).toBe(START + 20_000 + DEFAULT_PERIOD_MS);
  });

  it('the popup reads at once unless the count was just read', async () => {
    const service = makeService();
    await service.start();
    world.clock = START + 5_000;
    await service.refresh('popup');
    expect(world.reads).toHaveLength(1);
    world.clock = START + 30_000;
    world.serverCount = 8;
    const state = await service.refresh('popup');
    // The bare address: an opening popup knows of no change (the CDN's copy is at most 30 s old).
    expect(state.count).toBe(8);
    expect(world.reads.at(-1)).toEqual({ username: 'demo', bypassCache: false, at: START + 30_000 });
  });

  it('browsing other sites (the badge in view) it reads every 1.5 periods, without a growing backoff', async () => {
    const service = makeService();
    await service.start();
    world.activity = 'browsing';
    await runUntil(service, START + 9 * MINUTE);
    expect(world.reads.map((read) => (read.at - START) / MINUTE)).toEqual([0, 1.5, 3, 4.5, 6, 7.5, 9]);
  });

  it('with notifications off, reads nothing while away but a safety read every 30 minutes, and reads at once on coming back, site or not', async () => {
    world.notifying = false;
    const service = makeService();
    await service.start();
    world.activity = 'away';
    await service.activityChanged();
    await runUntil(service, START + 120 * MINUTE);
    const gaps = world.reads.slice(1).map((read, i) => (read.at - (world.reads[i]?.at ?? 0)) / MINUTE);
    expect(gaps).toEqual([
      UNSEEN_AWAY_PERIODS,
      UNSEEN_AWAY_PERIODS,
      UNSEEN_AWAY_PERIODS,
      UNSEEN_AWAY_PERIODS,
    ]);

    // Back in the browser on another site 7 minutes after the last read: read now, then every 1.5 periods.
    world.clock = (world.reads.at(-1)?.at ?? 0) + 7 * MINUTE;
    world.activity = 'browsing';
    world.serverCount = 4;
    const before = world.reads.length;
    await service.activityChanged();
    expect(world.reads).toHaveLength(before + 1);
    expect((await messageCountItem.getValue()).count).toBe(4);
    expect(await alarmTime()).toBe(world.clock + BROWSING_PERIODS * MINUTE);
    expect((await messageCountItem.getValue()).awaySince).toBeUndefined();
  });

  it('with notifications off, a member who leaves for a few minutes costs no request until they come back', async () => {
    world.notifying = false;
    const service = makeService();
    await service.start();
    // The browser loses focus (another application, the screen locked) half a minute after a read.
    world.clock = START + 30_000;
    world.activity = 'away';
    await service.activityChanged();
    await runUntil(service, START + 20 * MINUTE);
    expect(world.reads).toHaveLength(1);
    // The window gets focus back: the count is read that moment, not at the next alarm.
    world.activity = 'watching';
    world.serverCount = 6;
    await service.activityChanged();
    expect(world.reads.map((read) => read.at)).toEqual([START, START + 20 * MINUTE]);
    expect((await messageCountItem.getValue()).count).toBe(6);
    expect(await alarmTime()).toBe(START + 21 * MINUTE);
  });

  it('with notifications on, keeps reading while away (a new message is announced), backing off to 5 minutes', async () => {
    world.notifying = true;
    const service = makeService();
    await service.start();
    world.activity = 'away';
    await service.activityChanged();
    await runUntil(service, START + 20 * MINUTE);
    const gaps = world.reads.slice(1).map((read, i) => (read.at - (world.reads[i]?.at ?? 0)) / MINUTE);
    expect(gaps).toEqual([2, 4, 5, 5]);
  });

  it('a glance away shorter than a period reads nothing extra on return', async () => {
    const service = makeService();
    await service.start();
    world.clock = START + 30_000;
    world.activity = 'away';
    await service.activityChanged();
    world.clock = START + 50_000;
    world.activity = 'watching';
    await service.activityChanged();
    expect(world.reads).toHaveLength(1);
    expect(await alarmTime()).toBe(START + MINUTE);
  });

  it("a background site tab's reading holds the poll off only while a site tab is in front", async () => {
    const service = makeService();
    await service.start();
    world.activity = 'browsing';
    world.clock = START + 30_000;
    await service.reportPageReading(3);
    // Browsing: the next read is due 1.5 periods after that reading, not 2.5 periods.
    expect(await alarmTime()).toBe(START + 30_000 + BROWSING_PERIODS * MINUTE);
    world.activity = 'watching';
    world.clock = START + 40_000;
    await service.reportPageReading(3);
    expect(await alarmTime()).toBe(START + 40_000 + PAGE_READING_PERIODS * MINUTE);
  });
});
