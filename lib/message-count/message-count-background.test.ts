/**
 * The message count's ports on the fake browser: the polling period (a store install's, whatever
 * storage holds; a development install's tuning), and the toolbar badge as the settings say. The
 * idle state's tests are beside it, in lib/idle.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { Message } from '@/lib/api/schemas';
import { siteProfiles } from '@/lib/config';
import {
  type Activity,
  DEFAULT_PERIOD_MS,
  signedOutState,
  UNSEEN_AWAY_PERIODS,
} from '@/lib/message-count/message-count';
import { defaultMessageCountSettings } from '@/lib/message-count/message-count-model';
import {
  lastNotifiedMessageItem,
  messageCountItem,
  messageCountSettingsItem,
  messageMutesItem,
  messageNotifierSessionItem,
} from '@/lib/message-count/message-count-storage';
import { message, setup } from '@/lib/messages/fake-messages-ports';
import { fakeInstallType } from '@/tests/unit/fake-browser-gaps';
import { signIn } from '@/tests/unit/signed-in-member';
import { EVERY_TEST_SWITCH } from '@/tests/unit/test-switches';
import { WAIT } from '@/tests/unit/wait';
import { MESSAGE_COUNT_ALARM, refreshBadge, registerMessageCount } from './message-count-background';

// The messaging library allows one handler per message in a context, and these tests register the
// background more than once; its protocol handlers are not what they test.
vi.mock('@/lib/protocol/checked-messages', () => ({ answerMessages: () => undefined }));

const profile = siteProfiles.public;
// What a member chooses is theirs: these tests choose as a member signed in.
beforeEach(() => signIn());
afterEach(() => {
  vi.restoreAllMocks();
  fakeBrowser.reset();
});

/** The ports of a new background of this install type (a background asks its type once). */
async function backgroundOf(installType: 'normal' | 'development') {
  vi.resetModules();
  fakeInstallType(installType);
  return import('./message-count-background');
}

describe('polling period', () => {
  const periodMs = async (installType: 'normal' | 'development') =>
    (await backgroundOf(installType))
      .messageCountPorts({
        profile,
        readCount: async () => 0,
        latestMessages: async () => [],
        signedInUser: async () => null,
        onSessionChanged: () => undefined,
      })
      .periodMs();

  it('is a minute in a store install, whatever storage holds (the tuning item, the old test switches)', async () => {
    await fakeBrowser.storage.local.set(EVERY_TEST_SWITCH);
    expect(await periodMs('normal')).toBe(DEFAULT_PERIOD_MS);
  });

  it("is a development install's tuning, clamped between a second and a minute", async () => {
    expect(await periodMs('development')).toBe(DEFAULT_PERIOD_MS);
    await fakeBrowser.storage.local.set({ devTuning: { pollPeriodSeconds: 5 } });
    expect(await periodMs('development')).toBe(5_000);
    await fakeBrowser.storage.local.set({ devTuning: { pollPeriodSeconds: 0 } });
    expect(await periodMs('development')).toBe(1_000);
    await fakeBrowser.storage.local.set({ devTuning: { pollPeriodSeconds: 3600 } });
    expect(await periodMs('development')).toBe(DEFAULT_PERIOD_MS);
    await fakeBrowser.storage.local.set({ devTuning: { pollPeriodSeconds: '5' } });
    expect(await periodMs('development')).toBe(DEFAULT_PERIOD_MS);
  });
});

describe('toolbar badge setting', () => {
  const signedIn = { username: 'demo', count: 7, readAt: 1 };

  it('shows the count, and nothing once the member turns the badge off', async () => {
    await messageCountItem.setValue({ ...signedOutState, ...signedIn });
    await refreshBadge();
    expect(await fakeBrowser.action.getBadgeText({})).toBe('7');
    await messageCountSettingsItem.setValue({ ...defaultMessageCountSettings, badge: false });
    await refreshBadge();
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
  });

  it('keeps the badge on for settings synced from a browser not yet migrated (no `badge` key)', async () => {
    await messageCountItem.setValue({ ...signedOutState, ...signedIn });
    // Written by version 1 elsewhere, and marked as the current version: no migration will run.
    await fakeBrowser.storage.sync.set({
      messageCountSettings: { signedOutMark: true, titlePrefix: false, notifications: false },
      messageCountSettings$: { v: 2 },
    });
    await refreshBadge();
    expect(await fakeBrowser.action.getBadgeText({})).toBe('7');
  });
});

