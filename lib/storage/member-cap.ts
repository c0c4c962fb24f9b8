/**
 * The per-member cap: a cache kept per member (or per list, per thread) holds only the most recently
 * used entries, so storage stays within its budget however many accounts or views a browser sees.
 */

/**
 * Keeps the `max` entries most recently used (largest `usedAt`; missing counts as never), and
 * always `keep` (the entry being written). Returns `entries` itself when nothing is dropped.
 */
export function capRecentlyUsed<T>(
  entries: Record<string, T>,
  max: number,
  keep: string | undefined,
  usedAt: (entry: T) => number = (entry) => (entry as { usedAt?: number }).usedAt ?? 0,
): Record<string, T> {
  const keys = Object.keys(entries);
  if (keys.length <= max) return entries;
  const next = { ...entries };
  const byUse = keys.sort((a, b) => usedAt(next[b] as T) - usedAt(next[a] as T));
  for (const key of byUse.slice(max)) if (key !== keep) delete next[key];
  return next;
}
