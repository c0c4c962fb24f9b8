/**
 * The explore service (./explore.ts) as the background runs it: the API client (the one HTTP layer,
 * so explore shares the extension's rate limit with everything else), the session, storage, and the
 * protocol handlers of the popup. `registerExplore` registers every listener synchronously (the MV3
 * worker is woken by these events and must find them at once), the quick-search command and the
 * address-bar keyword included.
 */
import type { ApiClient } from '@/lib/api/client';
import type { SiteProfile } from '@/lib/config';
import { onMessage, type ProtocolMap } from '@/lib/protocol';
import { isExtensionPageSender } from '@/lib/sender';
import { exploreCacheItem, exploreViewsItem } from '@/lib/storage';
import { createExploreService, type ExplorePorts, type ExploreService } from './explore';
import { registerQuickSearchCommand } from './explore-command';
import {
  type ImageHosts,
  toCommentItem,
  toFeaturedRows,
  toProjectCard,
  toProjectDetail,
  toStudioCard,
  toStudioDetail,
  toUserCard,
  toUserDetail,
} from './explore-items';
import { EXPLORE_SORTS, EXPLORE_TAGS } from './explore-keys';
import type { DetailSource, ExploreItem, ListSource } from './explore-model';
import { registerOmnibox } from './explore-omnibox';

export type ExploreApi = Pick<
  ApiClient,
  | 'getFeatured'
  | 'getSharedProjectCount'
  | 'exploreProjects'
  | 'exploreStudios'
  | 'searchProjects'
  | 'searchStudios'
  | 'userProjects'
  | 'favorites'
  | 'curatedStudios'
  | 'followers'
  | 'following'
  | 'remixes'
  | 'projectStudios'
  | 'studioComments'
  | 'studioCommentReplies'
  | 'getProject'
  | 'getUser'
  | 'getStudio'
>;

export interface ExploreDeps {
  profile: SiteProfile;
  api: ExploreApi;
  signedInUser(): Promise<string | null>;
  now?: () => number;
}

/** The query options of explore and search: `*` (every language) sends none. */
function searchParams(q: string, mode: string, language: string) {
  return language === '*' || language === ''
    ? { q, mode: mode as never }
    : { q, mode: mode as never, language };
}

export function explorePorts(deps: ExploreDeps): ExplorePorts {
  const { api } = deps;
  const hosts: ImageHosts = {
    site: deps.profile.site,
    uploads: deps.profile.uploads[0] ?? deps.profile.site,
  };
  const page = async <T>(read: Promise<{ items: T[]; received: number }>, map: (item: T) => ExploreItem) => {
    const { items, received } = await read;
    return { items: items.map(map), received };
  };
  const project = (p: Parameters<typeof toProjectCard>[0]) => toProjectCard(p, hosts);
  const studio = (s: Parameters<typeof toStudioCard>[0]) => toStudioCard(s, hosts);
  const user = (u: Parameters<typeof toUserCard>[0]) => toUserCard(u, hosts);
  const comment = (c: Parameters<typeof toCommentItem>[0]) => toCommentItem(c, hosts);

  return {
    now: deps.now ?? Date.now,
    signedInUser: deps.signedInUser,
    readFeatured: async () => toFeaturedRows(await api.getFeatured(), hosts),
    readProjectCount: () => api.getSharedProjectCount(),
    readPage(source, at) {
      switch (source.source) {
        case 'explore': {
          const params = searchParams(source.tag, source.mode, source.language);
          return source.kind === 'projects'
            ? page(api.exploreProjects.listPage(params, at), project)
            : page(api.exploreStudios.listPage(params, at), studio);
        }
        case 'search': {
          const params = searchParams(source.query, source.mode, source.language);
          return source.kind === 'projects'
            ? page(api.searchProjects.listPage(params, at), project)
            : page(api.searchStudios.listPage(params, at), studio);
        }
        case 'user-projects':
          return page(api.userProjects.listPage({ username: source.username }, at), project);
        case 'favorites':
          return page(api.favorites.listPage({ username: source.username }, at), project);
        case 'curated':
          return page(api.curatedStudios.listPage({ username: source.username }, at), studio);
        case 'followers':
          return page(api.followers.listPage({ username: source.username }, at), user);
        case 'following':
          return page(api.following.listPage({ username: source.username }, at), user);
        case 'remixes':
          return page(api.remixes.listPage({ projectId: source.projectId }, at), project);
        case 'project-studios':
          return page(api.projectStudios.listPage({ projectId: source.projectId }, at), studio);
        case 'studio-comments':
          return page(api.studioComments.listPage({ studioId: source.studioId }, at), comment);
        case 'comment-replies':
          return page(
            api.studioCommentReplies.listPage({ studioId: source.studioId, commentId: source.commentId }, at),
            comment,
          );
      }
    },
    readDetail: (async (source: DetailSource) => {
      if (source.detail === 'project') return toProjectDetail(await api.getProject(source.id), hosts);
      if (source.detail === 'user') return toUserDetail(await api.getUser(source.username), hosts);
      return toStudioDetail(await api.getStudio(source.id), hosts);
    }) as ExplorePorts['readDetail'],
    cache: { get: () => exploreCacheItem.getValue(), set: (value) => exploreCacheItem.setValue(value) },
    views: { get: () => exploreViewsItem.getValue(), set: (value) => exploreViewsItem.setValue(value) },
  };
}

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
  const service = createExploreService(explorePorts(deps));
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
