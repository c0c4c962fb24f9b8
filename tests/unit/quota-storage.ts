/**
 * The fake browser's storage.local with Chrome's quota: WXT's fake keeps everything, a real Chrome
 * refuses a write that would take the area past QUOTA_BYTES, counting each item as its key plus its
 * value's JSON (lib/storage/storage-quota.ts; tests/e2e/storage-quota.test.ts checks the count against
 * Chromium's own). A refused write changes nothing and rejects with Chromium's message.
 */
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { LOCAL_QUOTA_BYTES, storedBytes } from '@/lib/storage/storage-quota';

/** What Chromium 156 says (measured by tests/e2e/storage-quota.test.ts; older builds: "QUOTA_BYTES quota exceeded"). */
export const CHROME_QUOTA_MESSAGE = 'Resource::kQuotaBytes quota exceeded';

export interface QuotaStorage {
  /** Bytes in use, as Chrome's getBytesInUse(null) counts them. */
  bytesInUse(): number;
  /** Bytes of one item (its name in the area, e.g. `feedCache`). */
  bytesOf(name: string): number;
  /** The names of every write taken, in order. */
  readonly written: string[];
  /** The names of every write refused, in order. */
  readonly refused: string[];
}

/** Makes the fake browser's storage.local enforce `quota` (restored by vi.restoreAllMocks). */
export async function enforceChromeQuota(quota = LOCAL_QUOTA_BYTES): Promise<QuotaStorage> {
  const area = fakeBrowser.storage.local;
  const set = area.set.bind(area);
  const remove = area.remove.bind(area);
  const clear = area.clear.bind(area);
  const sizes = new Map<string, number>();
  for (const [name, value] of Object.entries(await area.get(null))) sizes.set(name, storedBytes(name, value));
  const total = () => [...sizes.values()].reduce((sum, bytes) => sum + bytes, 0);
  const written: string[] = [];
  const refused: string[] = [];

  vi.spyOn(area, 'set').mockImplementation(async (items: Record<string, unknown>) => {
    const next = new Map(sizes);
    for (const [name, value] of Object.entries(items)) next.set(name, storedBytes(name, value));
    if ([...next.values()].reduce((sum, bytes) => sum + bytes, 0) > quota) {
      refused.push(...Object.keys(items));
      throw new Error(CHROME_QUOTA_MESSAGE);
    }
    await set(items);
    for (const [name, bytes] of next) sizes.set(name, bytes);
    written.push(...Object.keys(items));
  });
  vi.spyOn(area, 'remove').mockImplementation(async (names: string | string[]) => {
    await remove(names);
    for (const name of Array.isArray(names) ? names : [names]) sizes.delete(name);
  });
  vi.spyOn(area, 'clear').mockImplementation(async () => {
    await clear();
    sizes.clear();
  });
  return { bytesInUse: total, bytesOf: (name) => sizes.get(name) ?? 0, written, refused };
}
