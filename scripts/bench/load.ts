/**
 * Load benchmark: 20 site tabs and the popup open together while a member browses (one tab goes to
 * another site page every few seconds, others scroll, the popup is reopened every minute), in real
 * Chromium with the store build against the sandbox, for ten minutes by default. Measured:
 *
 *   - the extension's request rate, from the sandbox's request log (where the service measures
 *     it): the API requests without an `Origin` header (the site's pages send one with every
 *     cross-origin read; the background's requests carry none), checked against every request the
 *     service worker sent as the browser reports it (DevTools `Network.requestWillBeSent` on the
 *     worker target; content scripts and the popup never talk to the network): the most in any
 *     sliding one-second window, and the mean (ARCHITECTURE.md, Budgets: ≤ 5 per second, bursts included);
 *   - memory, with the browser's own figures (`Runtime.getHeapUsage` after a garbage collection):
 *     the service worker's heap, and the heap of one site tab the member keeps open on a project
 *     page (its page and its content script's isolated world share one V8 heap), first minute
 *     against last minute, and its growth per minute (the least-squares slope of the samples after
 *     the first minute, printed projected over ten minutes): a leak too slow to show in a short
 *     run's last minute shows in its slope;
 *   - a burst of 100 changes of the site's session cookie (the browser context's cookies API, as
 *     the site's own sign-in refreshes do): session reads in the sandbox's log (≤ 2).
 *
 * The page tabs' own requests (the site's scripts) are the sandbox's load, not the extension's.
 * Runs on free ports (the public build reaches the sandbox through host-resolver rules), so it does
 * not need the fixed e2e ports; `npm run bench` runs it under the e2e lock all the same (CPU).
 *
 *   npx tsx scripts/bench/load.ts                 (10 minutes)
 *   npx tsx scripts/bench/load.ts --minutes=3     (or LOAD_MINUTES=3; what `npm run bench` runs)
 *
 * Everything the run does comes at fixed rates per minute (a page load every 3 s, a scroll, the
 * popup each minute, the count's poll each minute), so its rates are per-second figures that a
 * shorter run measures alike; memory is compared first minute against last, and by its slope.
 *
 * Needs the public Chromium build: `COMPANION_PROFILE=public npx wxt build -b chrome`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { SESSION_COOKIE } from '../../lib/session/session';
import { DEMO_USERNAME, startSandbox } from '../../sandbox/index';
import { launchBrowser } from '../../tests/e2e/harness';
import { buildDir } from '../../tests/e2e/harness/paths';
import type { TestPage } from '../../tests/e2e/harness/test-page';
import { reportFigure } from './report';

const MINUTE = 60_000;
const minutesArg = process.argv.find((arg) => arg.startsWith('--minutes='))?.split('=')[1];
const MINUTES = Number(minutesArg ?? process.env.LOAD_MINUTES ?? 10);
const TABS = 20;
/** One tab goes to another page this often; another scrolls. */
const STEP_MS = 3_000;
const SAMPLE_MS = 15_000;
const COOKIE_EVENTS = 100;
const RATE_BUDGET = 5;
const SESSION_READ_BUDGET = 2;
/** "Flat": the last minute's heap at most this much above the first minute's. */
const FLAT_RATIO = 1.25;

if (!Number.isFinite(MINUTES) || MINUTES < 1) throw new Error('--minutes must be 1 or more');
if (!existsSync(join(buildDir('public', 'chromium'), 'manifest.json'))) {
  console.error('No build: run `COMPANION_PROFILE=public npx wxt build -b chrome` first.');
  process.exit(1);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
/** The least-squares slope of `value` over `at` (per ms); 0 with fewer than two points. */
function slope(points: { at: number; value: number }[]): number {
  const meanAt = mean(points.map((p) => p.at));
  const meanValue = mean(points.map((p) => p.value));
  const spread = points.reduce((sum, p) => sum + (p.at - meanAt) ** 2, 0);
  if (points.length < 2 || spread === 0) return 0;
  return points.reduce((sum, p) => sum + (p.at - meanAt) * (p.value - meanValue), 0) / spread;
}
/** The horizon a slope is projected over: the ten minutes the budget speaks of. */
const PROJECTED_MINUTES = 10;
const MB = (bytes: number) => bytes / (1024 * 1024);

/** Most events in any window of `windowMs` (sliding: every event starts one). */
function peakInWindow(times: number[], windowMs = 1000): number {
  const sorted = [...times].sort((a, b) => a - b);
  let peak = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] as number) - (sorted[start] as number) >= windowMs) start++;
    peak = Math.max(peak, end - start + 1);
  }
  return peak;
}

