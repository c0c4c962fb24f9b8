/**
 * Changes to the member's mutes (./mutes-model.ts), made from the settings page and from a message
 * in the popup: pure, so both write the same thing and the rules have their tests. Its own module:
 * the popup loads it with the mute menu, not with the Messages tab.
 */
import {
  MAX_MUTED_PEOPLE,
  MAX_MUTED_STUDIOS,
  type MessageMutes,
  MUTED_STUDIO_TITLE_LENGTH,
  type MutedStudio,
  type MuteKind,
} from './mutes-model';

/** The site's usernames: letters, digits, - and _, 3 to 20 of them (scratch-www src/lib/validate.js). */
const USERNAME = /^[A-Za-z0-9_-]{3,20}$/;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function withKindMuted(mutes: MessageMutes, kind: MuteKind, muted: boolean): MessageMutes {
  const others = mutes.kinds.filter((k) => k !== kind);
  return { ...mutes, kinds: muted ? [...others, kind] : others };
}

export function withoutPerson(mutes: MessageMutes, username: string): MessageMutes {
  return { ...mutes, people: mutes.people.filter((p) => !same(p, username)) };
}

export function isPersonMuted(mutes: MessageMutes, username: string): boolean {
  return mutes.people.some((p) => same(p, username));
}

export type PersonToMute =
  | { ok: true; mutes: MessageMutes; username: string }
  | { ok: false; problem: 'invalid' | 'already' | 'full'; username: string };

/** Mutes a person by the username the member typed (trimmed), or says why not. */
export function withPersonMuted(mutes: MessageMutes, typed: string): PersonToMute {
  const username = typed.trim().replace(/^@/, '');
  if (!USERNAME.test(username)) return { ok: false, problem: 'invalid', username };
  if (isPersonMuted(mutes, username)) return { ok: false, problem: 'already', username };
  if (mutes.people.length >= MAX_MUTED_PEOPLE) return { ok: false, problem: 'full', username };
  return { ok: true, username, mutes: { ...mutes, people: [...mutes.people, username] } };
}

/** The mutes without `studioId`'s (no `studios` left when it was the last one). */
export function withoutStudio(mutes: MessageMutes, studioId: number): MessageMutes {
  const { studios = [], ...rest } = mutes;
  const kept = studios.filter((studio) => studio.id !== studioId);
  return kept.length > 0 ? { ...rest, studios: kept } : rest;
}

/**
 * Mutes a studio's activity, its title kept short (sync holds 8 KB an item). Muting one more than
 * MAX_MUTED_STUDIOS lets the one muted longest ago go (the settings say so); muting one again
 * brings it to the end, its title as now.
 */
export function withStudioMuted(mutes: MessageMutes, studio: MutedStudio): MessageMutes {
  const others = withoutStudio(mutes, studio.id).studios ?? [];
  const title = [...studio.title].slice(0, MUTED_STUDIO_TITLE_LENGTH).join('');
  return { ...mutes, studios: [...others, { id: studio.id, title }].slice(-MAX_MUTED_STUDIOS) };
}
