/**
 * Where the popup's first frame waits, in Chromium, from a DevTools trace: the empty popup (the
 * baseline of popup-first-frame.ts) and the popup on each tab with its snapshot, each opened `RUNS`
 * times after an untimed open, as that benchmark opens them. For each open it prints, from the
 * navigation's start (the trace's `navigationStart`) to the first contentful paint, what the popup's
 * renderer main thread did (its top-level tasks, by name, in ms) and for how long it had nothing to
 * do, the time of each step the page reached (HTML parsed, `first-frame.js` run, the first
 * paint), and how long the renderer's worker threads spent drawing its tiles (raster) before it.
 * The snapshot alone (the probe page of popup-floors.ts) is traced too: what painting the member's
 * snapshot costs with nothing else in the page. A figure the benchmark prints as a ratio becomes a
 * list of where the time went: the floor (what any extension page pays: the tab, the renderer, the
 * parser) against what the popup adds.
 *
 * A tool for working on the popup's first frame, not a benchmark with budgets: `npm run bench`
 * does not run it. Run (under the end-to-end lock, like every benchmark):
 *   flock /tmp/companion-e2e.lock npx tsx scripts/bench/popup-trace.ts [--runs=5]
 */
import type { CDPSession, Page } from 'playwright-core';
import { DEMO_USERNAME, startSandbox } from '../../sandbox/index';
import { type ExtensionBrowser, launchBrowser, toolbarPopupPath } from '../../tests/e2e/harness';
import { EMPTY_POPUP_PAGE, prepareBenchExtension } from './popup-first-frame';
import { FLOOR_PAGES } from './popup-floors';

const snapshotProbe = FLOOR_PAGES.find((page) => page.name === 'snapshot');
if (snapshotProbe === undefined) throw new Error('popup-floors.ts has no probe named "snapshot"');
const SNAPSHOT_PROBE_PAGE = snapshotProbe.page;
const RUNS = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 5);
const TABS = ['feed', 'messages', 'explore', 'mystuff'] as const;

/** One trace event, as Chromium writes it (times in µs). */
interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; frame?: string; documentLoaderURL?: string }; frame?: string };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'loading',
  'blink.user_timing',
  'toplevel',
  'v8.execute',
  'navigation',
  // The compositor's raster tasks (on the renderer's worker threads).
  'cc',
];

async function traced(session: CDPSession, action: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const collected = (data: { value: object[] }) => {
    events.push(...(data.value as TraceEvent[]));
  };
  session.on('Tracing.dataCollected', collected);
  await session.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES } });
  try {
    await action();
  } finally {
    const done = new Promise<void>((resolve) => session.once('Tracing.tracingComplete', () => resolve()));
    await session.send('Tracing.end');
    await done;
    session.off('Tracing.dataCollected', collected);
  }
  return events;
}

/** The popup's page, open until its first paint and (a tab) its first item's mark. */
async function openAndWait(browser: ExtensionBrowser, path: string, mark: string | null): Promise<void> {
  const page = await browser.openPopup(path);
  try {
    await page.waitFor(
      (name) =>
        performance.getEntriesByName('first-contentful-paint').length > 0 &&
        (name === null || performance.getEntriesByName(name).length > 0),
      mark,
      { timeout: 30_000 },
    );
  } finally {
    await page.close();
  }
}

interface Breakdown {
  /** ms from navigationStart to each step the page reached. */
  steps: Record<string, number>;
  /** ms of the renderer main thread's top-level work before the first paint, by task name. */
  busy: Record<string, number>;
  /** ms before the first paint in which the main thread ran no top-level task. */
  idle: number;
  /**
   * ms of raster (the renderer's worker threads drawing the frame's tiles) before the first paint:
   * off the main thread, but the paint waits for it, and on two cores it shares them with the page.
   */
  raster: number;
}