describe('the member coming back, as the browser reports it', () => {
  const START = Date.UTC(2026, 0, 1, 12, 0, 0);
  const MINUTE = 60_000;

  /** The background's message count on the fake browser, the member's activity and the clock in the test's hands. */
  async function registered() {
    const world = { clock: START, activity: 'watching' as Activity, reads: [] as number[] };
    // The fake browser lacks this event; the notifications' click handler waits on it.
    vi.spyOn(fakeBrowser.permissions.onAdded, 'addListener').mockImplementation(() => undefined);
    registerMessageCount({
      profile,
      now: () => world.clock,
      activity: async () => world.activity,
      async readCount() {
        world.reads.push(world.clock);
        return 3;
      },
      latestMessages: async () => [],
      signedInUser: async () => 'demo',
      onSessionChanged: () => undefined,
    });
    // Signed in at start: it reads at once.
    await vi.waitFor(() => expect(world.reads).toEqual([START]), WAIT);
    await vi.waitFor(async () => expect((await messageCountItem.getValue()).count).toBe(3), WAIT);
    return world;
  }
  const alarmTime = async () => (await fakeBrowser.alarms.get(MESSAGE_COUNT_ALARM))?.scheduledTime;

  it('reads nothing while the browser is unfocused (notifications off), and reads when the window gets focus back', async () => {
    // No idle permission: only the windows' focus says the member went away (the fake browser's
    // own idle API throws when a listener is added).
    delete (fakeBrowser as { idle?: unknown }).idle;
    const world = await registered();
    // Another application comes to the front: the browser says no window has focus.
    world.clock = START + 30_000;
    world.activity = 'away';
    await fakeBrowser.windows.onFocusChanged.trigger(-1);
    await vi.waitFor(async () => expect(await alarmTime()).toBe(START + UNSEEN_AWAY_PERIODS * MINUTE), WAIT);
    expect(world.reads).toEqual([START]);

    // Twenty minutes later the member clicks back into the browser, on another site.
    world.clock = START + 20 * MINUTE;
    world.activity = 'browsing';
    await fakeBrowser.windows.onFocusChanged.trigger(1);
    await vi.waitFor(() => expect(world.reads).toEqual([START, START + 20 * MINUTE]), WAIT);
  });

  it('reads when the member comes back to an idle or locked machine, and when they switch to a site tab after being away', async () => {
    const onStateChanged = { listeners: [] as ((state: string) => void)[] };
    (fakeBrowser as { idle?: unknown }).idle = {
      queryState: async () => 'active',
      onStateChanged: {
        addListener: (listener: (state: string) => void) => onStateChanged.listeners.push(listener),
      },
    };
    try {
      const world = await registered();
      world.clock = START + 2 * MINUTE;
      world.activity = 'away';
      for (const listener of onStateChanged.listeners) listener('locked');
      await vi.waitFor(
        async () => expect((await messageCountItem.getValue()).awaySince).toBe(START + 2 * MINUTE),
        WAIT,
      );

      world.clock = START + 45 * MINUTE;
      world.activity = 'watching';
      for (const listener of onStateChanged.listeners) listener('active');
      await vi.waitFor(() => expect(world.reads.at(-1)).toBe(START + 45 * MINUTE), WAIT);
      const reads = world.reads.length;

      // Away again (the window loses focus), then back by switching to a site tab.
      world.clock = START + 50 * MINUTE;
      world.activity = 'away';
      await fakeBrowser.windows.onFocusChanged.trigger(-1);
      await vi.waitFor(
        async () => expect((await messageCountItem.getValue()).awaySince).toBe(START + 50 * MINUTE),
        WAIT,
      );
      world.clock = START + 60 * MINUTE;
      world.activity = 'watching';
      await fakeBrowser.tabs.onActivated.trigger({ tabId: 2, windowId: 1 });
      await vi.waitFor(() => expect(world.reads).toHaveLength(reads + 1), WAIT);
      expect(world.reads.at(-1)).toBe(START + 60 * MINUTE);
    } finally {
      delete (fakeBrowser as { idle?: unknown }).idle;
    }
  });
});

