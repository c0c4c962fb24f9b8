/**
 * The explore service (./explore.ts) as the background runs it: the API client (the one HTTP layer,
 * so explore shares the extension's rate limit with everything else), the session, storage, and the
 * protocol handlers of the popup. `registerExplore` registers every listener synchronously (the MV3
 * worker is woken by these events and must find them at once), the quick-search command and the
 * address-bar keyword included.
 */
import { onMessage } from '@/lib/checked-messages';
import type { ProtocolMap } from '@/lib/protocol';
import { isExtensionPageSender } from '@/lib/sender';
import { exploreCacheItem, exploreViewsItem } from '@/lib/storage';
import { createExploreService, type ExploreService } from './explore';
import { registerQuickSearchCommand } from './explore-command';
import { EXPLORE_SORTS, EXPLORE_TAGS } from './explore-keys';
import type { DetailSource, ListSource } from './explore-model';
import { registerOmnibox } from './explore-omnibox';
import { type ExploreDeps, explorePorts } from './explore-ports';

export type { ExploreApi, ExploreDeps } from './explore-ports';

// ---------------------------------------------------------------------------------------------------
// What crosses the boundary is checked: only sources the service knows, with sane values.

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
/** Site usernames: letters, digits, `_` and `-`. */
const isUsername = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(value);
const isLanguage = (value: unknown): value is string =>
  typeof value === 'string' && (value === '*' || /^[a-z]{2,3}(-[a-z0-9]{2,4})?$/.test(value));
const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);
const KINDS = ['projects', 'studios'] as const;
const USER_LISTS = ['user-projects', 'favorites', 'curated', 'followers', 'following'] as const;
/** Longer queries are cut: nobody types more into a popup's search field. */
export const MAX_QUERY_LENGTH = 200;

/** A list source from a message, or null when it is not one the service serves. */
export function validListSource(value: unknown): ListSource | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  switch (v.source) {
    case 'explore':
      if (!oneOf(KINDS, v.kind) || !oneOf(EXPLORE_TAGS, v.tag) || !oneOf(EXPLORE_SORTS, v.mode)) return null;
      if (!isLanguage(v.language)) return null;
      return { source: 'explore', kind: v.kind, tag: v.tag, mode: v.mode, language: v.language };
    case 'search':
      if (!oneOf(KINDS, v.kind) || !oneOf(EXPLORE_SORTS, v.mode) || !isLanguage(v.language)) return null;
      if (typeof v.query !== 'string' || v.query.trim() === '') return null;
      return {
        source: 'search',
        kind: v.kind,
        query: v.query.trim().slice(0, MAX_QUERY_LENGTH),
        mode: v.mode,
        language: v.language,
      };
    case 'remixes':
    case 'project-studios':
      return isId(v.projectId) ? { source: v.source, projectId: v.projectId } : null;
    case 'studio-comments':
      return isId(v.studioId) ? { source: 'studio-comments', studioId: v.studioId } : null;
    case 'comment-replies':
      return isId(v.studioId) && isId(v.commentId)
        ? { source: 'comment-replies', studioId: v.studioId, commentId: v.commentId }
        : null;
    default:
      return oneOf(USER_LISTS, v.source) && isUsername(v.username)
        ? { source: v.source, username: v.username }
        : null;
  }
}

/** A view's subject from a message, or null. */
export function validDetailSource(value: unknown): DetailSource | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (v.detail === 'project' && isId(v.id)) return { detail: 'project', id: v.id };
  if (v.detail === 'studio' && isId(v.id)) return { detail: 'studio', id: v.id };
  if (v.detail === 'user' && isUsername(v.username)) return { detail: 'user', username: v.username };
  return null;
}

const since = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

type Sender = Parameters<typeof isExtensionPageSender>[0];
type Request<K extends keyof ProtocolMap> = { data: Parameters<ProtocolMap[K]>[0]; sender: Sender };

/**
 * The protocol handlers: only the extension's own pages may ask (a content script runs in pages we
 * do not control; reads with the member's token are not theirs to start).
 */
export function exploreHandlers(service: ExploreService) {
  const check = (sender: Sender) => {
    if (!isExtensionPageSender(sender)) throw new Error('Untrusted sender');
  };
  return {
    async refreshExploreHome({ data, sender }: Request<'refreshExploreHome'>) {
      check(sender);
      await Promise.all([
        service.refreshFeatured({ force: data?.force === true }),
        service.refreshProjectCount(),
      ]);
    },
    async refreshExploreList({ data, sender }: Request<'refreshExploreList'>) {
      check(sender);
      const source = validListSource(data?.source);
      if (source === null) return;
      await service.refreshList(source, { since: since(data?.since), force: data?.force === true });
    },
    async loadMoreExplore({ data, sender }: Request<'loadMoreExplore'>) {
      check(sender);
      const source = validListSource(data?.source);
      if (source === null) return;
      await service.loadMore(source);
    },
    async openExploreView({ data, sender }: Request<'openExploreView'>) {
      check(sender);
      const source = validDetailSource(data?.source);
      if (source === null) return;
      await service.openView(source, { since: since(data?.since), force: data?.force === true });
    },
  };
}

/** Registers the explore handlers, the quick-search command and the omnibox keyword. */
export function registerExplore(deps: ExploreDeps): ExploreService {
  const service = createExploreService(
    explorePorts(deps, {
      cache: { get: () => exploreCacheItem.getValue(), set: (value) => exploreCacheItem.setValue(value) },
      views: { get: () => exploreViewsItem.getValue(), set: (value) => exploreViewsItem.setValue(value) },
    }),
  );
  const handlers = exploreHandlers(service);
  onMessage('refreshExploreHome', handlers.refreshExploreHome);
  onMessage('refreshExploreList', handlers.refreshExploreList);
  onMessage('loadMoreExplore', handlers.loadMoreExplore);
  onMessage('openExploreView', handlers.openExploreView);
  registerQuickSearchCommand();
  registerOmnibox({ profile: deps.profile, service });
  service.start().catch((error: unknown) => console.warn('[companion] explore: start failed:', error));
  return service;
}
