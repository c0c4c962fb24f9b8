/**
 * Site pages with Companion: the content script's whole main-thread time (every feature together,
 * the demo member signed in, caches warm) beside the page's own, in Chromium and in Firefox, on
 * the sandbox's explore grid, a project page with more than 100 comments and a profile:
 *
 *   - at load: from navigation to a quiet page (the load event, Companion's ready mark, QUIET_MS);
 *   - per interaction: the grid's "Load More" and the grid scrolled through, the project page's
 *     "Load More" (20 comments) and a comment the member adds, the profile scrolled through;
 *   - long tasks (a busy stretch over 50 ms) and which of them are Companion's (not long without it).
 *
 * Measured with each browser's own sampling profiler (scripts/bench/main-thread-samples.ts):
 * Chromium's V8 profiler through DevTools on the page's target (the store build, the live host
 * names mapped onto the sandbox), Firefox's Gecko profiler started and read from a privileged page
 * over WebDriver BiDi (the local build). Companion's time is every busy sample with the content
 * script on the stack; the page's own is every other busy sample of that thread. Reported as the
 * ratio of the two, measured in the same run, medians of RUNS rounds (the machine is shared).
 * ARCHITECTURE.md's budget: all features together ≤ 5% of the page's own time at load, no long task.
 *
 *   flock /tmp/companion-e2e.lock npx tsx scripts/bench/page-load.ts [--browser=chromium|firefox] [--quick]
 *
 * `--breakdown` also prints where the content script's time at load went, by entry point and by
 * innermost frame; its function names are readable in an unminified build
 * (`COMPANION_UNMINIFIED=1 COMPANION_PROFILE=local npx wxt build -b firefox`, or
 * `COMPANION_PROFILE=public` and `-b chrome`).
 *
 * Needs the builds `npm run bench` makes (COMPANION_PROFILE=public npx wxt build -b chrome;
 * COMPANION_PROFILE=local npx wxt build -b firefox) and the e2e sandbox lane's ports.
 */
import type { CDPSession } from 'playwright-core';
import type { Page as PuppeteerPage } from 'puppeteer-core';
import { DEMO_USERNAME, type RunningSandbox } from '../../sandbox/index';
import { BROWSER_NAMES, type BrowserName } from '../../tests/e2e/harness/browsers';
import type { ExtensionBrowser } from '../../tests/e2e/harness/extension-browser';
import { launchBrowser } from '../../tests/e2e/harness/launch';
import { startTestSandbox } from '../../tests/e2e/harness/sandbox';
import type { TestPage } from '../../tests/e2e/harness/test-page';
import {
  companionsLongTasks,
  type GeckoProfile,
  geckoCompanionBreakdown,
  geckoThreads,
  LONG_TASK_MS,
  type MainThreadFigures,
  mainThreadFigures,
  rendererTasks,
  type Sample,
  samplesOfGeckoThread,
  samplesOfV8Profile,
  type Task,
  type TraceEvent,
  type V8Profile,
  v8CompanionBreakdown,
} from './main-thread-samples';
import { reportFigure } from './report';

/**
 * `--quick`: two rounds of the loads alone, the rows with a budget (`npm run bench -- --quick`, while
 * working on a page's features); the interactions' rows need the full run.
 */
const QUICK = process.argv.includes('--quick');
const RUNS = QUICK ? 2 : 5;
/** Comments the member adds (the sandbox, as the site, refuses a sixth in a minute). */
const COMMENT_RUNS = Math.min(RUNS, 4);
/**
 * How long a page stays quiet after the load (or an interaction's result) before the profile stops.
 * Half a second: in a run of both browsers with 1.5 s, every page and interaction, the content
 * script had no busy sample in the last second of any window but one (1 ms, the first round's grid),
 * while the page's own work there was a few ms (it is left out now, which can only raise the ratio).
 */
const QUIET_MS = 500;
/** Also print where the content script's time went at each page's load (see below). */
const BREAKDOWN = process.argv.includes('--breakdown');
const LOAD_BUDGET_RATIO = 0.05;
const only = process.argv.find((arg) => arg.startsWith('--browser='))?.slice('--browser='.length);
const browsers = BROWSER_NAMES.filter((name) => only === undefined || name === only);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : (sorted[Math.floor((sorted.length - 1) / 2)] as number);
};

/** Starts the browser's profiler on the page's main thread; stop() gives its samples (and tasks). */
interface Probe {
  start(): Promise<void>;
  stop(): Promise<{ samples: Sample[]; tasks?: Task[]; breakdown?: Breakdown }>;
}
type Breakdown = ReturnType<typeof geckoCompanionBreakdown>;

