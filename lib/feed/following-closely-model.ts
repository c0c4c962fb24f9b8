/**
 * "Following closely": the people and studios a member rang the bell for. Kept in
 * one small `sync:` item (./feed-storage.ts) so the bells follow the member to their other computers.
 * Types and pure helpers only (no zod, no browser): the popup's first frame imports it.
 *
 * Arrays, never objects keyed by remote text. Usernames are compared without case, as the site does.
 */

/** A studio with a bell: its id, and its title as it was when the bell was rung (for the lists). */
export interface BelledStudio {
  id: number;
  title: string;
}

export interface FollowingClosely {
  /** Usernames as the site spells them. */
  people: string[];
  studios: BelledStudio[];
}

/** At most this many people with a bell: they cost no request, but a list of hundreds is no longer "closely". */
export const MAX_BELLED_PEOPLE = 50;
/**
 * At most this many studios with a bell: each costs one read of its activity a period
 * (lib/feed/studio-news.ts; scripts/bench/studio-news.ts prints the requests per member-hour).
 */
export const MAX_BELLED_STUDIOS = 20;
/** A stored studio title is cut here: the item is synced, and browsers sync only small items. */
export const MAX_STUDIO_TITLE = 100;

export const noBells: FollowingClosely = Object.freeze({ people: [], studios: [] }) as FollowingClosely;

/** The stored value as this version reads it (a value an older or newer version synced may lack a part). */
export function bellsOf(stored: unknown): FollowingClosely {
  const value = (typeof stored === 'object' && stored !== null ? stored : {}) as Partial<FollowingClosely>;
  return {
    people: Array.isArray(value.people) ? value.people.filter((p) => typeof p === 'string') : [],
    studios: Array.isArray(value.studios)
      ? value.studios.filter((s) => typeof s?.id === 'number' && typeof s.title === 'string')
      : [],
  };
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function hasPersonBell(bells: FollowingClosely, username: string): boolean {
  return bells.people.some((person) => sameName(person, username));
}

export function hasStudioBell(bells: FollowingClosely, id: number): boolean {
  return bells.studios.some((studio) => studio.id === id);
}

export function hasBells(bells: FollowingClosely): boolean {
  return bells.people.length > 0 || bells.studios.length > 0;
}

/** What ringing or silencing a bell did: the new value, or `full` when the cap kept it from ringing. */
export type BellChange = { bells: FollowingClosely } | { full: 'people' | 'studios' };

/** Rings (`on`) or silences the bell of a person. */
export function setPersonBell(bells: FollowingClosely, username: string, on: boolean): BellChange {
  const others = bells.people.filter((person) => !sameName(person, username));
  if (!on) return { bells: { ...bells, people: others } };
  if (others.length !== bells.people.length) return { bells };
  if (others.length >= MAX_BELLED_PEOPLE) return { full: 'people' };
  return { bells: { ...bells, people: [...others, username] } };
}

/** Rings (`on`) or silences the bell of a studio. */
export function setStudioBell(bells: FollowingClosely, studio: BelledStudio, on: boolean): BellChange {
  const others = bells.studios.filter((s) => s.id !== studio.id);
  if (!on) return { bells: { ...bells, studios: others } };
  if (others.length !== bells.studios.length) return { bells };
  if (others.length >= MAX_BELLED_STUDIOS) return { full: 'studios' };
  const title = studio.title.slice(0, MAX_STUDIO_TITLE);
  return { bells: { ...bells, studios: [...others, { id: studio.id, title }] } };
}
