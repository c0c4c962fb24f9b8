/**
 * Other users' public message counts for their profile pages, read through the API client and
 * cached in session storage so a member who revisits a profile costs at most one read per TTL.
 */

import { profileMessageCountsItem } from '@/lib/message-count/message-count-storage';
import { ownEntry } from '@/lib/storage/own-entry';

/** Another user's count on their profile page is read at most this often. */
export const PROFILE_COUNT_TTL_MS = 5 * 60_000;

/** `username`'s public count from the cache or one read; the stale cached count if the read fails. */
export async function publicCount(
  readCount: (username: string, options: { bypassCache: boolean }) => Promise<number>,
  username: string,
  now: number,
): Promise<number | null> {
  const key = username.toLowerCase();
  const cache = await profileMessageCountsItem.getValue();
  // The name comes from the page's address: `constructor` must find no count of its own.
  const hit = ownEntry(cache, key);
  if (hit && now - hit.at < PROFILE_COUNT_TTL_MS) return hit.count;
  const count = await readCount(username, { bypassCache: false }).catch(() => null);
  if (count === null) return hit?.count ?? null;
  // Keep the cache small: a member visits few profiles, drop the stale ones.
  const kept = Object.fromEntries(
    Object.entries(cache).filter(([, entry]) => now - entry.at < PROFILE_COUNT_TTL_MS),
  );
  await profileMessageCountsItem.setValue({ ...kept, [key]: { count, at: now } });
  return count;
}
