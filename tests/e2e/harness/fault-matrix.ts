/**
 * The fault matrix: every fault the sandbox's control interface can make, as rows, and
 * one runner that puts a surface through each of them. A surface's test file describes the surface
 * once (which requests it makes, how to make it ask again, what a member sees with and without a
 * fault); the runner adds one test per fault. A new fault is a row here; a new surface is a file
 * with one `describeFaultMatrix` call.
 *
 * Once per browser, in whichever row runs first: the surface is primed (its cache filled). Each test: the fault
 * is set on the surface's routes → the surface asks again → it shows its cached data or a clear
 * sentence, and the rest of the extension still works → the fault ends → the surface recovers
 * without a reload, ready for the next row.
 */
import { beforeAll, describe, it } from 'vitest';
import type { RouteMatch } from '@/sandbox/control';
import { DEMO_USERNAME, type RunningSandbox } from '@/sandbox/index';
import type { BrowserName } from './browsers';
import type { ExtensionBrowser } from './extension-browser';
import { type UseBrowserOptions, useBrowser } from './launch';

/**
 * The per-attempt timeout the matrix gives the extension (the development tuning,
 * lib/dev-tuning.ts), so a timeout costs ~2 s instead of the client's 10. Not less: two e2e files
 * share the 2-core machine, and a plain answer from a busy sandbox to a busy browser has taken
 * over a second.
 */
export const MATRIX_REQUEST_TIMEOUT_MS = 2_000;

/**
 * The factor the matrix puts on the waits before retrying a failed read (the development tuning):
 * the HTTP client's backoff (0.5, 1, 2 s become 50, 100, 200 ms) and the marks' retry of a failed
 * status read (2 s, doubling, becomes 200 ms, doubling). As many retries as members get, sooner;
 * Retry-After stays the service's.
 */
export const MATRIX_RETRY_BACKOFF_SCALE = 0.1;

/** The Retry-After of the matrix's 429s (see the `rate limited` row). */
export const RATE_LIMIT_RETRY_AFTER_S = 1;

export type FaultName =
  | 'server error'
  | 'rate limited'
  | 'timeout'
  | 'malformed body'
  | 'truncated body'
  | 'network gone'
  | 'session expired';

export interface Fault {
  name: FaultName;
  /**
   * What a member should see while it lasts: `cached-or-sentence` (the cache, or a clear sentence
   * when there is none), or `works` (the extension gets past it on its own: an expired session
   * is renewed from the site's cookie).
   */
  expect: 'cached-or-sentence' | 'works';
  /** Sets the fault on each of the surface's routes. */
  apply(sandbox: RunningSandbox, routes: readonly RouteMatch[]): void;
}

const routesOf = (routes: readonly RouteMatch[]) =>
  routes.map((route) => ({ ...route, pattern: route.pattern ?? '**' }));

/** Every fault of the control interface (sandbox/README.md, Control). */
export const FAULTS: readonly Fault[] = [
  {
    name: 'server error',
    expect: 'cached-or-sentence',
    apply: (sandbox, routes) => {
      for (const route of routesOf(routes)) sandbox.control.addFailure({ ...route, rate: 1, status: 503 });
    },
  },
  {
    name: 'rate limited',
    expect: 'cached-or-sentence',
    apply: (sandbox, routes) => {
      // Many requests long. The client honours Retry-After: it waits it out before each of its
      // retries, then fails, and every reader holds back that long too (the feed asks nothing
      // before it has passed). A Retry-After of minutes would hold the whole extension back for a
      // minute (the client's cap) and each list for the full time: correct, but no test can wait
      // that out, so the row asks for one second; the long case is unit-tested (lib/api/http.test.ts).
      for (const route of routesOf(routes))
        sandbox.control.addRateLimit({
          ...route,
          count: 10_000,
          retryAfterSeconds: RATE_LIMIT_RETRY_AFTER_S,
        });
    },
  },
  {
    name: 'timeout',
    expect: 'cached-or-sentence',
    apply: (sandbox, routes) => {
      // Four times the extension's timeout, so that it always gives up first. Nothing waits out the
      // rest: the sandbox lets a request go as soon as the browser closes its connection, and logs it
      // then (`abandoned`), so the request log shows the extension's attempts when it gave up.
      for (const route of routesOf(routes))
        sandbox.control.addLatency({ ...route, fixedMs: MATRIX_REQUEST_TIMEOUT_MS * 4 });
    },
  },
  {
    name: 'malformed body',
    expect: 'cached-or-sentence',
    apply: (sandbox, routes) => {
      for (const route of routesOf(routes)) sandbox.control.addMalformed({ ...route, kind: 'malformed' });
    },
  },
  {
    name: 'truncated body',
    expect: 'cached-or-sentence',
    apply: (sandbox, routes) => {
      for (const route of routesOf(routes)) sandbox.control.addMalformed({ ...route, kind: 'truncated' });
    },
  },
  {
    name: 'network gone',
    expect: 'cached-or-sentence',
    apply: (sandbox, routes) => {
      for (const route of routesOf(routes)) sandbox.control.addOutage(route);
    },
  },
  {
    name: 'session expired',
    expect: 'works',
    apply: (sandbox) => {
      sandbox.control.expireToken(DEMO_USERNAME);
    },
  },
];