describe('the newest messages after a change of count', () => {
  it('are read once for the notifier, the count after mutes and the Messages tab together', async () => {
    const messages = setup();
    let total = 3;
    messages.api.messagesPage.mockImplementation(async (_u, page) => {
      messages.calls.push(`messages@${page.offset}`);
      // Every other message is a love (muted below).
      const items = Array.from({ length: total }, (_, i) => {
        const id = total - i;
        return id % 2 === 0
          ? { ...message(id), type: 'loveproject' as const, project_id: 5, title: 'Cats' }
          : message(id);
      }).slice(page.offset, page.offset + 40);
      return { items, received: items.length };
    });
    let serverCount = 3;
    vi.spyOn(fakeBrowser.permissions.onAdded, 'addListener').mockImplementation(() => undefined);
    vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true);
    const shown: string[] = [];
    (fakeBrowser as { notifications?: unknown }).notifications = {
      create: async (id: string) => {
        shown.push(id);
        return id;
      },
      onClicked: { addListener: () => undefined, hasListener: () => false },
    };
    try {
      await messageCountSettingsItem.setValue({ ...defaultMessageCountSettings, notifications: true });
      await messageMutesItem.setValue({ kinds: ['loveproject'], people: [] });
      const service = registerMessageCount({
        profile,
        now: () => messages.ports.now(),
        activity: async () => 'watching',
        readCount: async () => serverCount,
        latestMessages: (username, limit, readAfter) => messages.service.newest(username, limit, readAfter),
        signedInUser: async () => 'demo',
        onSessionChanged: () => undefined,
      });
      // At start: one read for the notifier's record and the figure after mutes (1 of 3: one love).
      await vi.waitFor(
        async () =>
          expect((await messageCountItem.getValue()).shown).toEqual({ count: 2, of: 3, over: false }),
        WAIT,
      );
      expect(messages.calls).toEqual(['messages@0']);

      // Two new messages: one more read, both the notifier and the figure from it.
      total = 5;
      serverCount = 5;
      messages.tick(60_000);
      await service.refresh('popup');
      await vi.waitFor(
        async () =>
          expect((await messageCountItem.getValue()).shown).toEqual({ count: 3, of: 5, over: false }),
        WAIT,
      );
      await vi.waitFor(() => expect(shown).toHaveLength(1), WAIT);
      expect(messages.calls).toEqual(['messages@0', 'messages@0']);
      // The Messages tab opens on them.
      expect(
        (messages.ports.cache.value as Record<string, { list: { items: unknown[] } }>).demo?.list.items,
      ).toHaveLength(5);

      // Mutes changed (a person too): the figure again from the cache, which holds them.
      await messageMutesItem.setValue({ kinds: ['loveproject'], people: ['ALICE'] });
      await vi.waitFor(
        async () =>
          expect((await messageCountItem.getValue()).shown).toEqual({ count: 0, of: 5, over: false }),
        WAIT,
      );
      expect(messages.calls).toHaveLength(2);
    } finally {
      delete (fakeBrowser as { notifications?: unknown }).notifications;
    }
  });
});

