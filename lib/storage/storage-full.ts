/**
 * A member's words are written even when storage is full: a write of a draft or of the record of a
 * reply being sent that is refused for room (lib/storage-quota.ts) gives up the caches one after
 * another and is tried again after each. Only caches go, never drafts, reply records or settings.
 * If it is refused with every cache gone, the writer tells the member (their text stays where they
 * typed it).
 */
import { browser } from 'wxt/browser';
import { isQuotaError } from '@/lib/storage/storage-quota';

/**
 * The caches of `storage.local` (their items' names, lib/storage.ts), in the order they are given
 * up: public data anyone can read again first, then the member's own lists, feed and marks, their
 * conversations and messages last (the popup may be showing them).
 */
export const CACHES_GIVEN_UP = [
  'exploreCache',
  'translationCache',
  'myStuffCache',
  'feedCache',
  'projectStatuses',
  'messageThreads',
  'messagesCache',
] as const;

/**
 * After `write` (a write of the member's words) was refused with `refusal`: when it was refused for
 * room, gives up a cache and tries again, cache after cache. Resolves true once written, false when
 * refused for room with every cache gone; rejects with any other error.
 */
export async function retryMakingRoom(write: () => Promise<void>, refusal: unknown): Promise<boolean> {
  let error = refusal;
  for (const cache of CACHES_GIVEN_UP) {
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
export async function writeMakingRoom(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (refusal) {
    if (!(await retryMakingRoom(write, refusal))) throw refusal;
  }
}
