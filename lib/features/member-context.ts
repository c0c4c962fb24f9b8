/**
 * Which features a site page gets, by its browsing context. The background reads the member's
 * session with the default cookie store's cookies; a tab of a Firefox container or a private window
 * may be signed in as someone else, or not at all. There, the member's count and marks must not
 * show, nor its readings or love clicks go into the member's state (the background refuses those
 * messages from such a tab as well: lib/protocol/sender.ts). In a private window nothing runs: Companion is
 * not allowed there (wxt.config.ts), and even a translation would be cached on disk. A container's
 * tab keeps what uses nothing of the member's (translation, read aloud).
 */

import { sendSurvivingRestart } from '@/lib/protocol/background-gone';
import { sendMessage } from '@/lib/protocol/messaging';
import type { Feature } from './registry';

/**
 * Calls `run` with `memberFree` unless the page is in a private window, then with `member` once the
 * page is known to be in the member's own context. The private window is known at once; a container
 * only to the background, from the tab (one message), and only where the browser has containers
 * (`mayHaveContainers`: Firefox): elsewhere the member's tabs wait for nothing. No answer, no
 * member features.
 */
export async function runInContext(
  features: { member: readonly Feature[]; memberFree: readonly Feature[] },
  mayHaveContainers: boolean,
  run: (features: readonly Feature[]) => void,
): Promise<void> {
  if (browser.extension.inIncognitoContext) return;
  run(features.memberFree);
  const own =
    !mayHaveContainers ||
    (await sendSurvivingRestart(() => sendMessage('inMemberContext', undefined)).catch(() => false));
  if (own) run(features.member);
}
