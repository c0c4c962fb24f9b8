/**
 * The count after mutes kept by the real message-count service (fake browser storage): messages
 * read only when the count (or the mutes) changed, none while nothing is muted, and a figure worked
 * out for a count that changed during the read never lands.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { Message } from '@/lib/api/schemas';
import { siteProfiles } from '@/lib/config';
import { createMessageCountService, type MessageCountService } from '@/lib/message-count/message-count';
import { messageCountItem } from '@/lib/message-count/message-count-storage';
import type { MessageMutes } from '@/lib/message-count/mutes-model';
import { type Deferred, deferred } from '@/tests/unit/deferred';
import { fakeInstallType } from '@/tests/unit/fake-browser-gaps';
import { messageCountPorts } from './message-count-background';
import { createMutedCount, listReadAfter, type MutedCount } from './muted-count-updates';

fakeInstallType('development');

const START = Date.UTC(2026, 0, 1, 12, 0, 0);
const love = (id: number): Message => ({
  id,
  type: 'loveproject',
  datetime_created: '2026-11-20T12:00:00.000Z',
  actor_username: 'alice',
  actor_id: 2,
  project_id: 5,
  title: 'Cats',
});
const follow = (id: number, actor = 'bob'): Message => ({
  id,
  type: 'followuser',
  datetime_created: '2026-11-20T12:00:00.000Z',
  actor_username: actor,
  actor_id: 3,
});

interface World {
  clock: number;
  serverCount: number;
  /** The member's messages, newest first. */
  messages: Message[];
  mutes: MessageMutes;
  reads: { n: number; readAfter: number }[];
  /** When set, the messages read waits for it. */
  gate: Deferred<void> | null;
  failRead: boolean;
  /** The team's alerts and the invitation, as the site holds them (null: they cannot be read). */
  unlisted: number | null;
  alertReads: number[];
}

let world: World;
let service: MessageCountService;
let muted: MutedCount;

beforeEach(async () => {
  fakeBrowser.reset();
  world = {
    clock: START,
    serverCount: 3,
    messages: [love(10), follow(9), love(8), follow(7), follow(6)],
    mutes: { kinds: ['loveproject'], people: [] },
    reads: [],
    gate: null,
    failRead: false,
    unlisted: 0,
    alertReads: [],
  };
  service = createMessageCountService({
    ...messageCountPorts({
      profile: siteProfiles.public,
      now: () => world.clock,
      activity: async () => 'watching',
      signedInUser: async () => 'demo',
      latestMessages: async () => [],
      knownUnlisted: async () => world.unlisted ?? 0,
      onSessionChanged: () => undefined,
      readCount: async () => world.serverCount,
    }),
    sleep: async () => undefined,
  });
  muted = createMutedCount({
    now: () => world.clock,
    mutes: async () => world.mutes,
    state: () => messageCountItem.getValue(),
    async newestMessages(_username, n, readAfter) {
      world.reads.push({ n, readAfter });
      if (world.gate) await world.gate.promise;
      return world.failRead ? null : world.messages.slice(0, n);
    },
    async unlisted(_username, readAfter) {
      world.alertReads.push(readAfter);
      return world.unlisted;
    },
    setShown: service.setShown,
  });
  await service.start();
});

const state = () => messageCountItem.getValue();

