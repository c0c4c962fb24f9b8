/**
 * Whether a build is older than the sources that go into it: the end-to-end setup and `npm start`
 * rebuild only then (a build takes seconds; the sources rarely changed since the last one).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteProfileName } from '@/lib/config';
import type { BrowserName } from './browsers';
import { buildDir, REPO_ROOT } from './paths';

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

/** 'fresh', or why the build must be made: there is none yet, or the sources changed after it. */
export function buildState(
  profile: SiteProfileName,
  browser: BrowserName,
  sandboxPort?: number,
): 'fresh' | 'missing' | 'stale' {
  return buildDirState(buildDir(profile, browser, sandboxPort));
}

/** The same, for a build's folder (`.output/<build>`). */
export function buildDirState(dir: string): 'fresh' | 'missing' | 'stale' {
  const manifest = join(dir, 'manifest.json');
  if (!existsSync(manifest)) return 'missing';
  const sources = Math.max(...BUILD_INPUTS.map((input) => newestMtime(join(REPO_ROOT, input))));
  return statSync(manifest).mtimeMs >= sources ? 'fresh' : 'stale';
}
