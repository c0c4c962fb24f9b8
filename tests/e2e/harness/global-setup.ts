/**
 * Before the end-to-end tests: clear the last run's failure artifacts and make sure the builds
 * they load match the sources. `npm test` has just built them; a single e2e file run by hand may
 * find them missing or older than the code.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BROWSER_NAMES } from './browsers';
import { buildDir, PROFILE_FOR_BROWSER, REPO_ROOT, wxtTarget } from './paths';

/**
 * What goes into a build (the locales become _locales/, package.json gives the version, scripts/vite
 * holds build plugins); tests and the sandbox do not.
 */
const BUILD_INPUTS = [
  'entrypoints',
  'lib',
  'components',
  'public',
  'locales',
  'scripts/vite',
  'wxt.config.ts',
  'package.json',
  'package-lock.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export default function buildWhenStale(): void {
  // Artifacts describe the failures of this run only.
  rmSync(join(REPO_ROOT, '.output', 'test-artifacts'), { recursive: true, force: true });
  const sources = Math.max(...BUILD_INPUTS.map((input) => newestMtime(join(REPO_ROOT, input))));
  for (const browser of BROWSER_NAMES) {
    const profile = PROFILE_FOR_BROWSER[browser];
    const manifest = join(buildDir(profile, browser), 'manifest.json');
    const built = existsSync(manifest) ? statSync(manifest).mtimeMs : 0;
    if (built >= sources) continue;
    process.stderr.write(
      `e2e: building ${profile} for ${browser} (${built ? 'sources changed' : 'no build yet'})\n`,
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
