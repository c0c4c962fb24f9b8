/**
 * The message count's ports on the fake browser: the polling period, the test-only settings, and
 * the toolbar badge as the settings say.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { siteProfiles } from '@/lib/config';
import {
  defaultMessageCountSettings,
  messageCountItem,
  messageCountSettingsItem,
  testIgnoreIdleItem,
  testPollPeriodSecondsItem,
} from '@/lib/storage';
import { DEFAULT_PERIOD_MS, signedOutState } from './message-count';
import {
  idleUnlessTestSaysNo,
  MIN_TEST_PERIOD_SECONDS,
  messageCountPorts,
  refreshBadge,
} from './message-count-background';
import { IDLE_AFTER_SECONDS } from './site-activity';

const profile = siteProfiles.public;
afterEach(() => {
  vi.restoreAllMocks();
  fakeBrowser.reset();
});

describe('idle state', () => {
  it("is the browser's, unless the test-only setting says to ignore it", async () => {
    const queryState = vi.fn(async () => 'idle' as const);
    (fakeBrowser as { idle?: unknown }).idle = { queryState };
    expect(await idleUnlessTestSaysNo()).toBe(true);
    expect(queryState).toHaveBeenCalledWith(IDLE_AFTER_SECONDS);
    await testIgnoreIdleItem.setValue(true);
    expect(await idleUnlessTestSaysNo()).toBe(false);
    delete (fakeBrowser as { idle?: unknown }).idle;
  });
});

describe('polling period', () => {
  const ports = () =>
    messageCountPorts({
      profile,
      readCount: async () => 0,
      latestMessages: async () => [],
      signedInUser: async () => null,
      onSessionChanged: () => undefined,
    });

  it('is a minute unless the test-only setting says otherwise, never below its minimum', async () => {
    expect(await ports().periodMs()).toBe(DEFAULT_PERIOD_MS);
    await testPollPeriodSecondsItem.setValue(5);
    expect(await ports().periodMs()).toBe(5_000);
    await testPollPeriodSecondsItem.setValue(0);
    expect(await ports().periodMs()).toBe(MIN_TEST_PERIOD_SECONDS * 1000);
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
