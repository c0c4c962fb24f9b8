/** Where the builds under test and the failure artifacts live. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteProfileName } from '@/lib/config';
import type { BrowserName } from './browsers';

export const REPO_ROOT = join(import.meta.dirname, '../../..');

/** The production build each browser runs: Chromium the store build, Firefox the local one. */
export const PROFILE_FOR_BROWSER: Record<BrowserName, SiteProfileName> = {
  chromium: 'public',
  firefox: 'local',
};

const WXT_TARGET: Record<BrowserName, string> = { chromium: 'chrome', firefox: 'firefox' };

/** WXT's output folder for a profile and browser (see outDirTemplate in wxt.config.ts). */
export function buildDir(profile: SiteProfileName, browser: BrowserName): string {
  return join(REPO_ROOT, '.output', `${profile}-${WXT_TARGET[browser]}-mv3`);
}

/** The `-b` argument of `wxt build` for a browser. */
export function wxtTarget(browser: BrowserName): string {
  return WXT_TARGET[browser];
}

/** A failing test's screenshots and console log: .output/test-artifacts/<test name>/. */
export function artifactsDir(testName: string): string {
  const safe = testName
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 150);
  return join(REPO_ROOT, '.output', 'test-artifacts', safe || 'unnamed-test');
}

/** The manifest of the build a browser runs (its version is what the popup and content script report). */
export function readBuiltManifest(browser: BrowserName): { version: string; name: string } {
  return JSON.parse(
    readFileSync(join(buildDir(PROFILE_FOR_BROWSER[browser], browser), 'manifest.json'), 'utf8'),
  );
}
