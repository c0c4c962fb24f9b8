/**
 * The feed's shapes, shared by the background feed service (lib/feed/feed.ts) and the popup:
 * types and pure helpers only (no zod, no browser), so the popup can import it within its budget.
 * The contract between both sides is /work/FEED-CONTRACT.md; changes of names are noted here.
 */
import type { ActivityEvent } from '@/lib/api/schemas';

export type { ActivityEvent };

/** The four lists the service reads: the activity feed and the three project sections. */
export type FeedListName = 'activity' | 'shared' | 'loved' | 'studios';
export const FEED_LIST_NAMES: readonly FeedListName[] = Object.freeze([
  'activity',
  'shared',
  'loved',
  'studios',
]);

/** The kinds of events a member can filter. */
export type FeedKind = 'follows' | 'loves' | 'favorites' | 'remixes' | 'shares' | 'studios';
export const FEED_KINDS: readonly FeedKind[] = Object.freeze([
  'follows',
  'loves',
  'favorites',
  'remixes',
  'shares',
  'studios',
]);

const KIND_OF_TYPE: Readonly<Record<string, FeedKind>> = Object.freeze({
  followuser: 'follows',
  followstudio: 'follows',
  loveproject: 'loves',
  favoriteproject: 'favorites',
  remixproject: 'remixes',
  shareproject: 'shares',
  becomecurator: 'studios',
  becomeownerstudio: 'studios',
  addprojecttostudio: 'studios',
});

/** Which filter kind an event type belongs to ('other' for unknown types, never filtered out). */
export function kindOfActivity(type: string): FeedKind | 'other' {
  return Object.hasOwn(KIND_OF_TYPE, type) ? (KIND_OF_TYPE[type] as FeedKind) : 'other';
}

/**
 * The type of an event as the service sent it: events of unknown types are parsed as
 * `type: 'other'` with the original in `otherType` (lib/api/schemas.ts).
 */
export function sentTypeOf(event: ActivityEvent): string {
  return event.type === 'other' ? event.otherType : event.type;
}

/** A project card of the three sections (only what the popup shows). */
export interface FeedProject {
  id: number;
  title: string;
  author: string;
  /** https URL of the thumbnail (protocol-relative URLs already resolved). */
  thumbnailUrl: string;
  /** ISO time it was shared/added when the service says, else null. */
  at: string | null;
}

export type FeedErrorKind =
  | 'rate-limited'
  | 'offline'
  | 'timeout'
  | 'server'
  | 'malformed'
  | 'signed-out'
  | 'unknown';

export interface FeedError {
  kind: FeedErrorKind;
  /** When it happened (ms since epoch). */
  at: number;
  /** The HTTP status, when there was an answer. */
  status?: number;
  /** From Retry-After, when the service said how long to wait. */
  retryAfterMs?: number;
}

export interface FeedList<T> {
  items: T[];
  /** When the first page was last read successfully (ms since epoch); 0 = never. */
  readAt: number;
  /** No further page (short page, or the 200-item cap reached). */
  complete: boolean;
  /** Offset of the next page (counts items the service sent, dropped ones included). */
  nextOffset: number;
  /** A read under way: a refresh of the first page or the next page. */
  loading: 'refresh' | 'more' | null;
  /** The last read's failure (cleared by the next success); the items stay. */
  error: FeedError | null;
}

export interface MemberFeed {
  username: string;
  /** When the service last used this member's feed (ms since epoch): the least recent is dropped first. */
  usedAt?: number;
  activity: FeedList<ActivityEvent>;
  shared: FeedList<FeedProject>;
  loved: FeedList<FeedProject>;
  studios: FeedList<FeedProject>;
}

/** The type of the items of each list. */
export interface FeedItemOf {
  activity: ActivityEvent;
  shared: FeedProject;
  loved: FeedProject;
  studios: FeedProject;
}

/** At most this many items per list (then a link to the site). */
export const FEED_MAX_ITEMS = 200;
/** Lists younger than this are not re-read when the popup opens. */
export const FEED_FRESH_MS = 60_000;
/** Items per page (the service's maximum for these endpoints). */
export const FEED_PAGE_SIZE = 40;

/** A list never read. */
export function emptyFeedList<T>(): FeedList<T> {
  return { items: [], readAt: 0, complete: false, nextOffset: 0, loading: null, error: null };
}

/** A member's feed before any read. */
export function emptyMemberFeed(username: string): MemberFeed {
  return {
    username,
    activity: emptyFeedList(),
    shared: emptyFeedList(),
    loved: emptyFeedList(),
    studios: emptyFeedList(),
  };
}

/** The filter settings and the new-project notifications switch (options page and popup). */
export interface FeedSettings {
  kinds: Record<FeedKind, boolean>;
  newProjectNotifications: boolean;
  /** Leave projects the member already loved out of the three project sections (version 2). */
  hideLoved: boolean;
}

export const defaultFeedSettings: FeedSettings = Object.freeze({
  kinds: Object.freeze({
    follows: true,
    loves: true,
    favorites: true,
    remixes: true,
    shares: true,
    studios: true,
  }) as Record<FeedKind, boolean>,
  newProjectNotifications: false,
  hideLoved: false,
});

/** The settings as version 1 stored them (before `hideLoved`). */
export type FeedSettingsV1 = Omit<FeedSettings, 'hideLoved'>;

/** Version 1 → 2: the "hide projects I already loved" filter arrives, off. */
export function feedSettingsV1ToV2(old: FeedSettingsV1): FeedSettings {
  return { ...old, hideLoved: false };
}
