import type { Browser } from 'wxt/browser';
import { isSitePage, type SiteProfile } from './config';

/**
 * A message is trusted when it comes from this extension: either an extension page (popup,
 * options: no tab, or a tab showing one of our own pages) or our content script in a tab that
 * shows a site page. Web pages cannot message the extension directly (no externally_connectable),
 * but a content script runs in pages we do not control, so its tab must be a site page.
 */
export function isTrustedSender(sender: Browser.runtime.MessageSender, profile: SiteProfile): boolean {
  if (sender.id !== browser.runtime.id) return false;
  // Compare as text: `new URL('chrome-extension://…').origin` is "null" outside the browser.
  const extensionRoot = browser.runtime.getURL('/');
  const senderUrl = sender.url ?? '';
  if (senderUrl.startsWith(extensionRoot)) return true;
  // A content script: the frame it runs in must be a site page (our script runs only in top frames).
  return sender.tab !== undefined && isSitePage(senderUrl || sender.tab.url, profile);
}

/**
 * A message from one of this extension's own pages (popup, options; in a tab or not), never from a
 * content script: for requests only those pages make, which a script in a web page must not trigger.
 */
export function isExtensionPageSender(sender: Browser.runtime.MessageSender): boolean {
  if (sender.id !== browser.runtime.id) return false;
  return (sender.url ?? '').startsWith(browser.runtime.getURL('/'));
}
