/**
 * My Stuff's shapes, shared by the background service (./mystuff.ts) and the popup's My Stuff tab:
 * types and constants only (no zod, no browser), so the popup can import it within its budget.
 */
import { type CachedList, emptyList } from '@/lib/cached-list/cached-list';

/** The member's own shared projects, and the projects they favorited. */
export type MyStuffListName = 'shared' | 'favorites';
export const MY_STUFF_LISTS: readonly MyStuffListName[] = Object.freeze(['shared', 'favorites']);

/** A project as My Stuff shows it (only what it shows: the cache stays small). */
export interface MyProject {
  id: number;
  title: string;
  /** Who made it (the member, in their own list). */
  author: string;
  /** https URL of the thumbnail, from the site's image hosts as the service sent it. */
  thumbnailUrl: string;
  /** ISO time it was shared, when the service says. */
  sharedAt: string | null;
  /** The counts as the interface gives them; a count it leaves out stays out. */
  stats: { views?: number; loves?: number; favorites?: number; remixes?: number };
}

export interface MemberStuff {
  username: string;
  /** When this member's stuff was last used (ms since epoch): the least recent is dropped first. */
  usedAt?: number;
  shared: CachedList<MyProject>;
  favorites: CachedList<MyProject>;
}

/** Lists younger than this (a minute, as the feed's) are not re-read when the popup asks. */
export const MY_STUFF_FRESH_MS = 60_000;
/** Items per page (the service's maximum). */
export const MY_STUFF_PAGE_SIZE = 40;
/** At most this many items per list (then a link to the site's page of them). */
export const MY_STUFF_MAX_ITEMS = 400;

export function emptyMemberStuff(username: string): MemberStuff {
  return { username, shared: emptyList(), favorites: emptyList() };
}
