/**
 * A bare Chromium for the end-to-end tests, through Playwright (a persistent context: Chromium runs
 * extensions only there), its console output routed to the log of whoever uses it now. The
 * extension is either loaded at launch (`--load-extension`: `npm start`, the benchmarks, a
 * restart's profile) or installed afterwards over the DevTools protocol, which alone lets it be
 * removed again: so a test worker can keep the browser for its next file (kept-chromium.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, type CDPSession, chromium, type Worker } from 'playwright-core';
import { CHROMIUM_QUIET_ARGS, chromiumLauncher } from './browsers';
import { ConsoleLog } from './console-log';
import { chromiumLanguageEnv } from './ui-language';

export interface ChromiumDriverOptions {
  headless?: boolean;
  uiLanguage?: string;
  /** Launch arguments of the sandbox's lane (the live host names mapped onto its HTTPS port). */
  laneArgs: readonly string[];
  /** A kept profile (a restart): the browser is never kept itself. */
  userDataDir?: string;
  /** Loads this build at launch; without it, installExtension() installs one later. */
  loadExtension?: string;
}

export interface ChromiumDriver {
  readonly context: BrowserContext;
  /** The options it was launched with, as a key: a kept one serves only a launch asking the same. */
  readonly key: string;
  /** Sends the browser's console output to `log` from now on (each file has its own). */
  logTo(log: ConsoleLog): void;
  /** A DevTools session with the browser itself (Extensions.*, Storage.*, SystemInfo.*). */
  browserSession(): Promise<CDPSession>;
  /** Installs the unpacked build at `dir` and returns its service worker, once it runs. */
  installExtension(dir: string): Promise<Worker>;
  close(): Promise<void>;
}

export const isExtensionWorker = (worker: Worker) => worker.url().startsWith('chrome-extension://');

export function chromiumDriverKey(options: ChromiumDriverOptions): string {
  return JSON.stringify({
    headless: options.headless ?? true,
    uiLanguage: options.uiLanguage ?? null,
    laneArgs: options.laneArgs,
    userDataDir: options.userDataDir ?? null,
    loadExtension: options.loadExtension ?? null,
  });
}

export async function launchChromiumDriver(options: ChromiumDriverOptions): Promise<ChromiumDriver> {
  const keepProfile = options.userDataDir !== undefined;
  const userDataDir = options.userDataDir ?? (await mkdtemp(join(tmpdir(), 'companion-chromium-')));
  const removeProfile = () =>
    keepProfile ? Promise.resolve() : rm(userDataDir, { recursive: true, force: true });
  const extensionArgs = options.loadExtension
    ? [`--disable-extensions-except=${options.loadExtension}`, `--load-extension=${options.loadExtension}`]
    : // Extensions.loadUnpacked and Extensions.uninstall, over Playwright's DevTools pipe.
      ['--enable-unsafe-extension-debugging'];
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: chromiumLauncher(),
      headless: options.headless ?? true,
      viewport: { width: 1280, height: 800 },
      // Playwright disables extensions unless told which to load: here one is installed later.
      ...(options.loadExtension ? {} : { ignoreDefaultArgs: ['--disable-extensions'] }),
      args: [...CHROMIUM_QUIET_ARGS, ...extensionArgs, ...options.laneArgs],
      ...(options.uiLanguage ? { env: { ...process.env, ...chromiumLanguageEnv(options.uiLanguage) } } : {}),
    });
  } catch (error) {
    await removeProfile();
    throw error;
  }

  let log = new ConsoleLog();
  context.on('console', (message) => {
    const worker = message.worker();
    const where =
      message.page()?.url() ?? (worker?.url().startsWith('chrome-extension://') ? 'background' : 'worker');
    // For a failed resource load the location is the resource, which the text does not name.
    const source = message.location().url;
    const text = source && source !== where ? `${message.text()} (${source})` : message.text();
    log.add(`console.${message.type()} ${where}`, text);
  });
  context.on('weberror', (webError) => {
    log.add(`pageerror ${webError.page()?.url() ?? ''}`, String(webError.error()?.stack ?? webError.error()));
  });
  const watchWorker = (worker: Worker) => {
    if (!isExtensionWorker(worker)) return;
    log.add('background', `service worker started: ${worker.url()}`);
    worker.on('close', () => log.add('background', 'service worker stopped'));
  };
  context.on('serviceworker', watchWorker);
  context.serviceWorkers().forEach(watchWorker);

  let session: Promise<CDPSession> | undefined;
  const browserSession = () => {
    const browser = context.browser();
    if (!browser) throw new Error('Playwright gave the persistent context no browser');
    session ??= browser.newBrowserCDPSession();
    return session;
  };

  return {
    context,
    key: chromiumDriverKey(options),
    logTo: (next) => {
      log = next;
    },
    browserSession,
    async installExtension(dir) {
      const before = new Set(context.serviceWorkers());
      const started = context.waitForEvent('serviceworker', {
        predicate: (worker) => isExtensionWorker(worker) && !before.has(worker),
        timeout: 30_000,
      });
      // Awaited below; handled here too, so a failed install leaves no unhandled rejection.
      started.catch(() => {});
      const { id } = (await (await browserSession()).send('Extensions.loadUnpacked', { path: dir })) as {
        id: string;
      };
      const worker = await started;
      if (new URL(worker.url()).host !== id)
        throw new Error(`Another extension's worker started: ${worker.url()}`);
      return worker;
    },
    async close() {
      await context.close().catch(() => {});
      await removeProfile();
    },
  };
}
