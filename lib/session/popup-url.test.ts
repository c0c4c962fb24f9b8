import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { SessionUser } from '@/lib/session/session-model';
import { memberCheckedItem, memberCookieMarkItem, memberItem } from '@/lib/session/session-storage';
import { fakeMemberSession } from '@/tests/unit/fake-member-session';
import { keepMemberItem } from './member-item';
import { keepPopupUrl, popupUrlFor } from './popup-url';

const demo: SessionUser = { id: 1, username: 'demo', avatarUrl: 'https://x/1.png' };
const bob: SessionUser = { id: 2, username: 'bob', avatarUrl: 'https://x/2.png' };
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

/** Each member's cookie digest: hex, as the popup's address takes it. */
const MARKS = new Map([
  ['demo', 'aa11'],
  ['bob', 'bb22'],
]);
const fakeSession = (initial: SessionUser | null) =>
  fakeMemberSession(initial, (username) => MARKS.get(username) ?? null);

const itemStore = {
  member: {
    get: () => memberItem.getValue(),
    set: (value: SessionUser | null) => memberItem.setValue(value),
  },
  mark: {
    get: () => memberCookieMarkItem.getValue(),
    set: (value: string | null) => memberCookieMarkItem.setValue(value),
  },
};

describe('popupUrlFor', () => {
  it('names the key only for a checked member with a mark', () => {
    expect(popupUrlFor(demo, true, 'aa11')).toBe('popup.html?s=aa11');
    expect(popupUrlFor(null, true, 'aa11')).toBe('popup.html');
    expect(popupUrlFor(demo, false, 'aa11')).toBe('popup.html');
    expect(popupUrlFor(demo, true, null)).toBe('popup.html');
    expect(popupUrlFor(demo, true, '')).toBe('popup.html');
    expect(popupUrlFor(demo, true, 'a&b=c')).toBe('popup.html');
  });
});

describe('keepPopupUrl', () => {
  beforeEach(() => fakeBrowser.reset());

  it("sets the member's key on sign-in, drops it at once on sign-out, and never names the previous member's key after a switch", async () => {
    const popups: string[] = [];
    const setPopup = async ({ popup }: { popup: string }) => {
      popups.push(popup);
    };
    await memberCheckedItem.setValue(true);
    const session = fakeSession(null);
    await keepMemberItem(session, itemStore);
    await keepPopupUrl(setPopup);
    expect(popups).toEqual(['popup.html']);

    session.change(demo);
    await settle();
    expect(popups.at(-1)).toBe('popup.html?s=aa11');

    session.change(null);
    await settle();
    expect(popups.at(-1)).toBe('popup.html');

    session.change(demo);
    await settle();
    session.change(bob);
    await settle();
    expect(popups.at(-1)).toBe('popup.html?s=bb22');
    // From demo's key to bob's, the address passed through the plain page: never demo's key with bob.
    const switched = popups.lastIndexOf('popup.html?s=aa11');
    expect(popups.slice(switched + 1)).toEqual(['popup.html', 'popup.html?s=bb22']);
  });

  it('keeps the plain popup until the stored member is checked after a browser start', async () => {
    const popups: string[] = [];
    await memberItem.setValue(demo);
    await memberCookieMarkItem.setValue('aa11');
    await keepPopupUrl(async ({ popup }) => {
      popups.push(popup);
    });
    expect(popups).toEqual(['popup.html']);
    await memberCheckedItem.setValue(true);
    await settle();
    expect(popups).toEqual(['popup.html', 'popup.html?s=aa11']);
  });
});
