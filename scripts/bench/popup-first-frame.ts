/**
 * The popup against an empty popup: each tab's first item painted from cache (Feed,
 * Messages, Explore, and any other tab the build has and marks), against the first paint of an
 * empty extension page: the same extension (a copy of the build under test with one static page
 * added, `empty-popup.html`, a line of text and nothing else), opened the same way (a tab the size of
 * the popup), in the same browser and the same run, the opens interleaved. Each timed open of a tab
 * starts from that tab's own snapshot, as a member opens the popup on the tab they last used: one
 * untimed open of the tab saves it before the runs, and it is put back before each timed open (the
 * opens of the other tabs in between replace it).
 *
 * The empty page exists only in the benchmark's copy of the build (.output/bench-extensions/): no
 * build a member installs has it.
 *
 * The popup opens at the address the toolbar button opens (`action.getPopup`, which the background
 * sets: lib/session/popup-url.ts), so a member's snapshot paints its first frame as it does for them
 * (entrypoints/popup/first-frame.ts). Two figures per tab:
 * - "first item from cache": the later of the page's first contentful paint and the tab's mark
 *   (`companion:first-<tab>-item`, set in the animation frame just before the frame that paints the
 *   item: by the snapshot's script, or by the app when there is no snapshot);
 * - "app's own first item": the same with the app's own mark (`…:app`, first-item-mark.ts), when the
 *   app itself has painted the item and answers the member (the figure before snapshots).
 * Beside them, the floors (popup-floors.ts): pages that only run one script, or make one storage
 * read, before they paint: how close to the empty popup any popup can come in this browser.
 * The empty page's figure is its first contentful paint. Both are times since the navigation started, read from the page
 * (`performance`), in Chromium through Playwright and in Firefox over WebDriver BiDi (Puppeteer).
 *
 * Where the time goes is printed too: each phase's median (the HTML's response, the popup's script
 * starting, the cache read, the tab's chunk loaded, the item's frame), from the popup's own marks.
 */
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SNAPSHOT_ITEM } from '../../entrypoints/popup/first-frame-snapshot';
import { LOCAL_SANDBOX_PORT } from '../../lib/config';
import { DEMO_USERNAME, type RunningSandbox, startSandbox } from '../../sandbox/index';
import {
  type BrowserName,
  type ExtensionBrowser,
  launchBrowser,
  type TestPage,
  toolbarPopupPath,
} from '../../tests/e2e/harness';
import { buildDir, PROFILE_FOR_BROWSER, REPO_ROOT } from '../../tests/e2e/harness/paths';
import { benchPageHtml, FLOOR_PAGES, writeFloorPages } from './popup-floors';
import { reportFigure } from './report';

/** The empty popup: what any extension's popup costs, painting a line of static text. */
export const EMPTY_POPUP_PAGE = 'empty-popup.html';
const EMPTY_POPUP_HTML = benchPageHtml('<p>Companion</p>');

/** The goal of ARCHITECTURE.md's budgets: each tab's cached first frame within this many times the empty popup's paint. */
export const FIRST_FRAME_GOAL = 1.25;
const LATENCY_MS = 300;

interface TabUnderTest {
  /** `popupTabItem`'s value, and the marker `popup-tab-<name>`. */
  name: string;
  label: string;
  /** The tab's performance mark of its first painted item. */
  mark: string;
}

/** Every tab that marks its first item; a tab the build under test lacks is left out. */
const TABS: readonly TabUnderTest[] = [
  { name: 'feed', label: 'Feed', mark: 'companion:first-feed-item' },
  { name: 'messages', label: 'Messages', mark: 'companion:first-messages-item' },
  { name: 'explore', label: 'Explore', mark: 'companion:first-explore-item' },
  { name: 'mystuff', label: 'My Stuff', mark: 'companion:first-mystuff-item' },
];

const BROWSER_LABEL: Record<BrowserName, string> = { chromium: 'Chromium', firefox: 'Firefox' };

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
const pad = (text: string, width: number) => text.padEnd(width);

/** What one open measured: times since the navigation started (ms). */
interface OpenTimes {
  /** The first item painted (a tab), or the first paint (the empty popup). */
  painted: number;
  /** The app's own first item painted (a tab; the empty popup: its first paint). */
  appPainted: number;
  /** Phases: the popup's marks, the first contentful paint, the navigation's own timings. */
  phases: Record<string, number>;
}

