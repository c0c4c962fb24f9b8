import { muteKindName } from '@/components/mute-kind-name';
import { t } from '@/lib/i18n';
import {
  isPersonMuted,
  withKindMuted,
  withoutPerson,
  withoutStudio,
} from '@/lib/message-count/mute-changes-model';
import {
  activityStudioOf,
  isStudioMuted,
  type MessageMutes,
  muteKindOf,
} from '@/lib/message-count/mutes-model';
import { type MessageRow, rowMessages } from '@/lib/messages/message-groups-model';
import { changeMutes } from './mutes-data';

/**
 * The buttons that undo what folded a row away: its kind's mute, its people's, its studio's: one
 * click each, so a mistake in the menu costs one click.
 */
export function UnmuteButtons({ row, mutes }: { row: MessageRow; mutes: MessageMutes }) {
  const messages = rowMessages(row);
  // A studio's activity: one studio (a group is one studio's).
  const first = messages[0];
  const studio = first !== undefined && isStudioMuted(first, mutes) ? activityStudioOf(first) : null;
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
      {studio !== null && (
        <button
          type="button"
          class="text-button"
          data-testid="unmute"
          data-studio-id={String(studio.id)}
          onClick={() => void changeMutes((current) => withoutStudio(current, studio.id))}
        >
          {t('studioMutes.unmuteIn', [studio.title])}
        </button>
      )}
    </>
  );
}
