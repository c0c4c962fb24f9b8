#!/usr/bin/env node
/**
 * `npm test`: under the end-to-end lock, installs what is missing (scripts/ensure-deps.mjs), then
 * lint (Biome: the code's rules, a function's length among them), the import rules between folders
 * (dependency-cruiser, .dependency-cruiser.cjs), the production builds two at a time (the store
 * packages, whose Chrome build the end-to-end tests load, the `local` Firefox builds and `npm
 * start`'s Chromium), then the end-to-end tests in real Chromium and Firefox, with the unit tests and
 * the typecheck beside them at a lower priority (runUnitBesideEndToEnd). It ends with the ten slowest files.
 * Its last line is the test runner's summary, `Tests: N passed, N failed, N skipped`; the exit code
 * is non-zero if any step failed.
 *
 * Arguments after `--` go to vitest (e.g. `npm test -- tests/e2e/foundation.test.ts`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDeps } from './ensure-deps.mjs';
import { printFailures, printSlowestFiles } from './vitest/slowest-files.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(repoRoot, 'node_modules', '.bin', name);

/**
 * The builds the end-to-end tests load (E2E_BUILDS in tests/e2e/harness/paths.ts) besides the
 * `public` Chrome build, which `npm run zip` makes on its way to the store packages: the `local`
 * Firefox build for each lane's sandbox ports (tests/e2e/harness/lanes.ts).
 */
const BUILDS = [
  // The store packages (scripts/store-package.test.ts checks these, told so through
  // COMPANION_STORE_PACKAGES_BUILT, instead of building them again); Chromium's e2e tests load the
  // public Chrome build they come from.
  { title: 'store package for chrome', args: ['zip', '-b', 'chrome'], env: { COMPANION_PROFILE: 'public' } },
  {
    title: 'store package for firefox',
    args: ['zip', '-b', 'firefox'],
    env: { COMPANION_PROFILE: 'public' },
  },
  // The local Firefox build for each lane's sandbox ports (tests/e2e/harness/lanes.ts).
  { title: 'build local for firefox', args: ['build', '-b', 'firefox'], env: { COMPANION_PROFILE: 'local' } },
  {
    title: 'build local for firefox (sandbox on 8710)',
    args: ['build', '-b', 'firefox'],
    env: { COMPANION_PROFILE: 'local', COMPANION_SANDBOX_PORT: '8710' },
  },
  // `npm start`'s Chromium (tests/e2e/start.test.ts), built here rather than inside that test.
  { title: 'build local for chromium', args: ['build', '-b', 'chrome'], env: { COMPANION_PROFILE: 'local' } },
];

/** Builds at a time: the machine has two cores, and a build is mostly one. */
const BUILDS_AT_ONCE = 2;

/**
 * The autogroup niceness (Linux, `/proc/<pid>/autogroup`) of the steps that run beside the
 * end-to-end tests: they take the CPU the browsers leave idle (a quarter of the two cores, in
 * stretches, in a run of the end-to-end tests alone) and yield much of it when the browsers want
 * it. Clean-clone runs on 2 cores, the end-to-end part: 1,058 s alone; 1,187 to 1,227 s (four
 * runs) with the unit tests beside at the same priority; 1,160 to 1,200 s at 5 (three runs). At 10 the unit tests took
 * 19 minutes instead of 12, and the end-to-end files already done had taken 9% longer: not that.
 */
const BESIDE_NICENESS = 5;

/** The lock every end-to-end run and benchmark takes (README), so that two never share the ports. */
const E2E_LOCK = '/tmp/companion-e2e.lock';

