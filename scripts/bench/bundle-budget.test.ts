/**
 * The bundle budgets of DESIGN.md fail `npm test` when exceeded (sizes are not noisy, unlike
 * times). Measured on the `local` build for Firefox, which `npm test` builds and nothing rebuilds
 * while unit tests run (the store-package test re-zips the `public` builds meanwhile); the two
 * profiles differ only in a few URLs. Built here when `npm test` has not built it already.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BUNDLE_BUDGETS,
  type BundleSizes,
  contextsWithoutPolyfill,
  firstFrameModules,
  measureBuild,
} from './bundle-sizes';

const root = path.resolve(import.meta.dirname, '../..');
const dir = path.join(root, '.output/local-firefox-mv3');

describe('bundle budgets (production build)', () => {
  let sizes: BundleSizes;
  beforeAll(() => {
    if (!existsSync(path.join(dir, 'manifest.json'))) {
      const env = { ...process.env, NODE_ENV: 'production', COMPANION_PROFILE: 'local' };
      const built = spawnSync(path.join(root, 'node_modules/.bin/wxt'), ['build', '-b', 'firefox'], {
        cwd: root,
        env,
      });
      if (built.status !== 0) throw new Error(`wxt build failed: ${built.stderr}`);
    }
    sizes = measureBuild(dir);
  }, 120_000);

  it('every context ships webextension-polyfill (the budgets include it)', () => {
    expect(contextsWithoutPolyfill(dir)).toEqual([]);
  });

  it('the content script, all features, is within its budget', () => {
    expect(sizes.contentScript).toBeLessThanOrEqual(BUNDLE_BUDGETS.contentScript);
  });

  it('the popup JavaScript, opening on its first tab (Feed), is within its budget, without zod', () => {
    expect(sizes.popup).toBeLessThanOrEqual(BUNDLE_BUDGETS.popup);
    expect(sizes.popupHasZod).toBe(false);
  });

  it('the popup JavaScript, opening on any tab (the largest), is within its budget', () => {
    expect(sizes.popupLargestTab).toBeLessThanOrEqual(BUNDLE_BUDGETS.popup);
  });

  it('counts at open every part the popup loads before its first frame for some members', () => {
    // A marked module that is no chunk of its own (merged into another, renamed) would go uncounted.
    const marked = firstFrameModules();
    expect(marked).toContain('OtherAccounts');
    expect(sizes.popupFirstFrameParts.modules).toEqual(expect.arrayContaining(marked));
    expect(sizes.popupFirstFrameParts.bytes).toBeGreaterThan(0);
  });
});
