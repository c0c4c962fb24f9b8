/**
 * The feed service (./feed.ts) as the background runs it: the API client's four following lists,
 * the session, `feedCacheItem`, and the protocol handlers the popup uses. `registerFeed` registers
 * every listener synchronously (the MV3 worker is woken by these events and must find them at once).
 */
import type { ApiClient } from '@/lib/api/client';
import type { ActivityEvent } from '@/lib/api/schemas';
import { onMessage } from '@/lib/checked-messages';
import type { SiteProfile } from '@/lib/config';
import type { ProtocolMap } from '@/lib/protocol';
import { isExtensionPageSender } from '@/lib/sender';
import { feedCacheItem } from '@/lib/storage';
import { createFeedService, type FeedPorts, type FeedService, toFeedProject } from './feed';
import { FEED_LIST_NAMES, type FeedListName } from './feed-model';

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
    cache: { get: () => feedCacheItem.getValue(), set: (cache) => feedCacheItem.setValue(cache) },
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

type Sender = Parameters<typeof isExtensionPageSender>[0];

/** Only list names the service knows (the popup sends them, but check what crosses the boundary). */
function isListName(value: unknown): value is FeedListName {
  return typeof value === 'string' && (FEED_LIST_NAMES as readonly string[]).includes(value);
}

/**
 * The protocol handlers: only the extension's own pages may ask (a content script runs in pages
 * we do not control; a read with the member's token is not theirs to start).
 */
export function feedHandlers(service: FeedService) {
  return {
    async refreshFeed({ data, sender }: { data: Parameters<ProtocolMap['refreshFeed']>[0]; sender: Sender }) {
      if (!isExtensionPageSender(sender)) throw new Error('Untrusted sender');
      const lists = Array.isArray(data?.lists) ? data.lists.filter(isListName) : [];
      await service.refresh(lists, { force: data?.force === true });
    },
    async loadMoreFeed({
      data,
      sender,
    }: {
      data: Parameters<ProtocolMap['loadMoreFeed']>[0];
      sender: Sender;
    }) {
      if (!isExtensionPageSender(sender)) throw new Error('Untrusted sender');
      if (!isListName(data?.list)) return;
      await service.loadMore(data.list);
    },
  };
}

/** Registers the feed's protocol handlers. Call synchronously from the background's main function. */
export function registerFeed(deps: FeedDeps): FeedService {
  const service = createFeedService(feedPorts(deps));
  const handlers = feedHandlers(service);
  onMessage('refreshFeed', handlers.refreshFeed);
  onMessage('loadMoreFeed', handlers.loadMoreFeed);
  service.start().catch((error: unknown) => console.warn('[companion] feed: start failed:', error));
  return service;
}
