/** The honest count: which listed messages are unread, and how many unread ones the popup cannot show. */
import { describe, expect, it } from 'vitest';
import { MESSAGES_MAX_ITEMS } from '../messages/messages-model';
import { unreadOfList } from './honest-count-model';
import { shownCount } from './shown-count-model';

const list = (n: number, complete: boolean) => ({ items: Array.from({ length: n }, (_, i) => i), complete });

describe('unreadOfList', () => {
  it('marks the first count messages when nothing is unlisted', () => {
    expect(unreadOfList({ count: 3 }, list(10, true))).toEqual({ marked: 3, cannotShow: 0 });
  });

  it('marks the first count - unlisted: the site team’s alerts are never in the list', () => {
    // The site's messages page: numNewSocialMessages = count - admin alerts.
    expect(unreadOfList({ count: 5, unlisted: 2 }, list(10, true))).toEqual({ marked: 3, cannotShow: 2 });
  });

  it('counts unread messages an ended list lacks as impossible to show', () => {
    // The badge says 16, the interface lists 12 messages in all.
    expect(unreadOfList({ count: 16 }, list(12, true))).toEqual({ marked: 12, cannotShow: 4 });
    expect(unreadOfList({ count: 16, unlisted: 1 }, list(12, true))).toEqual({ marked: 12, cannotShow: 4 });
  });

  it('does not count what later pages may still show, nor what is beyond the list’s cap', () => {
    expect(unreadOfList({ count: 60 }, list(40, false))).toEqual({ marked: 40, cannotShow: 0 });
    expect(unreadOfList({ count: 300 }, list(MESSAGES_MAX_ITEMS, true))).toEqual({
      marked: MESSAGES_MAX_ITEMS,
      cannotShow: 0,
    });
  });

  it('marks nothing while the count is unknown or zero, and never more unlisted than the count', () => {
    expect(unreadOfList({ count: null }, list(5, true))).toEqual({ marked: 0, cannotShow: 0 });
    expect(unreadOfList({ count: 0, unlisted: 2 }, list(5, true))).toEqual({ marked: 0, cannotShow: 0 });
    expect(unreadOfList({ count: 2, unlisted: 5 }, list(5, true))).toEqual({ marked: 0, cannotShow: 2 });
  });
});

describe('shownCount', () => {
  it('is the badge’s number: the count after mutes when there is one, 200+ above the cap', () => {
    expect(shownCount({ count: null })).toBeNull();
    expect(shownCount({ count: 7 })).toEqual({ count: 7, over: false });
    expect(shownCount({ count: 7, shown: { count: 4, of: 7, over: false } })).toEqual({
      count: 4,
      over: false,
    });
    expect(shownCount({ count: 250, shown: { count: 200, of: 250, over: true } })).toEqual({
      count: 200,
      over: true,
    });
  });
});