/** Read in the page (serialised): null until the paint (and the mark, if any) are there. */
function readTimes(mark: string | null): OpenTimes | null {
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  const marked = mark === null ? undefined : performance.getEntriesByName(mark)[0];
  const appMarked = mark === null ? undefined : performance.getEntriesByName(`${mark}:app`)[0];
  if (paint === undefined || (mark !== null && (marked === undefined || appMarked === undefined)))
    return null;
  const phases: Record<string, number> = { 'first contentful paint': paint.startTime };
  for (const entry of performance.getEntriesByType('mark')) phases[entry.name] = entry.startTime;
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (navigation !== undefined) {
    phases['HTML received'] = navigation.responseEnd;
    phases['DOM interactive'] = navigation.domInteractive;
    phases['DOM content loaded'] = navigation.domContentLoadedEventEnd;
  }
  // The chunks: when the last script the page loaded arrived (extension pages report them in Chromium).
  const scripts = performance
    .getEntriesByType('resource')
    .filter((entry) => entry.name.endsWith('.js'))
    .map((entry) => (entry as PerformanceResourceTiming).responseEnd);
  if (scripts.length > 0) phases['last script received'] = Math.max(...scripts);
  return {
    painted: Math.max(paint.startTime, marked?.startTime ?? 0),
    appPainted: Math.max(paint.startTime, appMarked?.startTime ?? 0),
    phases,
  };
}

/** A copy of the build under test with the empty popup added (never in a build members install). */
export function prepareBenchExtension(browserName: BrowserName): string {
  const source = buildDir(PROFILE_FOR_BROWSER[browserName], browserName);
  if (!existsSync(join(source, 'manifest.json'))) {
    throw new Error(`No build in ${source}: run \`npm run build:all\` first.`);
  }
  const copy = join(REPO_ROOT, '.output/bench-extensions', `${browserName}-with-empty-popup`);
  rmSync(copy, { recursive: true, force: true });
  mkdirSync(copy, { recursive: true });
  cpSync(source, copy, { recursive: true });
  writeFileSync(join(copy, EMPTY_POPUP_PAGE), EMPTY_POPUP_HTML);
  writeFloorPages(copy);
  return copy;
}

/**
 * An untimed open of a tab, as a member's previous open: it waits until the popup has saved its
 * snapshot of that tab (entrypoints/popup/first-frame-writer.ts: once the screen settled), and
 * returns that snapshot as the popup stored it.
 */
async function savedSnapshot(browser: ExtensionBrowser, path: string, tab: TabUnderTest): Promise<string> {
  const page = await browser.openPopup(path);
  try {
    return (await page.waitFor(
      ({ item, name }) => {
        const saved = localStorage.getItem(item);
        try {
          return (JSON.parse(saved ?? 'null') as { t?: string } | null)?.t === name ? saved : null;
        } catch {
          return null;
        }
      },
      { item: SNAPSHOT_ITEM, name: tab.name },
      { timeout: 30_000 },
    )) as string;
  } finally {
    await page.close();
  }
}

/**
 * Puts a tab's snapshot back, byte for byte as its own open saved it, through `keeper`: a page of the
 * extension (its origin's storage) left open in the background, the empty popup's static page, so
 * that putting it back opens no page. The state a member's previous open on that tab leaves.
 */
async function restoreSnapshot(keeper: TestPage, snapshot: string): Promise<void> {
  await keeper.evaluate(({ item, value }) => localStorage.setItem(item, value), {
    item: SNAPSHOT_ITEM,
    value: snapshot,
  });
}

/** Opens `path` as the popup, waits for its paint (and marks), closes it. */
async function timeOpen(browser: ExtensionBrowser, path: string, mark: string | null): Promise<OpenTimes> {
  const page = await browser.openPopup(path);
  try {
    return (await page.waitFor(readTimes, mark, { timeout: 30_000 })) as OpenTimes;
  } finally {
    await page.close();
  }
}

export interface FirstFrameOptions {
  runs: number;
  /** More to measure in the same browser and sandbox once the first frames are reported (a launch spared). */
  alsoInThisBrowser?: ((browser: ExtensionBrowser, sandbox: RunningSandbox) => Promise<void>) | undefined;
}

