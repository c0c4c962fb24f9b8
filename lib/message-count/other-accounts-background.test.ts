/**
 * The other accounts on the fake browser: read right after a new reading of the member's own count
 * (never on their own), the badge's dot following their counts, the tuning obeyed only by a
 * development install, and the notification's words and page.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { siteProfiles } from '@/lib/config';
import { signedOutState } from '@/lib/message-count/message-count';
import { defaultMessageCountSettings } from '@/lib/message-count/message-count-model';
import {
  messageCountItem,
  messageCountSettingsItem,
  otherAccountCountsItem,
  otherAccountsItem,
} from '@/lib/message-count/message-count-storage';
import { fakeInstallType } from '@/tests/unit/fake-browser-gaps';
import { signIn } from '@/tests/unit/signed-in-member';
import { WAIT } from '@/tests/unit/wait';
import { refreshBadge } from './message-count-background';
import {
  accountNotification,
  accountNotificationId,
  pathOfAccountNotification,
} from './other-accounts-alerts';
import { OTHER_ACCOUNT_INTERVAL_MS } from './other-accounts-schedule';

vi.mock('@/lib/protocol/checked-messages', () => ({ answerMessages: () => undefined }));

const profile = siteProfiles.public;
const START = Date.UTC(2026, 0, 1, 12);
const MINUTE = 60_000;
// What a member chooses is theirs: these tests choose as a member signed in.
beforeEach(() => signIn());
afterEach(() => {
  vi.restoreAllMocks();
  fakeBrowser.reset();
});

async function backgroundOf(installType: 'normal' | 'development') {
  vi.resetModules();
  fakeInstallType(installType);
  return import('./other-accounts-background');
}

describe('the other accounts in the background', () => {
  async function registered() {
    const world = { clock: START, reads: [] as string[] };
    vi.spyOn(fakeBrowser.permissions.onAdded, 'addListener').mockImplementation(() => undefined);
    const { registerOtherAccounts } = await backgroundOf('normal');
    registerOtherAccounts({
      profile,
      now: () => world.clock,
      activity: async () => 'browsing',
      async readCount(username) {
        world.reads.push(username);
        return 4;
      },
      signedInUser: async () => 'demo',
    });
    return world;
  }
  const reading = (readAt: number) =>
    messageCountItem.setValue({ ...signedOutState, username: 'demo', count: 1, readAt, source: 'poll' });

  it("reads the accounts that are due right after each reading of the member's own count, and only then", async () => {
    await otherAccountsItem.setValue([{ username: 'alice', alert: 'none' }]);
    const world = await registered();
    // Nothing reads them on its own.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(world.reads).toEqual([]);

    await reading(START);
    await vi.waitFor(() => expect(world.reads).toEqual(['alice']), WAIT);
    await vi.waitFor(
      async () =>
        expect(await otherAccountCountsItem.getValue()).toEqual([
          { username: 'alice', count: 4, readAt: START },
        ]),
      WAIT,
    );
    // A minute later the main count is read again: alice is not due for another nine minutes.
    world.clock = START + MINUTE;
    await reading(START + MINUTE);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(world.reads).toEqual(['alice']);
    world.clock = START + 10 * MINUTE;
    await reading(START + 10 * MINUTE);
    await vi.waitFor(() => expect(world.reads).toEqual(['alice', 'alice']), WAIT);
  });

  it('puts a dot on the badge while an account whose alert is a dot has messages', async () => {
    await reading(START);
    await otherAccountsItem.setValue([{ username: 'alice', alert: 'dot' }]);
    await otherAccountCountsItem.setValue([{ username: 'alice', count: 2, readAt: START }]);
    await refreshBadge();
    expect(await fakeBrowser.action.getBadgeText({})).toBe('1•');
    await otherAccountCountsItem.setValue([{ username: 'alice', count: 0, readAt: START }]);
    await refreshBadge();
    expect(await fakeBrowser.action.getBadgeText({})).toBe('1');
  });
});

describe("a notify account's notification", () => {
  /** The background with a notify account whose count was 1, the site answering `count`; the notifications shown. */
  async function notifying(options: { setting: boolean; permission: boolean }) {
    vi.spyOn(fakeBrowser.permissions.onAdded, 'addListener').mockImplementation(() => undefined);
    vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(options.permission);
    const shown: { id: string; title: string; message: string }[] = [];
    (fakeBrowser as { notifications?: unknown }).notifications = {
      create: async (id: string, content: { title: string; message: string }) => {
        shown.push({ id, title: content.title, message: content.message });
        return id;
      },
      onClicked: { addListener: () => undefined, hasListener: () => false },
    };
    await messageCountSettingsItem.setValue({
      ...defaultMessageCountSettings,
      notifications: options.setting,
    });
    await otherAccountsItem.setValue([{ username: 'alice', alert: 'notify' }]);
    await otherAccountCountsItem.setValue([{ username: 'alice', count: 1, readAt: START - 10 * MINUTE }]);
    const { registerOtherAccounts } = await backgroundOf('normal');
    registerOtherAccounts({
      profile,
      now: () => START,
      activity: async () => 'watching',
      readCount: async () => 4,
      signedInUser: async () => 'demo',
    });
    await messageCountItem.setValue({
      ...signedOutState,
      username: 'demo',
      count: 0,
      readAt: START,
      source: 'poll',
    });
    await vi.waitFor(async () => expect((await otherAccountCountsItem.getValue())[0]?.count).toBe(4), WAIT);
    return shown;
  }
  afterEach(() => {
    delete (fakeBrowser as { notifications?: unknown }).notifications;
  });

  it('shows "alice has 4 new messages" when her count goes up, with notifications on and allowed', async () => {
    const shown = await notifying({ setting: true, permission: true });
    await vi.waitFor(
      () =>
        expect(shown).toEqual([
          {
            id: accountNotificationId('alice'),
            title: 'alice has 4 new messages',
            message: 'Sign in as alice to read them.',
          },
        ]),
      WAIT,
    );
  });

  it('shows nothing while notifications are off, or the browser did not allow them', async () => {
    // The count is stored before the notification would be shown: give it the time it takes.
    const settled = () => new Promise((resolve) => setTimeout(resolve, 50));
    const off = await notifying({ setting: false, permission: true });
    await settled();
    expect(off).toEqual([]);
    fakeBrowser.reset();
    await signIn();
    const refused = await notifying({ setting: true, permission: false });
    await settled();
    expect(refused).toEqual([]);
  });
});

