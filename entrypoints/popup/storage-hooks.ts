/**
 * Storage items as Preact state, for the popup's views. The frame reads the items the first frame
 * needs BEFORE the first render (`primeStorageItems`), so a view's first frame already shows what
 * storage holds (ARCHITECTURE.md, Storage and caches: the popup opens from cache); after that, `watch` keeps it current.
 *
 * A primed item is watched from before its read, so its snapshot is always the stored value: a view
 * mounting starts from it and needs no read of its own (a second read of every item right after the
 * first frame, and a second render of every view with the equal copies it returned, delayed the
 * popup's first paint). Views hear of its changes from that one early watch, not from storage
 * listeners of their own: a listener added as a view mounts is registered with the browser
 * asynchronously, and a change written meanwhile reached the snapshot but not the view (Firefox: the
 * popup kept showing the previous member after a switch, the new one already stored).
 */
import { useEffect, useState } from 'preact/hooks';
import { getValues, type StorageItem } from '@/lib/storage/storage-item';

// biome-ignore lint/suspicious/noExplicitAny: items of any value type share the snapshot.
type AnyItem = StorageItem<any>;

/** The primed items' values as the popup opened. */
const atOpen = new Map<string, unknown>();
/** The primed items' current values. */
const latest = new Map<string, unknown>();
/** The views showing each primed item, told of every change the item's early watch hears. */
const viewsOf = new Map<string, Set<(value: unknown) => void>>();
/** The read of each item primed or being primed: an item is watched and read once per popup. */
const reads = new Map<string, Promise<void>>();

/**
 * Reads these items (together: one read per storage area) so `useStorageItem` starts from their
 * stored values. The frame primes what every first frame shows (main.tsx), a tab what its view
 * shows, with its chunk (lazy-view.tsx); an item already primed, or being primed, is not read again:
 * this waits for its read.
 */
export function primeStorageItems(items: readonly AnyItem[]): Promise<void> {
  const fresh = [
    ...new Map(items.filter((item) => !reads.has(item.key)).map((item) => [item.key, item])).values(),
  ];
  if (fresh.length > 0) {
    // Watched first: a change while the read is under way wins over what the read returns.
    for (const item of fresh) {
      item.watch((next) => {
        latest.set(item.key, next);
        for (const show of viewsOf.get(item.key) ?? []) show(next);
      });
    }
    const read = getValues(fresh).then((values) => {
      fresh.forEach((item, index) => {
        atOpen.set(item.key, values[index]);
        if (!latest.has(item.key)) latest.set(item.key, values[index]);
      });
    });
    for (const item of fresh) reads.set(item.key, read);
  }
  return Promise.all(items.map((item) => reads.get(item.key))).then(() => undefined);
}

/** The item's value: primed in the first frame (else its fallback until read), then watched. */
export function useStorageItem<T>(item: StorageItem<T>): T {
  const [value, setValue] = useState<T>(() =>
    latest.has(item.key) ? (latest.get(item.key) as T) : item.fallback,
  );
  useEffect(() => {
    if (latest.has(item.key)) {
      // Primed: told by the early watch, in this page (nothing to register with the browser).
      const show = (next: unknown) => setValue(next as T);
      const views = viewsOf.get(item.key) ?? new Set();
      viewsOf.set(item.key, views);
      views.add(show);
      // A change between the render and now is in the snapshot (the same value: no render).
      setValue(latest.get(item.key) as T);
      return () => {
        views.delete(show);
      };
    }
    let live = true;
    const unwatch = item.watch((next) => setValue(next));
    item.getValue().then((current) => {
      if (live) setValue(current);
    });
    return () => {
      live = false;
      unwatch();
    };
  }, [item]);
  return value;
}

/** The value read by `primeStorageItems` (the state of storage when the popup opened), if primed. */
export function primedValue<T>(item: StorageItem<T>): T | undefined {
  return atOpen.has(item.key) ? (atOpen.get(item.key) as T) : undefined;
}
