/**
 * Chromium kept by each test worker, from one file to the next, as kept-firefox.ts keeps Firefox: a
 * launch costs about 5 CPU-seconds on a 2-core machine, a new install of the extension in a kept
 * browser about one. The browser's launch arguments carry the sandbox lane's port, so a kept one
 * serves a file on the same lane (a worker's files mostly are; a worker keeps one for each).
 *
 * When a file is done, its tabs are closed, the extension is removed (Chromium removes its storage,
 * the page storage of its own pages and its granted permissions with it), the cookies, the HTTP
 * cache and the page storage of every origin the tests open are cleared. Before the browser is
 * handed out again: no cookie and no tab but the first; and after the extension is installed, none
 * of the marks the last file wrote into its storage (chromium.ts). Anything found closes that
 * browser and launches a new one, saying so on stderr.
 */
import { siteProfiles } from '@/lib/config';
import {
  type ChromiumDriver,
  type ChromiumDriverOptions,
  chromiumDriverKey,
  launchChromiumDriver,
} from './chromium-driver';
import { forgetKeptProcess, mayKeep, recordKeptProcess } from './kept-processes';
import { type Leaving, reportLeftovers } from './left-behind';

/** The origins whose page storage the tests' pages may write (the public build's live hosts). */
const ORIGINS_TESTS_OPEN = (() => {
  const { site, api, translate, synthesis, uploads } = siteProfiles.public;
  return [site, api, translate, synthesis, ...uploads];
})();

/** The browsers kept, by their launch settings (a language, a lane), as kept-firefox.ts keeps them. */
const kept = new Map<string, { chromium: ChromiumDriver; pid: number | undefined }>();

/** The browser process's id (Playwright does not give a persistent context's). */
async function browserProcessId(chromium: ChromiumDriver): Promise<number | undefined> {
  const { processInfo } = (await (await chromium.browserSession()).send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number }[];
  };
  return processInfo.find((info) => info.type === 'browser')?.id;
}

async function closeKept(chromium: ChromiumDriver, pid: number | undefined): Promise<void> {
  await chromium.close();
  forgetKeptProcess(pid);
}

/** Whatever makes `chromium` unlike a new one (before the extension is installed); empty if nothing. */
async function leftovers(chromium: ChromiumDriver): Promise<string[]> {
  const found: string[] = [];
  const { cookies } = (await (await chromium.browserSession()).send('Storage.getCookies')) as {
    cookies: unknown[];
  };
  if (cookies.length > 0) found.push(`${cookies.length} cookies`);
  const tabs = chromium.context.pages().filter((page) => !page.isClosed()).length;
  if (tabs > 1) found.push(`${tabs - 1} tabs`);
  return found;
}

/**
 * A Chromium launched with `options` for the build at `extensionDir`. With `reuse` (and where a
 * browser may be kept): the kept one if it was launched so and is as new, else a new one, in which
 * chromium.ts installs the build (`keep`: the one install it can remove again); `reused` tells it to
 * check the storage marks once the extension is in. Otherwise a new one with the build loaded at launch.
 */
export async function takeChromium(
  options: ChromiumDriverOptions,
  extensionDir: string,
  reuse: boolean,
): Promise<{ chromium: ChromiumDriver; reused: boolean; keep: boolean }> {
  if (!mayKeep(options, reuse)) {
    const chromium = await launchChromiumDriver({ ...options, loadExtension: extensionDir });
    return { chromium, reused: false, keep: false };
  }
  const key = chromiumDriverKey(options);
  const candidate = kept.get(key);
  kept.delete(key);
  if (candidate) {
    const found = await leftovers(candidate.chromium).catch((error) => [String(error)]);
    if (found.length === 0) return { chromium: candidate.chromium, reused: true, keep: true };
    reportLeftovers('Chromium', found);
    await closeKept(candidate.chromium, candidate.pid);
  }
  const chromium = await launchChromiumDriver(options);
  return { chromium, reused: false, keep: true };
}

/**
 * Called when a file is done with `chromium`: with `keep` (takeChromium's), keeps it, as new, for
 * the next file of this worker; else, or if any step fails, closes it.
 */
export async function giveBackChromium(
  chromium: ChromiumDriver,
  keep: boolean,
  leaving: Leaving,
): Promise<void> {
  if (!keep) {
    await chromium.close();
    return;
  }
  let pid: number | undefined;
  try {
    pid = await browserProcessId(chromium);
    // Listed for the run's teardown before anything else can fail.
    recordKeptProcess(pid);
    await leaving.markLeftBehind();
    const [first, ...others] = chromium.context.pages();
    for (const page of others) await page.close();
    const session = await chromium.browserSession();
    await session.send('Extensions.uninstall', { id: leaving.extensionId });
    await session.send('Storage.clearCookies');
    if (!first) throw new Error("no first tab to clear the sites' data from");
    // Over the first tab's session: the browser's own has no storage partition to clear.
    const pageSession = await chromium.context.newCDPSession(first);
    try {
      for (const origin of ORIGINS_TESTS_OPEN) {
        await pageSession.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
      }
      await pageSession.send('Network.clearBrowserCache');
    } finally {
      await pageSession.detach().catch(() => {});
    }
    kept.set(chromium.key, { chromium, pid });
  } catch (error) {
    process.stderr.write(
      `e2e: Chromium could not be kept for the next file (${String(error)}): closing it\n`,
    );
    await closeKept(chromium, pid);
  }
}
