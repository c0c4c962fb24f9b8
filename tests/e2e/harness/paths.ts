/** Where the builds under test and the failure artifacts live. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_SANDBOX_PORT, type SiteProfileName } from '../../../lib/config';
import type { BrowserName } from './browsers';
import { LANES } from './lanes';

export const REPO_ROOT = join(import.meta.dirname, '../../..');

/** The production build each browser runs: Chromium the store build, Firefox the local one. */
export const PROFILE_FOR_BROWSER: Record<BrowserName, SiteProfileName> = {
  chromium: 'public',
  firefox: 'local',
};

const WXT_TARGET: Record<BrowserName, string> = { chromium: 'chrome', firefox: 'firefox' };

/**
 * WXT's output folder for a profile and browser (see outDirTemplate in wxt.config.ts); a local build
 * for a sandbox on other ports (a second lane, lanes.ts) has the first port in its name.
 */
export function buildDir(
  profile: SiteProfileName,
  browser: BrowserName,
  sandboxPort: number = LOCAL_SANDBOX_PORT,
): string {
  const prefix = sandboxPort === LOCAL_SANDBOX_PORT ? profile : `${profile}-${sandboxPort}`;
  return join(REPO_ROOT, '.output', `${prefix}-${WXT_TARGET[browser]}-mv3`);
}

export interface E2eBuild {
  profile: SiteProfileName;
  browser: BrowserName;
  /** COMPANION_SANDBOX_PORT of a local build. */
  sandboxPort?: number;
}

/**
 * Every build the end-to-end tests load: Chromium's store build, a local Firefox build per lane, and
 * the local Chromium build `npm start` runs (tests/e2e/start.test.ts).
 */
export const E2E_BUILDS: readonly E2eBuild[] = [
  { profile: 'public', browser: 'chromium' },
  { profile: 'local', browser: 'chromium' },
  ...LANES.map((lane) => ({
    profile: 'local' as const,
    browser: 'firefox' as const,
    sandboxPort: lane.firstPort,
  })),
];

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
