/** What a row of the Messages tab can be muted by (whether it gets a Mute button at all). */
import {
  activityStudioOf,
  MUTE_KINDS,
  type MutedStudio,
  type MuteKind,
  muteKindOf,
} from '@/lib/message-count/mutes-model';
import type { MessageRow } from '@/lib/messages/message-groups-model';

export interface MuteChoices {
  kind: MuteKind | null;
  person: string | null;
  /** A studio's activity (one message or the studio's group): that studio. */
  studio: MutedStudio | null;
}

/**
 * What a row can be muted by: its kind (one the settings list); on a single message its actor; on a
 * studio's activity that studio, and not its actor, who is not who acted in the studio.
 */
export function muteChoicesOf(row: MessageRow, me: string): MuteChoices {
  const kind = row.kind === 'group' ? row.type : muteKindOf(row.message);
  const first = row.kind === 'group' ? row.messages[0] : row.message;
  const studio = first === undefined ? null : activityStudioOf(first);
  const actor =
    row.kind === 'single' && studio === null && row.message.type !== 'userjoin'
      ? row.message.actor_username
      : null;
  return {
    kind: MUTE_KINDS.includes(kind) ? kind : null,
    // Not oneself (a reply in one's own thread), nor the site's welcome (its actor is the member).
    person: actor !== null && actor.toLowerCase() !== me.toLowerCase() ? actor : null,
    studio,
  };
}

/** Whether a row has anything to mute it by. */
export const canMute = (choices: MuteChoices) =>
  choices.kind !== null || choices.person !== null || choices.studio !== null;
