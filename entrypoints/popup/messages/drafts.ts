/**
 * The member's reply drafts: the popup writes them as they are typed; the background removes one
 * only when its reply is posted (ARCHITECTURE.md: a member's words are never lost).
 */
import type { Drafts } from '@/lib/messages/messages-model';
import { messageDraftsItem } from '@/lib/messages/messages-storage';
import { draftOf, withDraft } from '@/lib/messages/replies-model';
import { useStorageItem } from '../storage-hooks';

export function useDraft(username: string, key: string): string {
  return draftOf(useStorageItem(messageDraftsItem), username, key);
}

// Draft writes one after the other: typing fast never lets an older text land after a newer one.
let draftWrites: Promise<unknown> = Promise.resolve();

/**
 * Saves a draft as it is typed (a blank one is removed). Refused, storage may be full: caches are
 * given up for it (lib/composition/caches-given-up.ts, loaded only then: the popup's budget). Resolves false if
 * even then there is no room (the member is told; the text stays in the box).
 */
export function saveDraft(username: string, key: string, text: string): Promise<boolean> {
  const write = draftWrites.then(async () => {
    const drafts: Drafts = await messageDraftsItem.getValue();
    const save = () => messageDraftsItem.setValue(withDraft(drafts, username, key, text, Date.now()));
    return save().then(
      () => true,
      (refusal: unknown) =>
        import('@/lib/composition/caches-given-up').then((room) => room.retryMakingRoom(save, refusal)),
    );
  });
  draftWrites = write.catch(() => undefined);
  return write;
}

/** Resolves when every draft typed so far is in storage. */
export function draftsSaved(): Promise<unknown> {
  return draftWrites;
}
