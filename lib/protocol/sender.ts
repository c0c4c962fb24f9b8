import type { Browser } from 'wxt/browser';
import { isSitePage, type SiteProfile } from '../config';

type Sender = Browser.runtime.MessageSender;

/**
 * Who may send a message of the protocol (each message names its kinds where it is declared: ./declaration.ts):
 * - `extension page`: one of this extension's own pages (popup, options; in a tab or not), never a
 *   content script. For requests a script in a web page must not trigger (reads with the member's
 *   token, posts, deletes).
 * - `site tab`: our content script in a tab that shows a site page (the frame and the tab both), in
 *   the member's own browsing context (see tabContext). For whatever reads or writes the member's
 *   state: their count and marks, the page's readings, love clicks.
 * - `site tab in any container`: the same in a Firefox container too, never in a private window. For
 *   what uses nothing of the member's: translating or reading aloud a text of the page.
 * Web pages cannot message the extension directly (no externally_connectable), but a content script
 * runs in pages we do not control, so its tab must be a site page; other extensions never pass.
 */
export type SenderKind = 'extension page' | 'site tab' | 'site tab in any container';

/** True when `sender` is one of `kinds`. */
export function isSenderOf(kinds: readonly SenderKind[], sender: Sender, profile: SiteProfile): boolean {
  return kinds.some((kind) => {
    if (kind === 'extension page') return isExtensionPageSender(sender);
    if (!isSiteTabSender(sender, profile)) return false;
    const context = tabContext(sender.tab);
    return context === 'member' || (context === 'container' && kind === 'site tab in any container');
  });
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

/** Firefox's default container: the cookie store of the background, so of the member's session. */
export const DEFAULT_COOKIE_STORE = 'firefox-default';

/**
 * The browsing context of a tab, as its cookies place it. `member`: the member's own, whose site
 * cookies the background reads the session with (the default cookie store; Chrome's tabs carry no
 * `cookieStoreId`, it has no containers). `container`: a Firefox container, which may be signed in
 * as someone else or not at all, so it never sees the member's data nor writes into it. `private`:
 * a private window (`incognito`), which Companion is not allowed in (wxt.config.ts): should it ever
 * run there, it must not even fill its caches, which outlive the window on disk. No tab at all
 * counts as the strictest.
 */
export function tabContext(
  tab: { incognito?: boolean; cookieStoreId?: string } | undefined,
): 'member' | 'container' | 'private' {
  if (tab === undefined || tab.incognito === true) return 'private';
  return tab.cookieStoreId === undefined || tab.cookieStoreId === DEFAULT_COOKIE_STORE
    ? 'member'
    : 'container';
}

/**
 * A cookie of the member's own context, whose session and CSRF cookies are the member's: Firefox's
 * default store, or Chrome's regular profile ("0"). Firefox also reports its containers' cookies
 * (and a private window's, were Companion allowed there): signing in or out in a container says
 * nothing about the member's session.
 */
export function isMemberCookieStore(storeId: string | undefined): boolean {
  return storeId === undefined || storeId === DEFAULT_COOKIE_STORE || storeId === '0';
}
