import { NotificationsToggle } from '@/components/NotificationsToggle';
import { Setting } from '@/components/Setting';
import { changeSetting } from '@/components/stored-setting';
import { t } from '@/lib/i18n';
import { type MessageCountSettings, messageCountSettingsOf } from '@/lib/message-count/message-count-model';
import { messageCountSettingsItem } from '@/lib/message-count/message-count-storage';
import { NotifyKindSettings } from './NotifyKindSettings';
import { SettingsGroup } from './SettingsGroup';
import { TestNotification } from './TestNotification';

const update = (change: Partial<MessageCountSettings>) =>
  changeSetting(messageCountSettingsItem, messageCountSettingsOf, change);

/**
 * How the message count shows up: the toolbar badge and its signed-out mark, tab titles,
 * notifications, and whether a click on one marks everything read.
 */
export function MessageCountSettingsFieldset() {
  return (
    <SettingsGroup
      item={messageCountSettingsItem}
      read={messageCountSettingsOf}
      testId="settings-message-count"
      legend={t('options.messages.legend')}
    >
      {(settings) => (
        <>
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
          <NotificationsToggle
            testId="setting-notifications"
            label={t('options.messages.notifications')}
            help={t('options.messages.notificationsHelp')}
            refused={t('options.messages.notificationsRefused')}
            checked={settings.notifications}
            onChange={(notifications) => update({ notifications })}
          />
          <NotifyKindSettings quietKinds={settings.quietKinds} />
          <Setting
            kind="checkbox"
            testId="setting-mark-read-on-click"
            label={t('markRead.onClick')}
            help={t('markRead.onClickHelp')}
            // Off by default: reading in Companion marks nothing read unless the member says so.
            checked={settings.markReadOnClick === true}
            onChange={(markReadOnClick) => update({ markReadOnClick })}
          />
          <TestNotification />
        </>
      )}
    </SettingsGroup>
  );
}
