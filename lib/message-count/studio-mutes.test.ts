/**
 * Muting one studio's activity: which messages it mutes (that studio's activity only, whoever the
 * message names as its actor), the count after it (the badge, titles), how it is stored and read
 * back, and its changes.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '@/lib/api/schemas';
import { withKindMuted, withoutStudio, withStudioMuted } from '@/lib/message-count/mute-changes-model';
import {
  anyMuted,
  isMuted,
  MAX_MUTED_STUDIOS,
  type MessageMutes,
  MUTED_STUDIO_TITLE_LENGTH,
  mutesOf,
  noMutes,
} from '@/lib/message-count/mutes-model';
import { shownAfterMutes } from './muted-count';

const base = { datetime_created: '2026-11-20T12:00:00.000Z', actor_id: 2, actor_username: 'alice' };
const activity = (id: number, studioId: number): Message => ({
  ...base,
  id,
  type: 'studioactivity',
  gallery_id: studioId,
  title: `Studio ${studioId}`,
});
const invite = (id: number, studioId: number): Message => ({
  ...base,
  id,
  type: 'curatorinvite',
  gallery_id: studioId,
  title: `Studio ${studioId}`,
});
const follow = (id: number): Message => ({ ...base, id, type: 'followuser' });
const cats = { id: 7, title: 'Cats' };

describe('muting a studio’s activity', () => {
  it('mutes that studio’s activity only: not another studio’s, not its invitations, not the actor', () => {
    const mutes = withStudioMuted(noMutes, cats);
    expect(anyMuted(mutes)).toBe(true);
    expect(isMuted(activity(1, 7), mutes)).toBe(true);
    expect(isMuted(activity(2, 8), mutes)).toBe(false);
    expect(isMuted(invite(3, 7), mutes)).toBe(false);
    expect(isMuted(follow(4), mutes)).toBe(false);
  });

  it('takes its activity off the count, as any mute does', () => {
    const unread = [activity(1, 7), follow(2), activity(3, 7), activity(4, 8), follow(5)];
    const mutes = withStudioMuted(noMutes, cats);
    expect(shownAfterMutes(5, 0, unread, mutes)).toEqual({ count: 3, of: 5, over: false });
    // Read messages (beyond the count) never counted anyway.
    expect(shownAfterMutes(2, 0, unread, mutes)).toEqual({ count: 1, of: 2, over: false });
    expect(shownAfterMutes(5, 0, unread, withoutStudio(mutes, 7))).toEqual({ count: 5, of: 5, over: false });
  });

  it('adds a studio once, at the end, its title cut short; unmuting the last leaves no list', () => {
    const once = withStudioMuted(withKindMuted(noMutes, 'forumpost', true), cats);
    const long = { id: 8, title: '🐱'.repeat(MUTED_STUDIO_TITLE_LENGTH + 5) };
    const twice = withStudioMuted(withStudioMuted(once, long), { id: 7, title: 'Cats again' });
    expect(twice.studios?.map((s) => s.id)).toEqual([8, 7]);
    expect(twice.studios?.[1]?.title).toBe('Cats again');
    expect([...(twice.studios?.[0]?.title ?? '')]).toHaveLength(MUTED_STUDIO_TITLE_LENGTH);
    expect(twice.kinds).toEqual(['forumpost']);
    expect(withoutStudio(withoutStudio(twice, 8), 7)).toEqual({ kinds: ['forumpost'], people: [] });
  });

  it('keeps the newest MAX_MUTED_STUDIOS: one more lets the one muted longest ago go', () => {
    let mutes: MessageMutes = noMutes;
    for (let id = 1; id <= MAX_MUTED_STUDIOS + 1; id++)
      mutes = withStudioMuted(mutes, { id, title: `S${id}` });
    expect(mutes.studios).toHaveLength(MAX_MUTED_STUDIOS);
    expect(mutes.studios?.[0]?.id).toBe(2);
    expect(isMuted(activity(1, 1), mutes)).toBe(false);
    expect(isMuted(activity(2, MAX_MUTED_STUDIOS + 1), mutes)).toBe(true);
  });

  it('reads the stored studios back, dropping what is malformed; none stored: the shape of before', () => {
    expect(mutesOf({ kinds: [], people: [] })).toEqual({ kinds: [], people: [] });
    expect(mutesOf({ kinds: [], people: [], studios: [] })).toEqual({ kinds: [], people: [] });
    expect(
      mutesOf({
        kinds: [],
        people: [],
        studios: [cats, { id: '8' }, null, { id: 9 }, { id: 7, title: 'dup' }, { id: -1, title: 'x' }],
      }),
    ).toEqual({ kinds: [], people: [], studios: [cats, { id: 9, title: '' }] });
    expect(mutesOf({ kinds: [], people: [], studios: 'all' })).toEqual({ kinds: [], people: [] });
  });
});
