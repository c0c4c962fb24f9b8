#!/usr/bin/env node
/**
 * `npm test`: installs what is missing (scripts/ensure-deps.mjs), then typecheck, lint, the two
 * production builds the end-to-end tests load, and one `vitest run` of every project (unit +
 * end-to-end in real Chromium and Firefox). Its last line is the test runner's summary,
 * `Tests: N passed, N failed, N skipped`; the exit code is non-zero if any step failed.
 *
 * Arguments after `--` go to vitest (e.g. `npm test -- tests/e2e/foundation.test.ts`).
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDeps } from './ensure-deps.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(repoRoot, 'node_modules', '.bin', name);

/** The builds the end-to-end tests load (tests/e2e/harness/paths.ts). */
const BUILDS = [
  { profile: 'public', browser: 'chrome' },
  { profile: 'local', browser: 'firefox' },
];

function step(title, command, args, { env = {}, last = false } = {}) {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  // The last step's own summary line stays the run's last line (CI reads it).
  if (!last) console.log(`${ok ? '✔' : '✖'} ${title} (${seconds} s)`);
  return ok;
}

try {
  // tests/e2e/languages.test.ts runs both browsers in these languages.
  ensureDeps({ browsers: ['chromium', 'firefox'], languages: ['ar', 'de'] });
} catch (error) {
  console.error(`npm test: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const failed = [];
if (!step('typecheck', bin('tsc'), ['--noEmit', '-p', '.'])) failed.push('typecheck');
if (!step('lint', bin('biome'), ['check', '.'])) failed.push('lint');
let built = true;
for (const { profile, browser } of BUILDS) {
  const title = `build ${profile} for ${browser}`;
  if (!step(title, bin('wxt'), ['build', '-b', browser], { env: { COMPANION_PROFILE: profile } })) {
    failed.push(title);
    built = false;
  }
}

if (failed.length > 0) console.error(`\nnpm test: failed before the tests: ${failed.join(', ')}`);
// Without the builds the end-to-end tests cannot run: run the unit tests alone then.
const vitestArgs = ['run', ...(built ? [] : ['--project', 'unit']), ...process.argv.slice(2)];
const testsPassed = step(`vitest ${vitestArgs.join(' ')}`, bin('vitest'), vitestArgs, { last: true });
process.exit(testsPassed && failed.length === 0 ? 0 : 1);
