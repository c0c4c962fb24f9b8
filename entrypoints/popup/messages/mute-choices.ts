/** What a row of the Messages tab can be muted by (whether it gets a Mute button at all). */
import { MUTE_KINDS, type MuteKind, muteKindOf } from '@/lib/message-count/mutes-model';
import type { MessageRow } from '@/lib/messages/messages-model';

/** What a row can be muted by: its kind (one the settings list), and on a single message its actor. */
export function muteChoicesOf(row: MessageRow, me: string): { kind: MuteKind | null; person: string | null } {
  const kind = row.kind === 'group' ? row.type : muteKindOf(row.message);
  const actor = row.kind === 'single' && row.message.type !== 'userjoin' ? row.message.actor_username : null;
  return {
    kind: MUTE_KINDS.includes(kind) ? kind : null,
    // Not oneself (a reply in one's own thread), nor the site's welcome (its actor is the member).
    person: actor !== null && actor.toLowerCase() !== me.toLowerCase() ? actor : null,
  };
}