describe('the interval between reads of an account', () => {
  it("is 10 minutes in a store install, whatever storage holds; a development install's tuning shortens it", async () => {
    await fakeBrowser.storage.local.set({ devTuning: { otherAccountsIntervalSeconds: 2 } });
    const deps = { profile, readCount: async () => 0, signedInUser: async () => null };
    const store = await backgroundOf('normal');
    expect(await store.otherAccountsPorts(deps).intervalMs()).toBe(OTHER_ACCOUNT_INTERVAL_MS);
    const development = await backgroundOf('development');
    expect(await development.otherAccountsPorts(deps).intervalMs()).toBe(2_000);
    // Clamped: never longer than a member's 10 minutes, never under a second.
    await fakeBrowser.storage.local.set({ devTuning: { otherAccountsIntervalSeconds: 0.01 } });
    expect(await development.otherAccountsPorts(deps).intervalMs()).toBe(1_000);
  });
});

describe("an account's notification", () => {
  it('says whose messages they are and how to read them, and opens the messages page', () => {
    expect(accountNotification('alice', 3)).toEqual({
      title: 'alice has 3 new messages',
      message: 'Sign in as alice to read them.',
    });
    expect(accountNotification('alice', 1).title).toBe('alice has 1 new message');
    expect(pathOfAccountNotification(accountNotificationId('alice'))).toBe('/messages/');
    expect(pathOfAccountNotification('companion-messages|5|/messages/')).toBeNull();
  });
});
