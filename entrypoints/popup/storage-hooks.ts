/**
 * Storage items as Preact state, for the popup's views. The frame reads the items the first frame
 * needs BEFORE the first render (`primeStorageItems`), so a view's first frame already shows what
 * storage holds (DESIGN.md: the popup opens from cache); after that, `watch` keeps it current.
 *
 * A primed item is watched from before its read, so its snapshot is always the stored value: a view
 * mounting starts from it and needs no read of its own (a second read of every item right after the
 * first frame, and a second render of every view with the equal copies it returned, delayed the
 * popup's first paint).
 */
import { useEffect, useState } from 'preact/hooks';
import { getValues, type StorageItem } from '@/lib/storage-item';

// biome-ignore lint/suspicious/noExplicitAny: items of any value type share the snapshot.
type AnyItem = StorageItem<any>;

/** The primed items' values as the popup opened. */
const atOpen = new Map<string, unknown>();
/** The primed items' current values. */
const latest = new Map<string, unknown>();

/** Reads these items (together: one read per storage area) so `useStorageItem` starts from their stored values. */
export async function primeStorageItems(items: readonly AnyItem[]): Promise<void> {
  // Watched first: a change while the read is under way wins over what the read returns.
  for (const item of items) item.watch((next) => latest.set(item.key, next));
  const values = await getValues(items);
  items.forEach((item, index) => {
    atOpen.set(item.key, values[index]);
    if (!latest.has(item.key)) latest.set(item.key, values[index]);
  });
}

/** The item's value: primed in the first frame (else its fallback until read), then watched. */
export function useStorageItem<T>(item: StorageItem<T>): T {
  const [value, setValue] = useState<T>(() =>
    latest.has(item.key) ? (latest.get(item.key) as T) : item.fallback,
  );
  useEffect(() => {
    let live = true;
    const unwatch = item.watch((next) => setValue(next));
    if (latest.has(item.key)) {
      // A change between the render and this watch is in the snapshot (the same value: no render).
      setValue(latest.get(item.key) as T);
    } else {
      item.getValue().then((current) => {
        if (live) setValue(current);
      });
    }
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
