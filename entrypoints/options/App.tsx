import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import {
  defaultMessageCountSettings,
  type MessageCountSettings,
  messageCountSettingsItem,
} from '@/lib/storage';
import { ProjectStatusSettings } from './ProjectStatusSettings';
import { TranslationSettingsFieldset } from './TranslationSettings';

const NOTIFICATIONS: { permissions: ['notifications'] } = { permissions: ['notifications'] };

/** The settings page: how the message count shows up (badge, tab titles, notifications). */
export function App() {
  const [settings, setSettings] = useState<MessageCountSettings | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    messageCountSettingsItem.getValue().then(setSettings);
    return messageCountSettingsItem.watch((value) => setSettings(value ?? defaultMessageCountSettings));
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
      await browser.permissions.remove(NOTIFICATIONS).catch(() => false);
      return;
    }
    const granted = await browser.permissions.request(NOTIFICATIONS).catch(() => false);
    if (!granted) {
      setProblem(t('options.messages.notificationsRefused'));
      return;
    }
    await update({ notifications: true });
  };

  if (settings === null) return <main class="options">{t('options.loading')}</main>;

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
      <ProjectStatusSettings />
    </main>
  );
}
