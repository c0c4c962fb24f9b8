/**
 * Search in the Messages tab (popup state only, never stored): a row matches when every word of the
 * query is in one of its messages' person, titles or comment fragment, ignoring case and accents
 * (entrypoints/popup/folded-text.ts).
 * Pure: the view marks the matched parts of its texts with `markPieces`.
 */
import { folded, searchTerms } from '@/entrypoints/popup/folded-text';
import type { MessageRow } from '@/lib/messages/messages-model';

// What the tab says while searching comes with the rules: a search is on only once they are here.
export { NoMatch, SearchNote } from './search-notes';
export { searchTerms };

/** The parts of a message the popup shows as text: the person, the titles, the comment. */
const SHOWN = [
  'actor_username',
  'title',
  'project_title',
  'parent_title',
  'comment_obj_title',
  'gallery_title',
  'topic_title',
  'comment_fragment',
];

/** Whether the row matches every word (a group: any of its messages); no words match everything. */
export function rowMatches(row: MessageRow, terms: readonly string[]): boolean {
  const messages = row.kind === 'group' ? row.messages : [row.message];
  return messages.some((message) => {
    const shown = folded(
      SHOWN.map((key) => (message as Record<string, unknown>)[key])
        .filter((value) => typeof value === 'string')
        .join('\n'),
    ).text;
    return terms.every((term) => shown.includes(term));
  });
}

/** The text cut into pieces, the ones matching a word marked (the pieces join back to the text). */
export function markPieces(text: string, terms: readonly string[]): { text: string; mark: boolean }[] {
  const { text: seen, from, to } = folded(text);
  // Which characters of the original text a word covers.
  const marked = new Array<boolean>(text.length).fill(false);
  for (const term of terms) {
    for (let at = seen.indexOf(term); at >= 0; at = seen.indexOf(term, at + 1)) {
      marked.fill(true, from[at], to[at + term.length - 1]);
    }
  }
  const pieces: { text: string; mark: boolean }[] = [];
  for (let i = 0; i < text.length; i++) {
    const last = pieces.at(-1);
    if (last !== undefined && last.mark === marked[i]) last.text += text[i];
    else pieces.push({ text: text[i] as string, mark: marked[i] as boolean });
  }
  return pieces;
}
