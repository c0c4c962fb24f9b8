/**
 * The app's side of the opening read (opening-read.ts): while the popup opens, the storage reads of
 * its items (lib/storage/storage-item.ts, `storedReads`) are answered from the read the first-frame
 * script started, when it covers them, with the changes heard since applied; the rest, and every
 * read once the app has rendered, go to storage. What the opening asked for is kept in the page's
 * storage for the next open's read.
 *
 * A missing read (the first open, no page storage), a foreign or damaged one, one that failed, or
 * one that lacks a name (another member's items, a new build's): storage is read, as without it.
 */
import { storedReads } from '@/lib/storage/storage-item';
import { type AreaRead, OPENING_NAMES_ITEM, OPENING_READ, type OpeningRead } from './opening-read';

type Values = Record<string, unknown>;

/**
 * The handed-over read of `names` in `area`, as storage holds them now as far as this page has heard:
 * the read's values with every logged change applied in order. Undefined when there is no open read
 * in `scope` that covers them.
 */
export function handedRead(
  scope: object,
  area: string,
  names: readonly string[],
): Promise<Values> | undefined {
  const read = (scope as Record<string, Partial<OpeningRead> | undefined>)[OPENING_READ];
  if (!read || read.closed !== undefined || !Array.isArray(read.log) || !Array.isArray(read.reads)) return;
  const log = read.log;
  return read.reads
    .find(
      (areaRead) =>
        areaRead?.[0] === area &&
        typeof areaRead[2]?.then === 'function' &&
        names.every((name) => areaRead[1]?.includes?.(name)),
    )?.[2]
    ?.then((values) => {
      const result: Values = {};
      for (const name of names) result[name] = values[name];
      for (const [changedArea, name, change] of log)
        if (changedArea === area && names.includes(name)) result[name] = change.newValue;
      return result;
    });
}

/**
 * Answers the items' reads from the handed-over read until the returned close is called (as the app
 * first renders); close then marks the read taken, and keeps the reads asked for meanwhile (each its
 * area and names) in the page's storage.
 */
export function takeOpeningRead(scope: object = globalThis, pageStorage: () => Storage = () => localStorage) {
  const direct = storedReads.get;
  const asked = new Map<string, AreaRead>();
  storedReads.get = (area, names) => {
    asked.set(area + names, [area, names]);
    return handedRead(scope, area, names)?.catch(() => direct(area, names)) ?? direct(area, names);
  };
  return () => {
    storedReads.get = direct;
    const read = (scope as Record<string, unknown>)[OPENING_READ];
    if (read !== null && typeof read === 'object') (read as OpeningRead).closed = true;
    try {
      // In the order asked: the same at every open of the same screen, so rewritten only when it changes.
      const reads = JSON.stringify([...asked.values()]);
      if (pageStorage().getItem(OPENING_NAMES_ITEM) !== reads)
        pageStorage().setItem(OPENING_NAMES_ITEM, reads);
    } catch {
      // No page storage: every open reads for itself.
    }
  };
}
