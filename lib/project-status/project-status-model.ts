/**
 * What the member loved and favorited, as the background's `project-status` service stores it
 * (lib/project-status/project-status.ts) and every surface reads it: content scripts (marks on
 * thumbnails), the popup (marks on feed cards). No imports with side effects: content scripts read
 * these keys directly with `browser.storage` (the storage library would cost a third of their size
 * budget); ./project-status-storage.ts defines the versioned items on the same keys, and
 * ./project-status-lookup-model.ts reads a project's status from the cache.
 */
/** A love read: whether the member loved the project, and when it was read. */
export interface LoveRead {
  loved: boolean;
  /** When the service (or the site's own button) told it, ms since the epoch. */
  at: number;
}

/** A love read as the cache keeps it: with when a surface last showed it. */
export interface LoveEntry extends LoveRead {
  /** When a surface last asked for it: the cap drops the least recently seen first. */
  seen: number;
}

/** The member's favorites, read in bulk from `/users/<me>/favorites`. */
export interface FavoritesList {
  /** Project ids, in the site's order (by the projects' shared dates, not when each was favorited). */
  ids: number[];
  /** Every favorite was read (the walk ended on a short page, not on the cap). */
  complete: boolean;
  /** When the walk ended; 0 = never. */
  at: number;
  /** The member changed a favorite since: re-read at the next need, whatever the age. */
  changed: boolean;
}

/** What one member's reads say: all a surface needs to show and ask for their statuses. */
export interface StatusReads {
  loves: Record<string, LoveRead>;
  favorites: FavoritesList | null;
  /**
   * Favorite states learnt one project at a time (the site's own button, or a per-project read when
   * the favorites list is incomplete), newer than the list; dropped when the list is read again.
   */
  favoriteReads: Record<string, { favorited: boolean; at: number }>;
}

/** One member's statuses, as the cache keeps them. */
export interface MemberStatuses extends StatusReads {
  loves: Record<string, LoveEntry>;
  /** When this member was last signed in here (the cache keeps the few most recent members). */
  usedAt: number;
}

/** The whole cache: keyed by member; `member` is who is signed in now (null: signed out, show nothing). */
export interface ProjectStatusCache {
  member: string | null;
  members: Record<string, MemberStatuses>;
}

/** A project's status as a surface shows it: `undefined` while unknown. */
export interface ProjectStatus {
  loved: boolean | undefined;
  favorited: boolean | undefined;
  /** The love read is older than the freshness window (shown, and re-read when seen). */
  stale: boolean;
}

/** How long a love read stays fresh: a day. */
export const LOVE_FRESH_MS = 24 * 60 * 60 * 1000;
/** The favorites list is re-read at most this often (unless the member changed a favorite). */
export const FAVORITES_FRESH_MS = 15 * 60 * 1000;

/**
 * Site pages' copy of the statuses: the signed-in member's reads alone, without the cache's
 * bookkeeping (when each was last seen) or anyone else's, so a page reads a fraction of the cache,
 * and hears nothing when only the bookkeeping changed. Null while nobody is signed in. Only the
 * background writes it, with every change of a status (lib/project-status/status-cache.ts).
 */
export interface PageStatuses extends StatusReads {
  member: string;
}

/** The key of the cache (`ProjectStatusCache`). */
export const PROJECT_STATUS_KEY = 'local:projectStatuses';
/** The key of site pages' copy (`PageStatuses | null`). */
export const PAGE_STATUSES_KEY = 'local:pageProjectStatuses';
/** The key of the settings (`ProjectStatusSettings`). */
export const PROJECT_STATUS_SETTINGS_KEY = 'sync:projectStatusSettings';

export interface ProjectStatusSettings {
  /** Marks on project thumbnails of the site's pages (and on the popup's cards). */
  marks: boolean;
}

export const defaultProjectStatusSettings: ProjectStatusSettings = Object.freeze({ marks: true });

// Pure: left out of the content script, which never reads it.
export const emptyProjectStatusCache: ProjectStatusCache = /* @__PURE__ */ Object.freeze({
  member: null,
  members: {},
});

/** The cache key of a member: names are case-insensitive on the site. */
export function memberKey(username: string): string {
  return username.toLowerCase();
}

/** The settings from a stored value (missing keys take their defaults). */
export function projectStatusSettingsOf(value: unknown): ProjectStatusSettings {
  return { ...defaultProjectStatusSettings, ...(typeof value === 'object' && value !== null ? value : {}) };
}
