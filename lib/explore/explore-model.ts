/**
 * The explore service's shapes, shared by the background (lib/explore/explore.ts) and the popup's
 * Explore tab: types, constants and pure helpers only (no zod, no browser), so the popup can import
 * it within its budget.
 *
 * Two stores: `ExploreCache` (public data: featured rows, the shared-project count, explore and
 * search pages; `local:`) and `ExploreViews` (what the views inside the popup show: a project, a
 * person, a studio and their lists; per member, `session:`, reused for the popup's life).
 */

import type { CachedList, ListErrorKind } from '@/lib/cached-list/cached-list';
import type { EXPLORE_TAGS } from './explore-keys-model';

export type ExploreTag = (typeof EXPLORE_TAGS)[number];
export type ExploreKind = 'projects' | 'studios';
export type ExploreSort = 'popular' | 'trending' | 'recent';

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

export type ExploreErrorKind = ListErrorKind | 'not-found';
export interface ExploreError {
  kind: ExploreErrorKind;
  at: number;
  status?: number;
  retryAfterMs?: number;
}

/** A cached paged list (lib/cached-list) of cards, people or comments. */
export interface ExploreList extends CachedList<ExploreItem, ExploreError> {
  /** When a caller last used it (least recently used dropped first). */
  usedAt?: number;
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
