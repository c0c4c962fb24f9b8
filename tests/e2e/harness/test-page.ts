/**
 * One page (tab) of a browser under test, the same for Chromium (Playwright) and Firefox
 * (Puppeteer over WebDriver BiDi).
 *
 * Functions given to `evaluate` and `waitFor` are serialised and run inside the page: they must
 * not use variables from the test file; pass what they need as the single `arg`.
 */
import type { Page as PlaywrightPage } from 'playwright-core';
import type { Page as PuppeteerPage } from 'puppeteer-core';

export type PageFunction<A, R> = (arg: A) => R | Promise<R>;

export interface WaitOptions {
  /** Milliseconds; default 20 000. */
  timeout?: number;
}

export interface TestPage {
  /** The page's current address (read from the page itself). */
  url(): Promise<string>;
  goto(url: string): Promise<void>;
  evaluate<R>(fn: PageFunction<undefined, R>): Promise<R>;
  evaluate<R, A>(fn: PageFunction<A, R>, arg: A): Promise<R>;
  /** Runs `fn` in the page until it returns a truthy value, and returns that value. */
  waitFor<R>(fn: PageFunction<undefined, R>, arg?: undefined, options?: WaitOptions): Promise<R>;
  waitFor<R, A>(fn: PageFunction<A, R>, arg: A, options?: WaitOptions): Promise<R>;
  /** The trimmed text of the first element matching `selector`, once there is one. */
  text(selector: string, options?: WaitOptions): Promise<string>;
  /** Waits until the first element matching `selector` has text matching `expected`; returns the text. */
  waitForText(selector: string, expected: string | RegExp, options?: WaitOptions): Promise<string>;
  /** A real click (input events) on the first element matching `selector`, once there is one. */
  click(selector: string, options?: WaitOptions): Promise<void>;
  setViewport(size: { width: number; height: number }): Promise<void>;
  /**
   * What `prefers-color-scheme` answers in this page (Chromium: this page only; Firefox: every page
   * of the browser, through its content color-scheme preference).
   */
  emulateColorScheme(scheme: 'light' | 'dark'): Promise<void>;
  /**
   * Runs a script's source in the page's own world, past the page's Content Security Policy (which
   * forbids `eval` on extension pages): for test tools such as axe-core. Returns its completion value.
   */
  runScript(source: string): Promise<unknown>;
  /** A PNG of the viewport (or the whole page); written to `path` when given. */
  screenshot(options?: { path?: string; fullPage?: boolean }): Promise<Uint8Array>;
  close(): Promise<void>;
  readonly isClosed: () => boolean;
  /** The driver's own page, for what this interface does not cover. */
  readonly raw: { kind: 'playwright'; page: PlaywrightPage } | { kind: 'puppeteer'; page: PuppeteerPage };
}

/**
 * A wait's default bound: a real browser, an extension and the sandbox share the 2 cores with the
 * other lane's and the unit tests, so a step a member sees at once can take seconds there (as
 * `expect.poll`'s default, vitest.config.ts). It bounds a hang; it times nothing.
 */
export const DEFAULT_WAIT_MS = 20_000;
const POLL_INTERVAL_MS = 100;

/** The parts a driver supplies; `waitFor`, `text`, `waitForText` are built on `evaluate`. */
export interface PageDriver {
  evaluate(fn: PageFunction<unknown, unknown>, arg: unknown): Promise<unknown>;
  goto(url: string): Promise<void>;
  click(selector: string): Promise<void>;
  setViewport(size: { width: number; height: number }): Promise<void>;
  emulateColorScheme(scheme: 'light' | 'dark'): Promise<void>;
  runScript(source: string): Promise<unknown>;
  screenshot(options: { path?: string; fullPage?: boolean }): Promise<Uint8Array>;
  close(): Promise<void>;
  isClosed(): boolean;
  raw: TestPage['raw'];
}

