/**
 * Drafts typed but not yet confirmed in extension storage, kept in the popup's page storage.
 *
 * Saving a draft to extension storage takes a round trip (read the drafts, write them back), and
 * closing the popup ends its page at once: the last keystrokes typed just before a close would be
 * lost. Page storage (`localStorage`) is written synchronously, in the keystroke's own event. An
 * entry stays until its storage write is confirmed; the next popup's reply box shows it where it is
 * newer than the stored draft, and writes it to storage as it opens (drafts.ts).
 *
 * The conversation's draft mark, which opens it by itself, comes from storage only: the first words
 * of a draft are stored long before the popup closes. Only the conversation's chunk loads this
 * module: the Messages list loading it too, for the marks, cost 755 of the last 967 bytes of the
 * popup's budget at open (ARCHITECTURE.md, Budgets).
 */
import type { Draft, Drafts } from '@/lib/messages/messages-model';

/** The page-storage item (the popup's own origin, beside the first frame's snapshot). */
export const UNSAVED_DRAFTS_ITEM = 'companion:unsavedDrafts';

/** The unsaved entries, member by member (a Map: names are data); anything unreadable is none. */
export function unsavedDrafts(): Map<string, Map<string, Draft>> {
  const drafts = new Map<string, Map<string, Draft>>();
  try {
    const parsed: Drafts = JSON.parse(localStorage.getItem(UNSAVED_DRAFTS_ITEM) ?? '{}');
    for (const [username, mine] of Object.entries(parsed)) {
      for (const [key, draft] of Object.entries(mine)) {
        if (typeof draft?.text !== 'string' || typeof draft.at !== 'number') continue;
        const entries = drafts.get(username) ?? new Map<string, Draft>();
        drafts.set(username, entries.set(key, { text: draft.text, at: draft.at }));
      }
    }
  } catch {
    // Not JSON, or not objects: nothing unsaved.
  }
  return drafts;
}

/**
 * Keeps `draft` (blank text: the draft's removal) as the entry for this reply, or removes the entry
 * (`undefined`) if it is still `confirmed`: a later keystroke's entry stays.
 */
export function keepUnsaved(
  username: string,
  key: string,
  draft: Draft | undefined,
  confirmed?: Draft,
): void {
  try {
    const drafts = unsavedDrafts();
    const mine = drafts.get(username) ?? new Map<string, Draft>();
    const entry = mine.get(key);
    if (draft) mine.set(key, draft);
    else if (entry?.at === confirmed?.at && entry?.text === confirmed?.text) mine.delete(key);
    else return;
    drafts.set(username, mine);
    const kept = [...drafts].filter(([, entries]) => entries.size > 0);
    if (kept.length === 0) localStorage.removeItem(UNSAVED_DRAFTS_ITEM);
    else
      localStorage.setItem(
        UNSAVED_DRAFTS_ITEM,
        JSON.stringify(
          Object.fromEntries(kept.map(([name, entries]) => [name, Object.fromEntries(entries)])),
        ),
      );
  } catch {
    // No page storage, or full: the write to extension storage is the only copy, as before.
  }
}
