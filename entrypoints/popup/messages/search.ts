/**
 * Search in the Messages tab (popup state only, never stored): a message matches when every word of
 * the query is in its person, titles or comment fragment, ignoring case and accents
 * (entrypoints/popup/folded-text.ts). Messages are matched before they are grouped, so a group holds
 * the matching ones only.
 * Pure: the view marks the matched parts of its texts with `markPieces`.
 */
import { folded, searchTerms } from '@/entrypoints/popup/folded-text';
import type { Message } from '@/lib/messages/messages-model';

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

/** Whether the message matches every word; no words match everything. */
export function messageMatches(message: Message, terms: readonly string[]): boolean {
  const shown = folded(
    SHOWN.map((key) => (message as Record<string, unknown>)[key])
      .filter((value) => typeof value === 'string')
      .join('\n'),
  ).text;
  return terms.every((term) => shown.includes(term));
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