/** Runs the comparison in one browser, prints it, and reports one figure per tab and the baseline. */
export async function runFirstFrameBenchmark(
  browserName: BrowserName,
  { runs, alsoInThisBrowser }: FirstFrameOptions,
): Promise<void> {
  const extensionDir = prepareBenchExtension(browserName);
  // Chromium runs the store build (the live host names mapped onto the sandbox's HTTPS listener, any
  // port); Firefox the local build, which has the sandbox's default ports compiled in.
  const sandbox: RunningSandbox =
    browserName === 'chromium'
      ? await startSandbox({ port: 0, https: { port: 0 }, quiet: true })
      : await startSandbox({ port: LOCAL_SANDBOX_PORT, quiet: true });
  const browser = await launchBrowser(browserName, { sandbox, signedInAs: DEMO_USERNAME, extensionDir });
  try {
    sandbox.control.addLatency({ fixedMs: LATENCY_MS, part: 'api' });
    // Each tab opened once, to fill its cache (its first open waits for the service); a tab this
    // build does not have shows no marker of its own.
    const tabs: TabUnderTest[] = [];
    for (const tab of TABS) {
      await browser.setStorage('local', { popupTab: tab.name });
      const page = await browser.openPopup();
      try {
        const present = await page.waitFor(
          (name) =>
            document.querySelector('[data-testid^="popup-tab-"]') !== null &&
            document.querySelector(`[data-testid="popup-tab-${name}"]`) !== null
              ? 'yes'
              : document.querySelector('[data-testid^="popup-tab-"]') !== null
                ? 'no'
                : null,
          tab.name,
          { timeout: 30_000 },
        );
        if (present === 'no') continue;
        await page.waitFor((mark) => performance.getEntriesByName(mark).length > 0, tab.mark, {
          timeout: 30_000,
        });
        tabs.push(tab);
      } finally {
        await page.close();
      }
    }
    await timeOpen(browser, EMPTY_POPUP_PAGE, null);
    for (const floor of FLOOR_PAGES) await timeOpen(browser, floor.page, null);

    // Where the toolbar button opens the popup for the signed-in member.
    const popupPath = await toolbarPopupPath(browser);
    if (!/\?s=/.test(popupPath))
      console.warn(`The toolbar's popup has no member key (${popupPath}): no snapshot.`);
    const empty: number[] = [];
    const floors = new Map<string, number[]>(FLOOR_PAGES.map((floor) => [floor.name, []]));
    const painted = new Map<string, number[]>(tabs.map((tab) => [tab.name, []]));
    const appPainted = new Map<string, number[]>(tabs.map((tab) => [tab.name, []]));
    const phases = new Map<string, Record<string, number[]>>();
    // Each tab's snapshot, saved by an untimed open of it (put back before each timed open, through
    // a page of the extension that stays open, behind the opens, for the empty popup's too).
    const snapshots = new Map<string, string>();
    for (const tab of tabs) {
      await browser.setStorage('local', { popupTab: tab.name });
      snapshots.set(tab.name, await savedSnapshot(browser, popupPath, tab));
    }
    const keeper = await browser.openPopup(EMPTY_POPUP_PAGE);
    const record = (name: string, times: OpenTimes) => {
      const byPhase = phases.get(name) ?? {};
      for (const [phase, time] of Object.entries(times.phases))
        byPhase[phase] = [...(byPhase[phase] ?? []), time];
      phases.set(name, byPhase);
    };
    // Interleaved, the order turning each round: no page always follows the same one.
    const order = ['empty', ...FLOOR_PAGES.map((floor) => floor.name), ...tabs.map((tab) => tab.name)];
    for (let run = 0; run < runs; run++) {
      for (let step = 0; step < order.length; step++) {
        const name = order[(run + step) % order.length] as string;
        if (name === 'empty') {
          const times = await timeOpen(browser, EMPTY_POPUP_PAGE, null);
          empty.push(times.painted);
          record(name, times);
          continue;
        }
        const floor = FLOOR_PAGES.find((candidate) => candidate.name === name);
        if (floor !== undefined) {
          const times = await timeOpen(browser, floor.page, null);
          floors.get(floor.name)?.push(times.painted);
          record(name, times);
          continue;
        }
        const tab = tabs.find((candidate) => candidate.name === name) as TabUnderTest;
        // As a member meets it: the popup opens on the tab of their previous open (which is what the
        // popup loads ahead, entrypoints/popup/opening-view.ts), with the snapshot that open saved.
        await browser.setStorage('local', { popupTab: tab.name });
        await restoreSnapshot(keeper, snapshots.get(tab.name) as string);
        const times = await timeOpen(browser, popupPath, tab.mark);
        painted.get(tab.name)?.push(times.painted);
        appPainted.get(tab.name)?.push(times.appPainted);
        record(name, times);
      }
    }
    await keeper.close();

    const label = BROWSER_LABEL[browserName];
    const baseline = median(empty);
    console.log(
      `${label}: each tab's first item painted from cache vs the empty popup's first paint (median of ${runs} interleaved opens)`,
    );
    const header = [
      pad('page', 36),
      pad('median ms', 10),
      pad('beyond empty', 13),
      pad('× empty', 8),
      pad('min–max ms', 12),
    ].join('  ');
    console.log(header);
    console.log('-'.repeat(header.length));
    const line = (name: string, values: number[]) =>
      console.log(
        [
          pad(name, 36),
          pad(median(values).toFixed(0), 10),
          pad(`${(median(values) - baseline).toFixed(0)} ms`, 13),
          pad(`${(median(values) / baseline).toFixed(2)}`, 8),
          pad(`${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`, 12),
        ].join('  '),
      );
    line('empty popup', empty);
    // What no popup in this browser can beat, whatever its code (popup-floors.ts).
    for (const floor of FLOOR_PAGES) line(`${floor.kind}: ${floor.label}`, floors.get(floor.name) ?? []);
    for (const tab of tabs) line(`${tab.label}`, painted.get(tab.name) ?? []);
    for (const tab of tabs) line(`${tab.label}, app's own`, appPainted.get(tab.name) ?? []);
    console.log('\nWhere the time goes (median ms since the navigation started):');
    for (const [name, byPhase] of phases) {
      const parts = Object.entries(byPhase)
        .map(([phase, values]) => [phase, median(values)] as const)
        .sort((a, b) => a[1] - b[1])
        .map(([phase, value]) => `${phase.replace(/^companion:/, '')} ${value.toFixed(1)}`);
      console.log(`  ${pad(name, 9)} ${parts.join(' · ')}`);
    }
    console.log('');

    reportFigure({
      bench: 'popup',
      browser: browserName,
      name: "the empty popup's first paint (median)",
      value: Number(baseline.toFixed(1)),
      unit: 'ms',
    });
    for (const floor of FLOOR_PAGES) {
      const value = median(floors.get(floor.name) ?? []);
      reportFigure({
        bench: 'popup',
        browser: browserName,
        name:
          floor.kind === 'floor'
            ? `floor, ${floor.label} (median; what no popup here can beat)`
            : `probe, ${floor.label} (median; what painting the snapshot costs)`,
        value: Number(value.toFixed(1)),
        unit: 'ms',
        baseline: { name: 'the empty popup', value: Number(baseline.toFixed(1)) },
      });
    }
    for (const tab of tabs) {
      const value = median(painted.get(tab.name) ?? []);
      reportFigure({
        bench: 'popup',
        browser: browserName,
        name: `${tab.label}, first item from cache (median; ${(value - baseline).toFixed(0)} ms beyond the empty popup)`,
        value: Number(value.toFixed(1)),
        unit: 'ms',
        baseline: { name: 'the empty popup', value: Number(baseline.toFixed(1)) },
        budget: { text: `≤ ${FIRST_FRAME_GOAL}× the empty popup`, max: FIRST_FRAME_GOAL * baseline },
      });
    }
    // The app's own first item (interactive): no budget of its own, shown so nobody is misled.
    for (const tab of tabs) {
      const value = median(appPainted.get(tab.name) ?? []);
      reportFigure({
        bench: 'popup',
        browser: browserName,
        name: `${tab.label}, the app's own first item (median; ${(value - baseline).toFixed(0)} ms beyond the empty popup)`,
        value: Number(value.toFixed(1)),
        unit: 'ms',
        baseline: { name: 'the empty popup', value: Number(baseline.toFixed(1)) },
      });
    }
    await alsoInThisBrowser?.(browser, sandbox);
  } finally {
    await browser.close();
    await sandbox.close();
  }
}
