/**
 * What the project statuses' cache (./project-status-model.ts) says of a project, as every surface
 * shows it: the signed-in member's record, and each project's loved and favorited state. A module of
 * its own: the pages that show statuses load it with their views (the popup's Feed and Explore), not
 * with the page that only primes the cache (the popup's first frame, whose budget holds every tab).
 */
import { ownEntry } from '@/lib/storage/own-entry';
import {
  FAVORITES_FRESH_MS,
  LOVE_FRESH_MS,
  type LoveRead,
  type MemberStatuses,
  memberKey,
  type PageStatuses,
  type ProjectStatus,
  type ProjectStatusCache,
  type StatusReads,
} from './project-status-model';

/** The signed-in member's statuses, or null (signed out, or nothing read yet). */
export function currentMember(cache: ProjectStatusCache | null | undefined): MemberStatuses | null {
  if (!cache || cache.member === null) return null;
  return memberStatuses(cache.members, cache.member);
}

/**
 * `username`'s own record: a member may be named `constructor` or `__proto__` (site names allow
 * letters, digits, `-` and `_`), which must find their record or nothing, never the prototype's.
 */
export function memberStatuses(
  members: ProjectStatusCache['members'],
  username: string,
): MemberStatuses | null {
  return ownEntry(members, memberKey(username));
}

/** Whether `projectId` is among the member's favorites, or `undefined` when that is not known. */
export function favoritedState(member: StatusReads, projectId: number): boolean | undefined {
  const read = member.favoriteReads[projectId];
  if (read !== undefined) return read.favorited;
  const list = member.favorites;
  if (list === null) return undefined;
  if (list.ids.includes(projectId)) return true;
  return list.complete ? false : undefined;
}

/** A project's status for the member, as every surface shows it. */
export function projectStatus(member: StatusReads | null, projectId: number, now: number): ProjectStatus {
  if (member === null) return { loved: undefined, favorited: undefined, stale: false };
  const love = member.loves[projectId];
  return {
    loved: love?.loved,
    favorited: favoritedState(member, projectId),
    stale: love !== undefined && now - love.at > LOVE_FRESH_MS,
  };
}

/** Whether the status must be asked for: unknown, stale, or the favorites list is due a re-read. */
export function needsRead(member: StatusReads, id: number, now: number): boolean {
  const status = projectStatus(member, id, now);
  if (status.loved === undefined || status.stale || status.favorited === undefined) return true;
  const list = member.favorites;
  return list === null || list.changed || now - list.at >= FAVORITES_FRESH_MS;
}

/** Site pages' copy of the cache (PageStatuses): the signed-in member's reads alone, or null. */
export function pageStatusesOf(cache: ProjectStatusCache): PageStatuses | null {
  const member = currentMember(cache);
  if (member === null || cache.member === null) return null;
  const loves: PageStatuses['loves'] = {};
  for (const id in member.loves) {
    const { loved, at } = member.loves[id] as LoveRead;
    loves[id] = { loved, at };
  }
  return { member: cache.member, loves, favorites: member.favorites, favoriteReads: member.favoriteReads };
}