/** A step's closing line: its result and how long it took. */
function printResult(title, started, ok) {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${ok ? '✔' : '✖'} ${title} (${seconds} s)`);
}

function step(title, command, args, { env = {}, last = false } = {}) {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const ok = result.status === 0;
  // The last step's own summary line stays the run's last line (CI reads it).
  if (!last) printResult(title, started, ok);
  return ok;
}

/**
 * A step that runs beside the next ones (the machine has a core to spare while a build runs): its
 * output is held back and printed, with its result line, when `finish` is awaited. `lowPriority`:
 * in a session of its own, whose autogroup gets BESIDE_NICENESS (lowerPriority).
 */
function stepBeside(title, command, args, env = {}, { lowPriority = false } = {}) {
  const started = Date.now();
  console.log(`\n▶ ${title} (beside the next steps; its output follows when it ends)`);
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: lowPriority,
  });
  if (lowPriority) lowerPriority(child);
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
      console.log(`\n▶ ${title}`);
      process.stdout.write(Buffer.concat(output));
      printResult(title, started, code === 0);
      return code === 0;
    },
  };
}

/**
 * Lowers a detached child's priority: Linux shares the CPU between sessions' autogroups first, so
 * the child's niceness alone would only count against the processes of its own session. Its
 * session is its own (`detached`), so its autogroup is niced. Elsewhere, the process's niceness.
 * Detached, it no longer gets the terminal's Ctrl-C: this script passes it on.
 */
function lowerPriority(child) {
  try {
    writeFileSync(`/proc/${child.pid}/autogroup`, String(BESIDE_NICENESS));
  } catch {
    try {
      setPriority(child.pid, BESIDE_NICENESS);
    } catch {
      // Not allowed here: it runs at the usual priority.
    }
  }
  passSignalsOn();
  detachedChildren.add(child);
  child.on('close', () => detachedChildren.delete(child));
}

/** The children in sessions of their own (lowerPriority): Ctrl-C or a kill of this script ends them. */
const detachedChildren = new Set();
let passingSignalsOn = false;
function passSignalsOn() {
  if (passingSignalsOn) return;
  passingSignalsOn = true;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      for (const child of detachedChildren) {
        try {
          process.kill(-child.pid, signal);
        } catch {
          // Already gone.
        }
      }
      process.exit(1);
    });
  }
}

/** A step whose output streams as it runs, like `step`, awaited later: its result as a promise. */
function stepAsync(title, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.on('error', () => resolve(false));
    child.on('close', (code) => {
      printResult(title, started, code === 0);
      resolve(code === 0);
    });
  });
}

/** Runs the tasks (functions returning promises), at most `limit` at once; their results in order. */
async function runAtMost(limit, tasks) {
  const results = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/**
 * Runs this script again under the end-to-end lock (util-linux `flock`), unless it holds it already:
 * the builds it makes and the fixed ports its browsers use are the ones any other end-to-end run or
 * benchmark on this machine would use. Without `flock` (not Linux), it runs unlocked and says so.
 */
function runUnderE2eLock() {
  if (process.env.COMPANION_E2E_LOCK_HELD) return;
  const hasFlock = spawnSync('flock', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!hasFlock) {
    console.warn(`npm test: no \`flock\` here: running without the end-to-end lock (${E2E_LOCK})`);
    return;
  }
  if (spawnSync('flock', ['--nonblock', E2E_LOCK, 'true'], { stdio: 'ignore' }).status !== 0) {
    console.log(`npm test: waiting for the end-to-end lock (${E2E_LOCK}): another run or benchmark holds it`);
  }
  const result = spawnSync(
    'flock',
    [E2E_LOCK, process.execPath, fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, COMPANION_E2E_LOCK_HELD: '1' },
    },
  );
  process.exit(result.status ?? 1);
}

runUnderE2eLock();

