/**
 * `npm run bench`: every benchmark of scripts/bench/, one after another, then ONE table of every
 * figure with its budget from ARCHITECTURE.md and its ratio against the baseline measured in the same
 * run, printed and written as Markdown to .output/bench/results.md (with the date and the machine)
 * for the README's performance section; the figures also go to .output/bench/results.json and
 * each benchmark's own report to .output/bench/<name>.log.
 *
 * It builds the production builds first (`npm run build:all`, the Firefox build for the second
 * end-to-end sandbox lane that page-load.ts takes first, and Firefox's store build, whose sizes
 * bundle-size.ts reports; `--no-build` skips them), then takes the end-to-end lock (`flock
 * /tmp/companion-e2e.lock`) ONCE around all the benchmarks: most start the sandbox or a browser, and
 * the machine's cores are shared with the end-to-end runs. Each benchmark still runs on its own
 * (`npx tsx scripts/bench/<name>.ts`); figures reach this runner through scripts/bench/report.ts.
 *
 * The benchmarks run in phases (PHASES): first those whose figures time nothing, side by side (the
 * load benchmark, two minutes at its per-minute rates, in one lane; sizes, simulations and request
 * counts in two others, with the API client's walk, which the rate limiter paces); then everything
 * that times something, alone, one after another.
 *
 *   npm run bench                        (9.5 minutes on 2 cores, the builds included)
 *   npm run bench -- --quick             (the popup's and the site pages' rows, fewer opens: about 2 minutes)
 *   LOAD_MINUTES=10 npm run bench        (the load benchmark's ten minutes, as before)
 *   npm run bench -- --only=load,message-count     (a benchmark in parts by its name or a part's:
 *                                                  popup, popup-requests, page-load-firefox, ...)
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumExecutable, firefoxExecutable } from '../../tests/e2e/harness/browsers';
import { type Figure, RESULTS_FILE_ENV } from './report';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT = path.join(ROOT, '.output/bench');
const LOCK = '/tmp/companion-e2e.lock';
/** Set in the copy of this runner that holds the lock. */
const LOCK_HELD_ENV = 'COMPANION_BENCH_LOCK_HELD';
/**
 * The load benchmark's length (minutes). Two: what it does comes at fixed rates per minute, its
 * request figures are per second, and its memory figures a first minute, a last one and the slope
 * of the samples after the first (every 15 s) projected over ten (scripts/bench/load.ts); a longer
 * run only narrows the slope (`LOAD_MINUTES=10 npm run bench`, before a release).
 */
const LOAD_MINUTES = process.env.LOAD_MINUTES ?? '2';

interface Bench {
  name: string;
  /** Its log's name, and a name `--only` knows it by, when the benchmark runs in parts. */
  part?: string;
  /**
   * Benchmarks this run measures too, in the same browser (a launch spared), with no run of their
   * own: `--only` knows this run by their names as well.
   */
  measuresToo?: string[];
  args?: string[];
  /** What it measures, for the table's notes. */
  what: string;
}

/**
 * Benchmarks one after another in a lane; lanes of a phase run side by side, phases one after
 * another. A lane beside another prints each report when it ends (the logs never mix).
 */
interface Phase {
  /** Why its lanes may share the cores, or why it runs alone. */
  why: string;
  lanes: Bench[][];
}

