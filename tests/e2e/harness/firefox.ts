/**
 * Firefox ESR with the `local` build, through Puppeteer over WebDriver BiDi, against the sandbox's
 * loopback ports. The extension gets a fixed moz-extension UUID so its pages have known addresses.
 * The browser itself comes from firefox-driver.ts, and in an end-to-end run it is the one the
 * worker's last file used, as new (kept-firefox.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { localProfile } from '@/lib/config';
import { writeArtifacts } from './artifacts';
import { ConsoleLog } from './console-log';
import { readBadgeInExtension, readStorageInExtension, writeStorageInExtension } from './extension-api';
import { type ExtensionBrowser, type LaunchOptions, tuneIn } from './extension-browser';
import {
  FIREFOX_EXTENSION_ID,
  FIREFOX_EXTENSION_UUID,
  type FirefoxDriverOptions,
  gotoPolling,
  NAVIGATION_TIMEOUT_MS,
} from './firefox-driver';
import { closeFirefox, giveBackFirefox, takeFirefox } from './kept-firefox';
import {
  findLeftBehindInExtension,
  LEFT_BY_LAST_FILE,
  markLeftBehindInExtension,
  reportLeftovers,
} from './left-behind';
import { buildDir } from './paths';
import { signInThroughSandbox, signOutThroughSandbox } from './sign-in';
import { createTestPage, type PageFunction, type TestPage } from './test-page';
import { closeAndThrow, expectUiLanguage } from './ui-language';

export { FIREFOX_EXTENSION_ID, FIREFOX_EXTENSION_UUID } from './firefox-driver';

const POPUP_SIZE = { width: 380, height: 600 };

export interface FirefoxLaunchOptions extends LaunchOptions {
  /** Default true; `npm start` shows a window when there is a display. */
  headless?: boolean;
  /** Default: the local build for the sandbox's ports, e.g. .output/local-firefox-mv3. */
  extensionDir?: string;
  /**
   * Desktop notifications a test can grant and see: the optional permissions the extension asks
   * for (in a click, as always) are granted without the prompt a test cannot click
   * (`extensions.webextOptionalPermissionPrompts`, Firefox's own pref for its tests), and
   * notifications show in Firefox's own alert window rather than the system's, which a headless
   * run lacks (`alerts.useSystemBackend`): so `notifications.getAll()` lists them and `onShown`
   * fires. Chromium has no such switches: there the prompt stays open and the request never settles.
   */
  grantNotifications?: boolean;
}

