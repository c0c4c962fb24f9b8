import { useId, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { messageMutesItem } from '@/lib/message-count/message-count-storage';
import {
  withKindMuted,
  withoutPerson,
  withoutStudio,
  withPersonMuted,
} from '@/lib/message-count/mute-changes-model';
import {
  MAX_MUTED_PEOPLE,
  MAX_MUTED_STUDIOS,
  type MessageMutes,
  mutesOf,
} from '@/lib/message-count/mutes-model';
import { KindChoices } from './KindChoices';
import { SettingsGroup } from './SettingsGroup';

/** Each change applies to the mutes as stored now: the popup may have muted something meanwhile. */
async function change(edit: (mutes: MessageMutes) => MessageMutes): Promise<void> {
  await messageMutesItem.setValue(edit(mutesOf(await messageMutesItem.getValue())));
}

/** The muted people, each with its Unmute button, and a field to mute one more by username. */
function MutedPeople({ mutes }: { mutes: MessageMutes }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = async () => {
    const result = withPersonMuted(mutesOf(await messageMutesItem.getValue()), typed);
    if (!result.ok) {
      setProblem(
        result.problem === 'invalid'
          ? t('mutes.invalid')
          : result.problem === 'already'
            ? t('mutes.already', [result.username])
            : t('mutes.full', [MAX_MUTED_PEOPLE]),
      );
      return;
    }
    setProblem(null);
    setTyped('');
    await messageMutesItem.setValue(result.mutes);
  };
  return (
    <fieldset class="setting-group" aria-describedby={`${id}-help`}>
      <legend>{t('mutes.peopleLegend')}</legend>
      <small id={`${id}-help`}>{t('mutes.peopleHelp')}</small>
      {mutes.people.length === 0 ? (
        <p class="muted-people-empty">{t('mutes.peopleEmpty')}</p>
      ) : (
        <ul class="muted-people">
          {mutes.people.map((username) => (
            <li key={username} data-testid="muted-person" data-username={username}>
              <bdi>{username}</bdi>
              <button
                type="button"
                class="small-button"
                data-testid="unmute-person"
                aria-label={t('mutes.removeLabel', [username])}
                onClick={() => void change((current) => withoutPerson(current, username))}
              >
                {t('mutes.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        class="mute-person"
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <label for={`${id}-name`}>{t('mutes.username')}</label>
        <input
          id={`${id}-name`}
          data-testid="mute-person-input"
          value={typed}
          autocomplete="off"
          spellcheck={false}
          maxLength={40}
          aria-invalid={problem !== null}
          aria-describedby={problem === null ? undefined : `${id}-problem`}
          onInput={(event) => {
            setTyped(event.currentTarget.value);
            setProblem(null);
          }}
        />
        <button type="submit" class="small-button" data-testid="mute-person-add">
          {t('mutes.add')}
        </button>
        {problem !== null && (
          <p class="error" id={`${id}-problem`} data-testid="mute-person-problem" role="alert">
            {problem}
          </p>
        )}
      </form>
    </fieldset>
  );
}

/**
 * The studios whose activity is muted (muted from a studio activity message in the popup), each with
 * its Unmute button.
 */
function MutedStudios({ mutes }: { mutes: MessageMutes }) {
  const id = useId();
  const studios = mutes.studios ?? [];
  return (
    <fieldset class="setting-group" aria-describedby={`${id}-help`}>
      <legend>{t('studioMutes.legend')}</legend>
      <small id={`${id}-help`}>{t('studioMutes.help', [MAX_MUTED_STUDIOS])}</small>
      {studios.length === 0 ? (
        <p class="muted-people-empty">{t('studioMutes.empty')}</p>
      ) : (
        <ul class="muted-people">
          {studios.map((studio) => (
            <li key={studio.id} data-testid="muted-studio" data-studio-id={String(studio.id)}>
              <bdi>{studio.title || String(studio.id)}</bdi>
              <button
                type="button"
                class="small-button"
                data-testid="unmute-studio"
                aria-label={t('studioMutes.unmuteLabel', [studio.title || String(studio.id)])}
                onClick={() => void change((current) => withoutStudio(current, studio.id))}
              >
                {t('studioMutes.unmute')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/**
 * Muting: kinds of messages grouped as the site's messages page filters them, and people. Muted
 * messages don't count on the badge, in titles or in notifications (the site still shows them).
 */
export function MuteSettingsFieldset() {
  return (
    <SettingsGroup item={messageMutesItem} read={mutesOf} testId="settings-mutes" legend={t('mutes.legend')}>
      {(mutes) => (
        <>
          <p class="setting-help">{t('mutes.help')}</p>
          <KindChoices
            testId="mute-kind"
            checked={(kind) => mutes.kinds.includes(kind)}
            onChange={(kind, muted) => change((current) => withKindMuted(current, kind, muted))}
          />
          <MutedPeople mutes={mutes} />
          <MutedStudios mutes={mutes} />
        </>
      )}
    </SettingsGroup>
  );
}
