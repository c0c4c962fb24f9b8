/**
 * Which kinds of message get a desktop notification: every kind, unless the member turned its switch
 * off in the options page. Stored as the kinds NOT notified (`quietKinds` of the message count's
 * settings, `sync:messageCountSettings`, so they follow the member), in the ids of ./mutes-model.ts
 * (`addcomment:0|1|2`, `loveproject`...), so a kind the site adds later is notified until the member
 * says otherwise. Unlike a mute, a quiet
 * kind still counts on the badge and in titles: only the notification stays away.
 *
 * Pure (no zod, no browser): the background and the options page share it.
 */
import type { Message } from '@/lib/api/schemas';
import { type MuteKind, muteKindOf } from '@/lib/message-count/mutes-model';

/** The kinds a member turned notifications off for, from a stored value (malformed: none). */
export function quietKindsOf(value: unknown): MuteKind[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((kind): kind is string => typeof kind === 'string' && kind !== ''))];
}

/** Whether `message` is of a kind the member turned notifications off for. */
export function isQuietKind(message: Message, quietKinds: readonly MuteKind[]): boolean {
  return quietKinds.includes(muteKindOf(message));
}

/** The quiet kinds with `kind` switched on (notified) or off. */
export function withKindNotified(
  quietKinds: readonly MuteKind[],
  kind: MuteKind,
  notified: boolean,
): MuteKind[] {
  const rest = quietKinds.filter((k) => k !== kind);
  return notified ? rest : [...rest, kind];
}
