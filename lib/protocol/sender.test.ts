import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { siteProfiles } from '../config';
import { isMemberCookieStore, isSenderOf, tabContext } from './sender';

const profile = siteProfiles.public;
const ownId = () => fakeBrowser.runtime.id;
const ownPage = (path: string) => fakeBrowser.runtime.getURL(path as '/');
const tab = (url: string) => ({ id: 7, index: 0, url }) as never;
const page = (sender: Parameters<typeof isSenderOf>[1]) => isSenderOf(['extension page'], sender, profile);
const siteTab = (sender: Parameters<typeof isSenderOf>[1]) => isSenderOf(['site tab'], sender, profile);
const either = (sender: Parameters<typeof isSenderOf>[1]) =>
  isSenderOf(['extension page', 'site tab'], sender, profile);

describe('isSenderOf', () => {
  it('knows our own extension pages (popup, options), in a tab or not', () => {
    const popup = { id: ownId(), url: ownPage('/popup.html') };
    const inTab = { ...popup, tab: tab(ownPage('/popup.html')) };
    for (const sender of [popup, inTab]) {
      expect(page(sender)).toBe(true);
      expect(either(sender)).toBe(true);
      expect(siteTab(sender)).toBe(false);
    }
  });

  it('knows our content script only in a site page', () => {
    const site = 'https://scratch.mit.edu/projects/1/';
    const script = { id: ownId(), url: site, tab: tab(site) };
    expect(siteTab(script)).toBe(true);
    expect(either(script)).toBe(true);
    expect(page(script)).toBe(false);
    const other = 'https://evil.example/';
    expect(either({ id: ownId(), url: other, tab: tab(other) })).toBe(false);
    // A frame of another origin inside a site tab is not a site page, nor a site frame in another tab.
    expect(either({ id: ownId(), url: other, tab: tab(site) })).toBe(false);
    expect(either({ id: ownId(), url: site, tab: tab(other) })).toBe(false);
  });

  it('refuses other extensions and senders without a tab or page', () => {
    expect(either({ id: 'another-extension', url: ownPage('/popup.html') })).toBe(false);
    expect(either({ id: ownId() })).toBe(false);
    expect(either({ id: ownId(), url: 'https://scratch.mit.edu/' })).toBe(false);
  });
});

describe('one member per browsing context', () => {
  const site = 'https://scratch.mit.edu/projects/1/';
  const from = (tab: object) => ({
    id: ownId(),
    url: site,
    tab: { id: 7, index: 0, url: site, ...tab } as never,
  });
  /** Firefox's default container, Chrome (no containers: no cookieStoreId), a container, a private window. */
  const tabs = {
    defaultStore: { incognito: false, cookieStoreId: 'firefox-default' },
    chrome: { incognito: false },
    container: { incognito: false, cookieStoreId: 'firefox-container-1' },
    firefoxPrivate: { incognito: true, cookieStoreId: 'firefox-private' },
    chromeIncognito: { incognito: true },
  };

  it('places each tab: the default store and Chrome tabs are the member’s; containers and private windows not', () => {
    expect(tabContext(tabs.defaultStore)).toBe('member');
    expect(tabContext(tabs.chrome)).toBe('member');
    expect(tabContext(tabs.container)).toBe('container');
    expect(tabContext(tabs.firefoxPrivate)).toBe('private');
    expect(tabContext(tabs.chromeIncognito)).toBe('private');
    expect(tabContext(undefined)).toBe('private');
  });

  it('takes reads and writes of the member’s state from the member’s own tabs only', () => {
    expect(siteTab(from(tabs.defaultStore))).toBe(true);
    expect(siteTab(from(tabs.chrome))).toBe(true);
    expect(siteTab(from(tabs.container))).toBe(false);
    expect(siteTab(from(tabs.firefoxPrivate))).toBe(false);
    expect(siteTab(from(tabs.chromeIncognito))).toBe(false);
    // What the popup may also send (the member's count, their statuses): a container's tab is not it.
    expect(either(from(tabs.container))).toBe(false);
  });

  it('takes what uses nothing of the member’s from a container too, never from a private window', () => {
    const anyContainer = (sender: Parameters<typeof isSenderOf>[1]) =>
      isSenderOf(['site tab in any container'], sender, profile);
    expect(anyContainer(from(tabs.defaultStore))).toBe(true);
    expect(anyContainer(from(tabs.chrome))).toBe(true);
    expect(anyContainer(from(tabs.container))).toBe(true);
    expect(anyContainer(from(tabs.firefoxPrivate))).toBe(false);
    expect(anyContainer(from(tabs.chromeIncognito))).toBe(false);
    // Still a site page in a site tab.
    expect(
      anyContainer({ id: ownId(), url: 'https://evil.example/', tab: tab('https://evil.example/') }),
    ).toBe(false);
  });
});

describe('isMemberCookieStore', () => {
  it("takes the default store's cookies (Firefox's default container, Chrome's profile), not a container's or a private window's", () => {
    expect(isMemberCookieStore('firefox-default')).toBe(true);
    expect(isMemberCookieStore('0')).toBe(true);
    expect(isMemberCookieStore(undefined)).toBe(true);
    expect(isMemberCookieStore('firefox-container-2')).toBe(false);
    expect(isMemberCookieStore('firefox-private')).toBe(false);
    expect(isMemberCookieStore('1')).toBe(false);
  });
});