describe('while you were away, as the background wires it', () => {
  const START = Date.UTC(2026, 0, 1, 12, 0, 0);
  const MINUTE = 60_000;
  const love = (id: number): Message => ({
    id,
    datetime_created: '2026-01-01T00:00:00.000Z',
    actor_id: 7,
    actor_username: `fan${id}`,
    type: 'loveproject',
    project_id: 1000 + id,
    title: `Game ${id}`,
  });

  it('announces arrivals while the browser is in the background, and groups what came while the computer slept', async () => {
    const world = { clock: START, activity: 'watching' as Activity, inbox: [love(3), love(2), love(1)] };
    const shown: { id: string; title: string; message: string }[] = [];
    const reads: number[] = [];
    vi.spyOn(fakeBrowser.permissions.onAdded, 'addListener').mockImplementation(() => undefined);
    // The member turned notifications on earlier and the browser granted the permission.
    vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true);
    (fakeBrowser as { notifications?: unknown }).notifications = {
      create: async (id: string, options: { title: string; message: string }) => {
        shown.push({ id, title: options.title, message: options.message });
        return id;
      },
      onClicked: { addListener: () => undefined, hasListener: () => false },
    };
    // No idle permission: the test says when the member is away.
    delete (fakeBrowser as { idle?: unknown }).idle;
    onTestFinished(() => {
      delete (fakeBrowser as { notifications?: unknown }).notifications;
    });
    await messageCountSettingsItem.setValue({ ...defaultMessageCountSettings, notifications: true });
    await lastNotifiedMessageItem.setValue({ username: 'demo', id: 3 });
    registerMessageCount({
      profile,
      now: () => world.clock,
      activity: async () => world.activity,
      async readCount() {
        reads.push(world.clock);
        return world.inbox.length;
      },
      latestMessages: async (_user, limit) => world.inbox.slice(0, limit),
      signedInUser: async () => 'demo',
      onSessionChanged: () => undefined,
    });
    await vi.waitFor(async () => expect((await messageCountItem.getValue()).count).toBe(3), WAIT);
    // The first reading of this browser session: nothing new since the last notified, nothing shown.
    await vi.waitFor(async () => expect(await messageNotifierSessionItem.getValue()).not.toBeNull(), WAIT);

    // The window loses focus for good: the member works in another program.
    world.clock = START + 2 * MINUTE;
    world.activity = 'away';
    await fakeBrowser.windows.onFocusChanged.trigger(-1);
    await vi.waitFor(
      async () => expect((await messageCountItem.getValue()).awaySince).toBe(START + 2 * MINUTE),
      WAIT,
    );

    // Long after, the poller still reads every few minutes, and an arrival is announced as it comes:
    // that is when desktop notifications matter most.
    const pollAt = async (minute: number) => {
      world.clock = START + minute * MINUTE;
      await fakeBrowser.alarms.onAlarm.trigger({ name: MESSAGE_COUNT_ALARM, scheduledTime: world.clock });
    };
    // Each poll when its alarm says, for forty minutes.
    const followAlarms = async (until: number) => {
      for (;;) {
        const alarm = await vi.waitFor(async () => {
          const found = await fakeBrowser.alarms.get(MESSAGE_COUNT_ALARM);
          expect(found?.scheduledTime).toBeGreaterThan(world.clock);
          return found as { scheduledTime: number };
        }, WAIT);
        if (alarm.scheduledTime > until) return;
        const before = reads.length;
        world.clock = alarm.scheduledTime;
        await fakeBrowser.alarms.onAlarm.trigger({ name: MESSAGE_COUNT_ALARM, scheduledTime: world.clock });
        await vi.waitFor(() => expect(reads.length).toBe(before + 1), WAIT);
      }
    };
    await followAlarms(START + 40 * MINUTE);
    // Never more than five minutes apart while notifications are on.
    for (let i = 1; i < reads.length; i++)
      expect((reads[i] as number) - (reads[i - 1] as number)).toBeLessThanOrEqual(5 * MINUTE);
    world.inbox = [love(4), ...world.inbox];
    await followAlarms(world.clock + 5 * MINUTE);
    await vi.waitFor(() => expect(shown.map((n) => n.title)).toEqual(['New message']), WAIT);

    // The computer sleeps for two hours (no alarm fires); two messages come meanwhile. The first
    // reading after it announces them in one grouped notification, not the one already shown.
    world.inbox = [love(6), love(5), ...world.inbox];
    const woke = (world.clock - START) / MINUTE + 120;
    await pollAt(woke);
    await vi.waitFor(() => expect(shown).toHaveLength(2), WAIT);
    expect(shown[1]).toMatchObject({ title: '2 new messages while you were away', message: '2 loves' });
    // Never repeated.
    await pollAt(woke + 5);
    expect(shown).toHaveLength(2);
  });
});
