/**
 * Before the end-to-end tests: clear the last run's failure artifacts and make sure the builds
 * they load match the sources. `npm test` has just built them; a single e2e file run by hand may
 * find them missing or older than the code.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { BROWSER_NAMES } from './browsers';
import { buildState } from './build-freshness';
import { PROFILE_FOR_BROWSER, REPO_ROOT, wxtTarget } from './paths';

export default function buildWhenStale(): void {
  // Artifacts describe the failures of this run only.
  rmSync(join(REPO_ROOT, '.output', 'test-artifacts'), { recursive: true, force: true });
  for (const browser of BROWSER_NAMES) {
    const profile = PROFILE_FOR_BROWSER[browser];
    const state = buildState(profile, browser);
    if (state === 'fresh') continue;
    process.stderr.write(
      `e2e: building ${profile} for ${browser} (${state === 'stale' ? 'sources changed' : 'no build yet'})\n`,
    );
    const result = spawnSync('npx', ['wxt', 'build', '-b', wxtTarget(browser)], {
      cwd: REPO_ROOT,
      // A production build, as from a shell: vitest's NODE_ENV=test would make a development one.
      env: { ...process.env, NODE_ENV: 'production', COMPANION_PROFILE: profile },
      encoding: 'utf8',
    });
    if (result.status !== 0) {
      throw new Error(`wxt build of ${profile} for ${browser} failed:\n${result.stdout}${result.stderr}`);
    }
  }
}
