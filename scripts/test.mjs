#!/usr/bin/env node
/**
 * `npm test`: installs what is missing (scripts/ensure-deps.mjs), then typecheck, lint (Biome: the
 * code's rules, a function's length among them), the import rules between folders
 * (dependency-cruiser, .dependency-cruiser.cjs), the production builds (`npm run zip`: the store packages, whose Chrome build the end-to-end tests
 * load, and the `local` Firefox builds), and one `vitest run` of every project (unit + end-to-end in
 * real Chromium and Firefox). Its last line is the test runner's summary,
 * `Tests: N passed, N failed, N skipped`; the exit code is non-zero if any step failed.
 *
 * Arguments after `--` go to vitest (e.g. `npm test -- tests/e2e/foundation.test.ts`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDeps } from './ensure-deps.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(repoRoot, 'node_modules', '.bin', name);

/**
 * The builds the end-to-end tests load (E2E_BUILDS in tests/e2e/harness/paths.ts) besides the
 * `public` Chrome build, which `npm run zip` makes on its way to the store packages: the `local`
 * Firefox build for each lane's sandbox ports (tests/e2e/harness/lanes.ts).
 */
const BUILDS = [
  { profile: 'local', browser: 'firefox', sandboxPort: '' },
  { profile: 'local', browser: 'firefox', sandboxPort: '8710' },
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

/**
 * A step that runs beside the next ones (the machine has a core to spare while a build runs): its
 * output is held back and printed, with its result line, when `finish` is awaited.
 */
function stepBeside(title, command, args) {
  const started = Date.now();
  console.log(`\n▶ ${title} (beside the next steps; its output follows when it ends)`);
  const child = spawn(command, args, { cwd: repoRoot, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  const status = new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code));
  });
  return {
    async finish() {
      const code = await status;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n▶ ${title}`);
      process.stdout.write(Buffer.concat(output));
      console.log(`${code === 0 ? '✔' : '✖'} ${title} (${seconds} s)`);
      return code === 0;
    },
  };
}

try {
  // tests/e2e/languages.test.ts runs both browsers in these languages.
  ensureDeps({ browsers: ['chromium', 'firefox'], languages: ['ar', 'de'] });
} catch (error) {
  console.error(`npm test: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const failed = [];
const typecheck = stepBeside('typecheck', bin('tsc'), ['--noEmit', '-p', '.']);
if (!step('lint', bin('biome'), ['check', '.'])) failed.push('lint');
if (!step('import rules', 'npm', ['run', '--silent', 'deps'])) failed.push('import rules');
let built = true;
// The store packages once for the whole run: scripts/store-package.test.ts checks these (told so
// through COMPANION_STORE_PACKAGES_BUILT) instead of building them again.
const packagesBuilt = step('store packages (npm run zip)', 'npm', ['run', 'zip']);
if (!packagesBuilt) {
  failed.push('npm run zip');
  built = false;
}
for (const { profile, browser, sandboxPort } of BUILDS) {
  const title = `build ${profile} for ${browser}${sandboxPort ? ` (sandbox on ${sandboxPort})` : ''}`;
  const env = { COMPANION_PROFILE: profile, COMPANION_SANDBOX_PORT: sandboxPort };
  if (!step(title, bin('wxt'), ['build', '-b', browser], { env })) {
    failed.push(title);
    built = false;
  }
}

if (!(await typecheck.finish())) failed.push('typecheck');

if (failed.length > 0) console.error(`\nnpm test: failed before the tests: ${failed.join(', ')}`);
// Without the builds the end-to-end tests cannot run: run the unit tests alone then.
const vitestArgs = ['run', ...(built ? [] : ['--project', 'unit']), ...process.argv.slice(2)];
const testsPassed = step(`vitest ${vitestArgs.join(' ')}`, bin('vitest'), vitestArgs, {
  last: true,
  env: packagesBuilt ? { COMPANION_STORE_PACKAGES_BUILT: '1' } : {},
});
process.exit(testsPassed && failed.length === 0 ? 0 : 1);
