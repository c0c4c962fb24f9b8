import { useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import {
  type MessageCountSettings,
  messageCountSettingsOf,
} from '@/lib/message-count/message-count-settings';
import { messageCountSettingsItem } from '@/lib/storage';
import { askForNotifications, releaseNotificationsUnlessNeeded } from './notifications-permission';
import { Setting } from './Setting';
import { changeSetting, useStoredSetting } from './stored-setting';

const update = (change: Partial<MessageCountSettings>) =>
  changeSetting(messageCountSettingsItem, messageCountSettingsOf, change);

/** How the message count shows up: the toolbar badge and its signed-out mark, tab titles, notifications. */
export function MessageCountSettingsFieldset() {
  const settings = useStoredSetting(messageCountSettingsItem, messageCountSettingsOf);
  const [problem, setProblem] = useState<string | null>(null);
  if (settings === null) return null;

  const toggleNotifications = async (on: boolean) => {
    setProblem(null);
    if (!on) {
      await update({ notifications: false });
      await releaseNotificationsUnlessNeeded();
      return;
    }
    if (!(await askForNotifications())) {
      setProblem(t('options.messages.notificationsRefused'));
      return;
    }
    await update({ notifications: true });
  };

  return (
    <fieldset data-testid="settings-message-count">
      <legend>{t('options.messages.legend')}</legend>
      <Setting
        kind="checkbox"
        testId="setting-badge"
        label={t('settings.messages.badge')}
        help={t('settings.messages.badgeHelp')}
        checked={settings.badge}
        onChange={(badge) => update({ badge })}
      />
      <Setting
        kind="checkbox"
        testId="setting-signed-out-mark"
        label={t('options.messages.signedOutMark')}
        help={t('options.messages.signedOutMarkHelp')}
        // The mark is part of the badge: nothing shows while the badge is off.
        disabled={!settings.badge}
        checked={settings.signedOutMark}
        onChange={(signedOutMark) => update({ signedOutMark })}
      />
      <Setting
        kind="checkbox"
        testId="setting-title-prefix"
        label={t('options.messages.titlePrefix')}
        help={t('options.messages.titlePrefixHelp')}
        checked={settings.titlePrefix}
        onChange={(titlePrefix) => update({ titlePrefix })}
      />
      <Setting
        kind="checkbox"
        testId="setting-notifications"
        label={t('options.messages.notifications')}
        help={t('options.messages.notificationsHelp')}
        problem={problem}
        checked={settings.notifications}
        onChange={toggleNotifications}
      />
    </fieldset>
  );
}