/** Chromium: the V8 profiler, and a trace alongside for the tasks. */
function chromiumProbe(cdp: CDPSession, extensionOrigin: string): Probe {
  const isCompanion = (url: string) => url.startsWith(`${extensionOrigin}/content-scripts/`);
  let events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => {
    events.push(...(value as unknown as TraceEvent[]));
  });
  return {
    async start() {
      events = [];
      await cdp.send('Tracing.start', {
        categories: 'disabled-by-default-devtools.timeline,__metadata',
        transferMode: 'ReportEvents',
      });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    },
    async stop() {
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: V8Profile };
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await complete;
      const samples = samplesOfV8Profile(profile, isCompanion);
      const tasks = rendererTasks(events);
      return {
        samples,
        tasks,
        ...(BREAKDOWN ? { breakdown: v8CompanionBreakdown(profile, isCompanion) } : {}),
      };
    },
  };
}

/** The part of Firefox's nsIProfiler used here. */
interface GeckoProfiler {
  StartProfiler(entries: number, intervalMs: number, features: string[], threads: string[]): void;
  getProfileDataAsync(): Promise<unknown>;
  StopProfiler(): void;
}

/** What the profile's pruning (below) touches of a Gecko profile, as the browser gives it. */
interface PrunableProfile {
  threads: { name: string; processType: string; markers?: unknown }[];
  processes?: PrunableProfile[];
  libs?: unknown[];
}

/** Firefox's Gecko profiler, driven from about:config (a privileged page BiDi may evaluate in). */
async function firefoxProbe(page: PuppeteerPage, extensionOrigin: string): Promise<Probe> {
  const privileged = await page.browser().newPage({ background: true });
  privileged.goto('about:config').catch(() => {});
  const deadline = Date.now() + 30_000;
  while (!(await privileged.evaluate(() => 'Services' in globalThis).catch(() => false))) {
    if (Date.now() > deadline) throw new Error('about:config did not open (is system access allowed?)');
    await sleep(100);
  }
  const marker = `${extensionOrigin}/content-scripts/`;
  return {
    async start() {
      await privileged.evaluate(() => {
        const { profiler } = (globalThis as unknown as { Services: { profiler: GeckoProfiler } }).Services;
        // 0.1 ms asked; the machine's timer decides. "cpu" records each sample's CPU time.
        profiler.StartProfiler(1 << 24, 0.1, ['js', 'cpu', 'stackwalk'], ['GeckoMain']);
      });
    },
    async stop() {
      const text = await privileged.evaluate(async () => {
        const { profiler } = (globalThis as unknown as { Services: { profiler: GeckoProfiler } }).Services;
        const profile = (await profiler.getProfileDataAsync()) as PrunableProfile;
        profiler.StopProfiler();
        // Only the tab processes' main threads cross over WebDriver BiDi (read below): the whole
        // profile is several megabytes, and its transfer took about a second per measure.
        // A loop, not a named function: tsx would wrap one in a helper the page lacks.
        const parts = [profile];
        for (let part = parts.pop(); part !== undefined; part = parts.pop()) {
          part.threads = part.threads.filter(
            (thread) => thread.name === 'GeckoMain' && thread.processType === 'tab',
          );
          for (const thread of part.threads) delete thread.markers;
          part.libs = [];
          parts.push(...(part.processes ?? []));
        }
        return JSON.stringify(profile);
      });
      const profile = JSON.parse(text) as GeckoProfile;
      // The site tab's content process: the main thread the content script ran on (its frames are
      // named only where it was sampled; else the busiest tab process's main thread, the site's).
      const threads = geckoThreads(profile).filter(
        ({ thread }) => thread.name === 'GeckoMain' && thread.processType === 'tab',
      );
      if (threads.length === 0) throw new Error('The profile has no content process');
      const ran = threads.filter(({ thread }) => thread.stringTable.some((entry) => entry.includes(marker)));
      const busy = (samples: Sample[]) => samples.reduce((sum, sample) => sum + sample.busy, 0);
      const [busiest] = (ran.length > 0 ? ran : threads)
        .map((owned) => ({
          owned,
          samples: samplesOfGeckoThread(owned.profile, owned.thread, (location) => location.includes(marker)),
        }))
        .sort((a, b) => busy(b.samples) - busy(a.samples));
      if (!busiest) throw new Error('No thread');
      const breakdown = BREAKDOWN
        ? geckoCompanionBreakdown(busiest.owned.profile, busiest.owned.thread, (location) =>
            location.includes('content-scripts/'),
          )
        : undefined;
      return { samples: busiest.samples, ...(breakdown ? { breakdown } : {}) };
    },
  };
}

interface Interaction {
  name: string;
  /** Does it and waits until its result shows. */
  run(page: TestPage, round: number): Promise<void>;
}

