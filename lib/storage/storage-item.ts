/**
 * A typed, versioned storage item straight over `browser.storage`, in the format of WXT's storage
 * items (the value under its key, `{ v: version }` under `key$`), so what earlier versions of
 * Companion stored reads the same, and a value written by an older version is migrated on read.
 *
 * Why not `storage.defineItem` from `wxt/utils/storage`: it reads every item as it is defined, so a
 * page importing the storage items (the popup) paid one storage read per item (about thirty, the big
 * caches included) before it could paint; and it cost the popup 8.6 KB of its budget
 * (ARCHITECTURE.md, Budgets). Here nothing is read until asked for, and migrations run on an item's first use in a
 * context (every read and write waits for them), as WXT's ran on its definition.
 */
import { browser } from 'wxt/browser';

type Area = 'local' | 'session' | 'sync';
export type StorageKey = `${Area}:${string}`;

export interface StorageItem<T> {
  /** `area:name`, e.g. `local:feedCache`. */
  readonly key: StorageKey;
  /** What the item reads as while nothing is stored. */
  readonly fallback: T;
  getValue(): Promise<T>;
  /** Stores the value (null removes it). */
  setValue(value: T | null): Promise<void>;
  removeValue(): Promise<void>;
  /** Calls back on every change of the stored value (null stands for the fallback); returns the unwatch. */
  watch(callback: (next: T, previous: T) => void): () => void;
  /** The item's metadata (`{ v: version }` once a migrating item has been written or migrated). */
  getMeta(): Promise<Record<string, unknown>>;
  /** Brings a value stored by an older version to this version (run once per context by itself). */
  migrate(): Promise<void>;
  /** Resolves once the item's migrations have run in this context (every read and write waits for it). */
  ready(): Promise<void>;
}

export interface StorageItemOptions<T> {
  fallback: T;
  /** The shape's version (1 when left out); bump it and add a migration when the shape changes. */
  version?: number;
  /** Migrations to each version from the one before it. */
  // biome-ignore lint/suspicious/noExplicitAny: a migration takes any earlier shape.
  migrations?: Record<number, (value: any) => unknown>;
}

/**
 * How items read what is stored: one `get` of some names of an area. The popup answers the reads it
 * makes as it opens from a read its first-frame script started earlier
 * (entrypoints/popup/opening-read-handoff.ts); everywhere else it is storage's own.
 */
export const storedReads = {
  get: (area: Area, names: string[]): Promise<Record<string, unknown>> => browser.storage[area].get(names),
};

// Defining an item does nothing until it is used: marked so, the bundler leaves out of each context
// the items (and their defaults and migrations) that context never uses.
/* @__NO_SIDE_EFFECTS__ */
export function defineItem<T>(key: StorageKey, options: StorageItemOptions<T>): StorageItem<T> {
  const [areaName, name] = splitKey(key);
  const metaName = `${name}$`;
  const area = () => browser.storage[areaName];
  const { fallback, version = 1, migrations } = options;
  /** A migrating item stores its version beside its first value (as WXT's did). */
  let needsVersion = false;

  /** Set once this context migrated the stored value: reads then go to storage itself. */
  let migratedHere = false;
  const migrate = async () => {
    const stored = await storedReads.get(areaName, [name, metaName]);
    const value = stored[name];
    const meta = (stored[metaName] ?? {}) as Record<string, unknown>;
    const from = typeof meta.v === 'number' ? meta.v : 1;
    needsVersion = value == null && meta.v == null;
    if (value == null || from === version) return;
    if (from > version) throw new Error(`Version downgrade detected (v${from} -> v${version}) for "${key}"`);
    let migrated: unknown = value;
    for (let next = from + 1; next <= version; next++)
      migrated = (await migrations?.[next]?.(migrated)) ?? migrated;
    await area().set({ [name]: migrated, [metaName]: { ...meta, v: version } });
    migratedHere = true;
  };
  let migrating: Promise<void> | null = null;
  let migrationsDone = migrations === undefined;
  const migrated = () => {
    migrating ??=
      migrations === undefined
        ? Promise.resolve()
        : migrate()
            .catch((error: unknown) => console.error(`Migration failed for ${key}`, error))
            .finally(() => {
              migrationsDone = true;
            });
    return migrating;
  };
  const read = async (storedName: string) =>
    (await (migratedHere ? area().get(storedName) : storedReads.get(areaName, [storedName])))[storedName];

  const item: StorageItem<T> = {
    key,
    fallback,
    async getValue() {
      await migrated();
      return ((await read(name)) ?? fallback) as T;
    },
    async setValue(value) {
      await migrated();
      if (value == null) return area().remove(name);
      if (needsVersion) {
        needsVersion = false;
        const meta = ((await read(metaName)) ?? {}) as Record<string, unknown>;
        return area().set({ [name]: value, [metaName]: { ...meta, v: version } });
      }
      return area().set({ [name]: value });
    },
    async removeValue() {
      await migrated();
      await area().remove(name);
    },
    watch(callback) {
      const listener = (changes: Record<string, { newValue?: unknown; oldValue?: unknown }>) => {
        const change = changes[name];
        // A write of an equal value is no change (storage may report it all the same).
        if (change === undefined || JSON.stringify(change.newValue) === JSON.stringify(change.oldValue))
          return;
        callback((change.newValue ?? fallback) as T, (change.oldValue ?? fallback) as T);
      };
      area().onChanged.addListener(listener);
      return () => area().onChanged.removeListener(listener);
    },
    async getMeta() {
      await migrated();
      return ((await read(metaName)) ?? {}) as Record<string, unknown>;
    },
    migrate: migrate,
    ready: migrated,
  };
  if (migrations !== undefined) {
    migratingItems.set(item, {
      metaName,
      settle(stored) {
        if (migrationsDone) return true;
        // Under way in this context: its outcome is to be waited for, then read.
        if (migrating !== null) return false;
        const meta = (stored[metaName] ?? {}) as Record<string, unknown>;
        const from = typeof meta.v === 'number' ? meta.v : 1;
        if (stored[name] != null && from !== version) return false;
        // Nothing to migrate: as `migrate` would conclude, without its read.
        needsVersion = stored[name] == null && meta.v == null;
        migrating = Promise.resolve();
        migrationsDone = true;
        return true;
      },
    });
  }
  return item;
}

