/**
 * The view the popup opens on: the tab last chosen for a member, the signed-out screen for everyone
 * else. Each is a chunk of its own (lazy-view.tsx), so the popup loads only the one it shows
 * (ARCHITECTURE.md, Budgets: the popup's JavaScript as it opens); main.tsx loads it before the first frame, while the
 * rest of the cache is read, so the first frame shows it.
 */

import { popupTabItem } from '@/lib/popup/popup-tab-item';
import type { SessionUser } from '@/lib/session/session-model';
import { memberCheckedItem, memberItem } from '@/lib/session/session-storage';
import { lazyView } from './lazy-view';
import { tabNamed } from './tabs';

export const signedOutView = lazyView<Record<string, never>>(() =>
  import('./SignedOut').then((module) => module.SignedOut),
);

/**
 * Who the popup shows: the stored member once the background has checked it against the session
 * cookie (opened right after a browser start, before that: nobody; lib/session/previous-member.ts).
 */
export const shownMember = (stored: SessionUser | null, checked: boolean): SessionUser | null =>
  checked ? stored : null;

/**
 * The tab the popup last opened on for a member, in the page's own storage (`localStorage`: read
 * at once, with no round trip to the extension's storage): its chunk starts loading as the script
 * starts, beside the reads rather than after them. A hint only, never data: the reads still decide
 * what shows, and a wrong hint costs one chunk loaded for nothing.
 */
const OPENING_TAB_HINT = 'companion.openingTab';

function readHint(): string | null {
  try {
    return localStorage.getItem(OPENING_TAB_HINT);
  } catch {
    return null;
  }
}

/** Keeps the hint (null: nobody is signed in, no tab to load ahead). */
export function rememberOpeningTab(tab: string | null): void {
  try {
    if (tab === null) localStorage.removeItem(OPENING_TAB_HINT);
    else if (readHint() !== tab) localStorage.setItem(OPENING_TAB_HINT, tab);
  } catch {
    // No page storage (a browser setting): the reads alone decide, as before.
  }
}

/** Loads the chunk of the view the popup opens on (three small reads, then that chunk only). */
export function preloadOpeningView(): Promise<void> {
  const hinted = readHint();
  if (hinted !== null)
    tabNamed(hinted)
      .preload?.()
      .catch(() => undefined);
  return Promise.all([memberItem.getValue(), memberCheckedItem.getValue(), popupTabItem.getValue()]).then(
    ([stored, checked, tab]) => {
      const signedIn = shownMember(stored, checked) !== null;
      rememberOpeningTab(signedIn ? tab : null);
      return signedIn ? tabNamed(tab).preload?.() : signedOutView.preload();
    },
  );
}
