/**
 * The one tuning item: checked and clamped in one place, honoured only in a development install
 * (`management.getSelf().installType`, faked here), followed live there, and never in a store
 * install, whatever storage holds. Each case gets a new background (the install type is asked once
 * per background, as in a browser).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { siteProfiles } from '@/lib/config';
import { DEFAULT_PERIOD_MS } from '@/lib/message-count/message-count';
import { fakeInstallType } from '@/tests/unit/fake-browser-gaps';
import { EVERY_TEST_SWITCH } from '@/tests/unit/test-switches';
import { DEV_TUNING_RANGES, type DevTuning, parseDevTuning } from './dev-tuning';
import { DEVELOPMENT_MARK_KEY } from './development-mark';
import { TRANSLATE_ALL_PACE_MS } from './features/translate-all';
import { CHECK_PERIOD_MS } from './feed/feed-notifications';
import { MAX_NEWS_STUDIOS } from './feed/studio-news';
import { OTHER_ACCOUNT_INTERVAL_MS } from './message-count/other-accounts-schedule';
import { CHECK_PERIOD_MINUTES } from './project-history/project-history-background';
import { MARKS_REQUESTS_PER_SECOND } from './project-status/project-status-background';

type InstallType = Parameters<typeof fakeInstallType>[0];

/** lib/dev-tuning.ts as a new background of this install type has it. */
async function backgroundOf(installType: InstallType) {
  vi.resetModules();
  fakeInstallType(installType);
  return import('./dev-tuning');
}

