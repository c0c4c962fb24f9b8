/**
 * Before the end-to-end tests: clear the last run's failure artifacts and make sure the builds
 * they load match the sources. `npm test` has just built them; a single e2e file run by hand may
 * find them missing or older than the code.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_SANDBOX_PORT } from '../../../lib/config';
import { buildState } from './build-freshness';
import { startKeepingProcesses } from './kept-processes';
import { E2E_BUILDS, REPO_ROOT, wxtTarget } from './paths';

export default function setUpEndToEndRun(): () => void {
  // Artifacts describe the failures of this run only.
  rmSync(join(REPO_ROOT, '.output', 'test-artifacts'), { recursive: true, force: true });
  for (const { profile, browser, sandboxPort } of E2E_BUILDS) {
    const state = buildState(profile, browser, sandboxPort);
    if (state === 'fresh') continue;
    const ports = sandboxPort && sandboxPort !== LOCAL_SANDBOX_PORT ? ` (sandbox on ${sandboxPort})` : '';
    process.stderr.write(
      `e2e: building ${profile} for ${browser}${ports} (${state === 'stale' ? 'sources changed' : 'no build yet'})\n`,
    );
    const result = spawnSync('npx', ['wxt', 'build', '-b', wxtTarget(browser)], {
      cwd: REPO_ROOT,
      // A production build, as from a shell: vitest's NODE_ENV=test would make a development one.
      env: {
        ...process.env,
        NODE_ENV: 'production',
        COMPANION_PROFILE: profile,
        COMPANION_SANDBOX_PORT: sandboxPort ? String(sandboxPort) : '',
      },
      encoding: 'utf8',
    });
    if (result.status !== 0) {
      throw new Error(
        `wxt build of ${profile} for ${browser}${ports} failed:\n${result.stdout}${result.stderr}`,
      );
    }
  }
  // Where the tests leave the screenshots a member's eyes check (README): Playwright makes the
  // folder of a screenshot's path, Puppeteer does not, so a Firefox file run alone on a fresh clone
  // would fail on it.
  mkdirSync(join(REPO_ROOT, '.output', 'screens'), { recursive: true });
  // Each worker keeps its Firefox from one file to the next (kept-firefox.ts); the teardown ends
  // whatever a worker left running.
  return startKeepingProcesses();
}