interface SitePageCase {
  name: string;
  url: string;
  /** True once the page has rendered what it loads first. */
  ready: () => boolean;
  interactions: Interaction[];
}

const scrollThrough: Interaction = {
  name: 'scrolled through',
  async run(page) {
    await page.evaluate(() => window.scrollTo(0, 0));
    for (let step = 0; step < 12; step++) {
      const more = await page.evaluate(() => {
        window.scrollBy(0, window.innerHeight * 0.8);
        return window.scrollY + window.innerHeight < document.documentElement.scrollHeight;
      });
      await sleep(120);
      if (!more) break;
    }
  },
};

function pageCases(sandbox: RunningSandbox, site: string): SitePageCase[] {
  const store = sandbox.control.store;
  const demo = store.getUser(DEMO_USERNAME);
  const project = store
    .projects()
    .find(
      (p) => p.isShared && p.authorId !== demo?.id && store.topLevelComments('project', p.id).length >= 100,
    );
  if (!project) throw new Error('The seed has no project with 100 comments');
  const author = store.users().find((user) => user.id === project.authorId);
  if (!author) throw new Error('The project has no author');
  return [
    {
      name: 'explore grid',
      url: `${site}/explore/projects/all/`,
      ready: () => document.querySelectorAll('.thumbnail').length >= 16,
      interactions: [
        {
          name: 'Load More (16 thumbnails)',
          async run(page) {
            const before = await page.evaluate(() => document.querySelectorAll('.thumbnail').length);
            await page.evaluate(() =>
              [...document.querySelectorAll('button')]
                .find((button) => button.textContent === 'Load More' && !button.hidden)
                ?.click(),
            );
            await page.waitFor((n) => document.querySelectorAll('.thumbnail').length > n, before);
          },
        },
        scrollThrough,
      ],
    },
    {
      name: `project page (${store.topLevelComments('project', project.id).length} comments)`,
      url: `${site}/projects/${project.id}/`,
      ready: () => document.querySelectorAll('div.comment:not(.compose-row)').length >= 10,
      interactions: [
        {
          name: 'Load More (20 comments)',
          async run(page) {
            const count = () => document.querySelectorAll('div.comment:not(.compose-row)').length;
            const before = await page.evaluate(count);
            // Clicked where the member is: no scrolling to the button.
            await page.evaluate(() =>
              document.querySelector<HTMLButtonElement>('button.load-more-button')?.click(),
            );
            await page.waitFor(
              (n) => document.querySelectorAll('div.comment:not(.compose-row)').length > n,
              before,
            );
          },
        },
        {
          name: 'a comment added',
          async run(page, round) {
            const text = `Bench comment ${Date.now()} ${round}: nice colours`;
            await page.evaluate((words) => {
              const box = document.querySelector<HTMLTextAreaElement>('.comments-root-reply textarea');
              if (!box) throw new Error('no composer');
              box.value = words;
              box.dispatchEvent(new Event('input', { bubbles: true }));
              document.querySelector<HTMLButtonElement>('.comments-root-reply .compose-post')?.click();
            }, text);
            await page.waitFor(
              (words) =>
                [...document.querySelectorAll('div.comment .comment-content, div.comment')].some((node) =>
                  node.textContent?.includes(words),
                ),
              text,
            );
          },
        },
      ],
    },
    {
      name: 'profile',
      url: `${site}/users/${encodeURIComponent(author.username)}/`,
      ready: () => document.readyState === 'complete',
      interactions: [scrollThrough],
    },
  ];
}

interface Measured {
  /** [page][what] → figures of each round. */
  figures: Map<string, Map<string, MainThreadFigures[]>>;
}

