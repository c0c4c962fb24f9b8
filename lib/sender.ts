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
  const extensionOrigin = new URL(browser.runtime.getURL('/')).origin;
  const senderUrl = sender.url ?? '';
  if (senderUrl.startsWith(extensionOrigin)) return true;
  return sender.tab !== undefined && isSitePage(sender.tab.url ?? senderUrl, profile);
}
