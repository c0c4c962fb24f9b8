import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { signedOutState } from '@/lib/message-count/message-count';
import {
  applyBadge,
  BADGE_SIGNED_OUT_COLOR,
  badgeCountText,
  badgeLook,
  OTHER_ACCOUNTS_DOT,
  SIGNED_OUT_MARK,
} from './badge';

const state = (count: number | null, username: string | null = 'demo') => ({
  ...signedOutState,
  username,
  count,
  readAt: 1,
});

describe('toolbar badge', () => {
  beforeEach(() => fakeBrowser.reset());

  it('shows the count up to 999, then 1k+, and nothing at 0', () => {
    expect(badgeCountText(0)).toBe('');
    expect(badgeCountText(1)).toBe('1');
    expect(badgeCountText(999)).toBe('999');
    expect(badgeCountText(1000)).toBe('1k+');
    expect(badgeCountText(48_000)).toBe('1k+');
    expect(badgeCountText(null)).toBe('');
  });

  it('has a tooltip with the count and the username', () => {
    expect(badgeLook(state(1), { badge: true, signedOutMark: true }).title).toBe(
      'Companion: 1 new message for demo',
    );
    expect(badgeLook(state(1234), { badge: true, signedOutMark: true })).toMatchObject({
      text: '1k+',
      title: 'Companion: 1,234 new messages for demo',
    });
    expect(badgeLook(state(0), { badge: true, signedOutMark: true })).toMatchObject({
      text: '',
      title: 'Companion: 0 new messages for demo',
    });
  });

  it('shows the count after mutes, says how many are muted, and "200+" above 200 unread', () => {
    const on = { badge: true, signedOutMark: true };
    expect(badgeLook({ ...state(7), shown: { count: 4, of: 7, over: false } }, on)).toMatchObject({
      text: '4',
      title: 'Companion: 4 new messages for demo (3 muted messages not counted)',
    });
    expect(badgeLook({ ...state(1), shown: { count: 0, of: 1, over: false } }, on)).toMatchObject({
      text: '',
      title: 'Companion: 0 new messages for demo (1 muted message not counted)',
    });
    // Nothing muted among the unread: the plain tooltip.
    expect(badgeLook({ ...state(2), shown: { count: 2, of: 2, over: false } }, on).title).toBe(
      'Companion: 2 new messages for demo',
    );
    expect(badgeLook({ ...state(260), shown: { count: 260, of: 260, over: true } }, on)).toMatchObject({
      text: '200+',
      title: 'Companion: more than 200 new messages for demo',
    });
  });

  it('marks the signed-out state distinctly, unless the member turned the mark off', () => {
    const out = badgeLook(state(null, null), { badge: true, signedOutMark: true });
    expect(out).toMatchObject({ text: SIGNED_OUT_MARK, color: BADGE_SIGNED_OUT_COLOR });
    expect(out.title).toMatch(/signed out/);
    expect(badgeLook(state(null, null), { badge: true, signedOutMark: false }).text).toBe('');
  });

  it('shows no text at all with the badge turned off, and keeps the tooltip', () => {
    const off = { badge: false, signedOutMark: true };
    expect(badgeLook(state(12), off)).toMatchObject({
      text: '',
      title: 'Companion: 12 new messages for demo',
    });
    expect(badgeLook(state(null, null), off).text).toBe('');
  });

  it('shows nothing while the first reading is on its way', () => {
    expect(badgeLook(state(null), { badge: true, signedOutMark: true })).toMatchObject({ text: '' });
  });

  it('puts the look on the toolbar button', async () => {
    await applyBadge(badgeLook(state(42), { badge: true, signedOutMark: true }));
    expect(await fakeBrowser.action.getBadgeText({})).toBe('42');
    expect(await fakeBrowser.action.getTitle({})).toBe('Companion: 42 new messages for demo');
  });

  it('marks other accounts with messages (alert: a dot) after the count, and names them in the tooltip', () => {
    const options = { badge: true, signedOutMark: true };
    expect(badgeLook(state(0), options, ['alice'])).toMatchObject({
      text: OTHER_ACCOUNTS_DOT,
      title: 'Companion: 0 new messages for demo\nNew messages for alice too',
    });
    expect(badgeLook(state(12), options, ['alice', 'bob']).text).toBe(`12${OTHER_ACCOUNTS_DOT}`);
    expect(badgeLook(state(12), options, ['alice', 'bob']).title).toMatch(/New messages for alice, bob too$/);
    // No room beside a three-character count; the tooltip still says it.
    expect(badgeLook(state(1234), options, ['alice'])).toMatchObject({ text: '1k+' });
    expect(badgeLook(state(1234), options, ['alice']).title).toMatch(/alice/);
    // Badge off: no text at all. Signed out: nothing of other accounts.
    expect(badgeLook(state(3), { ...options, badge: false }, ['alice']).text).toBe('');
    expect(badgeLook(state(null, null), options, ['alice']).text).toBe(SIGNED_OUT_MARK);
    expect(badgeLook(state(3), options, []).text).toBe('3');
  });
});
