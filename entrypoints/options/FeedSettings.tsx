import { NotificationsToggle } from '@/components/NotificationsToggle';
import { Setting } from '@/components/Setting';
import { changeSetting } from '@/components/stored-setting';
import { FEED_KINDS } from '@/lib/feed/feed-kinds-model';
import { defaultFeedSettings, type FeedSettings } from '@/lib/feed/feed-model';
import { feedSettingsItem } from '@/lib/feed/feed-storage';
import { t } from '@/lib/i18n';
import { SettingsGroup } from './SettingsGroup';

const feedSettingsOf = (stored: unknown): FeedSettings => ({
  ...defaultFeedSettings,
  ...(typeof stored === 'object' && stored !== null ? stored : {}),
});

/** The feed: which kinds of event it shows (the popup's filters, here too), new-project notifications. */
export function FeedSettingsFieldset() {
  return (
    <SettingsGroup
      item={feedSettingsItem}
      read={feedSettingsOf}
      testId="settings-feed"
      legend={t('feedNotifications.options.legend')}
    >
      {(settings) => (
        <>
          <fieldset class="setting-group" aria-describedby="feed-kinds-help">
            <legend>{t('feedService.options.kinds')}</legend>
            <small id="feed-kinds-help">{t('settings.feed.kindsHelp')}</small>
            <div class="setting-choices">
              {FEED_KINDS.map((kind) => (
                <Setting
                  key={kind}
                  kind="checkbox"
                  testId="setting-feed-kind"
                  data={{ 'data-kind': kind }}
                  label={t(`feed.filters.${kind}`)}
                  checked={settings.kinds[kind]}
                  onChange={async (on) => {
                    // The kinds as stored now: the popup may have changed another meanwhile.
                    const current = feedSettingsOf(await feedSettingsItem.getValue());
                    await feedSettingsItem.setValue({ ...current, kinds: { ...current.kinds, [kind]: on } });
                  }}
                />
              ))}
            </div>
          </fieldset>
          <NotificationsToggle
            testId="setting-feed-notifications"
            label={t('feedNotifications.options.newProjects')}
            help={t('feedNotifications.options.newProjectsHelp')}
            refused={t('feedNotifications.options.refused')}
            checked={settings.newProjectNotifications}
            onChange={(on) =>
              changeSetting(feedSettingsItem, feedSettingsOf, { newProjectNotifications: on })
            }
          />
        </>
      )}
    </SettingsGroup>
  );
}
