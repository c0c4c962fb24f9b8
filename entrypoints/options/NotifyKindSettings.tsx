import { changeSetting, useStoredSetting } from '@/components/stored-setting';
import { t } from '@/lib/i18n';
import { messageCountSettingsOf } from '@/lib/message-count/message-count-model';
import { messageCountSettingsItem, messageMutesItem } from '@/lib/message-count/message-count-storage';
import { type MuteKind, mutesOf } from '@/lib/message-count/mutes-model';
import { quietKindsOf, withKindNotified } from '@/lib/message-count/notification-kinds-model';
import { KindChoices } from './KindChoices';

/** Switches `kind`'s notifications on or off, over the settings as stored now (another browser may have synced). */
async function notify(kind: MuteKind, on: boolean): Promise<void> {
  const current = messageCountSettingsOf(await messageCountSettingsItem.getValue());
  await changeSetting(messageCountSettingsItem, messageCountSettingsOf, {
    quietKinds: withKindNotified(quietKindsOf(current.quietKinds), kind, on),
  });
}

/**
 * A notification switch for each kind of message, grouped as the site's messages filter groups them:
 * on (notified) unless the member switched it off. Stored as the kinds switched off (`quietKinds`
 * of the message count's settings), so it follows the member.
 */
export function NotifyKindSettings(props: { quietKinds: unknown }) {
  const quiet = quietKindsOf(props.quietKinds);
  // A muted kind never notifies, whatever its switch says: shown off, and why.
  const muted = useStoredSetting(messageMutesItem, mutesOf)?.kinds ?? [];
  return (
    <fieldset class="setting-group" data-testid="notify-kinds" aria-describedby="notify-kinds-help">
      <legend>{t('notify.kinds.legend')}</legend>
      <small id="notify-kinds-help">{t('notify.kinds.help')}</small>
      <KindChoices
        testId="notify-kind"
        checked={(kind) => !quiet.includes(kind) && !muted.includes(kind)}
        onChange={notify}
        blockedBecause={(kind) => (muted.includes(kind) ? t('mutes.mutedNoNotification') : null)}
      />
    </fieldset>
  );
}
