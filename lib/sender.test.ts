import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { siteProfiles } from './config';
import { isTrustedSender } from './sender';

const profile = siteProfiles.public;
const ownId = () => fakeBrowser.runtime.id;
const ownPage = (path: string) => fakeBrowser.runtime.getURL(path as '/');
const tab = (url: string) => ({ id: 7, index: 0, url }) as never;

describe('isTrustedSender', () => {
  it('trusts our own extension pages (popup, options), in a tab or not', () => {
    expect(isTrustedSender({ id: ownId(), url: ownPage('/popup.html') }, profile)).toBe(true);
    expect(
      isTrustedSender(
        { id: ownId(), url: ownPage('/popup.html'), tab: tab(ownPage('/popup.html')) },
        profile,
      ),
    ).toBe(true);
  });

  it('trusts our content script only in a site page', () => {
    const site = 'https://scratch.mit.edu/projects/1/';
    expect(isTrustedSender({ id: ownId(), url: site, tab: tab(site) }, profile)).toBe(true);
    const other = 'https://evil.example/';
    expect(isTrustedSender({ id: ownId(), url: other, tab: tab(other) }, profile)).toBe(false);
    // A frame of another origin inside a site tab is not a site page.
    expect(isTrustedSender({ id: ownId(), url: other, tab: tab(site) }, profile)).toBe(false);
  });

  it('refuses other extensions and senders without a tab or page', () => {
    expect(isTrustedSender({ id: 'another-extension', url: ownPage('/popup.html') }, profile)).toBe(false);
    expect(isTrustedSender({ id: ownId() }, profile)).toBe(false);
  });
});