function describeExpectation(fn: PageFunction<never, unknown>, arg: unknown): string {
  const source = fn.toString().replace(/\s+/g, ' ');
  return `${source.length > 160 ? `${source.slice(0, 160)}…` : source}${arg === undefined ? '' : ` with ${JSON.stringify(arg)}`}`;
}

/**
 * Polls from the test process instead of inside the page, so a wait survives navigations
 * (an evaluate during a navigation fails and is simply tried again) in both browsers alike.
 */
export function createTestPage(driver: PageDriver): TestPage {
  async function waitFor(fn: PageFunction<unknown, unknown>, arg: unknown, options: WaitOptions = {}) {
    const timeout = options.timeout ?? DEFAULT_WAIT_MS;
    const deadline = Date.now() + timeout;
    let lastError: unknown;
    for (;;) {
      try {
        const value = await driver.evaluate(fn, arg);
        if (value) return value;
        lastError = undefined;
      } catch (error) {
        if (driver.isClosed()) throw error;
        lastError = error;
      }
      if (Date.now() >= deadline) {
        const reason = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
        throw new Error(`Timed out after ${timeout} ms waiting for ${describeExpectation(fn, arg)}${reason}`);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
    }
  }

  const readText = (selector: string) => {
    const element = document.querySelector(selector);
    return element ? { text: (element.textContent ?? '').trim() } : null;
  };

  const page: TestPage = {
    url: async () => (await driver.evaluate(() => location.href, undefined)) as string,
    goto: (url) => driver.goto(url),
    evaluate: ((fn: PageFunction<unknown, unknown>, arg?: unknown) =>
      driver.evaluate(fn, arg)) as TestPage['evaluate'],
    waitFor: ((fn: PageFunction<unknown, unknown>, arg?: unknown, options?: WaitOptions) =>
      waitFor(fn, arg, options)) as TestPage['waitFor'],
    async text(selector, options) {
      const found = (await waitFor(readText as PageFunction<unknown, unknown>, selector, options)) as {
        text: string;
      };
      return found.text;
    },
    async waitForText(selector, expected, options) {
      const timeout = options?.timeout ?? DEFAULT_WAIT_MS;
      const deadline = Date.now() + timeout;
      let last: string | null = null;
      for (;;) {
        const found = (await driver
          .evaluate(readText as PageFunction<unknown, unknown>, selector)
          .catch(() => null)) as {
          text: string;
        } | null;
        last = found?.text ?? null;
        if (last !== null && (typeof expected === 'string' ? last.includes(expected) : expected.test(last))) {
          return last;
        }
        if (Date.now() >= deadline) {
          throw new Error(
            `Timed out after ${timeout} ms waiting for "${selector}" to show ${String(expected)}; ` +
              (last === null ? 'no such element' : `it shows "${last}"`),
          );
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
      }
    },
    async click(selector, options) {
      // The element can stop matching between the wait and the click (a button the page disables a
      // moment, a list re-rendered): then wait for it again, within the same time.
      const deadline = Date.now() + (options?.timeout ?? DEFAULT_WAIT_MS);
      for (;;) {
        await waitFor((s) => document.querySelector(s as string) !== null, selector, {
          ...options,
          timeout: Math.max(POLL_INTERVAL_MS, deadline - Date.now()),
        });
        try {
          await driver.click(selector);
          return;
        } catch (error) {
          const gone = !(await driver
            .evaluate((s) => document.querySelector(s as string) !== null, selector)
            .catch(() => false));
          if (!gone || Date.now() >= deadline) throw error;
        }
      }
    },
    setViewport: (size) => driver.setViewport(size),
    emulateColorScheme: (scheme) => driver.emulateColorScheme(scheme),
    runScript: (source) => driver.runScript(source),
    screenshot: (options = {}) => driver.screenshot(options),
    close: () => driver.close(),
    isClosed: () => driver.isClosed(),
    raw: driver.raw,
  };
  return page;
}
