/**
 * The view the popup opens on: the tab last chosen for a member, the signed-out screen for everyone
 * else. Each is a chunk of its own (lazy-view.tsx), so the popup loads only the one it shows (DESIGN
 * budget: the popup's JavaScript as it opens); main.tsx loads it before the first frame, while the
 * rest of the cache is read, so the first frame shows it.
 */
import { memberCheckedItem, memberItem, popupTabItem, type SessionUser } from '@/lib/storage';
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

/** Loads the chunk of the view the popup opens on (three small reads, then that chunk only). */
export function preloadOpeningView(): Promise<void> {
  return Promise.all([memberItem.getValue(), memberCheckedItem.getValue(), popupTabItem.getValue()]).then(
    ([stored, checked, tab]) =>
      shownMember(stored, checked) === null ? signedOutView.preload() : tabNamed(tab).preload?.(),
  );
}
