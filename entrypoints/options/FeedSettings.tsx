import { useState } from 'preact/hooks';
import { defaultFeedSettings, FEED_KINDS, type FeedSettings } from '@/lib/feed/feed-model';
import { t } from '@/lib/i18n';
import { feedSettingsItem } from '@/lib/storage';
import { askForNotifications, releaseNotificationsUnlessNeeded } from './notifications-permission';
import { Setting } from './Setting';
import { changeSetting, useStoredSetting } from './stored-setting';

const feedSettingsOf = (stored: unknown): FeedSettings => ({
  ...defaultFeedSettings,
  ...(typeof stored === 'object' && stored !== null ? stored : {}),
});

/** The feed: which kinds of event it shows (the popup's filters, here too), new-project notifications. */
export function FeedSettingsFieldset() {
  const settings = useStoredSetting(feedSettingsItem, feedSettingsOf);
  const [problem, setProblem] = useState<string | null>(null);
  if (settings === null) return null;

  const toggleNotifications = async (on: boolean) => {
    setProblem(null);
    if (!on) {
      await changeSetting(feedSettingsItem, feedSettingsOf, { newProjectNotifications: false });
      await releaseNotificationsUnlessNeeded();
      return;
    }
    if (!(await askForNotifications())) {
      setProblem(t('feedNotifications.options.refused'));
      return;
    }
    await changeSetting(feedSettingsItem, feedSettingsOf, { newProjectNotifications: true });
  };

  return (
    <fieldset data-testid="settings-feed">
      <legend>{t('feedNotifications.options.legend')}</legend>
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
      <Setting
        kind="checkbox"
        testId="setting-feed-notifications"
        label={t('feedNotifications.options.newProjects')}
        help={t('feedNotifications.options.newProjectsHelp')}
        problem={problem}
        checked={settings.newProjectNotifications}
        onChange={toggleNotifications}
      />
    </fieldset>
  );
}
