/**
 * My Stuff in the background: the protocol handler (only the extension's own pages may ask, only
 * for the two lists) and what is kept of a project (its counts as the interface gives them, its
 * picture only from the site's image hosts). The service itself: mystuff.test.ts; in real browsers
 * against the sandbox: tests/e2e/popup-mystuff.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { Project } from '@/lib/api/schemas';
import { checkedHandlers } from '@/lib/composition/checked-protocol';
import { siteProfiles } from '@/lib/config';
import type { MyStuffService } from './mystuff';
import { toMyProject, myStuffHandlers as uncheckedHandlers } from './mystuff-background';

const handlersOf = (service: MyStuffService) =>
  checkedHandlers(siteProfiles.public, uncheckedHandlers(service));

afterEach(() => {
  fakeBrowser.reset();
});

function fakeService() {
  return {
    start: vi.fn(async () => undefined),
    refresh: vi.fn(async () => undefined),
    current: vi.fn(async () => null),
  } satisfies MyStuffService;
}

const ownPage = (path: string) => fakeBrowser.runtime.getURL(path as '/');
const popup = () => ({ id: fakeBrowser.runtime.id, url: ownPage('/popup.html') });
const site = 'https://scratch.mit.edu/projects/1/';
const tab = (url: string) => ({ id: 7, index: 0, url }) as never;

describe('refreshMyStuff', () => {
  it('serves the popup', async () => {
    const service = fakeService();
    await handlersOf(service).refreshMyStuff({ data: { lists: ['shared'], force: true }, sender: popup() });
    expect(service.refresh).toHaveBeenCalledWith(['shared'], { force: true });
    await handlersOf(service).refreshMyStuff({ data: { lists: ['favorites'] }, sender: popup() });
    expect(service.refresh).toHaveBeenLastCalledWith(['favorites'], { force: false });
  });

  it('refuses a site tab’s content script and other senders, and unknown lists, before anything is read', async () => {
    const service = fakeService();
    const handlers = handlersOf(service);
    for (const sender of [
      { id: fakeBrowser.runtime.id, url: site, tab: tab(site) },
      { id: 'another-extension', url: ownPage('/popup.html') },
    ]) {
      await expect(handlers.refreshMyStuff({ data: { lists: ['shared'] }, sender })).rejects.toThrow(
        'Untrusted sender',
      );
    }
    await expect(
      handlers.refreshMyStuff({ data: { lists: ['shared', '__proto__'] } as never, sender: popup() }),
    ).rejects.toThrow('Malformed message');
    expect(service.refresh).not.toHaveBeenCalled();
  });
});

describe('a project as My Stuff keeps it', () => {
  const base = {
    id: 948573479,
    title: 'CUBES <b>v0.19</b>',
    author: { id: 1882674, username: 'griffpatch' },
    history: { created: '2024-01-09T20:07:53.000Z', shared: '2024-01-20T20:41:36.000Z' },
  };

  it('keeps the counts the interface sent (real-payloads/users-projects.json), and no others', () => {
    const kept = toMyProject(
      {
        ...base,
        image: 'https://cdn2.scratch.mit.edu/get_image/project/948573479_480x360.png',
        images: { '282x218': 'https://cdn2.scratch.mit.edu/get_image/project/948573479_282x218.png' },
        stats: { views: 465442, loves: 16216, favorites: 14430, remixes: 0 },
      } as Project,
      siteProfiles.public,
    );
    expect(kept).toEqual({
      id: 948573479,
      title: 'CUBES <b>v0.19</b>',
      author: 'griffpatch',
      thumbnailUrl: 'https://cdn2.scratch.mit.edu/get_image/project/948573479_282x218.png',
      sharedAt: '2024-01-20T20:41:36.000Z',
      stats: { views: 465442, loves: 16216, favorites: 14430, remixes: 0 },
    });
    expect(toMyProject({ ...base, stats: { loves: 3 } } as Project, siteProfiles.public).stats).toEqual({
      loves: 3,
    });
  });

  it('takes a picture only from the site’s image hosts, else the site’s thumbnail of the project', () => {
    const kept = toMyProject(
      {
        ...base,
        image: 'https://evil.example/x.png',
        images: { '282x218': 'javascript:alert(1)' },
      } as Project,
      siteProfiles.public,
    );
    expect(kept.thumbnailUrl).toBe('https://uploads.scratch.mit.edu/projects/thumbnails/948573479.png');
  });
});
