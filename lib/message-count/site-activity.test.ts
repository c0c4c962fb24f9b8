/**
 * What counts as "watching" (poll every period), "browsing" (every two) and "away" (back off): a site tab active in the
 * focused window, the member not idle. The fake browser has no window focus, so the two window and
 * tab answers the code asks for are stubbed; everything else is the code as shipped.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { siteProfiles } from '@/lib/config';
import { siteActivity } from './site-activity';

const profile = siteProfiles.public;
const notIdle = async () => false;

function stubFront(window: { id: number; focused: boolean } | undefined, activeUrl: string | undefined) {
  vi.spyOn(fakeBrowser.windows, 'getLastFocused').mockResolvedValue(window as never);
  vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue(
    activeUrl === undefined ? [] : ([{ url: activeUrl }] as never),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  fakeBrowser.reset();
});

describe('site activity', () => {
  it('is watching with a site tab in front of a focused window', async () => {
    stubFront({ id: 1, focused: true }, 'https://scratch.mit.edu/projects/1/');
    expect(await siteActivity(profile, notIdle)).toBe('watching');
  });

  it('is browsing with another site in front of a focused window (the badge is in view)', async () => {
    stubFront({ id: 1, focused: true }, 'https://example.org/');
    expect(await siteActivity(profile, notIdle)).toBe('browsing');
  });

  it('is away when the browser is unfocused or the member is idle', async () => {
    stubFront({ id: 1, focused: true }, 'https://example.org/');
    expect(await siteActivity(profile, async () => true)).toBe('away');
    vi.restoreAllMocks();
    stubFront({ id: 1, focused: false }, 'https://scratch.mit.edu/');
    expect(await siteActivity(profile, notIdle)).toBe('away');
    vi.restoreAllMocks();
    stubFront({ id: 1, focused: true }, 'https://scratch.mit.edu/');
    expect(await siteActivity(profile, async () => true)).toBe('away');
    vi.restoreAllMocks();
    stubFront(undefined, undefined);
    expect(await siteActivity(profile, notIdle)).toBe('away');
    vi.restoreAllMocks();
    stubFront({ id: 1, focused: true }, undefined);
    expect(await siteActivity(profile, notIdle)).toBe('browsing');
  });

  it('counts the API host as not the site', async () => {
    stubFront({ id: 1, focused: true }, 'https://api.scratch.mit.edu/users/demo');
    expect(await siteActivity(profile, notIdle)).toBe('browsing');
  });
});
