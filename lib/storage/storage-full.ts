/**
 * A member's words are written even when storage is full: a write of a draft or of the record of a
 * reply being sent that is refused for room (lib/storage/storage-quota.ts) gives up the caches one
 * after another and is tried again after each. Only caches go, never drafts, reply records or
 * settings. If it is refused with every cache gone, the writer tells the member (their text stays
 * where they typed it). Which caches there are, and in which order they go, is the caller's to say
 * (lib/composition/caches-given-up.ts).
 */
import { browser } from 'wxt/browser';
import { isQuotaError } from './storage-quota';

/**
 * After `write` (a write of the member's words) was refused with `refusal`: when it was refused for
 * room, gives up a cache of `caches` (names in `storage.local`, the most expendable first) and tries
 * again, cache after cache. Resolves true once written, false when refused for room with every cache
 * gone; rejects with any other error.
 */
export async function retryMakingRoomIn(
  caches: readonly string[],
  write: () => Promise<void>,
  refusal: unknown,
): Promise<boolean> {
  let error = refusal;
  for (const cache of caches) {
    if (!isQuotaError(error)) throw error;
    await browser.storage.local.remove(cache);
    try {
      await write();
      return true;
    } catch (next) {
      error = next;
    }
  }
  if (!isQuotaError(error)) throw error;
  return false;
}

/** Runs `write`, making room as above; refused even then, rejects with the browser's quota error. */
export async function writeMakingRoomIn(
  caches: readonly string[],
  write: () => Promise<void>,
): Promise<void> {
  try {
    await write();
  } catch (refusal) {
    if (!(await retryMakingRoomIn(caches, write, refusal))) throw refusal;
  }
}