/** A tick for storage events and the install type's answer to reach the listeners. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

afterEach(() => {
  fakeBrowser.reset();
  fakeInstallType('normal');
});

describe('parseDevTuning', () => {
  it('keeps each field in its range, and what it does not know it leaves out', () => {
    expect(
      parseDevTuning({
        pollPeriodSeconds: 2,
        ignoreIdle: true,
        requestTimeoutMs: 2_000,
        marksReadsPerSecond: 5,
        retryBackoffScale: 0.1,
        marksReaskAfterMs: 1_000,
        translateAllPaceMs: 250,
        somethingElse: 1,
      }),
    ).toEqual({
      pollPeriodSeconds: 2,
      ignoreIdle: true,
      requestTimeoutMs: 2_000,
      marksReadsPerSecond: 5,
      retryBackoffScale: 0.1,
      marksReaskAfterMs: 1_000,
      translateAllPaceMs: 250,
    });
  });

  it('clamps numbers out of range: never slower than for members, never past the extension’s rate', () => {
    expect(
      parseDevTuning({
        pollPeriodSeconds: 0,
        requestTimeoutMs: 1,
        marksReadsPerSecond: 50,
        retryBackoffScale: 0,
        marksReaskAfterMs: -5,
        translateAllPaceMs: 1,
      }),
    ).toEqual({
      pollPeriodSeconds: 1,
      requestTimeoutMs: 500,
      marksReadsPerSecond: 5,
      retryBackoffScale: 0.01,
      marksReaskAfterMs: 100,
      translateAllPaceMs: 200,
    });
    expect(
      parseDevTuning({
        pollPeriodSeconds: 3600,
        requestTimeoutMs: 600_000,
        marksReadsPerSecond: 3.9,
        retryBackoffScale: 10,
        marksReaskAfterMs: 60_000,
        translateAllPaceMs: 5_000,
      }),
    ).toEqual({
      pollPeriodSeconds: 60,
      requestTimeoutMs: 10_000,
      marksReadsPerSecond: 3,
      retryBackoffScale: 1,
      marksReaskAfterMs: 4_000,
      translateAllPaceMs: 400,
    });
  });

  it('ignores a malformed item or field, and never throws', () => {
    for (const item of [null, undefined, 5, 'fast', true, [], [{ pollPeriodSeconds: 1 }], () => 1])
      expect(parseDevTuning(item)).toEqual({});
    expect(
      parseDevTuning({
        pollPeriodSeconds: '1',
        ignoreIdle: 'true',
        requestTimeoutMs: Number.NaN,
        marksReadsPerSecond: Number.POSITIVE_INFINITY,
        retryBackoffScale: null,
        marksReaskAfterMs: { ms: 1 },
        translateAllPaceMs: [250],
      }),
    ).toEqual({});
    // Inherited fields are not the item's.
    expect(parseDevTuning(Object.create({ pollPeriodSeconds: 1, ignoreIdle: true }))).toEqual({});
    expect(parseDevTuning(JSON.parse('{"__proto__": {"pollPeriodSeconds": 1}}'))).toEqual({});
  });

  it("makes nothing slower than a member's copy: each range ends at the member's value", () => {
    expect(DEV_TUNING_RANGES.pollPeriodSeconds[1] * 1000).toBe(DEFAULT_PERIOD_MS);
    expect(DEV_TUNING_RANGES.translateAllPaceMs[1]).toBe(TRANSLATE_ALL_PACE_MS);
    expect(DEV_TUNING_RANGES.otherAccountsIntervalSeconds[1] * 1000).toBe(OTHER_ACCOUNT_INTERVAL_MS);
    expect(DEV_TUNING_RANGES.notifierPeriodSeconds[1] * 1000).toBe(CHECK_PERIOD_MS);
    expect(DEV_TUNING_RANGES.historyCheckPeriodSeconds[1]).toBe(CHECK_PERIOD_MINUTES * 60);
    // The record's clock only runs ahead (a test's next day), never behind the member's own.
    expect(DEV_TUNING_RANGES.historyClockAheadMs[0]).toBe(0);
    // Every belled studio is read each period: never more than the extension's rate.
    expect(MAX_NEWS_STUDIOS / DEV_TUNING_RANGES.notifierPeriodSeconds[0]).toBeLessThanOrEqual(5);
    expect(DEV_TUNING_RANGES.marksReadsPerSecond[0]).toBeLessThanOrEqual(MARKS_REQUESTS_PER_SECOND);
    expect(DEV_TUNING_RANGES.retryBackoffScale[1]).toBe(1);
    // Never past the extension's 5 requests a second (ARCHITECTURE.md, Budgets): 5 reads, one each 200 ms.
    expect(DEV_TUNING_RANGES.marksReadsPerSecond[1]).toBe(5);
    expect(DEV_TUNING_RANGES.translateAllPaceMs[0]).toBe(200);
  });
});

describe('in a store install', () => {
  it('obeys no stored switch: the tuning item and the seven old test items change nothing', async () => {
    await fakeBrowser.storage.local.set(EVERY_TEST_SWITCH);
    const tuning = await backgroundOf('normal');
    expect(await tuning.isDevelopmentInstall()).toBe(false);
    expect(await tuning.devTuning()).toEqual({});
    expect(await tuning.pageTuning()).toEqual({});
  });

  it('never calls its followers with a tuning, however the item changes', async () => {
    const tuning = await backgroundOf('normal');
    const applied: DevTuning[] = [];
    tuning.followDevTuning((value) => applied.push(value));
    await settle();
    await fakeBrowser.storage.local.set(EVERY_TEST_SWITCH);
    await fakeBrowser.storage.local.set({ devTuning: { pollPeriodSeconds: 1 } });
    await settle();
    // Once at start, with nothing: the members' values.
    expect(applied).toEqual([{}]);
  });

  it('leaves site pages no development mark', async () => {
    const tuning = await backgroundOf('normal');
    await tuning.markDevelopmentInstall();
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('is every install that is not a development one, and one whose type cannot be read', async () => {
    await fakeBrowser.storage.local.set({ devTuning: { pollPeriodSeconds: 1 } });
    for (const installType of ['sideload', 'admin', 'other'] as const)
      expect(await (await backgroundOf(installType)).devTuning()).toEqual({});
    vi.resetModules();
    Object.assign(fakeBrowser.management, {
      getSelf: async () => {
        throw new Error('management is not available');
      },
    });
    const tuning = await import('./dev-tuning');
    expect(await tuning.isDevelopmentInstall()).toBe(false);
    expect(await tuning.devTuning()).toEqual({});
  });
});

describe('in a development install', () => {
  it('honours the item, clamped, and only it (not the old test items)', async () => {
    await fakeBrowser.storage.local.set({
      ...EVERY_TEST_SWITCH,
      devTuning: { pollPeriodSeconds: 0.2, marksReaskAfterMs: 1_000, translateAllPaceMs: 100 },
    });
    const tuning = await backgroundOf('development');
    expect(await tuning.isDevelopmentInstall()).toBe(true);
    expect(await tuning.devTuning()).toEqual({
      pollPeriodSeconds: 1,
      marksReaskAfterMs: 1_000,
      translateAllPaceMs: 200,
    });
    // A content script's part: the two fields its features use, only those set.
    expect(await tuning.pageTuning()).toEqual({ marksReaskAfterMs: 1_000, translateAllPaceMs: 200 });
    await fakeBrowser.storage.local.set({ devTuning: { requestTimeoutMs: 2_000 } });
    expect(await tuning.pageTuning()).toEqual({});
  });

  it('leaves site pages the development mark, written once however often the worker starts', async () => {
    const tuning = await backgroundOf('development');
    const writes: unknown[] = [];
    fakeBrowser.storage.onChanged.addListener((changes) => writes.push(changes));
    await tuning.markDevelopmentInstall();
    await tuning.markDevelopmentInstall();
    await settle();
    expect(await fakeBrowser.storage.local.get(DEVELOPMENT_MARK_KEY.slice('local:'.length))).toEqual({
      developmentInstall: true,
    });
    expect(writes).toHaveLength(1);
  });

  it('ignores a malformed item', async () => {
    await fakeBrowser.storage.local.set({ devTuning: 'pollPeriodSeconds=1' });
    const tuning = await backgroundOf('development');
    expect(await tuning.devTuning()).toEqual({});
  });

  it('follows the item live: each change reaches the followers, checked and clamped', async () => {
    await fakeBrowser.storage.local.set({ devTuning: { requestTimeoutMs: 2_000 } });
    const tuning = await backgroundOf('development');
    const applied: DevTuning[] = [];
    tuning.followDevTuning((value) => applied.push(value));
    await settle();
    expect(applied).toEqual([{ requestTimeoutMs: 2_000 }]);
    await fakeBrowser.storage.local.set({ devTuning: { requestTimeoutMs: 10, retryBackoffScale: 0.1 } });
    await settle();
    await fakeBrowser.storage.local.remove('devTuning');
    await settle();
    expect(applied).toEqual([
      { requestTimeoutMs: 2_000 },
      { requestTimeoutMs: 500, retryBackoffScale: 0.1 },
      {},
    ]);
  });

  it('asks the install type once for the background’s life', async () => {
    const tuning = await backgroundOf('development');
    const getSelf = vi.spyOn(fakeBrowser.management, 'getSelf');
    await Promise.all([tuning.devTuning(), tuning.devTuning(), tuning.isDevelopmentInstall()]);
    await tuning.devTuning();
    expect(getSelf).toHaveBeenCalledTimes(1);
  });
});

describe('getPageTuning', () => {
  it('answers our content script in a site tab only', async () => {
    const { checkedHandler } = await import('./composition/checked-protocol');
    const tuning = await backgroundOf('development');
    await fakeBrowser.storage.local.set({ devTuning: { marksReaskAfterMs: 1_000 } });
    const handler = checkedHandler(siteProfiles.public, 'getPageTuning', () => tuning.pageTuning());
    const siteTab = {
      id: fakeBrowser.runtime.id,
      url: 'https://scratch.mit.edu/projects/5/',
      tab: { id: 3, index: 0, url: 'https://scratch.mit.edu/projects/5/' },
    };
    expect(await handler({ data: undefined, sender: siteTab as never })).toEqual({
      marksReaskAfterMs: 1_000,
    });
    const popup = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/popup.html') };
    await expect(handler({ data: undefined, sender: popup as never })).rejects.toThrow('Untrusted sender');
    const elsewhere = {
      id: fakeBrowser.runtime.id,
      url: 'https://evil.example/',
      tab: { id: 4, index: 0, url: 'https://evil.example/' },
    };
    await expect(handler({ data: undefined, sender: elsewhere as never })).rejects.toThrow(
      'Untrusted sender',
    );
  });
});
