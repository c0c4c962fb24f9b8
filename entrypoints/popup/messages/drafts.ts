/**
 * The member's reply drafts: the popup writes them as they are typed; the background removes one
 * only when its reply is posted (DESIGN.md: a user's words are never lost).
 */
import { type Drafts, draftOf, withDraft } from '@/lib/messages/messages-model';
import { messageDraftsItem } from '@/lib/storage';
import { writeMakingRoom } from '@/lib/storage-full';
import { useStorageItem } from '../storage-hooks';

export function useDraft(username: string, key: string): string {
  return draftOf(useStorageItem(messageDraftsItem), username, key);
}

// Draft writes one after the other: typing fast never lets an older text land after a newer one.
let draftWrites: Promise<unknown> = Promise.resolve();

/**
 * Saves a draft as it is typed (a blank one is removed); caches are given up for it when storage
 * is full. Rejects with the browser's quota error (lib/storage-quota.ts) if even then there is no room.
 */
export function saveDraft(username: string, key: string, text: string): Promise<void> {
  const write = draftWrites.then(async () => {
    const drafts: Drafts = await messageDraftsItem.getValue();
    await writeMakingRoom(() =>
      messageDraftsItem.setValue(withDraft(drafts, username, key, text, Date.now())),
    );
  });
  draftWrites = write.catch(() => undefined);
  return write;
}

/** Resolves when every draft typed so far is in storage. */
export function draftsSaved(): Promise<unknown> {
  return draftWrites;
}
