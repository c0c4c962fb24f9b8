import { Setting } from '@/components/Setting';
import { type MessageKey, t } from '@/lib/i18n';
import { messageCountSettingsOf } from '@/lib/message-count/message-count-settings';
import { MUTE_KIND_GROUPS, type MuteKind } from '@/lib/message-count/mutes';
import { quietKindsOf, withKindNotified } from '@/lib/message-count/notification-kinds';
import { messageCountSettingsItem } from '@/lib/storage';
import { changeSetting } from './stored-setting';

/** Each group's name, as the site's messages filter names it (and "People"). */
const GROUP_NAMES: ReadonlyMap<string, MessageKey> = new Map<string, MessageKey>([
  ['comments', 'messagesTab.filters.comments'],
  ['projects', 'messagesTab.filters.projects'],
  ['studios', 'messagesTab.filters.studios'],
  ['forums', 'messagesTab.filters.forums'],
  ['people', 'notify.kinds.people'],
]);

/** Each kind's name in the member's words. */
const KIND_NAMES: ReadonlyMap<MuteKind, MessageKey> = new Map<MuteKind, MessageKey>([
  ['addcomment:0', 'notify.kinds.comment0'],
  ['addcomment:1', 'notify.kinds.comment1'],
  ['addcomment:2', 'notify.kinds.comment2'],
  ['loveproject', 'notify.kinds.loveproject'],
  ['favoriteproject', 'notify.kinds.favoriteproject'],
  ['remixproject', 'notify.kinds.remixproject'],
  ['curatorinvite', 'notify.kinds.curatorinvite'],
  ['becomeownerstudio', 'notify.kinds.becomeownerstudio'],
  ['becomehoststudio', 'notify.kinds.becomehoststudio'],
  ['studioactivity', 'notify.kinds.studioactivity'],
  ['forumpost', 'notify.kinds.forumpost'],
  ['followuser', 'notify.kinds.followuser'],
]);

const nameOf = (names: ReadonlyMap<string, MessageKey>, id: string) => {
  const key = names.get(id);
  return key === undefined ? id : t(key as never);
};

/**
 * The markers of a kind's switch: its sent type, and a comment's place (`addcomment:1`). Split here
 * rather than with mutes.ts's `sentTypeOfKind`: that module is in the chunk the popup loads, and
 * this page's use of it would add to the popup's size budget.
 */
function markersOf(kind: MuteKind): Record<`data-${string}`, string> {
  const [type = kind, place] = kind.split(':');
  return place === undefined ? { 'data-kind': type } : { 'data-kind': type, 'data-comment-type': place };
}

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
  return (
    <fieldset class="setting-group" data-testid="notify-kinds" aria-describedby="notify-kinds-help">
      <legend>{t('notify.kinds.legend')}</legend>
      <small id="notify-kinds-help">{t('notify.kinds.help')}</small>
      {MUTE_KIND_GROUPS.map(({ group, kinds }) => (
        <fieldset key={group} class="setting-group setting-subgroup" data-group={group}>
          <legend>{nameOf(GROUP_NAMES, group)}</legend>
          <div class="setting-choices">
            {kinds.map((kind) => (
              <Setting
                key={kind}
                kind="checkbox"
                testId="notify-kind"
                data={markersOf(kind)}
                label={nameOf(KIND_NAMES, kind)}
                checked={!quiet.includes(kind)}
                onChange={(on) => notify(kind, on)}
              />
            ))}
          </div>
        </fieldset>
      ))}
    </fieldset>
  );
}