try {
  // tests/e2e/languages.test.ts runs both browsers in these languages.
  ensureDeps({ browsers: ['chromium', 'firefox'], languages: ['ar', 'de'] });
} catch (error) {
  console.error(`npm test: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const vitestArgs = process.argv.slice(2);
/**
 * The whole suite: the typecheck runs with the unit tests, beside the end-to-end tests at a lower
 * priority (runUnitBesideEndToEnd). Chosen files: it runs beside the builds, before the tests.
 */
const wholeSuite = vitestArgs.length === 0;
const failed = [];
const typecheckStep = (options) => stepBeside('typecheck', bin('tsc'), ['--noEmit', '-p', '.'], {}, options);
let typecheck = wholeSuite ? undefined : typecheckStep();
if (!step('lint', bin('biome'), ['check', '.'])) failed.push('lint');
if (!step('import rules', 'npm', ['run', '--silent', 'deps'])) failed.push('import rules');
const buildResults = await runAtMost(
  BUILDS_AT_ONCE,
  BUILDS.map(
    ({ title, args, env }) =>
      () =>
        stepBeside(title, bin('wxt'), args, env).finish(),
  ),
);
const built = buildResults.every(Boolean);
BUILDS.forEach(({ title }, index) => {
  if (!buildResults[index]) failed.push(title);
});
const packagesBuilt = buildResults[0] && buildResults[1];
const storeEnv = packagesBuilt ? { COMPANION_STORE_PACKAGES_BUILT: '1' } : {};

const besideEndToEnd = wholeSuite && built;
if (!besideEndToEnd) {
  typecheck ??= typecheckStep();
  if (!(await typecheck.finish())) failed.push('typecheck');
}
if (failed.length > 0) console.error(`\nnpm test: failed before the tests: ${failed.join(', ')}`);
let testsPassed;
if (besideEndToEnd) {
  const result = await runUnitBesideEndToEnd(storeEnv, typecheckStep);
  testsPassed = result.testsPassed;
  if (!result.typechecked) failed.push('typecheck');
} else {
  // Chosen files or projects, or no builds (then the end-to-end tests cannot run: the unit tests alone).
  const args = ['run', ...(built ? [] : ['--project', 'unit']), ...vitestArgs];
  testsPassed = step(`vitest ${args.join(' ')}`, bin('vitest'), args, { last: true, env: storeEnv });
}
process.exit(testsPassed && failed.length === 0 ? 0 : 1);

/**
 * The unit tests on one worker beside the end-to-end tests' two, in two Vitest runs, with the
 * typecheck (`startTypecheck`), both at a lower priority (BESIDE_NICENESS): the browsers leave a
 * core idle for a while at a time (a poll, a retry, a held answer), and these fill that time. The
 * end-to-end output streams; the unit tests' and the typecheck's follow when all are done; then
 * the ten slowest files of both runs, the failures (the typecheck's among them) and the one
 * summary line CI reads.
 */
async function runUnitBesideEndToEnd(env, startTypecheck) {
  const summaries = mkdtempSync(join(tmpdir(), 'companion-test-'));
  const summaryOf = (project) => join(summaries, `${project}.json`);
  const typecheck = startTypecheck({ lowPriority: true });
  const unit = stepBeside(
    'vitest run --project unit (on one worker, beside the end-to-end tests)',
    bin('vitest'),
    ['run', '--project', 'unit'],
    {
      ...env,
      COMPANION_UNIT_WORKERS: '1',
      // The Chromium a unit test launches is in a session of its own: as low (chromium-launcher.sh).
      COMPANION_AUTOGROUP_NICENESS: String(BESIDE_NICENESS),
      COMPANION_RUN_SUMMARY: summaryOf('unit'),
    },
    { lowPriority: true },
  );
  const e2e = stepAsync('vitest run --project e2e', bin('vitest'), ['run', '--project', 'e2e'], {
    ...env,
    COMPANION_RUN_SUMMARY: summaryOf('e2e'),
  });
  const e2ePassed = await e2e;
  const typechecked = await typecheck.finish();
  const unitPassed = await unit.finish();
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const durations = {};
  const failures = typechecked ? [] : ['typecheck: failed (its output is above)'];
  for (const project of ['unit', 'e2e']) {
    let summary;
    try {
      summary = JSON.parse(readFileSync(summaryOf(project), 'utf8'));
    } catch {
      // The run ended before its reporter wrote (a crash): that is a failure of its own.
      console.error(`npm test: the ${project} run left no summary`);
      totals.failed += 1;
      continue;
    }
    totals.passed += summary.passed;
    totals.failed += summary.failed;
    totals.skipped += summary.skipped;
    Object.assign(durations, summary.durations);
    failures.push(...(summary.failures ?? []));
  }
  rmSync(summaries, { recursive: true, force: true });
  printSlowestFiles(durations);
  printFailures(failures);
  console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  return { testsPassed: e2ePassed && unitPassed && totals.failed === 0, typechecked };
}
