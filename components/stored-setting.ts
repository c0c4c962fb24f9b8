/**
 * A stored setting as Preact state, and its writes: for the options page and for the panels it
 * shares with the popup (components/OtherAccountsPanel.tsx), which read their items on demand
 * rather than from the popup's first-frame snapshot (entrypoints/popup/storage-hooks.ts). Values pass through the
 * model's reader (missing keys at their defaults: a value synced from a browser not yet migrated
 * reads as the current shape). Writes merge the change into what storage holds at that moment:
 * the popup may have changed the same item meanwhile (the feed filters, the Explore language).
 */
import { useEffect, useState } from 'preact/hooks';
import type { StorageItem } from '@/lib/storage/storage-item';

type Item<T> = StorageItem<T>;

/** The item's value (null until first read), kept current while the page is open. */
export function useStoredSetting<T>(item: Item<T>, read: (stored: unknown) => T): T | null {
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    let live = true;
    const unwatch = item.watch((next) => setValue(read(next)));
    item.getValue().then((current) => {
      if (live) setValue(read(current));
    });
    return () => {
      live = false;
      unwatch();
    };
  }, [item, read]);
  return value;
}

/** Writes `change` over the item's current value. */
export async function changeSetting<T extends object>(
  item: Item<T>,
  read: (stored: unknown) => T,
  change: Partial<T>,
): Promise<void> {
  await item.setValue({ ...read(await item.getValue()), ...change });
}
