/**
 * The member's reply drafts: the popup writes them as they are typed; the background removes one
 * only when its reply is posted (ARCHITECTURE.md: a member's words are never lost). Each keystroke's
 * text is first kept in page storage, synchronously, until its write to extension storage is
 * confirmed (unsaved-drafts.ts): a popup closed within that write loses nothing.
 */
import type { Draft, Drafts } from '@/lib/messages/messages-model';
import { messageDraftsItem } from '@/lib/messages/messages-storage';
import { draftEntryOf, withDraft } from '@/lib/messages/replies-model';
import { useStorageItem } from '../storage-hooks';
import { keepUnsaved, unsavedDrafts } from './unsaved-drafts';

/** The draft's text: the stored one, or the unsaved one where it was typed later. */
export function useDraft(username: string, key: string): string {
  const stored = draftEntryOf(useStorageItem(messageDraftsItem), username, key);
  const unsaved = unsavedDrafts().get(username)?.get(key);
  if (unsaved !== undefined && unsaved.at > (stored?.at ?? Number.NEGATIVE_INFINITY)) return unsaved.text;
  return stored?.text ?? '';
}

// Draft writes one after the other: typing fast never lets an older text land after a newer one.
let draftWrites: Promise<unknown> = Promise.resolve();

/**
 * Writes the draft to extension storage, after the writes queued before it. Refused, storage may be
 * full: caches are given up for it (lib/composition/caches-given-up.ts, loaded only then: the
 * popup's budget). Resolves false if even then there is no room. An unsaved draft from an earlier
 * popup is written only if nothing newer is stored.
 */
function queueWrite(username: string, key: string, draft: Draft, onlyIfNewer = false): Promise<boolean> {
  const write = draftWrites.then(async () => {
    const drafts: Drafts = await messageDraftsItem.getValue();
    const stored = draftEntryOf(drafts, username, key);
    if (onlyIfNewer && stored !== undefined && stored.at >= draft.at) {
      keepUnsaved(username, key, undefined, draft);
      return true;
    }
    const save = () => messageDraftsItem.setValue(withDraft(drafts, username, key, draft.text, draft.at));
    const saved = await save().then(
      () => true,
      (refusal: unknown) =>
        import('@/lib/composition/caches-given-up').then((room) => room.retryMakingRoom(save, refusal)),
    );
    if (saved) keepUnsaved(username, key, undefined, draft);
    return saved;
  });
  draftWrites = write.catch(() => undefined);
  return write;
}

/**
 * Saves a draft as it is typed (a blank one is removed): in page storage at once, then in extension
 * storage. Resolves false if extension storage has no room even with the caches given up (the
 * member is told; the text stays in the box, and in page storage).
 */
export function saveDraft(username: string, key: string, text: string): Promise<boolean> {
  const draft = { text, at: Date.now() };
  keepUnsaved(username, key, draft);
  return queueWrite(username, key, draft);
}

/** Writes to extension storage what an earlier popup kept unsaved (it closed within the write). */
export function saveUnsavedDrafts(): Promise<unknown> {
  const writes = [...unsavedDrafts()].flatMap(([username, mine]) =>
    [...mine].map(([key, draft]) => queueWrite(username, key, draft, true)),
  );
  return Promise.all(writes);
}

/** Resolves when every draft typed so far is in storage. */
export function draftsSaved(): Promise<unknown> {
  return draftWrites;
}
