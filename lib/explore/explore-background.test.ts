/**
 * The explore handlers: only the extension's own pages may ask, and only sources the service knows
 * reach it. The service itself: explore.test.ts; end to end: tests/e2e/popup-explore.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { checkedHandlers } from '@/lib/composition/checked-protocol';
import { siteProfiles } from '@/lib/config';
import type { ExploreService } from './explore';
import { exploreHandlers as uncheckedHandlers } from './explore-background';
import { MAX_QUERY_LENGTH, validDetailSource, validListSource } from './explore-sources';

/** The handlers as the background registers them: behind the protocol's checks. */
const exploreHandlers = (service: ExploreService) =>
  checkedHandlers(siteProfiles.public, uncheckedHandlers(service));

afterEach(() => {
  fakeBrowser.reset();
});

function fakeService() {
  return {
    start: vi.fn(async () => undefined),
    refreshFeatured: vi.fn(async () => undefined),
    refreshProjectCount: vi.fn(async () => undefined),
    refreshList: vi.fn(async () => undefined),
    loadMore: vi.fn(async () => undefined),
    openView: vi.fn(async () => undefined),
  } satisfies ExploreService;
}

const popup = () => ({ id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/popup.html') });
const site = 'https://scratch.mit.edu/projects/1/';

describe('explore handlers', () => {
  it('serve the popup', async () => {
    const service = fakeService();
    const handlers = exploreHandlers(service);
    await handlers.refreshExploreHome({ data: {}, sender: popup() });
    expect(service.refreshFeatured).toHaveBeenCalledWith({ force: false });
    expect(service.refreshProjectCount).toHaveBeenCalled();
    const source = {
      source: 'explore',
      kind: 'projects',
      tag: 'art',
      mode: 'popular',
      language: 'en',
    } as const;
    await handlers.refreshExploreList({ data: { source, since: 5 }, sender: popup() });
    expect(service.refreshList).toHaveBeenCalledWith(source, { since: 5, force: false });
    await handlers.loadMoreExplore({ data: { source }, sender: popup() });
    expect(service.loadMore).toHaveBeenCalledWith(source);
    await handlers.openExploreView({
      data: { source: { detail: 'user', username: 'ann' } },
      sender: popup(),
    });
    expect(service.openView).toHaveBeenCalledWith(
      { detail: 'user', username: 'ann' },
      { since: undefined, force: false },
    );
  });

  it('refuse content scripts, web pages and other extensions before anything is read', async () => {
    const service = fakeService();
    const handlers = exploreHandlers(service);
    const senders = [
      { id: fakeBrowser.runtime.id, url: site, tab: { id: 7, index: 0, url: site } as never },
      { id: 'another-extension', url: fakeBrowser.runtime.getURL('/popup.html') },
    ];
    for (const sender of senders) {
      await expect(handlers.refreshExploreHome({ data: {}, sender })).rejects.toThrow('Untrusted sender');
      await expect(
        handlers.openExploreView({ data: { source: { detail: 'project', id: 1 } }, sender }),
      ).rejects.toThrow('Untrusted sender');
    }
    expect(service.refreshFeatured).not.toHaveBeenCalled();
    expect(service.openView).not.toHaveBeenCalled();
  });
});

describe('what crosses the boundary', () => {
  it('passes only sources the service serves, with sane values', () => {
    expect(
      validListSource({ source: 'explore', kind: 'projects', tag: 'games', mode: 'recent', language: '*' }),
    ).toEqual({
      source: 'explore',
      kind: 'projects',
      tag: 'games',
      mode: 'recent',
      language: '*',
    });
    const long = 'x'.repeat(MAX_QUERY_LENGTH + 50);
    expect(
      validListSource({
        source: 'search',
        kind: 'studios',
        query: ` ${long} `,
        mode: 'popular',
        language: 'pt-br',
      }),
    ).toMatchObject({ query: 'x'.repeat(MAX_QUERY_LENGTH) });
    expect(validListSource({ source: 'followers', username: '__proto__' })).toEqual({
      source: 'followers',
      username: '__proto__',
    });
    for (const bad of [
      null,
      'explore',
      { source: 'explore', kind: 'projects', tag: 'weapons', mode: 'popular', language: 'en' },
      { source: 'explore', kind: 'people', tag: '*', mode: 'popular', language: 'en' },
      { source: 'search', kind: 'projects', query: '   ', mode: 'popular', language: 'en' },
      { source: 'search', kind: 'projects', query: 'a', mode: 'popular', language: '../../x' },
      { source: 'followers', username: 'a/b' },
      { source: 'messages', username: 'ann' },
      { source: 'remixes', projectId: -1 },
      { source: 'comment-replies', studioId: 1, commentId: 1.5 },
    ]) {
      expect(validListSource(bad), JSON.stringify(bad)).toBeNull();
    }
    expect(validDetailSource({ detail: 'project', id: 3 })).toEqual({ detail: 'project', id: 3 });
    expect(validDetailSource({ detail: 'user', username: 'a b' })).toBeNull();
    expect(validDetailSource({ detail: 'studio', id: '3' })).toBeNull();
  });
});
