/**
 * A cache kept to its byte cap where it is written: one mechanism for every cache. Each domain
 * declares its caches' budgets (`lib/<domain>/<domain>-budget.ts`: the cap, and what goes first),
 * and lib/composition/storage-budget.ts adds them up against the quota. A value over its cap gives
 * up its least valuable pieces (each cache says which: least recently used, oldest) until it fits,
 * before it reaches storage, so the caches together never take the room a member's drafts need.
 */
import type { StorageItem } from '@/lib/storage/storage-item';
import { isQuotaError, storedBytes } from '@/lib/storage/storage-quota';

export const KiB = 1024;
export const MiB = 1024 * KiB;

export interface CacheBudget<T> {
  /** The most bytes the item may take, counted as Chrome counts them (lib/storage/storage-quota.ts). */
  bytes: number;
  /**
   * Removes the least valuable piece of `value` (a copy, the cache's own to change) and returns it,
   * or returns undefined when nothing is left to remove.
   */
  trim(value: T): unknown;
}

/** `value` within `budget` (itself when it fits), or null when even empty it would not. */
export function fitToBudget<T>(name: string, value: T, budget: CacheBudget<T>): T | null {
  let bytes = storedBytes(name, value);
  if (bytes <= budget.bytes) return value;
  const fitted = structuredClone(value);
  while (bytes > budget.bytes) {
    const dropped = budget.trim(fitted);
    if (dropped === undefined) return null;
    // What a piece takes alone is at most what removing it frees: the count stays high until it is
    // measured again, so the value never ends up over its cap. Measuring once per piece would make
    // a trim of many pieces quadratic.
    bytes -= storedBytes('', dropped);
    if (bytes <= budget.bytes) bytes = storedBytes(name, fitted);
  }
  return fitted;
}

/**
 * The storage port of a cache (what a background service reads and writes): every write fitted
 * to the cache's budget. A write refused for room anyway (the member's drafts took the reserve)
 * is left out: the cache keeps its older value, and the service carries on.
 */
export function budgetedCache<T>(
  item: StorageItem<T>,
  budget: CacheBudget<T>,
): { get(): Promise<T>; set(value: T): Promise<void> } {
  const name = item.key.slice(item.key.indexOf(':') + 1);
  return {
    get: () => item.getValue(),
    async set(value) {
      try {
        await item.setValue(fitToBudget(name, value, budget));
      } catch (error) {
        if (!isQuotaError(error)) throw error;
        console.warn(`[companion] ${item.key}: no room in storage, not cached this time`, error);
      }
    },
  };
}

/** The key of the entry with the smallest `age` (the least recently used), or undefined if none. */
export function leastRecent<T>(entries: Record<string, T>, age: (entry: T) => number): string | undefined {
  let oldest: string | undefined;
  let oldestAt = Number.POSITIVE_INFINITY;
  for (const key in entries) {
    const at = age(entries[key] as T);
    if (oldest === undefined || at < oldestAt) {
      oldest = key;
      oldestAt = at;
    }
  }
  return oldest;
}
