/** The honest count: which listed messages are unread, and how many unread ones the popup cannot show. */
import { describe, expect, it } from 'vitest';
import { MESSAGES_MAX_ITEMS, type TeamAlerts } from '../messages/messages-model';
import { unreadOfList } from './honest-count-model';
import { shownCount } from './shown-count-model';

const list = (n: number, complete: boolean) => ({ items: Array.from({ length: n }, (_, i) => i), complete });
const alerts = (n: number, invite = false): TeamAlerts => ({
  items: Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    datetime_created: '2026-01-01T00:00:00Z',
    message: 'x',
  })),
  invite: invite ? { id: 9, datetime_created: '2026-01-01T00:00:00Z' } : null,
  readAt: 1,
  error: null,
});

describe('unreadOfList', () => {
  it('marks the first count messages when there is no alert and no invitation', () => {
    expect(unreadOfList(3, alerts(0), list(10, true))).toEqual({ marked: 3, cannotShow: 0 });
    expect(unreadOfList(3, undefined, list(10, true))).toEqual({ marked: 3, cannotShow: 0 });
  });

  it('marks the first count - alerts - invitation, as the site counts them, and counts those shown as showable', () => {
    // The site's messages page: numNewSocialMessages = count - admin alerts - 1 for an invitation.
    expect(unreadOfList(5, alerts(2), list(10, true))).toEqual({ marked: 3, cannotShow: 0 });
    expect(unreadOfList(5, alerts(2, true), list(10, true))).toEqual({ marked: 2, cannotShow: 0 });
  });

  it('alerts never read (or read as none) take nothing from the list', () => {
    expect(unreadOfList(5, { ...alerts(2), readAt: 0 }, list(10, true))).toEqual({
      marked: 5,
      cannotShow: 0,
    });
  });

  it('counts unread messages an ended list lacks as impossible to show, and only those', () => {
    // The badge says 16, the interface lists 12 messages in all.
    expect(unreadOfList(16, alerts(0), list(12, true))).toEqual({ marked: 12, cannotShow: 4 });
    expect(unreadOfList(16, alerts(1, true), list(12, true))).toEqual({ marked: 12, cannotShow: 2 });
  });

  it('does not count what later pages may still show, nor what is beyond the list’s cap', () => {
    expect(unreadOfList(60, undefined, list(40, false))).toEqual({ marked: 40, cannotShow: 0 });
    expect(unreadOfList(300, undefined, list(MESSAGES_MAX_ITEMS, true))).toEqual({
      marked: MESSAGES_MAX_ITEMS,
      cannotShow: 0,
    });
  });

  it('marks nothing while the count is unknown or zero, and never takes more alerts than the count', () => {
    expect(unreadOfList(null, undefined, list(5, true))).toEqual({ marked: 0, cannotShow: 0 });
    expect(unreadOfList(0, alerts(2), list(5, true))).toEqual({ marked: 0, cannotShow: 0 });
    expect(unreadOfList(2, alerts(5), list(5, true))).toEqual({ marked: 0, cannotShow: 0 });
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
