/**
 * The feed service (./feed.ts) as the background runs it: the API client's four following lists,
 * the session, `feedCacheItem`, and the protocol handlers the popup uses. `registerFeed` registers
 * every listener synchronously (the MV3 worker is woken by these events and must find them at once).
 */
import type { ApiClient } from '@/lib/api/client';
import type { ActivityEvent } from '@/lib/api/schemas';
import type { SiteProfile } from '@/lib/config';
import { feedCacheItem } from '@/lib/feed/feed-storage';
import { answerMessages, type HandlersOf } from '@/lib/protocol/checked-messages';
import { budgetedCache } from '@/lib/storage/cache-budget';
import { createFeedService, type FeedPorts, type FeedService, toFeedProject } from './feed';
import { feedCacheBudget } from './feed-budget';
import type { FeedListName } from './feed-model';
import { feedMessages } from './feed-protocol';

/** The API client's lists the feed reads. */
export type FeedApi = Pick<
  ApiClient,
  'followingActivity' | 'followingUsersProjects' | 'followingUsersLoves' | 'followingStudiosProjects'
>;

export interface FeedDeps {
  profile: SiteProfile;
  api: FeedApi;
  signedInUser(): Promise<string | null>;
  /** Injected in tests; the clock otherwise. */
  now?: () => number;
}

const projectLists = {
  shared: 'followingUsersProjects',
  loved: 'followingUsersLoves',
  studios: 'followingStudiosProjects',
} as const;

/** The service on the API client and storage. */
export function feedPorts(deps: FeedDeps): FeedPorts {
  const fallbackThumbnail = (id: number) =>
    `${deps.profile.uploads[0] ?? deps.profile.site}/projects/thumbnails/${id}.png`;
  return {
    now: deps.now ?? Date.now,
    signedInUser: deps.signedInUser,
    readPage: (async (list: FeedListName, username: string, page: { offset: number; limit: number }) => {
      if (list === 'activity') {
        const { items, received } = await deps.api.followingActivity.listPage({ username }, page);
        return { items: items.map(withoutHtmlMessage), received };
      }
      const { items, received } = await deps.api[projectLists[list]].listPage({ username }, page);
      return { items: items.map((project) => toFeedProject(project, list, fallbackThumbnail)), received };
    }) as FeedPorts['readPage'],
    cache: budgetedCache(feedCacheItem, feedCacheBudget),
  };
}

/**
 * Some events carry the site's own HTML rendering in `message`: nothing shows it (the popup words
 * events from their typed fields), so it is not kept where a careless renderer could find it.
 */
function withoutHtmlMessage(event: ActivityEvent): ActivityEvent {
  if (!Object.hasOwn(event, 'message')) return event;
  const { message: _message, ...rest } = event as ActivityEvent & { message?: unknown };
  return rest as ActivityEvent;
}

/**
 * The protocol handlers (exported for tests). Only the extension's own pages may ask, and only for
 * lists the service knows (./feed-protocol.ts): a read with the member's token is not a page's
 * to start.
 */
export function feedHandlers(service: FeedService) {
  return {
    async refreshFeed({ data }) {
      await service.refresh(data.lists, { force: data.force === true });
    },
    async loadMoreFeed({ data }) {
      await service.loadMore(data.list);
    },
  } satisfies HandlersOf<typeof feedMessages>;
}

/** Registers the feed's protocol handlers. Call synchronously from the background's main function. */
export function registerFeed(deps: FeedDeps): FeedService {
  const service = createFeedService(feedPorts(deps));
  answerMessages(deps.profile, feedMessages, feedHandlers(service));
  service.start().catch((error: unknown) => console.warn('[companion] feed: start failed:', error));
  return service;
}
