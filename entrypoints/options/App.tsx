import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { FEED_KINDS, type FeedKind } from '@/lib/services/feed-model';
import {
  defaultFeedSettings,
  defaultMessageCountSettings,
  type FeedSettings,
  feedSettingsItem,
  type MessageCountSettings,
  messageCountSettingsItem,
} from '@/lib/storage';
import { ProjectStatusSettings } from './ProjectStatusSettings';
import { TranslationSettingsFieldset } from './TranslationSettings';

const NOTIFICATIONS: { permissions: ['notifications'] } = { permissions: ['notifications'] };

/**
 * The permission is given back only when no setting needs it any more (message and new-project
 * notifications share it).
 */
async function releaseNotificationsUnlessNeeded(): Promise<void> {
  const [messages, feed] = await Promise.all([
    messageCountSettingsItem.getValue(),
    feedSettingsItem.getValue(),
  ]);
  if (messages.notifications || feed.newProjectNotifications) return;
  await browser.permissions.remove(NOTIFICATIONS).catch(() => false);
}

/** The settings page: how the message count shows up (badge, tab titles, notifications), the feed's notifications. */
export function App() {
  const [settings, setSettings] = useState<MessageCountSettings | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [feedSettings, setFeedSettings] = useState<FeedSettings | null>(null);
  const [feedProblem, setFeedProblem] = useState<string | null>(null);

  useEffect(() => {
    messageCountSettingsItem.getValue().then(setSettings);
    return messageCountSettingsItem.watch((value) => setSettings(value ?? defaultMessageCountSettings));
  }, []);
  useEffect(() => {
    feedSettingsItem.getValue().then(setFeedSettings);
    return feedSettingsItem.watch((value) => setFeedSettings(value ?? defaultFeedSettings));
  }, []);

  const update = async (change: Partial<MessageCountSettings>) => {
    const current = settings ?? defaultMessageCountSettings;
    await messageCountSettingsItem.setValue({ ...current, ...change });
  };

  // The permission is asked for only when the member turns notifications on (it must happen in the
  // click's user gesture, before any other await), and given back when they turn them off.
  const toggleNotifications = async (on: boolean) => {
    setProblem(null);
    if (!on) {
      await update({ notifications: false });
      await releaseNotificationsUnlessNeeded();
      return;
    }
    const granted = await browser.permissions.request(NOTIFICATIONS).catch(() => false);
    if (!granted) {
      setProblem(t('options.messages.notificationsRefused'));
      return;
    }
    await update({ notifications: true });
  };

  // The popup's filters, here too: every setting of a feature on the options page.
  const toggleKind = async (kind: FeedKind, on: boolean) => {
    const current = await feedSettingsItem.getValue();
    await feedSettingsItem.setValue({ ...current, kinds: { ...current.kinds, [kind]: on } });
  };

  // The same permission, asked for the same way, for new projects from people the member follows.
  const toggleFeedNotifications = async (on: boolean) => {
    setFeedProblem(null);
    // Read at the moment of the change: the popup may have changed the filters meanwhile.
    const change = async (value: boolean) =>
      feedSettingsItem.setValue({ ...(await feedSettingsItem.getValue()), newProjectNotifications: value });
    if (!on) {
      await change(false);
      await releaseNotificationsUnlessNeeded();
      return;
    }
    const granted = await browser.permissions.request(NOTIFICATIONS).catch(() => false);
    if (!granted) {
      setFeedProblem(t('feedNotifications.options.refused'));
      return;
    }
    await change(true);
  };

  if (settings === null || feedSettings === null) return <main class="options">{t('options.loading')}</main>;

  return (
    <main class="options">
      <h1>{t('options.title')}</h1>
      <fieldset>
        <legend>{t('options.messages.legend')}</legend>
        <label class="setting">
          <input
            type="checkbox"
            data-testid="setting-signed-out-mark"
            checked={settings.signedOutMark}
            onChange={(event) => update({ signedOutMark: event.currentTarget.checked })}
          />
          <span>
            {t('options.messages.signedOutMark')}
            <small>{t('options.messages.signedOutMarkHelp')}</small>
          </span>
        </label>
        <label class="setting">
          <input
            type="checkbox"
            data-testid="setting-title-prefix"
            checked={settings.titlePrefix}
            onChange={(event) => update({ titlePrefix: event.currentTarget.checked })}
          />
          <span>
            {t('options.messages.titlePrefix')}
            <small>{t('options.messages.titlePrefixHelp')}</small>
          </span>
        </label>
        <label class="setting">
          <input
            type="checkbox"
            data-testid="setting-notifications"
            checked={settings.notifications}
            onChange={(event) => toggleNotifications(event.currentTarget.checked)}
          />
          <span>
            {t('options.messages.notifications')}
            <small>{t('options.messages.notificationsHelp')}</small>
          </span>
        </label>
        {problem && <p class="error">{problem}</p>}
      </fieldset>
      <TranslationSettingsFieldset />
      <fieldset data-testid="settings-feed">
        <legend>{t('feedNotifications.options.legend')}</legend>
        <label class="setting">
          <input
            type="checkbox"
            data-testid="setting-feed-notifications"
            checked={feedSettings.newProjectNotifications}
            onChange={(event) => toggleFeedNotifications(event.currentTarget.checked)}
          />
          <span>
            {t('feedNotifications.options.newProjects')}
            <small>{t('feedNotifications.options.newProjectsHelp')}</small>
          </span>
        </label>
        {feedProblem && <p class="error">{feedProblem}</p>}
        <fieldset class="setting-group">
          <legend>{t('feedService.options.kinds')}</legend>
          {FEED_KINDS.map((kind) => (
            <label class="setting" key={kind}>
              <input
                type="checkbox"
                data-testid="setting-feed-kind"
                data-kind={kind}
                checked={feedSettings.kinds[kind]}
                onChange={(event) => toggleKind(kind, event.currentTarget.checked)}
              />
              <span>{t(`feed.filters.${kind}`)}</span>
            </label>
          ))}
        </fieldset>
      </fieldset>
      <ProjectStatusSettings />
    </main>
  );
}