async function measureIn(name: BrowserName, sandbox: RunningSandbox): Promise<Measured> {
  const browser: ExtensionBrowser = await launchBrowser(name, { sandbox, signedInAs: DEMO_USERNAME });
  const figures = new Map<string, Map<string, MainThreadFigures[]>>();
  const record = (page: string, what: string, value: MainThreadFigures) => {
    const forPage = figures.get(page) ?? new Map<string, MainThreadFigures[]>();
    figures.set(page, forPage);
    forPage.set(what, [...(forPage.get(what) ?? []), value]);
  };
  try {
    const cases = pageCases(sandbox, browser.profile.site);
    const page = await browser.openPage(`${browser.profile.site}/`);
    let probe: Probe;
    if (page.raw.kind === 'playwright') {
      const cdp = await page.raw.page.context().newCDPSession(page.raw.page);
      probe = chromiumProbe(cdp, browser.extensionOrigin);
    } else {
      probe = await firefoxProbe(page.raw.page, browser.extensionOrigin);
    }
    const settle = async (ready: () => boolean) => {
      await page.waitFor(ready, undefined, { timeout: 30_000 });
      await page.waitFor(() => document.documentElement.dataset.companion?.startsWith('ready') === true);
      await sleep(QUIET_MS);
    };
    const measure = async (work: () => Promise<void>, breakdownOf?: string) => {
      await probe.start();
      await work();
      const { samples, tasks, breakdown } = await probe.stop();
      if (breakdown && breakdownOf) addBreakdown(breakdownOf, breakdown);
      return mainThreadFigures(samples, tasks);
    };
    // Warm: statuses read and cached, scripts compiled, the service worker up.
    for (const pageCase of cases) {
      await page.goto(pageCase.url);
      await settle(pageCase.ready);
      await scrollThrough.run(page, 0);
      await sleep(3000);
    }
    for (let round = 0; round < RUNS; round++) {
      for (const pageCase of cases) {
        record(
          pageCase.name,
          'load',
          await measure(async () => {
            await page.goto(pageCase.url);
            await settle(pageCase.ready);
          }, `${name}, ${pageCase.name}`),
        );
        for (const interaction of QUICK ? [] : pageCase.interactions) {
          if (interaction.name === 'a comment added' && round >= COMMENT_RUNS) continue;
          record(
            pageCase.name,
            interaction.name,
            await measure(async () => {
              await interaction.run(page, round);
              await sleep(QUIET_MS);
            }),
          );
        }
      }
    }
  } finally {
    await browser.close();
  }
  return { figures };
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

/** [page] → the content script's time at load by frame, summed over the rounds. */
const breakdowns = new Map<string, Breakdown>();
function addBreakdown(page: string, breakdown: Breakdown): void {
  const sum = breakdowns.get(page) ?? { outer: new Map<string, number>(), inner: new Map<string, number>() };
  breakdowns.set(page, sum);
  for (const part of ['outer', 'inner'] as const) {
    for (const [frame, value] of breakdown[part]) sum[part].set(frame, (sum[part].get(frame) ?? 0) + value);
  }
}
function printBreakdowns(): void {
  for (const [page, { outer, inner }] of breakdowns) {
    for (const [title, map] of [
      ['outermost content-script frame', outer],
      ['innermost frame', inner],
    ] as const) {
      console.log(`\n${page}, at load, by ${title} (ms per load, mean of ${RUNS}):`);
      for (const [frame, value] of [...map].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
        console.log(`  ${(value / RUNS).toFixed(2).padStart(6)}  ${frame.slice(0, 150)}`);
      }
    }
  }
}

function report(name: BrowserName, measured: Measured): void {
  console.log(`\n${name}: Companion's main thread beside the page's own (median of ${RUNS} rounds)`);
  let longTasks = 0;
  let companions = 0;
  for (const [pageName, byWhat] of measured.figures) {
    for (const [what, rounds] of byWhat) {
      const companion = median(rounds.map((r) => r.companion));
      const own = median(rounds.map((r) => r.page));
      const ratio = companion / own;
      const long = rounds.flatMap((r) => r.longTasks);
      const mine = rounds.flatMap((r) => companionsLongTasks(r));
      longTasks += long.length;
      companions += mine.length;
      console.log(
        `  ${`${pageName}, ${what}:`.padEnd(58)} Companion ${ms(companion).padStart(9)}, page ${ms(own).padStart(10)}, ratio ${ratio.toFixed(3)}; long tasks ${long.length} (Companion's ${mine.length}; Companion's part of them ${ms(long.reduce((sum, task) => sum + task.companion, 0))})`,
      );
      const isLoad = what === 'load';
      reportFigure({
        bench: 'page-load',
        browser: name,
        name: `${pageName}, ${isLoad ? 'at load' : what}: content script's main thread (median)`,
        value: Number(companion.toFixed(2)),
        unit: 'ms',
        baseline: { name: "the page's own", value: Number(own.toFixed(1)) },
        ...(isLoad ? { budget: { text: "≤ 5% of the page's own", pass: ratio <= LOAD_BUDGET_RATIO } } : {}),
      });
    }
  }
  reportFigure({
    bench: 'page-load',
    browser: name,
    name: `long tasks (> ${LONG_TASK_MS} ms) caused by Companion, every load and interaction above`,
    value: companions,
    unit: 'tasks',
    baseline: { name: 'all long tasks', value: longTasks },
    budget: { text: 'none', max: 0 },
  });
}

const sandbox = await startTestSandbox();
try {
  for (const name of browsers) {
    // Each browser on the seeded world: the same pages, and no comment of the browser before in the
    // site's flood window (5 comments a member a minute): on a quick host the second browser's first
    // comment came within the minute and was refused.
    sandbox.control.reset();
    report(name, await measureIn(name, sandbox));
  }
  printBreakdowns();
} finally {
  await sandbox.close();
}
