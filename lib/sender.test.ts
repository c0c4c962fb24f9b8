import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { siteProfiles } from './config';
import { isSenderOf } from './sender';

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
