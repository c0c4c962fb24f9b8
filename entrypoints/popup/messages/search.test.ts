import { describe, expect, it } from 'vitest';
import type { Message } from '@/lib/api/schemas';
import { groupMessages } from '@/lib/messages/message-groups-model';
import { markPieces, messageMatches, searchTerms } from './search';

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
const matches = (message: Message, query: string) => messageMatches(message, searchTerms(query));
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

  it('finds a message inside a group: grouped after matching, a group holds the matching ones', () => {
    const loves = [love(1, 'alice'), love(2, 'carol'), love(3, 'bob'), love(4, 'Carol2')];
    expect(groupMessages(loves, new Set())).toHaveLength(1);
    const found = loves.filter((message) => messageMatches(message, searchTerms('carol')));
    const [group] = groupMessages(found, new Set());
    expect(group?.kind === 'group' && group.messages.map((m) => m.id)).toEqual([2, 4]);
    expect(loves.filter((message) => messageMatches(message, searchTerms('dave')))).toEqual([]);
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
