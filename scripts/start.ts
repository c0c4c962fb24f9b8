/**
 * The main job of `npm start` (bootstrapped by scripts/start.mjs once dependencies are there):
 * build the `local` profile (when its sources are newer than its last build), start the sandbox on
 * its fixed ports, launch the browser with the extension, sign the demo user in and open the site.
 * Headless (the default without a display) it also saves screenshots under .output/screens/ (or --screens <dir>): the site page it opened,
 * the popup as it opens and each of its views, the settings page, and site pages with marks and a
 * translation (scripts/screens.ts). `npm run screenshots` remakes the README's pictures with it.
 *
 *   npm start [-- --browser chromium|firefox] [--headless|--headed] [--once] [--screens <dir>]
 *             [--ui-language ar|de|…]   (the browser's own language, which Companion follows)
 */
import { spawnSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_USERNAME, startSandbox } from '../sandbox/index';
import { type BrowserName, isBrowserName } from '../tests/e2e/harness/browsers';
import { buildState } from '../tests/e2e/harness/build-freshness';
import type { ExtensionBrowser } from '../tests/e2e/harness/extension-browser';
import { launchBrowser } from '../tests/e2e/harness/launch';
import { buildDir, REPO_ROOT, wxtTarget } from '../tests/e2e/harness/paths';
import type { TestPage } from '../tests/e2e/harness/test-page';
import {
  screenshotEditor,
  screenshotMarks,
  screenshotPopupViews,
  screenshotProfileTexts,
  screenshotSettings,
  screenshotTranslation,
  settle,
} from './screens';

function fail(message: string): never {
  console.error(`npm start: ${message}`);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    browser: { type: 'string', default: 'chromium' },
    headless: { type: 'boolean' },
    headed: { type: 'boolean' },
    once: { type: 'boolean', default: false },
    screens: { type: 'string', default: join(REPO_ROOT, '.output', 'screens') },
    'ui-language': { type: 'string' },
  },
});
const SCREENS_DIR = resolve(values.screens);
const browserName: BrowserName = isBrowserName(values.browser)
  ? values.browser
  : fail(`--browser must be chromium or firefox, not "${values.browser}"`);
if (values.headed && !process.env.DISPLAY) fail('--headed needs a display (DISPLAY is not set)');
const headless = values.headless ?? !(values.headed || process.env.DISPLAY);

const shown = (path: string) => relative(process.cwd(), path) || path;

/** Builds the local profile unless its build is newer than every source that goes into it. */
function buildLocalProfile(): void {
  const state = buildState('local', browserName);
  if (state === 'fresh') {
    console.log(`The local profile for ${browserName} is built and newer than its sources.`);
    return;
  }
  console.log(`Building the local profile for ${browserName}…`);
  const result = spawnSync('npx', ['wxt', 'build', '-b', wxtTarget(browserName)], {
    cwd: REPO_ROOT,
    env: { ...process.env, COMPANION_PROFILE: 'local' },
    stdio: 'inherit',
  });
  if (result.status !== 0) fail('the build failed (see above)');
}

async function startFixedPortSandbox() {
  try {
    return await startSandbox({ quiet: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      fail('the sandbox ports (8610-8616) are in use: is another `npm start` or an end-to-end run going?');
    }
    throw error;
  }
}

async function screenshotSite(page: TestPage): Promise<string> {
  const path = join(SCREENS_DIR, 'site.png');
  await page.screenshot({ path });
  return path;
}

buildLocalProfile();
const sandbox = await startFixedPortSandbox();
let browser: ExtensionBrowser | undefined;
let stopping = false;
const shutdown = async (code: number) => {
  stopping = true;
  await browser?.close();
  await sandbox.close();
  process.exit(code);
};

try {
  console.log(
    `Launching ${browserName}${headless ? ' (headless)' : ''} with ${shown(buildDir('local', browserName))}…`,
  );
  browser = await launchBrowser(browserName, {
    sandbox,
    profile: 'local',
    headless,
    signedInAs: DEMO_USERNAME,
    uiLanguage: values['ui-language'],
  });
  const site = await browser.openPage(`${browser.profile.site}/`);
  const marker = await site
    .waitFor(() => document.documentElement.dataset.companion, undefined, { timeout: 15_000 })
    .catch(() => undefined);
  if (!marker)
    console.warn('npm start: the content script did not answer on the site page (see the console)');

  console.log(`\nCompanion is running against the sandbox, signed in as "${DEMO_USERNAME}".`);
  console.log(`  site      ${sandbox.urls.site}/   (other users: ${sandbox.urls.site}/login/)`);
  console.log(`  api       ${sandbox.urls.api}/`);
  console.log(`  control   ${sandbox.urls.control}/`);
  if (headless) {
    await mkdir(SCREENS_DIR, { recursive: true });
    await settle(site);
    const paths = [
      await screenshotSite(site),
      ...(await screenshotPopupViews(browser, SCREENS_DIR)),
      await screenshotSettings(browser, SCREENS_DIR),
      await screenshotMarks(browser, SCREENS_DIR),
      await screenshotTranslation(browser, sandbox, SCREENS_DIR),
      await screenshotProfileTexts(browser, sandbox, SCREENS_DIR),
      await screenshotEditor(browser, sandbox, SCREENS_DIR),
    ];
    console.log('Screenshots:');
    for (const path of paths) console.log(`  ${shown(path)}`);
  } else {
    console.log("Companion is in the browser's extensions menu (the puzzle piece): pin it to the toolbar.");
  }
} catch (error) {
  console.error(`npm start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  await shutdown(1);
}

if (values.once) await shutdown(0);
console.log('Serving until Ctrl-C.');
process.once('SIGINT', () => void shutdown(0));
process.once('SIGTERM', () => void shutdown(0));
// A person closing the browser window ends the session too.
void browser?.closed.then(() => {
  if (stopping) return;
  console.log('The browser was closed.');
  return shutdown(0);
});
