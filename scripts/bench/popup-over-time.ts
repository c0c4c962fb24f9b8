/**
 * My Stuff's "Over time" against an empty popup: the member opens the popup on My Stuff and clicks
 * "Over time"; the view's chunk loads, reads the stored record and paints its chart. Timed from the
 * click (`companion:over-time-opened`, entrypoints/popup/mystuff/MyStuffTab.tsx) to the frame that
 * paints the chart (`companion:first-over-time-item`, over-time/OverTimeView.tsx), against the first
 * paint of an empty extension page (popup-first-frame.ts's copy of the build with `empty-popup.html`),
 * in the same browser and the same run, the opens interleaved. The record is a full year of demo's
 * projects (90 daily days, then weekly), written to storage as the background would have kept it.
 * Run: `npx tsx scripts/bench/popup-over-time.ts [--runs=N]` (needs `npm run build:all`). The popup
 * benchmark (popup.ts) measures it in the browsers of its first frames instead (`measureOverTime`),
 * which spares two launches in `npm run bench`.
 */
import { pathToFileURL } from 'node:url';
import { LOCAL_SANDBOX_PORT } from '../../lib/config';
import {
  dayOf,
  emptyHistory,
  type ListedProject,
  recordDay,
} from '../../lib/project-history/project-history-model';
import { DEMO_USERNAME, type RunningSandbox, startSandbox } from '../../sandbox/index';
import { type BrowserName, type ExtensionBrowser, launchBrowser } from '../../tests/e2e/harness';
import { BROWSER_NAMES } from '../../tests/e2e/harness/browsers';
import { EMPTY_POPUP_PAGE, FIRST_FRAME_GOAL, prepareBenchExtension } from './popup-first-frame';
import { reportFigure } from './report';

const OPENED = 'companion:over-time-opened';
const PAINTED = 'companion:first-over-time-item';
/** Nine interleaved pairs, as the popup's other first frames (popup.ts). */
const RUNS = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice(7) ?? 9);

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** A year of demo's record: each of its projects on every kept day, the counts growing. */
function yearOfRecord(projects: { id: number; title: string }[]) {
  const today = dayOf(Date.now());
  let history = emptyHistory(DEMO_USERNAME);
  for (let day = today - 364; day <= today; day++) {
    const listed: ListedProject[] = projects.map((project, i) => ({
      id: project.id,
      title: project.title,
      stats: { loves: day - today + 400 + i, favorites: i, views: 10 * (day - today + 400) + i, remixes: 0 },
    }));
    history = recordDay(history, day, listed, true);
  }
  return { ...history, usedAt: Date.now() };
}

/** The empty popup's first paint (ms since the navigation started). */
async function emptyPaint(browser: ExtensionBrowser): Promise<number> {
  const page = await browser.openPopup(EMPTY_POPUP_PAGE);
  try {
    const painted = await page.waitFor(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    );
    return painted as number;
  } finally {
    await page.close();
  }
}

/** Opens the popup on My Stuff, clicks "Over time", and reads the time from the click to the chart's frame. */
async function overTimeOpen(browser: ExtensionBrowser): Promise<number> {
  const page = await browser.openPopup();
  try {
    await page.click('[data-testid="mystuff-open-over-time"]', { timeout: 30_000 });
    return (await page.waitFor(
      (marks) => {
        const opened = performance.getEntriesByName(marks.opened)[0];
        const painted = performance.getEntriesByName(marks.painted)[0];
        return opened && painted ? painted.startTime - opened.startTime : null;
      },
      { opened: OPENED, painted: PAINTED },
      { timeout: 30_000 },
    )) as number;
  } finally {
    await page.close();
  }
}

/**
 * Measures Over time in `browser` (the build with the empty popup beside it, signed in as demo, the
 * sandbox's demo behind it) and reports its figure; it leaves My Stuff as the popup's tab.
 */
export async function measureOverTime(
  browserName: BrowserName,
  browser: ExtensionBrowser,
  sandbox: RunningSandbox,
): Promise<void> {
  const store = sandbox.control.store;
  const projects = store.sharedProjectsOf(store.getUser(DEMO_USERNAME)?.id ?? 0);
  await browser.setStorage('local', {
    popupTab: 'mystuff',
    projectHistory: { [DEMO_USERNAME]: yearOfRecord(projects.map(({ id, title }) => ({ id, title }))) },
  });
  // Once untimed: My Stuff's cache filled, the chunks in the browser's cache as a member's.
  await overTimeOpen(browser);
  const empty: number[] = [];
  const view: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (i % 2 === 0) {
      empty.push(await emptyPaint(browser));
      view.push(await overTimeOpen(browser));
    } else {
      view.push(await overTimeOpen(browser));
      empty.push(await emptyPaint(browser));
    }
  }
  const baseline = median(empty);
  const value = median(view);
  console.log(
    `${browserName}: Over time's chart from cache, ${value.toFixed(1)} ms after the click (median of ${RUNS}); ` +
      `the empty popup's first paint ${baseline.toFixed(1)} ms: ${(value / baseline).toFixed(2)}×`,
  );
  reportFigure({
    bench: 'popup-over-time',
    browser: browserName,
    name: `Over time: its chart from cache after the click, a year of ${projects.length} projects (median)`,
    value: Number(value.toFixed(1)),
    unit: 'ms',
    baseline: { name: 'the empty popup', value: Number(baseline.toFixed(1)) },
    budget: { text: `≤ ${FIRST_FRAME_GOAL}× the empty popup`, max: FIRST_FRAME_GOAL * baseline },
  });
}

async function run(browserName: BrowserName): Promise<void> {
  // The same copy of the build, empty popup beside it, as the popup benchmark's own.
  const extensionDir = prepareBenchExtension(browserName);
  const sandbox: RunningSandbox =
    browserName === 'chromium'
      ? await startSandbox({ port: 0, https: { port: 0 }, quiet: true })
      : await startSandbox({ port: LOCAL_SANDBOX_PORT, quiet: true });
  const browser = await launchBrowser(browserName, { sandbox, signedInAs: DEMO_USERNAME, extensionDir });
  try {
    await measureOverTime(browserName, browser, sandbox);
  } finally {
    await browser.close();
    await sandbox.close();
  }
}

async function main(): Promise<void> {
  for (const browserName of BROWSER_NAMES) await run(browserName);
}

// Run directly (`npx tsx scripts/bench/popup-over-time.ts`), not when the popup benchmark imports it.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
