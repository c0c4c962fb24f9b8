/**
 * The order in which the caches of `storage.local` are given up when a write of the member's words
 * (a draft, the record of a reply being sent) is refused for room: the platform's mechanism
 * (lib/storage/storage-full.ts) with the caches of every domain. Names only, so the popup's draft
 * writer loads next to nothing when storage is full.
 */
import { retryMakingRoomIn } from '@/lib/storage/storage-full';

/**
 * The caches (their items' names, `lib/<domain>/<domain>-storage.ts`), in the order they are given
 * up: public data anyone can read again first, then the member's own lists, feed and marks, their
 * conversations and messages (the popup may be showing them), and last the daily record of their
 * projects, the one cache no read can bring back.
 */
export const CACHES_GIVEN_UP = [
  'exploreCache',
  'translationCache',
  'myStuffCache',
  'feedCache',
  'projectStatuses',
  'pageProjectStatuses',
  'messageThreads',
  'messagesCache',
  'projectHistory',
] as const;

/**
 * After a refused write of the member's words (the popup's draft): lib/storage/storage-full.ts's
 * `retryMakingRoomIn` over every cache. The background's writes get the list itself (the messages
 * service's `cachesGivenUp`).
 */
export function retryMakingRoom(write: () => Promise<void>, refusal: unknown): Promise<boolean> {
  return retryMakingRoomIn(CACHES_GIVEN_UP, write, refusal);
}
