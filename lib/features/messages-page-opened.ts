/**
 * Tells the background when the member opens the messages page: the site marks every message
 * read there, so the count drops to 0 everywhere at once and the background confirms it with a
 * read that bypasses the CDN's cached copy. The site clears the messages once it has shown them,
 * so the signal waits for the site's list (or a few seconds) to give the confirming read a chance
 * to see the cleared count.
 */

import { isMessagesPage } from '@/lib/site/pages';
import { messagesList } from '@/lib/site/selectors';
import type { Feature } from './registry';
import { tellBackground } from './tell-background';
import { whenAborted } from './when-aborted';

/** How long to wait for the site to render its list of messages before telling the background anyway. */
export const MESSAGES_LIST_WAIT_MS = 5_000;

export const messagesPageOpened: Feature = {
  name: 'messages-page-opened',
  runsOn: isMessagesPage,
  run(_page, signal) {
    // An aborted signal never fires again: nothing started now would be stopped.
    if (signal.aborted) return;
    let sent = false;
    const send = () => {
      if (sent || signal.aborted) return;
      sent = true;
      observer.disconnect();
      clearTimeout(timer);
      tellBackground('messagesPageOpened', undefined);
    };
    const observer = new MutationObserver(() => {
      if (document.querySelector(messagesList)) send();
    });
    const timer = setTimeout(send, MESSAGES_LIST_WAIT_MS);
    whenAborted(signal, () => {
      observer.disconnect();
      clearTimeout(timer);
    });
    if (document.querySelector(messagesList)) send();
    else observer.observe(document.documentElement, { childList: true, subtree: true });
  },
};