/**
 * The extension's service worker through DevTools. Playwright gives sessions for pages only, so a
 * page's session attaches to the worker target (non-flattened: messages wrapped in Target.*), and
 * re-attaches when Chromium starts a new worker.
 */
class WorkerProbe {
  private sessionId: string | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, (result: unknown) => void>();
  /** When the worker sent each request (ms since the epoch), and what. */
  readonly requests: { at: number; url: string }[] = [];
  workersSeen = 0;

  constructor(private readonly cdp: CDPSession) {
    cdp.on('Target.receivedMessageFromTarget' as never, (event: { sessionId: string; message: string }) => {
      if (event.sessionId !== this.sessionId) return;
      const message = JSON.parse(event.message) as {
        id?: number;
        result?: unknown;
        method?: string;
        params?: { request?: { url: string }; wallTime?: number };
      };
      if (message.id !== undefined) this.pending.get(message.id)?.(message.result);
      if (message.method === 'Network.requestWillBeSent' && message.params?.request) {
        // The browser's own time of the request (events reach us in batches: our clock would bunch them).
        const at = message.params.wallTime === undefined ? Date.now() : message.params.wallTime * 1000;
        this.requests.push({ at, url: message.params.request.url });
      }
    });
    // Existing targets are announced too when discovery starts: each worker is attached once.
    cdp.on(
      'Target.targetCreated' as never,
      (event: { targetInfo: { targetId: string; type: string; url: string } }) => {
        if (this.isOurs(event.targetInfo)) void this.attach(event.targetInfo.targetId);
      },
    );
  }

  private isOurs(target: { type: string; url: string }): boolean {
    return target.type === 'service_worker' && target.url.startsWith('chrome-extension://');
  }

  async start(): Promise<void> {
    await this.cdp.send('Target.setDiscoverTargets' as never, { discover: true } as never);
    for (let wait = 0; this.sessionId === null && wait < 100; wait++) await sleep(100);
    if (this.sessionId === null) throw new Error('the service worker did not show up');
  }

  private readonly attached = new Set<string>();
  private async attach(targetId: string): Promise<void> {
    if (this.attached.has(targetId)) return;
    this.attached.add(targetId);
    const { sessionId } = (await this.cdp.send(
      'Target.attachToTarget' as never,
      { targetId, flatten: false } as never,
    )) as unknown as { sessionId: string };
    this.sessionId = sessionId;
    this.workersSeen += 1;
    await this.send('Network.enable');
  }