const PHASES: Phase[] = [
  {
    // Sizes, counts of requests, request rates, memory and simulations on a simulated clock: sharing
    // the cores changes none of these figures, and the load benchmark, the longest, hides the rest
    // (the API client's times have no budget: see its lane).
    why: 'figures that time nothing, side by side',
    lanes: [
      [
        {
          name: 'load',
          args: [`--minutes=${LOAD_MINUTES}`],
          what: `20 site tabs and the popup, ${LOAD_MINUTES} minutes of scripted browsing in Chromium`,
        },
      ],
      [
        { name: 'bundle-size', what: 'production bundles against their budgets' },
        { name: 'message-count', what: 'the count poller on a simulated clock: an hour, a modelled day' },
        {
          name: 'studio-news',
          what: "studio bells' reads on a simulated clock: 1, 10 and the cap of studios",
        },
        {
          name: 'popup',
          part: 'popup-requests',
          args: ['--requests-only', '--without-explore'],
          what: 'the popup: requests of ten opens in a minute (Chromium)',
        },
        {
          name: 'project-history',
          what: "the daily record's reads on a simulated clock: 30 days, 5 to 400 projects, My Stuff opened or not",
        },
      ],
      [
        // Request counts against the sandbox at the API client's own pace (most of two minutes).
        {
          name: 'translate',
          part: 'translate-requests',
          args: ['--requests-only'],
          what: 'translation: requests of a thread translated, revisited, translated again',
        },
        { name: 'popup-explore', what: 'the Explore service against the sandbox: caches on vs off' },
        // Its budgets are request rates; its walk's time is the rate limiter's pace (5 a second), and
        // each time has its naive client's beside it, measured in the same lane.
        { name: 'api-client', what: 'the API client against the sandbox vs a naive client' },
      ],
    ],
  },
  {
    // Times from a navigation to a paint, and elapsed times: what another process on the cores
    // would lengthen unevenly (the empty popup barely works, the app does).
    why: 'times to a paint, alone',
    lanes: [
      [
        {
          name: 'popup',
          measuresToo: ['popup-over-time'],
          args: ['--without-explore', '--without-requests'],
          what: "the popup: each tab from cache against an empty popup (Chromium, Firefox), then My Stuff's Over time in the same browsers; open to first feed item (Chromium)",
        },
        { name: 'popup-messages', what: 'the Messages tab in Chromium' },
      ],
    ],
  },
  {
    // Main-thread time, the content script's beside the page's own: alone too. Side by side, one
    // lane per browser, two browsers on two cores took as long in all (9.3 minutes against about
    // 9 one after another) and moved the figures (the marks' 4.5 ms at load became 8.8).
    why: "main-thread time beside the page's own, alone",
    lanes: [
      [
        {
          name: 'status-marks',
          what: 'loved/favorited marks: a browsing trace; main-thread time in Chromium',
        },
        {
          name: 'translate',
          args: ['--main-thread-only'],
          what: 'translation: main-thread time in Chromium',
        },
        {
          name: 'page-load',
          what: "site pages in Chromium and Firefox: the content script's main thread at load and per interaction beside the page's own",
        },
      ],
    ],
  },
];

/**
 * `--quick`: the popup's and the site pages' rows alone, from fewer opens and loads (each
 * benchmark's own `--quick`), while working on either.
 */
const QUICK_PHASES: Phase[] = [
  {
    why: 'times to a paint, alone',
    lanes: [
      [
        {
          name: 'popup',
          args: ['--first-frame-only', '--quick'],
          what: 'the popup: each tab from cache against an empty popup (Chromium, Firefox), 3 opens each',
        },
      ],
    ],
  },
  {
    why: "main-thread time beside the page's own, alone",
    lanes: [
      [
        {
          name: 'page-load',
          args: ['--quick'],
          what: "site pages in Chromium and Firefox: the content script's main thread at load beside the page's own, 2 loads each, no interactions",
        },
      ],
    ],
  },
];

const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const quick = process.argv.includes('--quick');
/** The names `--only` knows a run by: its benchmark's, its part's, and those it measures too. */
const namesOf = (bench: Bench) => [
  bench.name,
  ...(bench.part ? [bench.part] : []),
  ...(bench.measuresToo ?? []),
];
const chosenPhases = quick ? QUICK_PHASES : PHASES;
// A name no run answers to would make a run of nothing that looks like a success.
const known = new Set(chosenPhases.flatMap((phase) => phase.lanes.flat().flatMap(namesOf)));
const unknown = (only ?? []).filter((name) => !known.has(name));
if (unknown.length > 0) {
  console.error(
    `--only: no benchmark${quick ? ' of --quick' : ''} is named ${unknown.join(', ')}. Known: ${[...known].sort().join(', ')}.`,
  );
  process.exit(2);
}
const phases = chosenPhases
  .map((phase) => ({
    ...phase,
    lanes: phase.lanes
      .map((lane) =>
        lane.filter((bench) => only === undefined || namesOf(bench).some((name) => only.includes(name))),
      )
      .filter((lane) => lane.length > 0),
  }))
  .filter((phase) => phase.lanes.length > 0);

