/** The Messages tab's pure rules: unread marking, filter, reply addressing, drafts, links. */
import { describe, expect, it } from 'vitest';
import type { Message } from '@/lib/api/schemas';
import {
  emptyThread,
  linkPieces,
  type MessageThread,
  matchesFilter,
  type ThreadComment,
  unreadIds,
} from './messages-model';
import {
  canDelete,
  draftKey,
  draftOf,
  MAX_DRAFTS,
  replyAddress,
  replyLength,
  withDraft,
  withoutDraft,
} from './replies-model';

let nextId = 1000;
const at = (minutesAgo: number) => new Date(Date.UTC(2026, 10, 20, 12) - minutesAgo * 60_000).toISOString();
const base = (actor: string) => ({
  id: nextId--,
  datetime_created: at(1000 - nextId),
  actor_username: actor,
  actor_id: actor.length,
});
const follow = (actor: string): Message => ({ ...base(actor), type: 'followuser' });

describe('unread marking', () => {
  it('marks the first `count` messages, no more than there are, none for a null count', () => {
    const items = [follow('a'), follow('b'), follow('c')];
    expect([...unreadIds(items, 2)]).toEqual([items[0]?.id, items[1]?.id]);
    expect(unreadIds(items, 10).size).toBe(3);
    expect(unreadIds(items, 0).size).toBe(0);
    expect(unreadIds(items, null).size).toBe(0);
  });
});

describe('the filter', () => {
  it('sorts types as the site does; All shows everything, unknown types too', () => {
    expect(matchesFilter('addcomment', 'comments')).toBe(true);
    expect(matchesFilter('remixproject', 'projects')).toBe(true);
    expect(matchesFilter('studioactivity', 'studios')).toBe(true);
    expect(matchesFilter('forumpost', 'forums')).toBe(true);
    expect(matchesFilter('followuser', 'projects')).toBe(false);
    expect(matchesFilter('somethingnew', 'all')).toBe(true);
    expect(matchesFilter('somethingnew', 'comments')).toBe(false);
    expect(matchesFilter('constructor', 'comments')).toBe(false);
  });
});

const person = (id: number, username: string) => ({ id, username, image: null });
const threadComment = (
  id: number,
  parentId: number | null,
  author: ReturnType<typeof person>,
): ThreadComment => ({
  id,
  parentId,
  commenteeId: null,
  content: 'text',
  createdAt: at(1),
  author,
});

function thread(): MessageThread {
  return {
    ...emptyThread('project', 5, 12),
    owner: { id: 1, username: 'demo' },
    top: threadComment(10, null, person(2, 'alice')),
    replies: [threadComment(11, 10, person(3, 'bob')), threadComment(12, 10, person(4, 'carol'))],
    readAt: 1,
  };
}

describe('reply addressing', () => {
  it('replies under the top-level comment, to the author of the comment replied to, mentioning them', () => {
    expect(replyAddress(thread(), 12, 'thanks!')).toEqual({
      parentId: 10,
      commenteeId: 4,
      mention: 'carol',
      content: '@carol thanks!',
    });
    // Replying to the top-level comment itself: its author.
    expect(replyAddress(thread(), 10, 'hi')).toMatchObject({
      parentId: 10,
      commenteeId: 2,
      content: '@alice hi',
    });
  });

  it('does not mention twice, and refuses a comment that is not in the thread', () => {
    expect(replyAddress(thread(), 11, '  @bob  yes')?.content).toBe('@bob  yes');
    expect(replyAddress(thread(), 99, 'x')).toBeNull();
    expect(replyAddress({ ...thread(), top: null }, 10, 'x')).toBeNull();
  });

  it('counts characters as the site does (code points)', () => {
    expect(replyLength('@carol 😀')).toBe(8);
  });

  it('lets the member delete their own comments, and any on their own project only', () => {
    const t = thread();
    expect(canDelete(t, t.replies[0] as ThreadComment, 3)).toBe(true);
    expect(canDelete(t, t.top as ThreadComment, 1)).toBe(true);
    expect(canDelete(t, t.top as ThreadComment, 3)).toBe(false);
    const studio = { ...t, kind: 'studio' as const, owner: null };
    expect(canDelete(studio, t.top as ThreadComment, 1)).toBe(false);
  });
});

describe('drafts', () => {
  const key = draftKey('project:5:12', 12);

  it('are kept per member and per comment replied to', () => {
    let drafts = withDraft({}, 'demo', key, 'hello', 1);
    drafts = withDraft(drafts, 'demo', draftKey('project:5:12', 11), 'to bob', 2);
    drafts = withDraft(drafts, 'alice', key, 'alice writes', 3);
    expect(draftOf(drafts, 'demo', key)).toBe('hello');
    expect(draftOf(drafts, 'alice', key)).toBe('alice writes');
    expect(draftOf(drafts, 'bob', key)).toBe('');
    expect(draftOf(drafts, 'demo', '__proto__')).toBe('');
  });

  it('are removed when blank or posted, and at most MAX_DRAFTS per member (oldest dropped)', () => {
    let drafts = withDraft({}, 'demo', key, 'hello', 1);
    expect(withDraft(drafts, 'demo', key, '  ', 2)).toEqual({});
    expect(withoutDraft(drafts, 'demo', key)).toEqual({});
    expect(withoutDraft(drafts, 'demo', 'other')).toBe(drafts);
    for (let i = 0; i < MAX_DRAFTS + 5; i++) drafts = withDraft(drafts, 'demo', `k${i}`, `t${i}`, 10 + i);
    expect(Object.keys(drafts.demo ?? {})).toHaveLength(MAX_DRAFTS);
    expect(draftOf(drafts, 'demo', `k${MAX_DRAFTS + 4}`)).toBe(`t${MAX_DRAFTS + 4}`);
    expect(draftOf(drafts, 'demo', key)).toBe('');
  });
});

describe('links in comment text', () => {
  const site = 'https://scratch.mit.edu';
  const origins = [site];

  it('links addresses on the site and @names, leaves everything else as text', () => {
    expect(
      linkPieces(
        'see https://scratch.mit.edu/projects/1/, ask @alice or mail a@b.c at https://evil.example/x',
        site,
        origins,
      ),
    ).toEqual([
      { text: 'see ' },
      { text: 'https://scratch.mit.edu/projects/1/', href: 'https://scratch.mit.edu/projects/1/' },
      { text: ', ask ' },
      { text: '@alice', href: 'https://scratch.mit.edu/users/alice/' },
      { text: ' or mail a@b.c at https://evil.example/x' },
    ]);
  });

  it('never turns markup or javascript: into anything but text', () => {
    const text = '<a href="javascript:alert(1)">x</a> javascript:alert(1)';
    expect(linkPieces(text, site, origins)).toEqual([{ text }]);
  });
});