/** The popup's renderer main thread, from navigationStart to its first contentful paint. */
function breakdown(events: TraceEvent[], url: string): Breakdown | null {
  const start = events.find(
    (event) => event.name === 'navigationStart' && (event.args?.data?.documentLoaderURL ?? '').includes(url),
  );
  if (start === undefined) return null;
  const onMain = (event: TraceEvent) => event.pid === start.pid && event.tid === start.tid;
  const paint = events.find(
    (event) => onMain(event) && event.name === 'firstContentfulPaint' && event.ts >= start.ts,
  );
  if (paint === undefined) return null;
  const ms = (ts: number) => Number(((ts - start.ts) / 1000).toFixed(1));
  const steps: Record<string, number> = { 'first contentful paint': ms(paint.ts) };
  const firstOf = (name: string, label: string, matches: (event: TraceEvent) => boolean = () => true) => {
    const found = events.find(
      (event) => onMain(event) && event.name === name && event.ts >= start.ts && matches(event),
    );
    if (found !== undefined && found.ts <= paint.ts) steps[label] = ms(found.ts + (found.dur ?? 0));
  };
  firstOf('ParseHTML', 'HTML parsed (first chunk)');
  firstOf('EvaluateScript', 'first-frame.js run', (event) =>
    (event.args?.data?.url ?? '').endsWith('/first-frame.js'),
  );
  firstOf('domInteractive', 'DOM interactive');
  firstOf('MarkDOMContent', 'DOM content loaded');
  firstOf('UpdateLayoutTree', 'first style');
  firstOf('Layout', 'first layout');
  firstOf('Paint', 'first paint recorded');
  const tasks = events
    .filter(
      (event) =>
        onMain(event) &&
        event.ph === 'X' &&
        event.cat.includes('toplevel') &&
        event.ts < paint.ts &&
        event.ts + (event.dur ?? 0) > start.ts,
    )
    .sort((a, b) => a.ts - b.ts);
  const busy: Record<string, number> = {};
  let covered = 0;
  let cursor = start.ts;
  for (const task of tasks) {
    const from = Math.max(task.ts, cursor);
    const to = Math.min(task.ts + (task.dur ?? 0), paint.ts);
    if (to <= from) continue;
    // What the task did: its longest direct child on the same thread (parsing, a script, layout).
    const inside = events
      .filter(
        (event) =>
          onMain(event) &&
          event.ph === 'X' &&
          event !== task &&
          event.ts >= task.ts &&
          event.ts < task.ts + (task.dur ?? 0) &&
          !event.cat.includes('toplevel'),
      )
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
    const label =
      inside === undefined
        ? task.name
        : `${inside.name}${inside.args?.data?.url ? ` ${inside.args.data.url.replace(/^.*\//, '')}` : ''}`;
    busy[label] = Number(((busy[label] ?? 0) + (to - from) / 1000).toFixed(1));
    covered += to - from;
    cursor = to;
  }
  const raster = events
    .filter(
      (event) =>
        event.pid === start.pid && event.name === 'RasterTask' && event.ts >= start.ts && event.ts < paint.ts,
    )
    .reduce((sum, event) => sum + (event.dur ?? 0), 0);
  return {
    steps,
    busy,
    idle: Number(((paint.ts - start.ts - covered) / 1000).toFixed(1)),
    raster: Number((raster / 1000).toFixed(1)),
  };
}

function printMedianBreakdown(label: string, runs: Breakdown[]): void {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  };
  const steps = [...new Set(runs.flatMap((run) => Object.keys(run.steps)))]
    .map(
      (step) =>
        [
          step,
          median(runs.map((run) => run.steps[step] ?? Number.NaN).filter((v) => !Number.isNaN(v))),
        ] as const,
    )
    .sort((a, b) => a[1] - b[1]);
  console.log(`\n${label} (median of ${runs.length} opens, ms since navigationStart)`);
  console.log(`  steps: ${steps.map(([step, value]) => `${step} ${value}`).join(' · ')}`);
  const busy = [...new Set(runs.flatMap((run) => Object.keys(run.busy)))]
    .map((task) => [task, median(runs.map((run) => run.busy[task] ?? 0))] as const)
    .filter(([, value]) => value >= 0.5)
    .sort((a, b) => b[1] - a[1]);
  console.log(`  main thread busy: ${busy.map(([task, value]) => `${task} ${value}`).join(' · ')}`);
  console.log(`  main thread idle before the first paint: ${median(runs.map((run) => run.idle))}`);
  console.log(`  raster before the first paint (worker threads): ${median(runs.map((run) => run.raster))}`);
}

const sandbox = await startSandbox({ port: 0, https: { port: 0 }, quiet: true });
const browser = await launchBrowser('chromium', {
  sandbox,
  signedInAs: DEMO_USERNAME,
  extensionDir: prepareBenchExtension('chromium'),
});
try {
  const host = await browser.openPage(`${browser.profile.site}/`);
  const session = await (host.raw.page as Page).context().newCDPSession(host.raw.page as Page);
  const popupPath = await toolbarPopupPath(browser);
  const results = new Map<string, Breakdown[]>();
  const keep = (label: string, events: TraceEvent[], url: string) => {
    const found = breakdown(events, url);
    if (found === null) console.warn(`${label}: no navigation or paint of ${url} in the trace`);
    else results.set(label, [...(results.get(label) ?? []), found]);
  };
  for (const tab of TABS) {
    await browser.setStorage('local', { popupTab: tab });
    await openAndWait(browser, popupPath, `companion:first-${tab}-item`);
  }
  for (let run = 0; run < RUNS; run++) {
    await openAndWait(browser, EMPTY_POPUP_PAGE, null);
    keep(
      'empty popup',
      await traced(session, () => openAndWait(browser, EMPTY_POPUP_PAGE, null)),
      EMPTY_POPUP_PAGE,
    );
    // The snapshot alone (popup-floors.ts: the last snapshot written, in a page with nothing else).
    keep(
      'the snapshot alone (probe)',
      await traced(session, () => openAndWait(browser, SNAPSHOT_PROBE_PAGE, null)),
      SNAPSHOT_PROBE_PAGE,
    );
    for (const tab of TABS) {
      await browser.setStorage('local', { popupTab: tab });
      await openAndWait(browser, popupPath, `companion:first-${tab}-item`);
      const events = await traced(session, () =>
        openAndWait(browser, popupPath, `companion:first-${tab}-item`),
      );
      keep(`popup on ${tab}`, events, 'popup.html');
    }
  }
  for (const [label, runs] of results) printMedianBreakdown(label, runs);
} finally {
  await browser.close();
  await sandbox.close();
}
