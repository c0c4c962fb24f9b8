/**
 * The idle state on the fake browser: a store install's, whatever storage holds; a development
 * install's tuning.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { fakeInstallType } from '@/tests/unit/fake-browser-gaps';
import { EVERY_TEST_SWITCH } from '@/tests/unit/test-switches';
import { IDLE_AFTER_SECONDS } from './idle';

afterEach(() => {
  vi.restoreAllMocks();
  fakeBrowser.reset();
});

/** The ports of a new background of this install type (a background asks its type once). */
async function backgroundOf(installType: 'normal' | 'development') {
  vi.resetModules();
  fakeInstallType(installType);
  return import('./idle');
}

describe('idle state', () => {
  const browserSaysIdle = () => {
    const queryState = vi.fn(async () => 'idle' as const);
    (fakeBrowser as { idle?: unknown }).idle = { queryState };
    return queryState;
  };
  afterEach(() => {
    delete (fakeBrowser as { idle?: unknown }).idle;
  });

  it("is the browser's in a store install, whatever storage holds (the tuning item, the old test switches)", async () => {
    const queryState = browserSaysIdle();
    await fakeBrowser.storage.local.set(EVERY_TEST_SWITCH);
    const { idleUnlessTestSaysNo } = await backgroundOf('normal');
    expect(await idleUnlessTestSaysNo()).toBe(true);
    expect(queryState).toHaveBeenCalledWith(IDLE_AFTER_SECONDS);
  });

  it("is the browser's in a development install, unless its tuning says to ignore it", async () => {
    browserSaysIdle();
    const { idleUnlessTestSaysNo } = await backgroundOf('development');
    expect(await idleUnlessTestSaysNo()).toBe(true);
    await fakeBrowser.storage.local.set({ devTuning: { ignoreIdle: true } });
    expect(await idleUnlessTestSaysNo()).toBe(false);
    await fakeBrowser.storage.local.set({ devTuning: { ignoreIdle: 'yes' } });
    expect(await idleUnlessTestSaysNo()).toBe(true);
  });
});