/**
 * Items with migrations, for `getValues`: the name their version is stored under, and what settles
 * their migrations from a read that included it (false: there is something to migrate, or a
 * migration under way, so the item's own `ready()` is to be waited for).
 */
const migratingItems = new WeakMap<
  // biome-ignore lint/suspicious/noExplicitAny: items of any value type.
  StorageItem<any>,
  { metaName: string; settle(stored: Record<string, unknown>): boolean }
>();

/**
 * Items whose key names no stored value of their own (an item each member has their own of,
 * ./member-owned-item.ts): `getValues` asks them for their value rather than reading their key.
 */
// biome-ignore lint/suspicious/noExplicitAny: items of any value type.
const readThrough = new WeakSet<StorageItem<any>>();

/** Marks an item whose value is not stored under its key (see `readThrough`). */
// biome-ignore lint/suspicious/noExplicitAny: items of any value type.
export function readsThrough<I extends StorageItem<any>>(item: I): I {
  readThrough.add(item);
  return item;
}

/**
 * The values of several items, read together: one storage read per area rather than one per item
 * (the popup's first frame shows about fifteen). A migrating item's version is read in the same
 * read: its migrations cost no read of their own when there is nothing to migrate (the popup's first
 * frame waited for two round trips to storage, one for the versions, then one for the values).
 */
// biome-ignore lint/suspicious/noExplicitAny: items of any value type.
export async function getValues(all: readonly StorageItem<any>[]): Promise<unknown[]> {
  // Read-through items read themselves, started at once beside the others' read.
  const own = all.map((item) => (readThrough.has(item) ? item.getValue() : undefined));
  const items = all.filter((item) => !readThrough.has(item));
  const places = items.map((item) => splitKey(item.key));
  const areas = [...new Set(places.map(([area]) => area))];
  // The first read may be answered from an earlier one (`storedReads`); after a migration, storage's own.
  const read = (get = storedReads.get) =>
    Promise.all(
      areas.map((area) =>
        get(
          area,
          items.flatMap((item, index) => {
            const [itemArea, name] = places[index] as [Area, string];
            if (itemArea !== area) return [];
            const migrating = migratingItems.get(item);
            return migrating === undefined ? [name] : [name, migrating.metaName];
          }),
        ),
      ),
    );
  let stored = await read();
  const settled = items.map((item, index) => {
    const migrating = migratingItems.get(item);
    const area = (places[index] as [Area, string])[0];
    return migrating === undefined || migrating.settle(stored[areas.indexOf(area)] ?? {});
  });
  if (settled.includes(false)) {
    // Something to migrate (once per item and context): migrated first, then read again.
    await Promise.all(items.map((item) => item.ready()));
    stored = await read((area, names) => browser.storage[area].get(names));
  }
  const values = items.map((item, index) => {
    const [area, name] = places[index] as [Area, string];
    return stored[areas.indexOf(area)]?.[name] ?? item.fallback;
  });
  return Promise.all(own.map((read) => read ?? values.shift()));
}

/** `local:feedCache` → `['local', 'feedCache']`. */
function splitKey(key: StorageKey): [Area, string] {
  const colon = key.indexOf(':');
  return [key.slice(0, colon) as Area, key.slice(colon + 1)];
}
