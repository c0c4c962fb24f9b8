/**
 * `npm run bench`: every benchmark of scripts/bench/, one after another, then ONE table of every
 * figure with its budget from ARCHITECTURE.md and its ratio against the baseline measured in the same
 * run, printed and written as Markdown to .output/bench/results.md (with the date and the machine)
 * for the README's performance section; the figures also go to .output/bench/results.json and
 * each benchmark's own report to .output/bench/<name>.log.
 *
 * It builds the three production builds first (`npm run build:all`; `--no-build` skips it), then
 * takes the end-to-end lock (`flock /tmp/companion-e2e.lock`) ONCE around all the benchmarks: most
 * start the sandbox or a browser, and the machine's cores are shared with the end-to-end runs.
 * Waiting for the lock once beats queueing seven times. Each benchmark still runs on its own
 * (`npx tsx scripts/bench/<name>.ts`); figures reach this runner through scripts/bench/report.ts.
 *
 *   npm run bench                        (the load benchmark runs its full ten minutes: about 18 minutes in all)
 *   LOAD_MINUTES=2 npm run bench         (a shorter load run, for trying things out)
 *   npm run bench -- --only=load,message-count
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
/** The load benchmark's length (minutes): the ten unless asked otherwise. */
const LOAD_MINUTES = process.env.LOAD_MINUTES ?? '10';

interface Bench {
  name: string;
  args?: string[];
  /** What it measures, for the table's notes. */
  what: string;
}

const BENCHES: Bench[] = [
  { name: 'bundle-size', what: 'production bundles against their budgets' },
  {
    name: 'message-count',

    what: 'the count poller on a simulated clock: an hour, a modelled day',
  },
  { name: 'studio-news', what: "studio bells' reads on a simulated clock: 1, 10 and the cap of studios" },
  {
    name: 'project-history',
    what: "the daily record's reads on a simulated clock: 30 days, 5 to 400 projects, My Stuff opened or not",
  },
  { name: 'api-client', what: 'the API client against the sandbox vs a naive client' },
  {
    name: 'popup',
    args: ['--without-explore'],

    what: 'the popup: each tab from cache against an empty popup (Chromium, Firefox); open to first feed item, requests of ten opens (Chromium)',
  },
  { name: 'popup-messages', what: 'the Messages tab in Chromium' },
  {
    name: 'popup-over-time',
    what: "My Stuff's Over time: its chart from cache after the click, against an empty popup",
  },
  { name: 'popup-explore', what: 'the Explore service against the sandbox: caches on vs off' },
  {
    name: 'status-marks',

    what: 'loved/favorited marks: a browsing trace; main-thread time in Chromium',
  },
  { name: 'translate', what: 'translation: main-thread time in Chromium; requests' },
  {
    name: 'page-load',
    what: "site pages in Chromium and Firefox: the content script's main thread at load and per interaction beside the page's own",
  },
  {
    name: 'load',
    args: [`--minutes=${LOAD_MINUTES}`],

    what: `20 site tabs and the popup, ${LOAD_MINUTES} minutes of scripted browsing in Chromium`,
  },
];

const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const selected = BENCHES.filter((bench) => only === undefined || only.includes(bench.name));

const started = Date.now();
if (!process.env[LOCK_HELD_ENV]) {
  if (!process.argv.includes('--no-build')) {
    console.log('Building the production builds (npm run build:all)...');
    const built = spawnSync('npm', ['run', '--silent', 'build:all'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) {
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

/** Runs one benchmark, its output on the console and in .output/bench/<name>.log. */
function runBench(bench: Bench): Promise<{ ok: boolean; seconds: number }> {
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  const command = [tsx, path.join('scripts/bench', `${bench.name}.ts`), ...(bench.args ?? [])];
  const [file, ...args] = command;
  const log = createWriteStream(path.join(OUT, `${bench.name}.log`));
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
        // The figures come again in the table: keep the console to each benchmark's own report.
        const text = chunk
          .toString()
          .split('\n')
          .filter((line) => !line.startsWith('BENCH-RESULT ') && !line.startsWith('npm warn'))
          .join('\n');
        process.stdout.write(text);
      });
    }
    child.on('close', (code) => {
      log.end();
      resolve({ ok: code === 0, seconds: (Date.now() - begin) / 1000 });
    });
  });
}

const runs: { bench: Bench; ok: boolean; seconds: number }[] = [];
for (const bench of selected) {
  console.log(`\n=== ${bench.name}: ${bench.what}\n`);
  const outcome = await runBench(bench);
  runs.push({ bench, ...outcome });
  if (!outcome.ok) console.log(`\n${bench.name} FAILED (see .output/bench/${bench.name}.log)`);
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
const summary = `${figures.length} figures from ${runs.length} benchmarks in ${(totalSeconds / 60).toFixed(1)} minutes; ${over.length} over budget; ${failed.length} benchmark(s) failed.`;

console.log(`\n=== All figures (${date})\n`);
console.log(textTable());
console.log(`\n${summary}`);
console.log(`Machine: ${machine}`);

const markdown = [
  `Made by \`npm run bench\` on ${date}, on ${machine}.`,
  `The load benchmark ran ${LOAD_MINUTES} minutes; ratios are value / baseline, both measured in the same run.`,
  '',
  markdownTable(),
  '',
  summary,
  '',
].join('\n');
writeFileSync(path.join(OUT, 'results.md'), markdown);
writeFileSync(
  path.join(OUT, 'results.json'),
  `${JSON.stringify({ date, machine, loadMinutes: Number(LOAD_MINUTES), seconds: totalSeconds, runs: runs.map((r) => ({ name: r.bench.name, ok: r.ok, seconds: r.seconds })), figures }, null, 2)}\n`,
);
console.log(`Markdown: ${path.relative(ROOT, path.join(OUT, 'results.md'))}`);
if (failed.length > 0) process.exitCode = 1;
