/**
 * The feed's shapes, shared by the background feed service (lib/feed/feed.ts) and the popup:
 * types and pure helpers only (no zod, no browser), so the popup can import it within its budget.
 */
import type { ActivityEvent } from '@/lib/api/schemas';
import {
  type CachedList,
  emptyList,
  type ListError,
  type ListErrorKind,
} from '@/lib/cached-list/cached-list';

export type { ActivityEvent };

/** The four lists the service reads: the activity feed and the three project sections. */
export type FeedListName = 'activity' | 'shared' | 'loved' | 'studios';
// Pure: left out of the pages, which never read it (the background's protocol does).
export const FEED_LIST_NAMES: readonly FeedListName[] = /* @__PURE__ */ Object.freeze([
  'activity',
  'shared',
  'loved',
  'studios',
]);

/** The kinds of events a member can filter. */
export type FeedKind = 'follows' | 'loves' | 'favorites' | 'remixes' | 'shares' | 'studios';

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

/** The feed's lists are cached paged lists (lib/cached-list), named here for the popup's feed code. */
export type FeedErrorKind = ListErrorKind;
export type FeedError = ListError;
export type FeedList<T> = CachedList<T>;

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
export const emptyFeedList: <T>() => FeedList<T> = emptyList;

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