  send(method: string, params: object = {}): Promise<unknown> {
    const id = this.nextId++;
    const sessionId = this.sessionId;
    if (sessionId === null) return Promise.reject(new Error('no worker attached'));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method}: no answer from the worker`));
      }, 10_000);
      this.pending.set(id, (result) => {
        clearTimeout(timer);
        this.pending.delete(id);
        resolve(result);
      });
      void this.cdp
        .send(
          'Target.sendMessageToTarget' as never,
          { sessionId, message: JSON.stringify({ id, method, params }) } as never,
        )
        .catch(reject);
    });
  }

  /** The worker's used heap after a garbage collection, in bytes. */
  async heap(): Promise<number> {
    await this.send('HeapProfiler.collectGarbage');
    const usage = (await this.send('Runtime.getHeapUsage')) as { usedSize: number };
    return usage.usedSize;
  }
}

async function pageHeap(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = (await cdp.send('Runtime.getHeapUsage' as never)) as unknown as { usedSize: number };
  return usage.usedSize;
}

const sandbox = await startSandbox({ port: 0, https: { port: 0 }, quiet: true });
const browser = await launchBrowser('chromium', { sandbox, signedInAs: DEMO_USERNAME });
const startedAt = Date.now();
try {
  const { store } = sandbox.control;
  const site = browser.profile.site;
  const projects = store
    .projects()
    .filter((p) => p.isShared)
    .slice(0, 60)
    .map((p) => `/projects/${p.id}/`);
  const users = store
    .users()
    .slice(0, 20)
    .map((u) => `/users/${u.username}/`);
  const studios = store
    .studios()
    .slice(0, 10)
    .map((s) => `/studios/${s.id}/`);
  const pages = ['/', '/explore/projects/all/', ...projects, ...users, ...studios];
  let pick = 0;
  /** The next page of the scripted browsing (a fixed walk through the site: every run alike). */
  const nextPath = () => pages[(pick++ * 7919) % pages.length] as string;

  // The tab the member keeps open all along (memory is measured in it), then 19 more: four at a time
  // (nothing is measured before they are all open; one after another took some 20 s).
  const urls = Array.from({ length: TABS }, (_, tab) => `${site}${tab === 0 ? pages[2] : nextPath()}`);
  const tabs: TestPage[] = [];
  for (let first = 0; first < TABS; first += 4)
    tabs.push(...(await Promise.all(urls.slice(first, first + 4).map((url) => browser.openPage(url)))));
  const raw = (page: TestPage): Page => {
    if (page.raw.kind !== 'playwright') throw new Error('Chromium expected');
    return page.raw.page;
  };
  const keptTab = raw(tabs[0] as TestPage);
  const context: BrowserContext = keptTab.context();
  const keptCdp = await context.newCDPSession(keptTab);
  const worker = new WorkerProbe(await context.newCDPSession(keptTab));
  await worker.start();
  let popup = await browser.openPopup();

  const run = MINUTES * MINUTE;
  const samples: { at: number; worker: number; tab: number }[] = [];
  const sample = async () => {
    samples.push({ at: Date.now(), worker: await worker.heap(), tab: await pageHeap(keptCdp) });
  };
  sandbox.control.clearLog();
  const since = Date.now();
  const firstRequest = worker.requests.length;
  let step = 0;
  let navigations = 0;
  let lastSample = 0;
  let lastPopup = Date.now();
  while (Date.now() - since < run) {
    const stepStart = Date.now();
    if (stepStart - lastSample >= SAMPLE_MS) {
      lastSample = stepStart;
      await sample();
    }
    // One tab (never the kept one) goes to another page; another scrolls.
    const tab = raw(tabs[1 + (step % (TABS - 1))] as TestPage);
    await tab.goto(`${site}${nextPath()}`, { waitUntil: 'load' }).catch(() => undefined);
    navigations += 1;
    const other = raw(tabs[1 + ((step * 5 + 3) % (TABS - 1))] as TestPage);
    await other.evaluate(() => window.scrollBy(0, 600)).catch(() => undefined);
    if (Date.now() - lastPopup >= MINUTE) {
      lastPopup = Date.now();
      await popup.close();
      popup = await browser.openPopup();
    }
    step += 1;
    await sleep(Math.max(0, STEP_MS - (Date.now() - stepStart)));
  }
  await sample();
  const elapsed = Date.now() - since;
  const requests = worker.requests.slice(firstRequest).filter((r) => r.at >= since);
  const workerPeak = peakInWindow(requests.map((r) => r.at));
  // The sandbox's side: API requests without an Origin (pages' cross-origin reads carry one).
  const apiLog = sandbox.control.requestLog({ part: 'api' }).filter((e) => e.origin === null);
  const apiTimes = apiLog.map((e) => Date.parse(e.time));
  const peak = peakInWindow(apiTimes);
  const perSecond = apiLog.length / (elapsed / 1000);
  // Each minute's requests: the first holds the twenty tabs' first reads, which a longer run dilutes;
  // the minutes after it are what the member's browsing costs for as long as it goes on.
  const perMinute = Array.from(
    { length: Math.ceil(elapsed / MINUTE) },
    (_, minute) =>
      apiTimes.filter((at) => at >= since + minute * MINUTE && at < since + (minute + 1) * MINUTE).length,
  );
  const steadyPerSecond =
    apiTimes.filter((at) => at >= since + MINUTE).length / Math.max(1, (elapsed - MINUTE) / 1000);
  const byHost = new Map<string, number>();
  for (const r of requests) byHost.set(new URL(r.url).host, (byHost.get(new URL(r.url).host) ?? 0) + 1);

  const minuteOf = (from: number, until: number) => samples.filter((s) => s.at >= from && s.at < until);
  const first = minuteOf(since, since + MINUTE);
  const last = minuteOf(since + elapsed - MINUTE, Number.POSITIVE_INFINITY);
  const workerFirst = mean(first.map((s) => s.worker));
  const workerLast = mean(last.map((s) => s.worker));
  const tabFirst = mean(first.map((s) => s.tab));
  const tabLast = mean(last.map((s) => s.tab));
  // Growth per minute, from the first minute's end on (the first minute still fills caches).
  const settled = samples.filter((s) => s.at >= since + MINUTE);
  const workerPerMinute = slope(settled.map((s) => ({ at: s.at, value: s.worker }))) * MINUTE;
  const tabPerMinute = slope(settled.map((s) => ({ at: s.at, value: s.tab }))) * MINUTE;

  // The cookie burst: browsing paused, the site's session cookie written 100 times in a row.
  await popup.close();
  await sleep(3_000);
  const [cookie] = await context.cookies(site).then((all) => all.filter((c) => c.name === SESSION_COOKIE));
  if (!cookie) throw new Error('no session cookie: not signed in?');
  sandbox.control.clearLog();
  const burstStart = Date.now();
  for (let event = 0; event < COOKIE_EVENTS; event++) await context.addCookies([cookie]);
  const burstMs = Date.now() - burstStart;
  await sleep(5_000);
  const sessionReads = sandbox.control.requestLog({ part: 'site', pattern: '/session/' }).length;
  const stored = (await browser.readStorage('session', ['companion.session']))['companion.session'];
  const stillSignedIn = (stored as { state?: string } | undefined)?.state === 'signed-in';

  console.log(
    `Load: ${TABS} site tabs and the popup, ${(elapsed / MINUTE).toFixed(1)} minutes of scripted browsing (${navigations} page loads, Chromium, store build)`,
  );
  console.log(
    `  extension requests: ${requests.length} (${[...byHost].map(([host, n]) => `${host} ${n}`).join(', ')})`,
  );
  console.log(
    `  rate at the service (its log: ${apiLog.length} API requests without Origin): peak ${peak} in any 1 s, mean ${perSecond.toFixed(3)}/s (budget ≤ ${RATE_BUDGET}/s); as the worker sent them: ${requests.length}, peak ${workerPeak} in 1 s`,
  );
  console.log(
    `  API requests per minute: ${perMinute.join(', ')} (after the first minute ${steadyPerSecond.toFixed(3)}/s)`,
  );
  console.log(
    `  service worker heap: first minute ${MB(workerFirst).toFixed(2)} MB, last minute ${MB(workerLast).toFixed(2)} MB (×${(workerLast / workerFirst).toFixed(2)}); workers attached: ${worker.workersSeen}`,
  );
  console.log(
    `  kept site tab heap (page + content script): first minute ${MB(tabFirst).toFixed(2)} MB, last minute ${MB(tabLast).toFixed(2)} MB (×${(tabLast / tabFirst).toFixed(2)})`,
  );
  console.log(
    `  growth per minute after the first: worker ${MB(workerPerMinute).toFixed(3)} MB, tab ${MB(tabPerMinute).toFixed(3)} MB (over ${PROJECTED_MINUTES} minutes: worker ×${((workerFirst + workerPerMinute * (PROJECTED_MINUTES - 1)) / workerFirst).toFixed(2)}, tab ×${((tabFirst + tabPerMinute * (PROJECTED_MINUTES - 1)) / tabFirst).toFixed(2)} the first minute)`,
  );
  console.log(
    `  ${COOKIE_EVENTS} session-cookie writes in ${burstMs} ms: ${sessionReads} session read(s) (budget ≤ ${SESSION_READ_BUDGET}); still signed in: ${stillSignedIn ? 'yes' : 'no'}`,
  );
  console.log(
    `  samples (MB, worker / tab): ${samples.map((s) => `${MB(s.worker).toFixed(1)}/${MB(s.tab).toFixed(1)}`).join(' ')}`,
  );

  const run_ = `${(elapsed / MINUTE).toFixed(0)} min`;
  reportFigure({
    bench: 'load',
    browser: 'chromium',
    name: `${TABS} tabs + popup, ${run_}: peak extension requests in 1 s`,
    value: peak,
    unit: 'req/s',
    budget: { text: '≤ 5 per second, bursts included', max: RATE_BUDGET },
  });
  reportFigure({
    bench: 'load',
    browser: 'chromium',
    name: `${TABS} tabs + popup, ${run_}: mean extension request rate`,
    value: Number(perSecond.toFixed(3)),
    unit: 'req/s',
    budget: { text: '≤ 5 per second', max: RATE_BUDGET },
  });
  reportFigure({
    bench: 'load',
    browser: 'chromium',
    name: `${TABS} tabs + popup, ${run_}: mean extension request rate after the first minute`,
    value: Number(steadyPerSecond.toFixed(3)),
    unit: 'req/s',
    budget: { text: '≤ 5 per second', max: RATE_BUDGET },
  });
  reportFigure({
    bench: 'load',
    browser: 'chromium',
    name: `${TABS} tabs + popup, ${run_}: service worker heap, last minute`,
    value: Number(MB(workerLast).toFixed(2)),
    unit: 'MB',
    baseline: { name: 'first minute', value: Number(MB(workerFirst).toFixed(2)) },
    budget: {
      text: `flat (≤ ${FLAT_RATIO}× the first minute)`,
      max: Number(MB(workerFirst * FLAT_RATIO).toFixed(2)),
    },
  });
  reportFigure({
    bench: 'load',
    browser: 'chromium',
    name: `${TABS} tabs + popup, ${run_}: a site tab's heap, last minute`,
    value: Number(MB(tabLast).toFixed(2)),
    unit: 'MB',
    baseline: { name: 'first minute', value: Number(MB(tabFirst).toFixed(2)) },
    budget: {
      text: `flat (≤ ${FLAT_RATIO}× the first minute)`,
      max: Number(MB(tabFirst * FLAT_RATIO).toFixed(2)),
    },
  });
  for (const [what, first, perMinute] of [
    ['service worker heap', workerFirst, workerPerMinute],
    ["a site tab's heap", tabFirst, tabPerMinute],
  ] as const) {
    // No budget: a short run's slope still holds the caches filling after the first minute (three
    // minutes gave the tab 41 KB a minute where ten gave 3); the projection is printed above.
    reportFigure({
      bench: 'load',
      browser: 'chromium',
      name: `${TABS} tabs + popup, ${run_}: ${what}, growth per minute`,
      value: Number(MB(perMinute).toFixed(3)),
      unit: 'MB',
      baseline: { name: 'first minute', value: Number(MB(first).toFixed(2)) },
    });
  }
  reportFigure({
    bench: 'load',
    browser: 'chromium',
    name: `${COOKIE_EVENTS} session-cookie events: session reads`,
    value: sessionReads,
    unit: 'requests',
    baseline: { name: 'cookie events', value: COOKIE_EVENTS },
    budget: { text: `≤ ${SESSION_READ_BUDGET}`, max: SESSION_READ_BUDGET },
  });
} finally {
  await browser.close();
  await sandbox.close();
  console.log(`  (took ${((Date.now() - startedAt) / 1000).toFixed(0)} s)`);
}
