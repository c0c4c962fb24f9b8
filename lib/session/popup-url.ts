/**
 * The toolbar popup's address names the member's first-frame snapshot: `popup.html?s=<key>`
 * while a checked member is signed in, plain `popup.html` otherwise. The popup cannot read the
 * extension's storage synchronously, but it can read its own address, so its first-frame script
 * (entrypoints/popup/first-frame.ts) shows a snapshot only when that snapshot was written under this key.
 *
 * The key is `memberCookieMarkItem`: a digest of the session cookie the member was read under (never
 * the username, never the cookie), so it changes with every sign-in. It is null from the moment a
 * member is being replaced or hidden (lib/session/member-item.ts and previous-member.ts clear it
 * first), so the address loses its key before another member's data can show. The manifest's own
 * popup is plain, so a browser start or a fresh install shows no snapshot before this has decided.
 */
import { serialQueue } from '@/lib/concurrency/serial';
import type { SessionUser } from '@/lib/session/session-model';
import { memberCheckedItem, memberCookieMarkItem, memberItem } from '@/lib/session/session-storage';

export const POPUP_PAGE = 'popup.html';
/** The address's parameter that carries the key. */
export const SNAPSHOT_KEY_PARAM = 's';

/** The popup's address for the member the popup shows (a key of hex digits, or none). */
export function popupUrlFor(member: SessionUser | null, checked: boolean, mark: string | null): string {
  return member !== null && checked && mark !== null && /^[0-9a-f]+$/.test(mark)
    ? `${POPUP_PAGE}?${SNAPSHOT_KEY_PARAM}=${mark}`
    : POPUP_PAGE;
}

/**
 * Sets the popup's address now and after every change of the member, its mark or its check; writes
 * happen in order, each with the values stored when it runs. `setPopup` is `browser.action.setPopup`
 * (global: no tab, no window).
 */
export function keepPopupUrl(setPopup: (details: { popup: string }) => Promise<void>): Promise<void> {
  const writes = serialQueue();
  let last: string | null = null;
  const write = () =>
    writes(async () => {
      const [member, checked, mark] = await Promise.all([
        memberItem.getValue(),
        memberCheckedItem.getValue(),
        memberCookieMarkItem.getValue(),
      ]);
      const popup = popupUrlFor(member, checked, mark);
      if (popup === last) return;
      await setPopup({ popup });
      last = popup;
    }).catch((error: unknown) => console.warn('[companion] popup address not set:', error));
  for (const item of [memberItem, memberCheckedItem, memberCookieMarkItem] as const)
    item.watch(() => {
      void write();
    });
  return write();
}
