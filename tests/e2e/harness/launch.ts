/** Launching either browser with its build, and the vitest hooks that share one browser per file. */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { BrowserName } from './browsers';
import { type ChromiumLaunchOptions, launchChromium } from './chromium';
import type { ExtensionBrowser } from './extension-browser';
import { type FirefoxLaunchOptions, launchFirefox } from './firefox';
import { artifactsDir } from './paths';
import type { RunningSandbox } from './sandbox';

export type BrowserLaunchOptions = ChromiumLaunchOptions & FirefoxLaunchOptions;

/**
 * Chromium runs the store (`public`) build with the live host names mapped onto the sandbox;
 * Firefox runs the `local` build against the sandbox's loopback ports.
 */
export function launchBrowser(name: BrowserName, options: BrowserLaunchOptions): Promise<ExtensionBrowser> {
  if (name === 'chromium') return launchChromium(options);
  // Firefox has no host-resolver rules to map the live hosts onto the sandbox.
  if (options.profile === 'public') throw new Error('Firefox runs the local build only');
  return launchFirefox(options);
}

export interface UseBrowserOptions extends Omit<BrowserLaunchOptions, 'sandbox'> {
  /** The getter withSandbox() returns. */
  sandbox: () => RunningSandbox;
}

/**
 * One browser for the tests of the enclosing file or describe block (launching costs seconds):
 * launched in beforeAll (in an end-to-end run, the one the worker kept from its last file, as new:
 * LaunchOptions.reuse), closed in afterAll, which also resets the sandbox to its seeded world for
 * whatever runs next in the file. A failing test leaves a screenshot of each open
 * page and the console log in .output/test-artifacts/<test name>/.
 */
export function useBrowser(name: BrowserName, options: UseBrowserOptions): () => ExtensionBrowser {
  let browser: ExtensionBrowser | undefined;
  beforeAll(async () => {
    const { sandbox, ...rest } = options;
    browser = await launchBrowser(name, { reuse: true, ...rest, sandbox: sandbox() });
  });
  afterAll(async () => {
    await browser?.close();
    browser = undefined;
    // The next browser of the file (the other one of BROWSER_NAMES) starts from the seeded world,
    // with no fault, log or session left by this one: as it does when run alone with `-t`.
    options.sandbox().control.reset();
  });
  beforeEach(({ task, onTestFailed }) => {
    browser?.markLog(`--- test: ${task.fullName}`);
    onTestFailed(async () => {
      if (!browser) return;
      const dir = artifactsDir(task.fullName);
      await browser.saveArtifacts(dir);
      process.stderr.write(`e2e: screenshots and console log of "${task.fullName}" in ${dir}\n`);
    });
  });
  return () => {
    if (!browser) throw new Error(`${name} is not running: use it inside tests or hooks, after useBrowser()`);
    return browser;
  };
}