export interface FaultContext {
  browser: ExtensionBrowser;
  sandbox: RunningSandbox;
  fault: Fault;
  /** When the fault was set (ms since the epoch): the request log from here on is the fault's. */
  appliedAt?: number;
}

/** One surface, described once; the runner does the rest. */
export interface FaultSurface {
  /** As a member calls it: "the popup's feed". */
  name: string;
  /** The requests the surface makes (a fault is set on each). */
  routes: readonly RouteMatch[];
  /**
   * Once per browser, before it launches: what the service must be like from the browser's first
   * request (the sandbox is back to its seeded world for each browser: launch.ts). A setting that
   * changes how the browser may cache an answer belongs here, not in `prime`: an answer the browser
   * cached before would hide the fault (Firefox keeps the count's CDN-cacheable answer for its max-age).
   */
  beforeLaunch?(sandbox: RunningSandbox): void;
  /** Once per browser, after sign-in: fill the surface's cache, open what it needs. */
  prime(context: Omit<FaultContext, 'fault'>): Promise<void>;
  /** Make the surface ask the service again (reopen, retry, click, wait for its poll). */
  askAgain(context: FaultContext): Promise<void>;
  /** While the fault lasts: its cached data or a clear sentence (fault.expect), nothing lost. */
  expectDuringFault(context: FaultContext): Promise<void>;
  /** After the fault is cleared, without a reload: fresh data again, no error left showing. */
  expectRecovered(context: FaultContext): Promise<void>;
  /**
   * The rest of the extension still works while this surface's routes fail (e.g. the popup opens
   * and shows the member's name; another surface still answers).
   */
  expectRestWorks?(context: FaultContext): Promise<void>;
}

export interface FaultMatrixOptions extends Omit<UseBrowserOptions, 'sandbox'> {
  sandbox: () => RunningSandbox;
  /** Only these faults (default: all). A surface that leaves one out says why in its file. */
  faults?: readonly FaultName[];
}

/** One describe block per browser, one test per fault, one browser launch per browser. */
export function describeFaultMatrix(
  browsers: readonly BrowserName[],
  surface: FaultSurface,
  options: FaultMatrixOptions,
): void {
  const { sandbox, faults: only, ...launch } = options;
  const faults = FAULTS.filter((fault) => !only || only.includes(fault.name));
  describe.each(browsers)(`${surface.name} under faults in %s`, (browserName) => {
    // Registered before useBrowser's hook, so it runs before the launch.
    beforeAll(() => surface.beforeLaunch?.(sandbox()));
    const browser = useBrowser(browserName, { ...launch, sandbox });
    // The surface is primed (its cache filled) once per browser, by whichever row runs first: all
    // of them, or one picked with -t. Priming waits with expect.poll, which Vitest allows in a test
    // only, not in a hook. Each row ends with the surface recovered (expectRecovered), the state
    // the next row starts from.
    let primed = false;

    it.each(faults.map((fault) => [fault.name, fault] as const))('%s', async (_name, fault) => {
      const context: FaultContext = { browser: browser(), sandbox: sandbox(), fault };
      if (!primed) {
        await context.browser.tune({
          requestTimeoutMs: MATRIX_REQUEST_TIMEOUT_MS,
          retryBackoffScale: MATRIX_RETRY_BACKOFF_SCALE,
        });
        await surface.prime({ browser: context.browser, sandbox: context.sandbox });
        primed = true;
      }
      try {
        context.appliedAt = Date.now();
        fault.apply(context.sandbox, surface.routes);
        await surface.askAgain(context);
        await surface.expectDuringFault(context);
        if (surface.expectRestWorks) await surface.expectRestWorks(context);
      } finally {
        context.sandbox.control.clearFaults();
      }
      await surface.expectRecovered(context);
    });
  });
}
