/**
 * The count after mutes, worked out: kinds (comments by place), people, the messages the interface
 * never lists, the 200 cap, and what shows while a new count's messages are not read yet.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '@/lib/api/schemas';
import { signedOutState } from '@/lib/message-count/message-count';
import { type MessageMutes, noMutes } from '@/lib/message-count/mutes-model';
import { MESSAGES_MAX_ITEMS } from '@/lib/messages/messages-model';
import { interimShown, listedUnread, SHOWN_COUNT_CAP, shownAfterMutes, withNewCount } from './muted-count';

const base = { datetime_created: '2026-11-20T12:00:00.000Z', actor_id: 2 };
const love = (id: number, actor = 'alice'): Message => ({
  ...base,
  id,
  actor_username: actor,
  type: 'loveproject',
  project_id: 5,
  title: 'Cats',
});
const follow = (id: number, actor = 'alice'): Message => ({
  ...base,
  id,
  actor_username: actor,
  type: 'followuser',
});
const comment = (id: number, place: 0 | 1 | 2, actor = 'bob'): Message => ({
  ...base,
  id,
  actor_username: actor,
  type: 'addcomment',
  comment_type: place,
  comment_obj_id: 7,
  comment_obj_title: 'Place',
  comment_id: 100 + id,
  comment_fragment: 'hi',
});
const mutes = (kinds: string[], people: string[] = []): MessageMutes => ({ kinds, people });

describe('the count after mutes', () => {
  // Newest first: 4 unread of 6 listed.
  const list = [love(6), comment(5, 1), follow(4, 'Mallory'), comment(3, 0), love(2), love(1)];

  it('leaves out muted kinds among the unread only (the first `count`), comments by place', () => {
    expect(shownAfterMutes(4, undefined, list, mutes(['loveproject']))).toEqual({
      count: 3,
      of: 4,
      over: false,
    });
    expect(shownAfterMutes(4, undefined, list, mutes(['addcomment:1']))).toEqual({
      count: 3,
      of: 4,
      over: false,
    });
    expect(shownAfterMutes(4, undefined, list, mutes(['addcomment:0', 'addcomment:1']))).toMatchObject({
      count: 2,
    });
    expect(shownAfterMutes(4, undefined, list, mutes(['addcomment:2']))).toMatchObject({ count: 4 });
    expect(shownAfterMutes(6, undefined, list, mutes(['loveproject']))).toMatchObject({ count: 3, of: 6 });
    expect(shownAfterMutes(4, undefined, list, noMutes)).toMatchObject({ count: 4 });
  });

  it('mutes every kind it does not know as "other kinds", and only those', () => {
    const unknown = { ...base, id: 7, actor_username: 'x', type: 'other', otherType: 'newthing' } as Message;
    const withUnknown = [unknown, ...list];
    expect(shownAfterMutes(3, undefined, withUnknown, mutes(['other']))).toMatchObject({ count: 2 });
    expect(shownAfterMutes(3, undefined, withUnknown, mutes(['newthing']))).toMatchObject({ count: 3 });
    expect(shownAfterMutes(3, undefined, list, mutes(['other']))).toMatchObject({ count: 3 });
  });

  it('leaves out muted people, whatever the case of their name', () => {
    expect(shownAfterMutes(4, undefined, list, mutes([], ['mallory']))).toMatchObject({ count: 3 });
    expect(shownAfterMutes(4, undefined, list, mutes(['addcomment:1'], ['MALLORY']))).toMatchObject({
      count: 2,
    });
    expect(shownAfterMutes(4, undefined, list, mutes([], ['carol']))).toMatchObject({ count: 4 });
  });

  it('counts the messages the interface never lists (nobody can mute the site team’s alerts)', () => {
    // 6 in the count, 2 of them alerts: the unread listed are the first 4.
    expect(listedUnread(6, 2)).toBe(4);
    expect(shownAfterMutes(6, 2, list, mutes(['loveproject']))).toEqual({ count: 5, of: 6, over: false });
    // Only alerts: nothing listed is unread.
    expect(shownAfterMutes(2, 2, list, mutes(['loveproject']))).toEqual({ count: 2, of: 2, over: false });
    // More alerts known than the count (one dismissed since): never below 0 listed.
    expect(listedUnread(1, 3)).toBe(0);
    // A count higher than the list holds: the missing ones are not muted.
    expect(shownAfterMutes(9, undefined, list, mutes(['loveproject']))).toMatchObject({ count: 6 });
  });

  it('says "200+" above 200 unread listed (the messages list’s cap), without the messages', () => {
    expect(SHOWN_COUNT_CAP).toBe(MESSAGES_MAX_ITEMS);
    expect(shownAfterMutes(201, undefined, [], mutes(['loveproject']))).toEqual({
      count: 201,
      of: 201,
      over: true,
    });
    expect(shownAfterMutes(205, 5, list, mutes(['loveproject']))).toMatchObject({ over: false, count: 202 });
    expect(shownAfterMutes(200, undefined, list, mutes(['loveproject']))).toMatchObject({ over: false });
  });
});

describe('between a new count and its read', () => {
  const shown = { count: 3, of: 5, over: false };

  it('shows at most the last figure and the new count, 0 at once when the count drops to 0', () => {
    expect(interimShown(shown, 5)).toBe(shown);
    // Grows: no flash up to the raw count; stale until read (`of` unchanged).
    expect(interimShown(shown, 8)).toEqual({ count: 3, of: 5, over: false });
    expect(interimShown(shown, 2)).toEqual({ count: 2, of: 5, over: false });
    expect(interimShown(shown, 0)).toEqual({ count: 0, of: 0, over: false });
    expect(interimShown(shown, 250)).toEqual({ count: 250, of: 250, over: true });
    expect(interimShown(undefined, 8)).toBeUndefined();
  });

  it('a state after a new count: `shown` follows it; a guess of unlisted messages stored before is dropped', () => {
    const state = { ...signedOutState, username: 'demo', count: 5, shown };
    expect(withNewCount(state, 8)).toMatchObject({ count: 8, shown: { count: 3, of: 5 } });
    expect(withNewCount(state, 1)).toMatchObject({ count: 1, shown: { count: 1 } });
    expect(withNewCount(state, 0)).toMatchObject({ count: 0, shown: { count: 0 } });
    const plain = withNewCount({ ...signedOutState, username: 'demo', count: 5 }, 7);
    expect('shown' in plain).toBe(false);
    const guessed = withNewCount({ ...state, unlisted: 2 } as typeof state, 6);
    expect('unlisted' in guessed).toBe(false);
  });
});