describe('the count after mutes', () => {
  it('waits while the member is away and no notification would tell, then reads once for all of it', async () => {
    let unseen = true;
    const whileAway = createMutedCount({
      now: () => world.clock,
      mutes: async () => world.mutes,
      state: () => messageCountItem.getValue(),
      async newestMessages(_username, n, readAfter) {
        world.reads.push({ n, readAfter });
        return world.messages.slice(0, n);
      },
      setShown: service.setShown,
      unseenWhileAway: async () => unseen,
    });
    await whileAway.update('count');
    expect(world.reads).toHaveLength(1);
    const arrive = async (message: Message) => {
      world.messages.unshift(message);
      world.serverCount += 1;
      world.clock += 60_000;
      await service.refresh('popup');
      await whileAway.update('count');
    };
    // Away (the poller's state says since when): two arrivals, no read; the badge keeps its figure.
    await messageCountItem.setValue({ ...(await state()), awaySince: world.clock });
    await arrive(follow(12));
    await arrive(love(13));
    expect(world.reads).toHaveLength(1);
    expect((await state()).shown).toEqual({ count: 1, of: 3, over: false });
    // Back: one read for both.
    const { awaySince: _, ...back } = await state();
    await messageCountItem.setValue(back);
    await whileAway.update('count');
    expect(world.reads).toHaveLength(2);
    expect((await state()).shown).toEqual({ count: 2, of: 5, over: false });
    // With notifications on, an arrival while away is read at once (the notifier shares the read).
    unseen = false;
    await messageCountItem.setValue({ ...(await state()), awaySince: world.clock });
    await arrive(follow(14));
    expect(world.reads).toHaveLength(3);
    expect((await state()).shown).toEqual({ count: 3, of: 6, over: false });
  });

  it('reads the newest messages once for a count, and again only when the count changes', async () => {
    await muted.update('count');
    expect(world.reads).toEqual([{ n: 3, readAfter: START }]);
    expect((await state()).shown).toEqual({ count: 1, of: 3, over: false });
    // A poll that finds the same count reads no messages.
    world.clock += 60_000;
    await service.refresh('popup');
    await muted.update('count');
    expect(world.reads).toHaveLength(1);
    // Two new messages: one read, from a list read since that reading.
    world.messages.unshift(follow(12), love(11));
    world.serverCount = 5;
    world.clock += 60_000;
    await service.refresh('popup');
    // Until the read lands, no flash up to the site's count.
    expect((await state()).shown).toEqual({ count: 1, of: 3, over: false });
    await muted.update('count');
    expect(world.reads).toEqual([
      { n: 3, readAfter: START },
      { n: 5, readAfter: START + 120_000 },
    ]);
    expect((await state()).shown).toEqual({ count: 2, of: 5, over: false });
  });

  it('reads nothing while nothing is muted, and drops the figure when mutes are turned off', async () => {
    world.mutes = { kinds: [], people: [] };
    await muted.update('count');
    expect(world.reads).toEqual([]);
    expect((await state()).shown).toBeUndefined();
    world.mutes = { kinds: [], people: ['BOB'] };
    await muted.update('mutes');
    expect((await state()).shown).toEqual({ count: 2, of: 3, over: false });
    world.mutes = { kinds: [], people: [] };
    await muted.update('mutes');
    expect((await state()).shown).toBeUndefined();
    expect(world.reads).toHaveLength(1);
  });

  it('lands no figure worked out for a count that dropped while the list was being read', async () => {
    world.gate = deferred();
    const first = muted.update('count');
    await expect.poll(() => world.reads.length).toBe(1);
    // The member read two messages meanwhile; the page reports the lower count.
    world.messages = world.messages.slice(2);
    world.serverCount = 1;
    world.clock += 61_000;
    await service.reportPageReading(1);
    expect((await state()).count).toBe(1);
    // The new count's update joins the run in progress, and runs once it ends.
    const second = muted.update('count');
    const written: unknown[] = [];
    const unwatch = messageCountItem.watch((value) => written.push(value.shown));
    world.gate.resolve();
    await Promise.all([first, second]);
    unwatch();
    // The figure for 3 (1: one love muted of the old three) was refused; the one for 1 landed.
    expect(world.reads).toEqual([
      { n: 3, readAfter: START },
      { n: 1, readAfter: START + 61_000 },
    ]);
    expect(written).toEqual([{ count: 0, of: 1, over: false }]);
    expect((await state()).shown).toEqual({ count: 0, of: 1, over: false });
  });

  it('refuses a figure for another count or member', async () => {
    expect(await service.setShown('demo', 4, { count: 1, of: 4, over: false })).toBe(false);
    expect(await service.setShown('alice', 3, { count: 1, of: 3, over: false })).toBe(false);
    expect((await state()).shown).toBeUndefined();
    expect(await service.setShown('demo', 3, { count: 1, of: 3, over: false })).toBe(true);
    expect((await state()).shown).toEqual({ count: 1, of: 3, over: false });
  });

  it('the unread messages are the first count - alerts - invitation of the list, as the site counts them', async () => {
    // 3 in the count: two alerts and the invitation would leave 0 listed unread; one alert, 2.
    world.unlisted = 1;
    world.clock += 60_000;
    world.serverCount = 3;
    world.mutes = { kinds: ['followuser'], people: [] };
    await muted.update('mutes');
    // The first 2 listed are unread: love(10) and follow(9), one of them muted.
    expect(world.reads.at(-1)?.n).toBe(2);
    expect((await state()).shown).toEqual({ count: 2, of: 3, over: false });
  });

  it('reads no message when every unread one is an alert or the invitation, or above 200 ("200+")', async () => {
    world.reads = [];
    world.unlisted = 2;
    world.serverCount = 2;
    world.clock += 60_000;
    await service.refresh('popup');
    await muted.update('count');
    expect(world.reads).toEqual([]);
    // The alerts were read for this count's reading.
    expect(world.alertReads.at(-1)).toBe((await state()).readAt);
    expect((await state()).shown).toEqual({ count: 2, of: 2, over: false });
    world.serverCount = 260;
    world.clock += 60_000;
    await service.refresh('popup');
    await muted.update('count');
    expect(world.reads).toEqual([]);
    expect((await state()).shown).toEqual({ count: 260, of: 260, over: true });
  });

  it('keeps the last figure while the alerts cannot be read: it would not know which messages are unread', async () => {
    world.unlisted = null;
    await muted.update('count');
    expect(world.reads).toEqual([]);
    expect((await state()).shown).toBeUndefined();
    world.unlisted = 0;
    world.clock += 60_000;
    await service.refresh('popup');
    await muted.update('count');
    expect((await state()).shown).toEqual({ count: 1, of: 3, over: false });
  });

  it('keeps the last figure when the messages cannot be read, and tries again at the next reading', async () => {
    world.failRead = true;
    await muted.update('count');
    expect((await state()).shown).toBeUndefined();
    world.failRead = false;
    world.clock += 60_000;
    await service.refresh('popup');
    await muted.update('count');
    expect(world.reads).toHaveLength(2);
    expect((await state()).shown).toEqual({ count: 1, of: 3, over: false });
  });
});

describe('which list says what is unread', () => {
  const at = { ...{ username: 'demo', count: 3, readAt: START, source: 'poll' as const } };
  const s = { ...at, staleUntil: 0, awayStreak: 0, failures: 0 };

  it('after a new count, one read since its reading; after a change of mutes, any when worked out for this count', () => {
    expect(listReadAfter(s, 'count', START + 5_000)).toBe(START);
    expect(listReadAfter({ ...s, shown: { count: 1, of: 3, over: false } }, 'mutes', START + 5_000)).toBe(0);
    expect(listReadAfter({ ...s, shown: { count: 1, of: 2, over: false } }, 'mutes', START + 5_000)).toBe(
      START,
    );
    // Mutes just turned on: the Messages tab's fresh list will do.
    expect(listReadAfter(s, 'mutes', START + 600_000)).toBe(START);
    expect(listReadAfter({ ...s, readAt: START + 590_000 }, 'mutes', START + 600_000)).toBe(START + 540_000);
  });
});
