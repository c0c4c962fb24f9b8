/**
 * The explore service's reads on the API client: each source and view mapped to its endpoint, each
 * answer to what the popup shows (./explore-items.ts). Storage comes from the caller (the background
 * gives its storage items; the benchmark memory), so this runs outside a browser too.
 */
import type { ApiClient } from '@/lib/api/client';
import type { SiteProfile } from '@/lib/config';
import type { ExplorePorts } from './explore';
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
import type { DetailSource, ExploreItem } from './explore-model';

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

export function explorePorts(deps: ExploreDeps, stores: Pick<ExplorePorts, 'cache' | 'views'>): ExplorePorts {
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
    ...stores,
  };
}
