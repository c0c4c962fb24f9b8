/**
 * Storage items as Preact state, for the popup's views. The frame reads the items the first frame
 * needs BEFORE the first render (`primeStorageItems`), so a view's first frame already shows what
 * storage holds (DESIGN.md: the popup opens from cache); after that, `storage.watch` keeps it current.
 */
import { useEffect, useState } from 'preact/hooks';
import type { StorageItem } from '@/lib/storage-item';

// biome-ignore lint/suspicious/noExplicitAny: items of any value type share the snapshot.
type AnyItem = StorageItem<any>;

const primed = new Map<string, unknown>();

/** Reads these items (in parallel) so `useStorageItem` starts from their stored values. */
export async function primeStorageItems(items: readonly AnyItem[]): Promise<void> {
  const values = await Promise.all(items.map((item) => item.getValue()));
  items.forEach((item, index) => {
    primed.set(item.key, values[index]);
  });
}

/** The item's value: primed in the first frame (else its fallback until read), then watched. */
export function useStorageItem<T>(item: StorageItem<T>): T {
  const [value, setValue] = useState<T>(() =>
    primed.has(item.key) ? (primed.get(item.key) as T) : item.fallback,
  );
  useEffect(() => {
    let live = true;
    const unwatch = item.watch((next) => setValue(next ?? item.fallback));
    // A change between the priming read and the watch would otherwise be missed.
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
  return primed.has(item.key) ? (primed.get(item.key) as T) : undefined;
}
