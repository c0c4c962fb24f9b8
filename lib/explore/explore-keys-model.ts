/**
 * Keys and names of the explore service's data: how a list or a view is found in the caches, how a
 * query and a language are sent. Pure; apart from the model (./explore-model.ts) so the popup's
 * first load carries only the model's values, and these come with the Explore view's own chunk.
 */
import type { DetailSource, ExploreList, ExploreSort, ListSource } from './explore-model';

/** Items per page: the service's maximum. */
export const EXPLORE_PAGE_SIZE = 40;
/** At most this many items per list (then a link to the site). */
export const EXPLORE_MAX_ITEMS = 400;
/** Explore and search pages younger than this are not read again. */
export const EXPLORE_FRESH_MS = 5 * 60_000;
/** The featured rows change a few times a day: read at most once an hour. */
export const FEATURED_FRESH_MS = 60 * 60_000;
/** The total of shared projects is a line of pride, not news: read at most once a day. */
export const PROJECT_COUNT_FRESH_MS = 24 * 60 * 60_000;
/** Explore and search lists kept (least recently used dropped). */
export const MAX_CACHED_LISTS = 12;
/** View entries (details and lists) kept for the popup's life (least recently used dropped). */
export const MAX_VIEW_ENTRIES = 60;

/** The site's explore tags (`*` is "All"). */
export const EXPLORE_TAGS = ['*', 'animations', 'art', 'games', 'music', 'stories', 'tutorials'] as const;
export const EXPLORE_SORTS: readonly ExploreSort[] = ['popular', 'trending', 'recent'];
/**
 * Languages the Explore tab offers besides the member's own (site locales): its menu in the popup
 * and its setting on the options page.
 */
// biome-ignore format: a table reads better than one code per line
export const EXPLORE_LANGUAGES: readonly string[] = [
  'en', 'es', 'fr', 'de', 'it', 'pt-br', 'nl', 'pl', 'tr', 'ru', 'ja', 'ko', 'zh-cn', 'ar', 'he',
];
/** The site's search offers these two sorts. */
export const SEARCH_SORTS: readonly ExploreSort[] = ['popular', 'trending'];

export function emptyExploreList(): ExploreList {
  return { items: [], readAt: 0, complete: false, nextOffset: 0, loading: null, error: null };
}

/** Lists of the public store (the others live with the views). */
export function isPublicList(
  source: ListSource,
): source is Extract<ListSource, { source: 'explore' | 'search' }> {
  return source.source === 'explore' || source.source === 'search';
}

/** The cache key of a list: the same source always gives the same key. */
export function listKey(source: ListSource): string {
  switch (source.source) {
    case 'explore':
      return `explore|${source.kind}|${source.tag}|${source.mode}|${source.language}`;
    case 'search':
      return `search|${source.kind}|${source.mode}|${source.language}|${normalizeQuery(source.query)}`;
    case 'remixes':
    case 'project-studios':
      return `${source.source}|${source.projectId}`;
    case 'studio-comments':
      return `studio-comments|${source.studioId}`;
    case 'comment-replies':
      return `comment-replies|${source.studioId}|${source.commentId}`;
    default:
      return `${source.source}|${source.username.toLowerCase()}`;
  }
}

/** The cache key of a view's subject. */
export function detailKey(source: DetailSource): string {
  return source.detail === 'user' ? `user|${source.username.toLowerCase()}` : `${source.detail}|${source.id}`;
}

/** A query as sent: spaces collapsed and trimmed (the same words are the same search). */
export function normalizeQuery(query: string): string {
  return query.trim().replace(/\s+/g, ' ');
}

/** The site locale for a browser language (`pt-BR` to `pt-br`, `en-US` to `en`). */
export function siteLanguage(browserLanguage: string): string {
  const lower = browserLanguage.toLowerCase().replace('_', '-');
  if (lower === 'pt-br' || lower === 'zh-cn' || lower === 'zh-tw' || lower === 'es-419') return lower;
  if (lower.startsWith('zh')) return 'zh-cn';
  return lower.split('-')[0] || 'en';
}
