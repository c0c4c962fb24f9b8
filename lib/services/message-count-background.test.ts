/**
 * The message count's ports on the fake browser: the polling period and the test-only settings.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { siteProfiles } from '@/lib/config';
import { testIgnoreIdleItem, testPollPeriodSecondsItem } from '@/lib/storage';
import { DEFAULT_PERIOD_MS } from './message-count';
import { idleUnlessTestSaysNo, MIN_TEST_PERIOD_SECONDS, messageCountPorts } from './message-count-background';
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