export async function launchFirefox(options: FirefoxLaunchOptions): Promise<ExtensionBrowser> {
  // The local build has the sandbox's ports compiled in: the one made for this sandbox's lane.
  const sandboxPort = Number(new URL(options.sandbox.urls.site).port);
  const extensionDir = options.extensionDir ?? buildDir('local', 'firefox', sandboxPort);
  if (!existsSync(join(extensionDir, 'manifest.json'))) {
    throw new Error(`No build in ${extensionDir}: run \`COMPANION_PROFILE=local npx wxt build -b firefox\``);
  }
  const log = new ConsoleLog();
  const driverOptions: FirefoxDriverOptions = {
    headless: options.headless,
    uiLanguage: options.uiLanguage,
    grantNotifications: options.grantNotifications,
    userDataDir: options.userDataDir,
  };
  const { firefox, reused, keep } = await takeFirefox(driverOptions, options.reuse ?? false);
  firefox.logTo(log);
  const { driver } = firefox;
  try {
    await driver.installExtension(extensionDir);
  } catch (error) {
    await closeFirefox(firefox);
    throw new Error(`Firefox did not install ${extensionDir}: ${String(error)}\n${log.lines().join('\n')}`);
  }
  const extensionOrigin = `moz-extension://${FIREFOX_EXTENSION_UUID}`;

  // Firefox has no per-page color-scheme emulation over BiDi: the content color-scheme preference
  // (0 dark, 1 light) applies to every page. It is set from about:config, a privileged page where
  // `Services` exists (BiDi may evaluate there: see --remote-allow-system-access).
  const setContentColorScheme = async (scheme: 'light' | 'dark') => {
    const page = await firefox.privilegedPage();
    await page.evaluate(
      (value) => {
        const services = (
          globalThis as { Services?: { prefs: { setIntPref(name: string, value: number): void } } }
        ).Services;
        if (!services) throw new Error('about:config has no Services: is system access allowed?');
        services.prefs.setIntPref('layout.css.prefers-color-scheme.content-override', value);
      },
      scheme === 'dark' ? 0 : 1,
    );
  };

  const tracked: TestPage[] = [];
  const wrap = (page: Page): TestPage => {
    let closed = false;
    page.once('close', () => {
      closed = true;
    });
    page.on('pageerror', (error) =>
      log.add('pageerror', error instanceof Error ? (error.stack ?? '') : String(error)),
    );
    const testPage = createTestPage({
      evaluate: (fn, arg) => page.evaluate(fn, arg),
      goto: (url) =>
        url.startsWith('moz-extension:')
          ? gotoPolling(page, url)
          : page.goto(url, { waitUntil: 'load', timeout: NAVIGATION_TIMEOUT_MS }).then(() => {}),
      click: (selector) => page.click(selector),
      setViewport: (size) => page.setViewport(size),
      emulateColorScheme: (scheme) => setContentColorScheme(scheme),
      // A string is evaluated through WebDriver BiDi, which the page's CSP does not govern.
      runScript: (source) => page.evaluate(source),
      screenshot: (screenshotOptions) => page.screenshot(screenshotOptions),
      close: async () => {
        if (!closed) await page.close();
        closed = true;
      },
      isClosed: () => closed || page.isClosed(),
      raw: { kind: 'puppeteer', page },
    });
    tracked.push(testPage);
    return testPage;
  };

  // The first tab stays, blank: closing the last tab would end the browser session.
  const openPage = async (url: string, size?: { width: number; height: number }) => {
    const page = wrap(await driver.newPage());
    if (size) await page.setViewport(size);
    await page.goto(url);
    return page;
  };

  // An extension document where `browser.*` is available without running any of our scripts
  // (the manifest, shown as JSON): evaluateInExtension runs there.
  let apiPage: Promise<Page> | undefined;
  const extensionApiPage = async () => {
    const current = apiPage ? await apiPage : undefined;
    if (current && !current.isClosed()) return current;
    apiPage = driver.newPage({ background: true }).then(async (page) => {
      await gotoPolling(page, `${extensionOrigin}/manifest.json`);
      return page;
    });
    return apiPage;
  };
  const evaluateInExtension = async <R, A>(fn: PageFunction<A, R>, arg: A): Promise<R> =>
    (await (await extensionApiPage()).evaluate(fn as (arg: unknown) => unknown, arg as unknown)) as R;

  /**
   * Firefox runs an MV3 background as an event page. This is what about:debugging's "Terminate
   * background script" calls: the page is suspended as after its idle timeout, but at once and
   * whatever it is waiting for; the next event (an alarm, a message) starts it again.
   */
  const stopBackground = async () => {
    const page = await firefox.privilegedPage();
    const state = await page.evaluate(async (id) => {
      const chromeUtils = (
        globalThis as { ChromeUtils?: { importESModule(url: string): Record<string, unknown> } }
      ).ChromeUtils;
      if (!chromeUtils) throw new Error('about:config has no ChromeUtils: is system access allowed?');
      const { ExtensionParent } = chromeUtils.importESModule(
        'resource://gre/modules/ExtensionParent.sys.mjs',
      ) as {
        ExtensionParent: {
          DebugUtils: { terminateBackgroundScript(id: string): Promise<void> };
          GlobalManager: { extensionMap: Map<string, { backgroundState?: string }> };
        };
      };
      // An event page with a listener's promise still pending (an alarm's read in flight) is not
      // stopped by the first call: Firefox only forgets those promises and resets its idle timer
      // (ext-backgroundPage.js, terminateBackground). The next call stops it, as a second click on
      // "Terminate background script" does.
      let state = 'unknown';
      for (let attempt = 0; attempt < 3 && state !== 'stopped'; attempt++) {
        await ExtensionParent.DebugUtils.terminateBackgroundScript(id);
        state = ExtensionParent.GlobalManager.extensionMap.get(id)?.backgroundState ?? 'unknown';
      }
      return state;
    }, FIREFOX_EXTENSION_ID);
    if (state !== 'stopped') throw new Error(`The background did not stop (its state: ${state})`);
    log.add('background', 'event page stopped (DebugUtils.terminateBackgroundScript)');
  };

  let closing: Promise<void> | undefined;
  let markClosed = () => {};
  const closed = new Promise<void>((resolve) => {
    markClosed = resolve;
    driver.once('disconnected', () => resolve());
  });
  const browser: ExtensionBrowser = {
    name: 'firefox',
    closed,
    profile: localProfile(sandboxPort),
    extensionOrigin,
    openPage: (url) => openPage(url),
    openExtensionPage: (path) => openPage(`${extensionOrigin}/${path.replace(/^\//, '')}`),
    openPopup: async (path = '/popup.html', atDocumentStart) => {
      // Firefox runs no preload script in an extension's pages (checked: it never ran in popup.html).
      if (atDocumentStart !== undefined) throw new Error('Firefox runs no script at document start here');
      return openPage(`${extensionOrigin}/${path.replace(/^\//, '')}`, POPUP_SIZE);
    },
    signIn: (username) => signInThroughSandbox(browser, username),
    signOut: () => signOutThroughSandbox(browser),
    badge: (tabId) => evaluateInExtension(readBadgeInExtension, tabId),
    evaluateInExtension,
    readStorage: (area, keys) => evaluateInExtension(readStorageInExtension, { area, keys: keys ?? null }),
    setStorage: (area, items) => evaluateInExtension(writeStorageInExtension, { area, items }),
    tune: (fields) => tuneIn(evaluateInExtension, fields),
    stopBackground,
    pages: () => tracked.filter((page) => !page.isClosed()),
    consoleLog: () => log.lines(),
    markLog: (text) => log.add('test', text),
    saveArtifacts: (dir) => writeArtifacts(dir, browser.pages(), log.lines()),
    close() {
      closing ??= giveBackFirefox(firefox, keep, {
        extensionId: FIREFOX_EXTENSION_ID,
        markLeftBehind: () => evaluateInExtension(markLeftBehindInExtension, LEFT_BY_LAST_FILE),
      }).finally(markClosed);
      return closing;
    },
  };

  // The page evaluateInExtension needs (about a second to open in a background tab) opens beside
  // the sign-in: nearly every test file reads or writes extension storage first.
  const apiReady = extensionApiPage();
  if (reused) {
    // The last file's marks in the extension's storage (kept-firefox.ts): none may be left.
    const found = await evaluateInExtension(findLeftBehindInExtension, LEFT_BY_LAST_FILE).catch((error) => [
      String(error),
    ]);
    if (found.length > 0) {
      reportLeftovers('Firefox', found);
      await apiReady.catch(() => {});
      await closeFirefox(firefox);
      return launchFirefox(options);
    }
  }
  try {
    if (options.uiLanguage) await expectUiLanguage(browser, options.uiLanguage);
    if (options.signedInAs) await browser.signIn(options.signedInAs);
    await apiReady;
  } catch (error) {
    await apiReady.catch(() => {});
    return closeAndThrow(browser)(error);
  }
  return browser;
}
