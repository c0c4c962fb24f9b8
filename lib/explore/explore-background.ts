/**
 * The explore service (./explore.ts) as the background runs it: the API client (the one HTTP layer,
 * so explore shares the extension's rate limit with everything else), the session, storage, and the
 * protocol handlers of the popup. `registerExplore` registers every listener synchronously (the MV3
 * worker is woken by these events and must find them at once), the quick-search command and the
 * address-bar keyword included.
 */

import { exploreCacheItem, exploreViewsItem } from '@/lib/explore/explore-storage';
import { answerMessages, type HandlersOf } from '@/lib/protocol/checked-messages';
import { budgetedCache } from '@/lib/storage/cache-budget';
import { createExploreService, type ExploreService } from './explore';
import { exploreCacheBudget } from './explore-budget';
import { registerQuickSearchCommand } from './explore-command';
import { registerOmnibox } from './explore-omnibox';
import { type ExploreDeps, explorePorts } from './explore-ports';
import { exploreMessages } from './explore-protocol';

export type { ExploreApi, ExploreDeps } from './explore-ports';

/**
 * The protocol handlers (exported for tests). Only the extension's own pages may ask, and only for
 * sources the service serves (./explore-protocol.ts): reads with the member's token are not a
 * content script's to start.
 */
export function exploreHandlers(service: ExploreService) {
  return {
    async refreshExploreHome({ data }) {
      await Promise.all([
        service.refreshFeatured({ force: data?.force === true }),
        service.refreshProjectCount(),
      ]);
    },
    async refreshExploreList({ data }) {
      await service.refreshList(data.source, { since: data.since, force: data.force === true });
    },
    async loadMoreExplore({ data }) {
      await service.loadMore(data.source);
    },
    async openExploreView({ data }) {
      await service.openView(data.source, { since: data.since, force: data.force === true });
    },
  } satisfies HandlersOf<typeof exploreMessages>;
}

/** Registers the explore handlers, the quick-search command and the omnibox keyword. */
export function registerExplore(deps: ExploreDeps): ExploreService {
  const service = createExploreService(
    explorePorts(deps, {
      cache: budgetedCache(exploreCacheItem, exploreCacheBudget),
      views: { get: () => exploreViewsItem.getValue(), set: (value) => exploreViewsItem.setValue(value) },
    }),
  );
  answerMessages(deps.profile, exploreMessages, exploreHandlers(service));
  registerQuickSearchCommand();
  registerOmnibox({ profile: deps.profile, service });
  service.start().catch((error: unknown) => console.warn('[companion] explore: start failed:', error));
  return service;
}
