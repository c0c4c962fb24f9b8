/**
 * On a user's profile page, that user's message count (the public endpoint, cached by the
 * background) next to their name, in an element marked `data-companion="profile-message-count"`.
 * On the member's own profile it is their live count, the same number as the badge.
 */
import { plural, t } from '@/lib/i18n';
import { sendMessage } from '@/lib/protocol/messaging';
import { profileUsername } from '@/lib/site/pages';
import { companionAttribute, legacyProfileHeader } from '@/lib/site/selectors';
import type { Feature } from './registry';
import { followMessageCount } from './stored-message-count';
import { addStyles, declareStyles } from './stylesheet';
import { whenAborted } from './when-aborted';

export const PROFILE_COUNT_MARK = 'profile-message-count';

// In the page's Companion stylesheet: inline styles are parsed one declaration at a time.
const STYLES = '.companion-profile-message-count{margin-inline-start:.5em;font-size:.7em;opacity:.8}';
declareStyles(PROFILE_COUNT_MARK, STYLES);

export function profileCountText(count: number): string {
  return plural('profileCount.messages', count);
}

function findHeader(): Element | null {
  for (const selector of legacyProfileHeader) {
    const found = document.querySelector(selector);
    if (found) return found;
  }
  return null;
}

/** Resolves with the profile header once the page has it (it may be rendered after load). */
function whenHeader(signal: AbortSignal): Promise<Element | null> {
  // An aborted signal never fires again: an observer started now would never be disconnected.
  if (signal.aborted) return Promise.resolve(null);
  const now = findHeader();
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const found = findHeader();
      if (!found) return;
      observer.disconnect();
      resolve(found);
    });
    observer.observe(document.documentElement, { childList: true, subtree: true });
    whenAborted(signal, () => {
      observer.disconnect();
      resolve(null);
    });
  });
}

export const profileMessageCount: Feature = {
  name: 'profile-message-count',
  runsOn: (page) => profileUsername(page) !== null,
  async run(page, signal) {
    const username = profileUsername(page);
    if (username === null) return;
    const header = await whenHeader(signal);
    if (header === null || signal.aborted) return;

    addStyles(PROFILE_COUNT_MARK, STYLES, signal);
    const element = document.createElement('span');
    element.setAttribute(companionAttribute, PROFILE_COUNT_MARK);
    element.className = 'companion-profile-message-count';
    element.title = t('profileCount.title', [username]);
    element.hidden = true;
    header.after(element);
    whenAborted(signal, () => element.remove());

    const show = (count: number | null) => {
      element.hidden = count === null;
      if (count !== null) element.textContent = profileCountText(count);
    };

    let own = false;
    // The first stored value tells whose profile this is: the member's own needs no request.
    await new Promise<void>((stored) => {
      whenAborted(signal, () => stored());
      followMessageCount(signal, (shown) => {
        own = shown.username !== null && shown.username.toLowerCase() === username.toLowerCase();
        if (own) show(shown.count);
        stored();
      });
    });
    if (signal.aborted || own) return;
    const count = await sendMessage('getUserMessageCount', { username }).catch(() => null);
    if (!signal.aborted && !own) show(count);
  },
};
