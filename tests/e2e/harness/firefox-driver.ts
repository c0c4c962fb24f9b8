/**
 * A bare Firefox ESR for the end-to-end tests, before any extension: launched through Puppeteer
 * over WebDriver BiDi with the preferences every test run needs, its console output routed to the
 * log of whoever uses it now, and a privileged page (about:config) for what only Firefox's own
 * code can do. firefox.ts installs the extension into it; kept-firefox.ts keeps it between files.
 */
import { createInterface } from 'node:readline';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { firefoxExecutable } from './browsers';
import { ConsoleLog } from './console-log';
import { firefoxLanguagePrefs } from './ui-language';

/** The gecko id set in wxt.config.ts. */
export const FIREFOX_EXTENSION_ID = 'companion@companion.example';
/** Fixed through the pref `extensions.webextensions.uuids`, so popup.html has a known address. */
export const FIREFOX_EXTENSION_UUID = '6c0b5e1e-2f3a-4b8c-9d4e-c0a1b2c3d4e5';

export const NAVIGATION_TIMEOUT_MS = 30_000;

/** What a Firefox is launched with (its preferences): a kept one serves only a launch asking the same. */
export interface FirefoxDriverOptions {
  headless?: boolean;
  uiLanguage?: string;
  grantNotifications?: boolean;
  /** A kept profile (a restart): never kept itself, see kept-firefox.ts. */
  userDataDir?: string;
}

export interface FirefoxDriver {
  readonly driver: Browser;
  /** The options it was launched with, as a key (kept-firefox.ts). */
  readonly key: string;
  /** Sends the browser's console output to `log` from now on (each file has its own). */
  logTo(log: ConsoleLog): void;
  /** about:config, opened once in a background tab: `Services` and `ChromeUtils` exist there. */
  privilegedPage(): Promise<Page>;
}

export function driverKey(options: FirefoxDriverOptions): string {
  return JSON.stringify({
    headless: options.headless ?? true,
    uiLanguage: options.uiLanguage ?? null,
    grantNotifications: options.grantNotifications ?? false,
    userDataDir: options.userDataDir ?? null,
  });
}

/**
 * Loads a page Firefox's BiDi reports no load event for (moz-extension:, about:): the navigation is
 * started without waiting and the page is polled until it shows the address, loaded.
 */
export async function gotoPolling(page: Page, url: string): Promise<void> {
  page.goto(url, { timeout: NAVIGATION_TIMEOUT_MS }).catch(() => {});
  const deadline = Date.now() + NAVIGATION_TIMEOUT_MS;
  for (;;) {
    const state = await page
      .evaluate(() => ({ href: location.href, ready: document.readyState }))
      .catch(() => null);
    if (state?.href === url && state.ready === 'complete') return;
    if (Date.now() > deadline) throw new Error(`Timed out loading ${url} (at ${state?.href ?? 'unknown'})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function launchFirefoxDriver(options: FirefoxDriverOptions): Promise<FirefoxDriver> {
  const driver = await puppeteer.launch({
    browser: 'firefox',
    // Puppeteer follows every request of every tab over WebDriver BiDi unless told not to, which
    // costs Firefox's parent process about an eighth of its main thread's time (profiled over eight
    // files: its HTTP observers, cookie reads and event records for each request). No test reads
    // Puppeteer's request events: what reached the site is the sandbox's request log.
    networkEnabled: false,
    executablePath: firefoxExecutable(),
    headless: options.headless ?? true,
    defaultViewport: { width: 1280, height: 800 },
    ...(options.userDataDir === undefined ? {} : { userDataDir: options.userDataDir }),
    // Lets BiDi navigate tabs to moz-extension: pages (the popup, options); the browser listens
    // on a loopback pipe for this test process only.
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [FIREFOX_EXTENSION_ID]: FIREFOX_EXTENSION_UUID }),
      // The address stays when the extension is removed, for the next file's install in a kept
      // browser (kept-firefox.ts); its storage goes with it (keepStorageOnUninstall, below).
      'extensions.webextensions.keepUuidOnUninstall': true,
      // Console output of pages, content scripts and the background goes to stdout, where it is
      // collected: BiDi does not report the background's console.
      'devtools.console.stdout.content': true,
      // A closed tab's web content process is kept for the next page instead of a new one started
      // (and a spare one started beside it) for every page: the tests open and close hundreds of
      // pages and popups (about 30% of Firefox's CPU for a page and a popup opened and closed,
      // measured). A member's browser starts its processes as it likes: nothing the extension does
      // depends on it.
      'dom.ipc.processPrelaunch.enabled': false,
      'dom.ipc.keepProcessesAlive.web': 4,
      ...(options.uiLanguage ? firefoxLanguagePrefs(options.uiLanguage) : {}),
      ...(options.grantNotifications
        ? { 'extensions.webextOptionalPermissionPrompts': false, 'alerts.useSystemBackend': false }
        : {}),
      // A relaunch on a kept profile: the extension is installed for this run only (temporarily,
      // unsigned), so Firefox removes it as it closes; its storage stays for the next launch, which
      // installs it again, as it stays across a restart for an installed one.
      ...(options.userDataDir === undefined
        ? {}
        : { 'extensions.webextensions.keepStorageOnUninstall': true }),
    },
  });
  let log = new ConsoleLog();
  const child = driver.process();
  for (const [stream, source] of [
    [child?.stdout, 'firefox'],
    [child?.stderr, 'firefox stderr'],
  ] as const) {
    if (stream) createInterface({ input: stream }).on('line', (line) => log.add(source, line));
  }
  let configPage: Promise<Page> | undefined;
  return {
    driver,
    key: driverKey(options),
    logTo: (next) => {
      log = next;
    },
    // A background tab: a new tab in front would hide the page under test, and Firefox slows a
    // hidden page's timers to a crawl.
    privilegedPage: () => {
      configPage ??= driver.newPage({ background: true }).then(async (page) => {
        await gotoPolling(page, 'about:config');
        return page;
      });
      return configPage;
    },
  };
}
