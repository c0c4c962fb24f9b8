/**
 * The popup's opening read, started by the first-frame script (first-frame.ts) as the page is parsed:
 * the extension storage the previous open read before its first render (its names kept in the page's
 * own storage), asked for in one read per area, long before the app's module has loaded. The app
 * takes it (opening-read-handoff.ts) instead of asking storage again: its first render has its data
 * without a round trip of its own.
 *
 * Storage may change between this read and the app's: every change heard from before the read was
 * asked for is logged beside it, and the app applies the log to what it takes. The listener stays for
 * the page's life: the app's own storage listeners, added later in the same page, then take effect at
 * once (the browser already sends this page storage's changes).
 *
 * This module is part of the first-frame script: keep it small (popup JavaScript at open).
 */

/** The page's storage item: the names the last open read before its first render, by area. */
export const OPENING_NAMES_ITEM = 'companion.openingNames';
/** The global the read is handed over in. */
export const OPENING_READ = 'companionOpeningRead';

export type OpeningNames = Partial<Record<string, string[]>>;

export interface OpeningRead {
  /** The names read, by area. */
  names: OpeningNames;
  /** The read of each area. */
  reads: Partial<Record<string, Promise<Record<string, unknown>>>>;
  /** Every change heard since before the reads were asked for: area, name, change, in order. */
  log: [string, string, { newValue?: unknown }][];
  /** Taken: set once the app has rendered (the handoff serves the opening only). */
  closed?: boolean;
}

interface StorageArea {
  get(names: string[]): Promise<Record<string, unknown>>;
}
export interface StorageApi {
  onChanged: {
    addListener(listener: (changes: Record<string, { newValue?: unknown }>, area: string) => void): void;
  };
  [area: string]: unknown;
}

/** Starts the read of the names kept in `pageStorage` and hands it over in `scope`. Never throws. */
export function startOpeningRead(scope: object, pageStorage: () => Storage, api: StorageApi): void {
  try {
    const names = JSON.parse(pageStorage().getItem(OPENING_NAMES_ITEM) ?? 'null') as OpeningNames | null;
    if (names === null || typeof names !== 'object') return;
    const read: OpeningRead = { names, reads: {}, log: [] };
    api.onChanged.addListener((changes, area) => {
      if (!read.closed) for (const name in changes) read.log.push([area, name, changes[name] ?? {}]);
    });
    for (const area in names)
      if (Array.isArray(names[area])) {
        const areaRead = (api[area] as StorageArea).get(names[area]);
        // A failed read is the app's to fall back from, never an unhandled rejection.
        areaRead.catch(() => undefined);
        read.reads[area] = areaRead;
      }
    (scope as Record<string, unknown>)[OPENING_READ] = read;
  } catch {
    // No page storage, or a damaged list: the app reads storage itself.
  }
}
