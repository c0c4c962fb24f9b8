import { describe, expect, it } from 'vitest';
import type { Message } from '@/lib/api/schemas';
import { groupMessages, type MessageRow } from '@/lib/messages/messages-model';
import { markPieces, rowMatches, searchTerms } from './search';

const base = { datetime_created: '2026-11-20T10:00:00.000Z', actor_id: 7 };
const love = (id: number, actor: string, title = 'Space Cats'): Message => ({
  ...base,
  id,
  actor_username: actor,
  type: 'loveproject',
  project_id: 3,
  title,
});
const comment = (id: number, actor: string, fragment: string): Message => ({
  ...base,
  id,
  actor_username: actor,
  type: 'addcomment',
  comment_type: 0,
  comment_obj_id: 1,
  comment_obj_title: 'Dragon Race',
  comment_id: 77,
  comment_fragment: fragment,
  commentee_username: 'demo',
});
const forum = (id: number, actor: string): Message => ({
  ...base,
  id,
  actor_username: actor,
  type: 'forumpost',
  topic_id: 4,
  topic_title: 'Help with clones',
});
const single = (message: Message): MessageRow => ({ kind: 'single', message, unread: false });
const matches = (message: Message, query: string) => rowMatches(single(message), searchTerms(query));
const marked = (text: string, query: string) =>
  markPieces(text, searchTerms(query))
    .filter((piece) => piece.mark)
    .map((piece) => piece.text);

describe('messages search', () => {
  it('finds a person by username, with or without @, ignoring case', () => {
    expect(matches(love(1, 'Alice_Draws'), 'alice')).toBe(true);
    expect(matches(love(1, 'Alice_Draws'), '@ALICE_draws')).toBe(true);
    expect(matches(love(1, 'bob'), 'alice')).toBe(false);
  });

  it('finds words in titles, forum topics and comment fragments; every word must be there', () => {
    expect(matches(love(1, 'bob'), 'space')).toBe(true);
    expect(matches(forum(2, 'bob'), 'clones')).toBe(true);
    expect(matches(comment(3, 'carol', 'Can you add a jump button?'), 'jump button')).toBe(true);
    expect(matches(comment(3, 'carol', 'Can you add a jump button?'), 'dragon carol')).toBe(true);
    expect(matches(comment(3, 'carol', 'Can you add a jump button?'), 'jump cats')).toBe(false);
  });

  it('ignores accents both ways', () => {
    expect(matches(comment(1, 'zoé', 'Très jolie musique'), 'tres zoe')).toBe(true);
    expect(matches(comment(1, 'zoe', 'tres jolie'), 'TRÈS Zoé')).toBe(true);
  });

  it('matches a grouped row when any of its messages matches', () => {
    const [group] = groupMessages([love(1, 'alice'), love(2, 'bob'), love(3, 'carol')], new Set());
    expect(group?.kind).toBe('group');
    expect(rowMatches(group as MessageRow, searchTerms('carol'))).toBe(true);
    expect(rowMatches(group as MessageRow, searchTerms('dave'))).toBe(false);
  });

  it('an empty query matches everything; no query words, no marks', () => {
    expect(searchTerms('   ')).toEqual([]);
    expect(matches(love(1, 'bob'), '')).toBe(true);
    expect(markPieces('Space Cats', [])).toEqual([{ text: 'Space Cats', mark: false }]);
  });

  it('marks the matched parts of the original text, accents and case kept, pieces joining back', () => {
    expect(marked('Très Jolie, très', 'tres')).toEqual(['Très', 'très']);
    expect(marked('Space Cats', 'cats space')).toEqual(['Space', 'Cats']);
    const pieces = markPieces('Zoé et Zoe', searchTerms('zoe'));
    expect(pieces.map((piece) => piece.text).join('')).toBe('Zoé et Zoe');
    expect(pieces.filter((piece) => piece.mark).map((piece) => piece.text)).toEqual(['Zoé', 'Zoe']);
  });

  it('keeps hostile text as text: markup in a fragment is only characters to match', () => {
    const hostile = '<img src=x onerror=alert(1)> <b>hi</b>';
    expect(matches(comment(1, 'x', hostile), '<b>')).toBe(true);
    const pieces = markPieces(hostile, searchTerms('onerror'));
    expect(pieces.map((piece) => piece.text).join('')).toBe(hostile);
    expect(pieces.filter((piece) => piece.mark).map((piece) => piece.text)).toEqual(['onerror']);
  });
});