const started = Date.now();
if (!process.env[LOCK_HELD_ENV]) {
  if (!process.argv.includes('--no-build')) {
    console.log(
      "Building the production builds (npm run build:all, and beside it the second lane's Firefox build and Firefox's store build)...",
    );
    const build = (command: string, args: string[], env: Record<string, string> = {}) =>
      new Promise<boolean>((resolve) => {
        const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
        child.on('error', () => resolve(false));
        child.on('close', (code) => resolve(code === 0));
      });
    // Two at a time (a build is mostly one core). page-load.ts takes the second end-to-end sandbox
    // lane first: Firefox needs that lane's build (its own output folder). The store build for
    // Firefox is one bundle-size measures (a build older than the sources is left out of its table:
    // on a fresh clone there would be none).
    const results = await Promise.all([
      build('npm', ['run', '--silent', 'build:all']),
      build('npx', ['wxt', 'build', '-b', 'firefox'], {
        COMPANION_PROFILE: 'local',
        COMPANION_SANDBOX_PORT: '8710',
      }).then(
        (built) => built && build('npx', ['wxt', 'build', '-b', 'firefox'], { COMPANION_PROFILE: 'public' }),
      ),
    ]);
    if (!results.every(Boolean)) {
      console.error('The builds failed.');
      process.exit(1);
    }
  }
  // The rest runs again under the lock, in a copy of this runner.
  console.log(`Waiting for the end-to-end lock (${LOCK})...`);
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  const locked = spawnSync('flock', [LOCK, tsx, import.meta.filename, ...process.argv.slice(2)], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, [LOCK_HELD_ENV]: String(started) },
  });
  console.log(
    `(${((Date.now() - started) / 60_000).toFixed(1)} minutes in all, the wait for the lock included)`,
  );
  process.exit(locked.status ?? 1);
}

mkdirSync(OUT, { recursive: true });
const resultsFile = path.join(OUT, 'results.jsonl');
rmSync(resultsFile, { force: true });
const lockedAt = Date.now();

/** A benchmark's log: its part's name when it runs in parts. */
function logName(bench: Bench): string {
  return bench.part ?? bench.name;
}

/** Keeps the console to each benchmark's own report: the figures come again in the table. */
const report = (text: string) =>
  text
    .split('\n')
    .filter((line) => !line.startsWith('BENCH-RESULT ') && !line.startsWith('npm warn'))
    .join('\n');

/**
 * Runs one benchmark, its output in .output/bench/<name>.log and on the console: as it comes, or
 * (`quietly`, when another runs beside it) all at once when it ends, so that reports never mix.
 */
function runBench(bench: Bench, quietly = false): Promise<{ ok: boolean; seconds: number }> {
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  const command = [tsx, path.join('scripts/bench', `${bench.name}.ts`), ...(bench.args ?? [])];
  const [file, ...args] = command;
  const log = createWriteStream(path.join(OUT, `${logName(bench)}.log`));
  const held: Buffer[] = [];
  const begin = Date.now();
  return new Promise((resolve) => {
    const child = spawn(file as string, args, {
      cwd: ROOT,
      env: { ...process.env, [RESULTS_FILE_ENV]: resultsFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk: Buffer) => {
        log.write(chunk);
        if (quietly) held.push(chunk);
        else process.stdout.write(report(chunk.toString()));
      });
    }
    child.on('close', (code) => {
      log.end();
      const seconds = (Date.now() - begin) / 1000;
      if (quietly) {
        console.log(`\n=== ${bench.name}: ${bench.what} (${seconds.toFixed(0)} s, beside another)\n`);
        process.stdout.write(report(Buffer.concat(held).toString()));
      }
      resolve({ ok: code === 0, seconds });
    });
  });
}

const runs: { bench: Bench; ok: boolean; seconds: number }[] = [];
/** Benchmarks one after another; `quietly`: each report printed when it ends. */
const inTurn = async (lane: Bench[], quietly: boolean) => {
  for (const bench of lane) {
    if (!quietly) console.log(`\n=== ${bench.name}: ${bench.what}\n`);
    const outcome = await runBench(bench, quietly);
    runs.push({ bench, ...outcome });
    if (!outcome.ok) console.log(`\n${bench.name} FAILED (see .output/bench/${logName(bench)}.log)`);
  }
};
const phaseTimes: { why: string; seconds: number }[] = [];
for (const phase of phases) {
  const begin = Date.now();
  const together = phase.lanes.length > 1;
  if (together) {
    console.log(
      `\n=== Side by side (${phase.why}): ${phase.lanes.map((lane) => lane.map(logName).join(' → ')).join(' | ')}; each report as it ends`,
    );
  }
  await Promise.all(phase.lanes.map((lane) => inTurn(lane, together)));
  phaseTimes.push({ why: phase.why, seconds: (Date.now() - begin) / 1000 });
}

