/**
 * What a member has muted: message kinds, particular people and particular studios' activity. Muted messages do not count on the
 * badge, in tab titles or in desktop notifications, and the popup folds them away ("3 muted"); the
 * site's own navigation bar keeps the site's number, because the site's messages page shows them all.
 *
 * Pure types and rules (no zod, no browser): the background, the popup and the options page share
 * them (the changes to them are in ./mute-changes-model.ts). Stored in `sync:`
 * (./message-count-storage.ts, `messageMutesItem`) so mutes follow the member.
 */
import type { Message } from '@/lib/api/schemas';

/**
 * A mute kind: the message type exactly as the service sends it, except comments, which the member
 * can mute by place (`addcomment:0` on their projects, `:1` on profiles, `:2` in studios), and
 * OTHER_KINDS, every type this version does not know (the site may add some). The options page marks
 * each with `data-kind` = the sent type (and `data-comment-type` for comments; `other` for the rest).
 */
export type MuteKind = string;

/** The kind of every message whose type this version does not know. */
export const OTHER_KINDS: MuteKind = 'other';

/** The kinds a member can mute, grouped as the site's messages filter groups them (and "People", "Other"). */
export const MUTE_KIND_GROUPS: readonly { group: string; kinds: readonly MuteKind[] }[] = Object.freeze([
  { group: 'comments', kinds: ['addcomment:0', 'addcomment:1', 'addcomment:2'] },
  { group: 'projects', kinds: ['loveproject', 'favoriteproject', 'remixproject'] },
  { group: 'studios', kinds: ['curatorinvite', 'becomeownerstudio', 'becomehoststudio', 'studioactivity'] },
  { group: 'forums', kinds: ['forumpost'] },
  { group: 'people', kinds: ['followuser'] },
  { group: 'other', kinds: [OTHER_KINDS] },
]);

/** Every mute kind, in the order of the groups. */
export const MUTE_KINDS: readonly MuteKind[] = Object.freeze(MUTE_KIND_GROUPS.flatMap((g) => g.kinds));

/** People muted at most (sync storage holds 8 KB an item). */
export const MAX_MUTED_PEOPLE = 200;

/** Studios whose activity is muted at most, and their titles' length kept (sync's 8 KB an item). */
export const MAX_MUTED_STUDIOS = 30;
export const MUTED_STUDIO_TITLE_LENGTH = 40;

/** A studio whose activity is muted, with its title as the message named it (for the settings). */
export interface MutedStudio {
  id: number;
  title: string;
}

export interface MessageMutes {
  /** Muted kinds (`MuteKind`s), no duplicates. */
  kinds: MuteKind[];
  /** Muted people's usernames as the member chose them; compared case-insensitively. */
  people: string[];
  /**
   * Studios whose `studioactivity` messages are muted (their actor is not who acted in the studio,
   * so muting a person cannot do it), oldest first. Absent while none is: the stored value of a
   * member who mutes no studio stays what earlier versions wrote.
   */
  studios?: MutedStudio[];
}

export const noMutes: MessageMutes = Object.freeze({ kinds: [], people: [] }) as MessageMutes;

/** The kind a message is muted by: its sent type, a comment's with its place, OTHER_KINDS for the rest. */
export function muteKindOf(message: Message): MuteKind {
  if (message.type === 'addcomment') return `addcomment:${message.comment_type}`;
  return message.type === 'other' ? OTHER_KINDS : message.type;
}

/** The sent type of a mute kind (what `data-kind` says): `addcomment:1` → `addcomment`. */
export function sentTypeOfKind(kind: MuteKind): string {
  const colon = kind.indexOf(':');
  return colon === -1 ? kind : kind.slice(0, colon);
}

/** Whether anything is muted at all (nothing muted: no list is read for the count). */
export function anyMuted(mutes: MessageMutes): boolean {
  return mutes.kinds.length > 0 || mutes.people.length > 0 || (mutes.studios?.length ?? 0) > 0;
}

/** The studio whose activity `message` is, if it is a studio's activity. */
export function activityStudioOf(message: Message): MutedStudio | null {
  if (message.type !== 'studioactivity') return null;
  return { id: message.gallery_id, title: message.title ?? message.gallery_title ?? '' };
}

/** Whether `message` is the activity of a studio the member muted. */
export function isStudioMuted(message: Message, mutes: MessageMutes): boolean {
  const studio = activityStudioOf(message);
  return studio !== null && (mutes.studios ?? []).some((muted) => muted.id === studio.id);
}

/** Whether `message` is muted, by its kind, its actor or its studio. */
export function isMuted(message: Message, mutes: MessageMutes): boolean {
  if (mutes.kinds.includes(muteKindOf(message)) || isStudioMuted(message, mutes)) return true;
  const actor = message.actor_username.toLowerCase();
  return mutes.people.some((person) => person.toLowerCase() === actor);
}

/** The mutes from a stored value: anything malformed counts as not muted. */
export function mutesOf(value: unknown): MessageMutes {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const strings = (x: unknown) =>
    Array.isArray(x) ? [...new Set(x.filter((s): s is string => typeof s === 'string' && s !== ''))] : [];
  const studios = Array.isArray(v.studios) ? studiosOf(v.studios) : [];
  return {
    kinds: strings(v.kinds),
    people: strings(v.people).slice(0, MAX_MUTED_PEOPLE),
    ...(studios.length > 0 ? { studios } : {}),
  };
}

/** The well-formed studios of a stored list, each once, the newest MAX_MUTED_STUDIOS. */
function studiosOf(list: unknown[]): MutedStudio[] {
  const studios: MutedStudio[] = [];
  for (const entry of list) {
    const { id, title } = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<
      string,
      unknown
    >;
    if (!Number.isSafeInteger(id) || (id as number) <= 0 || studios.some((s) => s.id === id)) continue;
    studios.push({ id: id as number, title: typeof title === 'string' ? title : '' });
  }
  return studios.slice(-MAX_MUTED_STUDIOS);
}
