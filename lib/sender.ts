import type { Browser } from 'wxt/browser';
import { isSitePage, type SiteProfile } from './config';

type Sender = Browser.runtime.MessageSender;

/**
 * Who may send a message of the protocol (each message names its kinds in lib/protocol-messages.ts):
 * - `extension page`: one of this extension's own pages (popup, options; in a tab or not), never a
 *   content script. For requests a script in a web page must not trigger (reads with the member's
 *   token, posts, deletes).
 * - `site tab`: our content script in a tab that shows a site page (the frame and the tab both).
 * Web pages cannot message the extension directly (no externally_connectable), but a content script
 * runs in pages we do not control, so its tab must be a site page; other extensions never pass.
 */
export type SenderKind = 'extension page' | 'site tab';

/** True when `sender` is one of `kinds`. */
export function isSenderOf(kinds: readonly SenderKind[], sender: Sender, profile: SiteProfile): boolean {
  return kinds.some((kind) =>
    kind === 'extension page' ? isExtensionPageSender(sender) : isSiteTabSender(sender, profile),
  );
}

/** A message from one of this extension's own pages (popup, options; in a tab or not). */
export function isExtensionPageSender(sender: Sender): boolean {
  if (sender.id !== browser.runtime.id) return false;
  // Compare as text: `new URL('chrome-extension://…').origin` is "null" outside the browser.
  return (sender.url ?? '').startsWith(browser.runtime.getURL('/'));
}

/**
 * Our content script in a site tab: the frame it runs in is a site page (our script runs only in
 * top frames, so a frame of another origin inside a site tab is not it), and so is its tab.
 */
export function isSiteTabSender(sender: Sender, profile: SiteProfile): boolean {
  if (sender.id !== browser.runtime.id || sender.tab === undefined) return false;
  return isSitePage(sender.url || sender.tab.url, profile) && isSitePage(sender.tab.url, profile);
}
