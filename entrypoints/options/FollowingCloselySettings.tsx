import { followingCloselyItem } from '@/lib/feed/feed-storage';
import {
  bellsOf,
  type FollowingClosely,
  setPersonBell,
  setStudioBell,
} from '@/lib/feed/following-closely-model';
import { t } from '@/lib/i18n';
import { SettingsGroup } from './SettingsGroup';

/** Each removal applies to the bells as stored now: the popup may have rung one meanwhile. */
async function silence(edit: (bells: FollowingClosely) => FollowingClosely): Promise<void> {
  await followingCloselyItem.setValue(edit(bellsOf(await followingCloselyItem.getValue())));
}

const silenced = (change: ReturnType<typeof setPersonBell>, bells: FollowingClosely) =>
  'bells' in change ? change.bells : bells;

/** "Following closely": the people and studios with a bell, each with a button to remove it. */
export function FollowingCloselyFieldset() {
  return (
    <SettingsGroup
      item={followingCloselyItem}
      read={bellsOf}
      testId="settings-following-closely"
      legend={t('followingClosely.options.legend')}
    >
      {(bells) => (
        <>
          <p class="group-help">{t('followingClosely.options.help')}</p>
          {bells.people.length === 0 && bells.studios.length === 0 ? (
            <p class="muted-people-empty" data-testid="bells-empty">
              {t('followingClosely.options.none')}
            </p>
          ) : (
            <>
              <BellList
                heading={t('followingClosely.options.people')}
                items={bells.people.map((username) => ({
                  key: username,
                  name: username,
                  data: { 'data-user': username },
                  remove: () => silence((b) => silenced(setPersonBell(b, username, false), b)),
                }))}
              />
              <BellList
                heading={t('followingClosely.options.studios')}
                items={bells.studios.map((studio) => ({
                  key: String(studio.id),
                  name: studio.title,
                  data: { 'data-studio-id': String(studio.id) },
                  remove: () => silence((b) => silenced(setStudioBell(b, studio, false), b)),
                }))}
              />
            </>
          )}
        </>
      )}
    </SettingsGroup>
  );
}

function BellList(props: {
  heading: string;
  items: { key: string; name: string; data: Record<`data-${string}`, string>; remove: () => Promise<void> }[];
}) {
  if (props.items.length === 0) return null;
  return (
    <section class="setting-group">
      <h3>{props.heading}</h3>
      <ul class="muted-people">
        {props.items.map((item) => (
          <li key={item.key} data-testid="belled" {...item.data}>
            <bdi>{item.name}</bdi>
            <button
              type="button"
              class="small-button"
              data-testid="bell-remove"
              onClick={() => void item.remove()}
            >
              {t('followingClosely.options.remove', [item.name])}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