const figures: Figure[] = existsSync(resultsFile)
  ? readFileSync(resultsFile, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Figure)
  : [];

// --- The table ------------------------------------------------------------------------------------

const number = (value: number) =>
  Number.isInteger(value)
    ? String(value)
    : Math.abs(value) >= 100
      ? value.toFixed(0)
      : String(Number(value.toFixed(3)));
const status = (figure: Figure) => (figure.pass === null ? '–' : figure.pass ? 'pass' : 'OVER');
const rows = figures.map((figure) => [
  figure.bench,
  figure.browser ?? '–',
  figure.name,
  `${number(figure.value)} ${figure.unit}`,
  figure.baseline ? `${number(figure.baseline.value)} (${figure.baseline.name})` : '–',
  figure.ratio === null ? '–' : `${figure.ratio.toFixed(2)}×`,
  figure.budget?.text ?? '–',
  status(figure),
]);
for (const run of runs.filter((r) => !r.ok)) {
  rows.push([run.bench.name, '–', 'the benchmark failed: no figures', '–', '–', '–', '–', 'FAILED']);
}
const header = [
  'bench',
  'browser',
  'figure',
  'value',
  'baseline (same run)',
  'ratio',
  'budget (ARCHITECTURE.md, Budgets)',
  'status',
];

function textTable(): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

function markdownTable(): string {
  const escapeBars = (cell: string) => cell.replaceAll('|', '\\|');
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.map(escapeBars).join(' | ')} |`),
  ].join('\n');
}

function osName(): string {
  try {
    const release = readFileSync('/etc/os-release', 'utf8').match(/^PRETTY_NAME="?([^"\n]+)"?/m)?.[1];
    if (release) return `${release} (${os.type()} ${os.release()})`;
  } catch {
    // Not Linux: the kernel's name will do.
  }
  return `${os.type()} ${os.release()}`;
}

function browserVersion(executable: () => string): string {
  try {
    const answer = spawnSync(executable(), ['--version'], { encoding: 'utf8' });
    return answer.status === 0 ? answer.stdout.trim() : 'not found';
  } catch {
    return 'not found';
  }
}

const cpus = os.cpus();
const totalSeconds = (Date.now() - lockedAt) / 1000;
const machine = [
  `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}`,
  `${(os.totalmem() / 1024 ** 3).toFixed(1)} GB memory`,
  osName(),
  `Node ${process.version}`,
  browserVersion(chromiumExecutable),
  browserVersion(firefoxExecutable),
].join('; ');
const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
const over = figures.filter((figure) => figure.pass === false);
const failed = runs.filter((run) => !run.ok);
const summary = `${figures.length} figures from ${runs.length} benchmark runs in ${(totalSeconds / 60).toFixed(1)} minutes (${phaseTimes.map((phase) => `${phase.why}: ${(phase.seconds / 60).toFixed(1)}`).join('; ')}); ${over.length} over budget; ${failed.length} benchmark(s) failed.`;

console.log(`\n=== All figures (${date})\n`);
console.log(textTable());
console.log(`\n${summary}`);
console.log(`Machine: ${machine}`);

const markdown = [
  `Made by \`npm run bench\` on ${date}, on ${machine}.`,
  quick
    ? 'A quick run (`--quick`): fewer opens and loads; ratios are value / baseline, both measured in the same run.'
    : `The load benchmark ran ${LOAD_MINUTES} minutes; ratios are value / baseline, both measured in the same run.`,
  '',
  markdownTable(),
  '',
  summary,
  '',
].join('\n');
writeFileSync(path.join(OUT, 'results.md'), markdown);
writeFileSync(
  path.join(OUT, 'results.json'),
  `${JSON.stringify({ date, machine, quick, loadMinutes: Number(LOAD_MINUTES), seconds: totalSeconds, phases: phaseTimes, runs: runs.map((r) => ({ name: logName(r.bench), ok: r.ok, seconds: r.seconds })), figures }, null, 2)}\n`,
);
console.log(`Markdown: ${path.relative(ROOT, path.join(OUT, 'results.md'))}`);
if (failed.length > 0) process.exitCode = 1;
