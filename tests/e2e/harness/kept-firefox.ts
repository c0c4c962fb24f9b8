/**
 * Firefox kept by each test worker, from one file to the next: a launch on a new profile costs
 * about 8 CPU-seconds and 6 s on a 2-core machine, and every end-to-end file runs Firefox; giving
 * the next file the same browser, with the extension removed and installed again, costs about a
 * third of a second.
 *
 * The next file must find what a new browser has: nothing of the last file. So when a file is done
 * with the browser, its tabs are closed, the extension is removed (Firefox removes its storage, its
 * granted permissions and its alarms with it), every site's data is cleared (cookies, page storage,
 * caches) and the preferences tests set are reset. Before the browser is handed out again, that is
 * checked: no cookie, no tab but the first, no preference left; and after the extension is
 * installed, none of the marks the last file wrote into its storage (firefox.ts). Anything found
 * closes that browser and launches a new one, saying so on stderr.
 *
 * Only in an end-to-end run (the global setup names a folder for the kept browsers' process ids,
 * where the run's teardown finds any a worker left: Vitest ends its workers without their exit
 * handlers), and only headless launches without a profile of their own (a restart's).
 */
import {
  driverKey,
  type FirefoxDriver,
  type FirefoxDriverOptions,
  launchFirefoxDriver,
} from './firefox-driver';
import { forgetKeptProcess, mayKeep, recordKeptProcess } from './kept-processes';
import { type Leaving, reportLeftovers } from './left-behind';

/** The preferences tests change at run time (firefox.ts): reset for the next file. */
const PREFS_TESTS_SET = ['layout.css.prefers-color-scheme.content-override'];

/**
 * The browsers kept, by their launch settings: a file asking for others (a language, notifications
 * granted) gets one of its own, and the worker's usual one waits for the file after it.
 */
const kept = new Map<string, FirefoxDriver>();

export async function closeFirefox(firefox: FirefoxDriver): Promise<void> {
  await firefox.driver.close().catch(() => {});
  forgetKeptProcess(firefox.driver.process()?.pid);
}

/** Whatever makes `firefox` unlike a new one (before the extension is installed); empty if nothing. */
async function leftovers(firefox: FirefoxDriver): Promise<string[]> {
  const config = await firefox.privilegedPage();
  const found = await config.evaluate((prefs) => {
    const services = (
      globalThis as {
        Services?: {
          cookies: { cookies: unknown[] };
          prefs: { prefHasUserValue(name: string): boolean };
          wm: { getEnumerator(type: string): Iterable<{ gBrowser: { tabs: unknown[] } }> };
        };
      }
    ).Services;
    if (!services) return ['about:config has no Services'];
    const left: string[] = [];
    if (services.cookies.cookies.length > 0) left.push(`${services.cookies.cookies.length} cookies`);
    for (const name of prefs) if (services.prefs.prefHasUserValue(name)) left.push(`the pref ${name}`);
    // Firefox's own count (Puppeteer's list keeps closed tabs a while): the first, blank tab and
    // about:config stay.
    let tabs = 0;
    for (const window of services.wm.getEnumerator('navigator:browser')) tabs += window.gBrowser.tabs.length;
    if (tabs > 2) left.push(`${tabs - 2} tabs`);
    return left;
  }, PREFS_TESTS_SET);
  return found;
}

/**
 * A Firefox launched with `options`. With `reuse` (and where a browser may be kept): the kept one if
 * it was launched so and is as new, else a new one, to keep when the file is done (`keep`); `reused`
 * tells firefox.ts to check the storage marks once the extension is in. Otherwise a new one.
 */
export async function takeFirefox(
  options: FirefoxDriverOptions,
  reuse: boolean,
): Promise<{ firefox: FirefoxDriver; reused: boolean; keep: boolean }> {
  if (!mayKeep(options, reuse))
    return { firefox: await launchFirefoxDriver(options), reused: false, keep: false };
  const key = driverKey(options);
  const candidate = kept.get(key);
  kept.delete(key);
  if (candidate) {
    const found = await leftovers(candidate).catch((error) => [String(error)]);
    if (found.length === 0) return { firefox: candidate, reused: true, keep: true };
    reportLeftovers('Firefox', found);
    await closeFirefox(candidate);
  }
  const firefox = await launchFirefoxDriver(options);
  recordKeptProcess(firefox.driver.process()?.pid);
  return { firefox, reused: false, keep: true };
}

/**
 * Called when a file is done with `firefox`: with `keep` (takeFirefox's), keeps it, as new, for the
 * next file of this worker; else, or if any step fails, closes it.
 */
export async function giveBackFirefox(
  firefox: FirefoxDriver,
  keep: boolean,
  leaving: Leaving,
): Promise<void> {
  if (!keep) {
    await closeFirefox(firefox);
    return;
  }
  try {
    await leaving.markLeftBehind();
    const { driver } = firefox;
    const config = await firefox.privilegedPage();
    const [first] = await driver.pages();
    for (const page of await driver.pages()) {
      if (page !== first && page !== config && !page.isClosed()) await page.close();
    }
    await driver.uninstallExtension(leaving.extensionId);
    await config.evaluate(async (prefs) => {
      const scope = globalThis as unknown as {
        Services: {
          prefs: { clearUserPref(name: string): void };
          clearData: {
            deleteData(flags: number, callback: { onDataDeleted(failed: number): void }): void;
          };
        };
        Ci: { nsIClearDataService: { CLEAR_ALL: number } };
      };
      for (const name of prefs) scope.Services.prefs.clearUserPref(name);
      // Cookies, every site's page storage and IndexedDB, the HTTP and image caches, permissions.
      await new Promise<void>((resolve) =>
        scope.Services.clearData.deleteData(scope.Ci.nsIClearDataService.CLEAR_ALL, {
          onDataDeleted: () => resolve(),
        }),
      );
    }, PREFS_TESTS_SET);
    kept.set(firefox.key, firefox);
  } catch (error) {
    process.stderr.write(`e2e: Firefox could not be kept for the next file (${String(error)}): closing it\n`);
    await closeFirefox(firefox);
  }
}
