/**
 * The feed's protocol handlers: who may ask (the extension's own pages only) and what reaches the
 * service. The service itself: feed.test.ts; on the real client against the sandbox:
 * tests/contract/feed-service.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { checkedHandlers } from '@/lib/composition/checked-protocol';
import { siteProfiles } from '@/lib/config';
import type { FeedService } from './feed';
import { feedHandlers as uncheckedHandlers } from './feed-background';

/** The handlers as the background registers them: behind the protocol's checks. */
const feedHandlers = (service: FeedService) =>
  checkedHandlers(siteProfiles.public, uncheckedHandlers(service));

afterEach(() => {
  fakeBrowser.reset();
});

function fakeService() {
  return {
    start: vi.fn(async () => undefined),
    refresh: vi.fn(async () => undefined),
    loadMore: vi.fn(async () => undefined),
    current: vi.fn(async () => null),
  } satisfies FeedService;
}

const ownPage = (path: string) => fakeBrowser.runtime.getURL(path as '/');
const popup = () => ({ id: fakeBrowser.runtime.id, url: ownPage('/popup.html') });
const site = 'https://scratch.mit.edu/projects/1/';
const tab = (url: string) => ({ id: 7, index: 0, url }) as never;

describe('refreshFeed and loadMoreFeed', () => {
  it('serve the popup, also when opened in a tab', async () => {
    const service = fakeService();
    const handlers = feedHandlers(service);
    await handlers.refreshFeed({ data: { lists: ['activity', 'shared'], force: true }, sender: popup() });
    expect(service.refresh).toHaveBeenCalledWith(['activity', 'shared'], { force: true });
    const inTab = { ...popup(), tab: tab(ownPage('/popup.html')) };
    await handlers.loadMoreFeed({ data: { list: 'loved' }, sender: inTab });
    expect(service.loadMore).toHaveBeenCalledWith('loved');
  });

  it('refuse content scripts, web pages and other extensions, before anything is read', async () => {
    const service = fakeService();
    const handlers = feedHandlers(service);
    const senders = [
      // Our content script in a site tab: trusted for other messages, not for reads of the feed.
      { id: fakeBrowser.runtime.id, url: site, tab: tab(site) },
      { id: fakeBrowser.runtime.id, url: 'https://evil.example/', tab: tab('https://evil.example/') },
      { id: 'another-extension', url: ownPage('/popup.html') },
      { id: fakeBrowser.runtime.id },
    ];
    for (const sender of senders) {
      await expect(handlers.refreshFeed({ data: { lists: ['activity'] }, sender })).rejects.toThrow(
        'Untrusted sender',
      );
      await expect(handlers.loadMoreFeed({ data: { list: 'activity' }, sender })).rejects.toThrow(
        'Untrusted sender',
      );
    }
    expect(service.refresh).not.toHaveBeenCalled();
    expect(service.loadMore).not.toHaveBeenCalled();
  });

  it('pass on only list names the service knows', async () => {
    const service = fakeService();
    const handlers = feedHandlers(service);
    const data = { lists: ['activity', '__proto__', 'messages'], force: 'yes' } as never;
    await expect(handlers.refreshFeed({ data, sender: popup() })).rejects.toThrow('Malformed message');
    expect(service.refresh).not.toHaveBeenCalled();
    await expect(
      handlers.loadMoreFeed({ data: { list: 'toString' } as never, sender: popup() }),
    ).rejects.toThrow('Malformed message');
    expect(service.loadMore).not.toHaveBeenCalled();
  });
});
