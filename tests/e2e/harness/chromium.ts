/**
 * Chromium with the store (`public`) build loaded unpacked, through Playwright. The live host names
 * are mapped onto the sandbox's HTTPS listener, so what ships is what is tested.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Worker } from 'playwright-core';
import { type SiteProfileName, siteProfiles } from '@/lib/config';
import { writeArtifacts } from './artifacts';
import { type ChromiumDriverOptions, isExtensionWorker } from './chromium-driver';
import { ConsoleLog } from './console-log';
import { readBadgeInExtension, readStorageInExtension, writeStorageInExtension } from './extension-api';
import { type ExtensionBrowser, type LaunchOptions, tuneIn } from './extension-browser';
import { giveBackChromium, takeChromium } from './kept-chromium';
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

export const POPUP_SIZE = { width: 380, height: 600 };

/** The live host names the public build talks to, all answered by the sandbox's HTTPS listener. */
const LIVE_HOSTS = ['scratch.mit.edu', '*.scratch.mit.edu'];

export interface ChromiumLaunchOptions extends LaunchOptions {
  /** Default true; `npm start` shows a window when there is a display. */
  headless?: boolean;
  /**
   * Which build: `public` (default; tests) maps the live host names onto the sandbox's HTTPS
   * listener; `local` (`npm start`) talks to the sandbox's loopback ports directly.
   */
  profile?: SiteProfileName;
  /** Default: the profile's build, e.g. .output/public-chrome-mv3. */
  extensionDir?: string;
}

/** Sends the live host names to the sandbox's HTTPS listener (the public build's hosts). */
function liveHostRules(options: LaunchOptions): string[] {
  const https = options.sandbox.urls.https;
  if (!https) throw new Error('The public build needs the sandbox with https (withSandbox starts it so).');
  const port = Number(new URL(https).port || 443);
  return [
    `--host-resolver-rules=${LIVE_HOSTS.map((host) => `MAP ${host} 127.0.0.1:${port}`).join(', ')}`,
    // The sandbox's certificate is self-signed, made when it starts.
    '--ignore-certificate-errors',
  ];
}

