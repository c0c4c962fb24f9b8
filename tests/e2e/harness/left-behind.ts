/**
 * How a browser kept from one test file to the next (kept-firefox.ts, kept-chromium.ts) proves that
 * the extension's storage went with it: the file leaving writes a mark into every storage area, and
 * once the extension is installed again for the next file, no area may hold it.
 */

/** The key of the mark. */
export const LEFT_BY_LAST_FILE = 'companion-e2e:leftByLastFile';

type StorageApi = typeof browser.storage;

/**
 * In the extension (an extension page or the service worker; serialised, so self-contained): writes
 * `key` into every storage area.
 */
export async function markLeftBehindInExtension(key: string): Promise<void> {
  const scope = globalThis as unknown as {
    browser?: { storage: StorageApi };
    chrome: { storage: StorageApi };
  };
  const storage = (scope.browser ?? scope.chrome).storage;
  await Promise.all(
    ['local', 'sync', 'session'].map((area) => storage[area as 'local'].set({ [key]: true })),
  );
}

/** In the extension: the storage areas that hold `key`. */
export async function findLeftBehindInExtension(key: string): Promise<string[]> {
  const scope = globalThis as unknown as {
    browser?: { storage: StorageApi };
    chrome: { storage: StorageApi };
  };
  const storage = (scope.browser ?? scope.chrome).storage;
  const found: string[] = [];
  for (const area of ['local', 'sync', 'session']) {
    if (key in (await storage[area as 'local'].get(key))) found.push(`storage.${area}'s mark`);
  }
  return found;
}

/** What the file leaving a kept browser does to it, besides what the browser's giveBack does. */
export interface Leaving {
  /** The id of the extension the file installed (Firefox's gecko id, Chromium's extension id). */
  extensionId: string;
  /** Writes LEFT_BY_LAST_FILE into every storage area of the extension (markLeftBehindInExtension). */
  markLeftBehind(): Promise<void>;
}

/** Says on stderr why a kept browser is not used (a new one is launched instead). */
export function reportLeftovers(browserName: string, found: readonly string[]): void {
  process.stderr.write(
    `e2e: the kept ${browserName} had ${found.join(', ')} left from the last file: launching a new one\n`,
  );
}
