/**
 * The explore service's shapes, shared by the background (lib/services/explore.ts) and the popup's
 * Explore tab: types, constants and pure helpers only (no zod, no browser), so the popup can import
 * it within its budget.
 *
 * Two stores: `ExploreCache` (public data: featured rows, the shared-project count, explore and
 * search pages; `local:`) and `ExploreViews` (what the views inside the popup show: a project, a
 * person, a studio and their lists; per member, `session:`, reused for the popup's life).
 */
import type { FeedError } from './feed-model';

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
export type ExploreTag = (typeof EXPLORE_TAGS)[number];
export type ExploreKind = 'projects' | 'studios';
export type ExploreSort = 'popular' | 'trending' | 'recent';
export const EXPLORE_SORTS: readonly ExploreSort[] = ['popular', 'trending', 'recent'];
/** The site's search offers these two sorts. */
export const SEARCH_SORTS: readonly ExploreSort[] = ['popular', 'trending'];

export interface ProjectCard {
  type: 'project';
  id: number;
  title: string;
  author: string;
  thumbnailUrl: string;
  loves?: number;
  views?: number;
  remixes?: number;
}

export interface StudioCard {
  type: 'studio';
  id: number;
  title: string;
  thumbnailUrl: string;
  followers?: number;
  projects?: number;
}

export interface UserCard {
  type: 'user';
  id: number;
  username: string;
  avatarUrl: string;
}

export interface CommentItem {
  type: 'comment';
  id: number;
  /** Plain text (the schema decoded the service's escaping). */
  content: string;
  author: string;
  authorImage: string | null;
  createdAt: string;
  replyCount: number;
  /** null for a top-level comment. */
  parentId: number | null;
}

export type ExploreItem = ProjectCard | StudioCard | UserCard | CommentItem;

/** Where a list comes from. Explore and search are public; the others belong to a view. */
export type ListSource =
  | { source: 'explore'; kind: ExploreKind; tag: ExploreTag; mode: ExploreSort; language: string }
  | { source: 'search'; kind: ExploreKind; query: string; mode: ExploreSort; language: string }
  | { source: 'user-projects' | 'favorites' | 'curated' | 'followers' | 'following'; username: string }
  | { source: 'remixes' | 'project-studios'; projectId: number }
  | { source: 'studio-comments'; studioId: number }
  | { source: 'comment-replies'; studioId: number; commentId: number };

export type ListSourceName = ListSource['source'];

/** Lists of the public store (the others live with the views). */
export function isPublicList(
  source: ListSource,
): source is Extract<ListSource, { source: 'explore' | 'search' }> {
  return source.source === 'explore' || source.source === 'search';
}

export type ExploreErrorKind = FeedError['kind'] | 'not-found';
export interface ExploreError {
  kind: ExploreErrorKind;
  at: number;
  status?: number;
  retryAfterMs?: number;
}

export interface ExploreList {
  items: ExploreItem[];
  /** When the first page was last read (ms since epoch); 0 = never. */
  readAt: number;
  complete: boolean;
  /** Offset of the next page (counts what the service sent, dropped items included). */
  nextOffset: number;
  loading: 'refresh' | 'more' | null;
  error: ExploreError | null;
  /**
   * `/users/<u>/projects` lists oldest first: `newest` when the whole list fitted in one page and
   * was turned around, `oldest` when it is longer (the view says so).
   */
  order?: 'newest' | 'oldest';
  /** When a caller last used it (least recently used dropped first). */
  usedAt?: number;
}

export function emptyExploreList(): ExploreList {
  return { items: [], readAt: 0, complete: false, nextOffset: 0, loading: null, error: null };
}

export interface FeaturedRow {
  /** The key of `/proxy/featured` (`community_featured_projects`, `scratch_design_studio`, ...). */
  key: string;
  items: (ProjectCard | StudioCard)[];
  /** `curator_top_projects`: whose curation it is. */
  curator?: string;
  /** `<name>_design_studio`: the studio the row comes from. */
  studio?: { id: number; title: string };
}

export interface ProjectCount {
  count: number | null;
  readAt: number;
  error: ExploreError | null;
}

export interface ExploreCache {
  featured: { rows: FeaturedRow[]; readAt: number; loading: boolean; error: ExploreError | null };
  projectCount: ProjectCount;
  lists: Record<string, ExploreList>;
}

export const emptyExploreCache: ExploreCache = Object.freeze({
  featured: Object.freeze({ rows: [], readAt: 0, loading: false, error: null }),
  projectCount: Object.freeze({ count: null, readAt: 0, error: null }),
  lists: Object.freeze({}),
}) as ExploreCache;

export type DetailSource =
  | { detail: 'project'; id: number }
  | { detail: 'user'; username: string }
  | { detail: 'studio'; id: number };

export interface ProjectDetail {
  id: number;
  title: string;
  author: string;
  authorId: number;
  authorImage: string | null;
  thumbnailUrl: string;
  instructions: string;
  description: string;
  /** Shared with everyone (false: only its author can see it). */
  shared: boolean;
  commentsAllowed: boolean;
  created: string | null;
  modified: string | null;
  sharedAt: string | null;
  stats: { views: number; loves: number; favorites: number; remixes: number };
  remixParent: number | null;
}

export interface UserDetail {
  id: number;
  username: string;
  avatarUrl: string | null;
  status: string;
  bio: string;
  country: string;
  joined: string | null;
  scratchteam: boolean;
}

export interface StudioDetail {
  id: number;
  title: string;
  description: string;
  thumbnailUrl: string;
  created: string | null;
  modified: string | null;
  stats: { comments?: number; followers?: number; managers?: number; projects?: number };
  commentsAllowed: boolean;
}

export interface DetailOf {
  project: ProjectDetail;
  user: UserDetail;
  studio: StudioDetail;
}

export interface DetailEntry<T = ProjectDetail | UserDetail | StudioDetail> {
  value: T | null;
  readAt: number;
  loading: boolean;
  error: ExploreError | null;
  usedAt?: number;
}

export interface ExploreViews {
  /** Whose views these are: another member's are never shown (null: nobody's). */
  member: string | null;
  details: Record<string, DetailEntry>;
  lists: Record<string, ExploreList>;
}

export const emptyExploreViews: ExploreViews = Object.freeze({
  member: null,
  details: Object.freeze({}),
  lists: Object.freeze({}),
}) as ExploreViews;

/** The popup's choices on the Explore tab, remembered. */
export interface ExploreSettings {
  kind: ExploreKind;
  tag: ExploreTag;
  mode: ExploreSort;
  searchMode: ExploreSort;
  /** A site locale (`en`, `pt-br`), or `*` for every language; '' = the member's own. */
  language: string;
}

export const defaultExploreSettings: ExploreSettings = Object.freeze({
  kind: 'projects',
  tag: '*',
  mode: 'trending',
  searchMode: 'popular',
  language: '',
});

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
