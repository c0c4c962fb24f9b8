import { muteKindName } from '@/components/mute-kind-name';
import { t } from '@/lib/i18n';
import { isPersonMuted, withKindMuted, withoutPerson } from '@/lib/message-count/mute-changes-model';
import { type MessageMutes, muteKindOf } from '@/lib/message-count/mutes-model';
import type { Message, MessageRow } from '@/lib/messages/messages-model';
import { changeMutes } from './mutes-data';

const messagesOf = (row: MessageRow): Message[] => (row.kind === 'group' ? row.messages : [row.message]);

/**
 * The buttons that undo what folded a row away: its kind's mute, its people's: one click each, so
 * a mistake in the menu costs one click.
 */
export function UnmuteButtons({ row, mutes }: { row: MessageRow; mutes: MessageMutes }) {
  const messages = messagesOf(row);
  const kinds = [...new Set(messages.map(muteKindOf))].filter((kind) => mutes.kinds.includes(kind));
  const people = [...new Set(messages.map((m) => m.actor_username))].filter((p) => isPersonMuted(mutes, p));
  return (
    <>
      {kinds.map((kind) => (
        <button
          key={`k${kind}`}
          type="button"
          class="text-button"
          data-testid="unmute"
          data-kind={kind}
          onClick={() => void changeMutes((current) => withKindMuted(current, kind, false))}
        >
          {t('mutes.unmuteKind', [muteKindName(kind)])}
        </button>
      ))}
      {people.map((person) => (
        <button
          key={`p${person}`}
          type="button"
          class="text-button"
          data-testid="unmute"
          data-username={person}
          onClick={() => void changeMutes((current) => withoutPerson(current, person))}
        >
          {t('mutes.unmutePerson', [person])}
        </button>
      ))}
    </>
  );
}