export async function launchChromium(options: ChromiumLaunchOptions): Promise<ExtensionBrowser> {
  const profile = options.profile ?? 'public';
  const extensionDir = options.extensionDir ?? buildDir(profile, 'chromium');
  if (!existsSync(join(extensionDir, 'manifest.json'))) {
    throw new Error(
      `No build in ${extensionDir}: run \`COMPANION_PROFILE=${profile} npx wxt build -b chrome\``,
    );
  }
  const driverOptions: ChromiumDriverOptions = {
    headless: options.headless,
    uiLanguage: options.uiLanguage,
    laneArgs: profile === 'public' ? liveHostRules(options) : [],
    userDataDir: options.userDataDir,
  };
  const { chromium, reused, keep } = await takeChromium(driverOptions, extensionDir, options.reuse ?? false);
  const log = new ConsoleLog();
  chromium.logTo(log);
  const { context } = chromium;
  let worker: Worker;
  try {
    worker = keep
      ? await chromium.installExtension(extensionDir)
      : (context.serviceWorkers().find(isExtensionWorker) ??
        (await context.waitForEvent('serviceworker', { predicate: isExtensionWorker, timeout: 30_000 })));
  } catch (error) {
    await chromium.close();
    throw new Error(
      `The extension's service worker did not start: ${String(error)}\n${log.lines().join('\n')}`,
    );
  }
  // URL.origin is "null" for non-web schemes: build it from the host (the extension id).
  const extensionOrigin = `chrome-extension://${new URL(worker.url()).host}`;

  const wrapped = new WeakMap<Page, TestPage>();
  const wrap = (page: Page): TestPage => {
    let testPage = wrapped.get(page);
    if (!testPage) {
      testPage = createTestPage({
        evaluate: (fn, arg) => page.evaluate(fn, arg),
        goto: async (url) => {
          await page.goto(url, { waitUntil: 'load' });
        },
        click: (selector) => page.click(selector),
        setViewport: (size) => page.setViewportSize(size),
        emulateColorScheme: (colorScheme) => page.emulateMedia({ colorScheme }),
        // A string is evaluated through the DevTools protocol, which the page's CSP does not govern.
        runScript: (source) => page.evaluate(source),
        screenshot: (screenshotOptions) => page.screenshot(screenshotOptions),
        close: () => page.close(),
        isClosed: () => page.isClosed(),
        raw: { kind: 'playwright', page },
      });
      wrapped.set(page, testPage);
    }
    return testPage;
  };

  // The blank tab a persistent context opens with stays (closing a window's last tab can end a
  // headed session) but is left out of pages() and the failure screenshots while it is blank.
  const openedHere = new WeakSet<Page>();
  const isUntouchedStartTab = (page: Page) => !openedHere.has(page) && page.url() === 'about:blank';
  const newPage = async () => {
    const page = await context.newPage();
    openedHere.add(page);
    return page;
  };

  const openPage = async (url: string) => {
    const page = await newPage();
    await page.goto(url, { waitUntil: 'load' });
    return wrap(page);
  };

  /** The live worker: Chromium may have replaced the one we saw at start. */
  const currentWorker = () => context.serviceWorkers().filter(isExtensionWorker).at(-1) ?? worker;
  const evaluateInExtension = <R, A>(fn: PageFunction<A, R>, arg: A): Promise<R> =>
    currentWorker().evaluate(fn as (arg: unknown) => R | Promise<R>, arg as unknown);

  /**
   * DevTools' ServiceWorker.stopAllWorkers, through a session on any page of the profile. Playwright
   * reports no close for a worker stopped so (its Worker serves the restarted one again): the
   * DevTools events say when ours has stopped. Until an event starts it again, evaluateInExtension
   * has nothing to run in: tests look for the recovery where a member would (pages, the sandbox).
   */
  const stopBackground = async () => {
    const page = context.pages()[0] ?? (await newPage());
    const session = await context.newCDPSession(page);
    try {
      const ours = (version: { scriptURL: string }) => version.scriptURL.startsWith(`${extensionOrigin}/`);
      // Once seen stopped it counts as stopped: a page waiting for an answer may start it again at once.
      let stopped = false;
      let asked = false;
      session.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
        if (asked && versions.some((version) => ours(version) && version.runningStatus === 'stopped'))
          stopped = true;
      });
      await session.send('ServiceWorker.enable');
      asked = true;
      await session.send('ServiceWorker.stopAllWorkers');
      const deadline = Date.now() + 10_000;
      while (!stopped) {
        if (Date.now() > deadline) throw new Error('The service worker did not stop');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    } finally {
      await session.detach().catch(() => {});
    }
    log.add('background', 'service worker stopped (ServiceWorker.stopAllWorkers)');
  };

  let closing: Promise<void> | undefined;
  let markClosed = () => {};
  const closed = new Promise<void>((resolve) => {
    markClosed = resolve;
    context.once('close', () => resolve());
  });
  const browser: ExtensionBrowser = {
    name: 'chromium',
    closed,
    profile: siteProfiles[profile],
    extensionOrigin,
    openPage,
    openExtensionPage: (path) => openPage(`${extensionOrigin}/${path.replace(/^\//, '')}`),
    async openPopup(path = '/popup.html', atDocumentStart) {
      const page = await newPage();
      await page.setViewportSize(POPUP_SIZE);
      if (atDocumentStart !== undefined) await page.addInitScript({ content: atDocumentStart });
      await page.goto(`${extensionOrigin}/${path.replace(/^\//, '')}`, { waitUntil: 'load' });
      return wrap(page);
    },
    signIn: (username) => signInThroughSandbox(browser, username),
    signOut: () => signOutThroughSandbox(browser),
    badge: (tabId) => evaluateInExtension(readBadgeInExtension, tabId),
    evaluateInExtension,
    readStorage: (area, keys) => evaluateInExtension(readStorageInExtension, { area, keys: keys ?? null }),
    setStorage: (area, items) => evaluateInExtension(writeStorageInExtension, { area, items }),
    tune: (fields) => tuneIn(evaluateInExtension, fields),
    stopBackground,
    pages: () =>
      context
        .pages()
        .filter((page) => !isUntouchedStartTab(page))
        .map(wrap),
    consoleLog: () => log.lines(),
    markLog: (text) => log.add('test', text),
    saveArtifacts: (dir) => writeArtifacts(dir, browser.pages(), log.lines()),
    close() {
      closing ??= giveBackChromium(chromium, keep, {
        extensionId: new URL(extensionOrigin).host,
        markLeftBehind: () => evaluateInExtension(markLeftBehindInExtension, LEFT_BY_LAST_FILE),
      }).finally(markClosed);
      return closing;
    },
  };

  if (reused) {
    // The last file's marks in the extension's storage (kept-chromium.ts): none may be left.
    const found = await evaluateInExtension(findLeftBehindInExtension, LEFT_BY_LAST_FILE).catch((error) => [
      String(error),
    ]);
    if (found.length > 0) {
      reportLeftovers('Chromium', found);
      await chromium.close();
      return launchChromium(options);
    }
  }
  if (options.uiLanguage) await expectUiLanguage(browser, options.uiLanguage).catch(closeAndThrow(browser));
  if (options.signedInAs) await browser.signIn(options.signedInAs);
  return browser;
}
