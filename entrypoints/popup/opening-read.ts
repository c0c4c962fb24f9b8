/**
 * The popup's opening read, started by the first-frame script (first-frame.ts) as the page is parsed:
 * the extension storage the previous open read before its first render (its names kept in the page's
 * own storage), asked for again as that open asked for it, long before the app's module has loaded. The app
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

/**
 * The page's storage item: the reads the last open made before its first render, each an area and
 * names. Made again as they were, not merged: a read of a few small items (who is signed in, the tab)
 * is not kept waiting by one of the large caches.
 */
export const OPENING_NAMES_ITEM = 'companion.openingNames';
/** The global the read is handed over in. */
export const OPENING_READ = 'companionOpeningRead';

/** A read: its area, its names, and (once asked for) what storage answered. */
export type AreaRead = [area: string, names: string[], values?: Promise<Record<string, unknown>>];

export interface OpeningRead {
  /** The reads asked for. */
  reads: AreaRead[];
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
    const reads = JSON.parse(pageStorage().getItem(OPENING_NAMES_ITEM) ?? 'null') as AreaRead[] | null;
    if (!Array.isArray(reads)) return;
    const read: OpeningRead = { reads, log: [] };
    api.onChanged.addListener((changes, area) => {
      if (!read.closed) for (const name in changes) read.log.push([area, name, changes[name] ?? {}]);
    });
    for (const areaRead of reads) {
      const values = (api[areaRead[0]] as StorageArea).get(areaRead[1]);
      // A failed read is the app's to fall back from, never an unhandled rejection.
      values.catch(() => undefined);
      areaRead[2] = values;
    }
    (scope as Record<string, unknown>)[OPENING_READ] = read;
  } catch {
    // No page storage, or a damaged list: the app reads storage itself.
  }
}
