/**
 * One checkbox per kind of message, grouped as the site's messages filter groups them (and "People"),
 * each named as the popup's mute menu names it: the mute settings and the notification switches
 * show the same kinds in the same words, so a member sees one list twice, not two lists.
 */
import { muteKindName } from '@/components/mute-kind-name';
import { Setting } from '@/components/Setting';
import { t } from '@/lib/i18n';
import { MUTE_KIND_GROUPS, type MuteKind } from '@/lib/message-count/mutes-model';

const GROUP_KEYS = {
  comments: 'mutes.groups.comments',
  projects: 'mutes.groups.projects',
  studios: 'mutes.groups.studios',
  forums: 'mutes.groups.forums',
  people: 'mutes.groups.people',
  other: 'mutes.groups.other',
} as const;

function groupName(group: string): string {
  return Object.hasOwn(GROUP_KEYS, group) ? t(GROUP_KEYS[group as keyof typeof GROUP_KEYS]) : group;
}

/**
 * The markers of a kind's checkbox: the type as the service sends it, and a comment's place
 * (`addcomment:1` → `data-kind="addcomment" data-comment-type="1"`). Split here rather than with
 * mutes-model.ts's `sentTypeOfKind`: this page's use of that would move it into the chunk the popup
 * shares with the options page, and into the popup's size budget.
 */
export function kindMarkers(kind: MuteKind): Record<`data-${string}`, string> {
  const [type = kind, place] = kind.split(':');
  return place === undefined ? { 'data-kind': type } : { 'data-kind': type, 'data-comment-type': place };
}

export function KindChoices(props: {
  /** The checkboxes' `data-testid` (`mute-kind`, `notify-kind`). */
  testId: string;
  checked(kind: MuteKind): boolean;
  onChange(kind: MuteKind, checked: boolean): void;
  /** Why a kind's checkbox cannot change now (a sentence under it), or null when it can. */
  blockedBecause?(kind: MuteKind): string | null;
}) {
  return (
    <>
      {MUTE_KIND_GROUPS.map(({ group, kinds }) => (
        <fieldset key={group} class="setting-group setting-subgroup" data-group={group}>
          <legend>{groupName(group)}</legend>
          <div class="setting-choices">
            {kinds.map((kind) => (
              <Setting
                key={kind}
                kind="checkbox"
                testId={props.testId}
                data={kindMarkers(kind)}
                label={muteKindName(kind)}
                help={props.blockedBecause?.(kind) ?? undefined}
                disabled={props.blockedBecause?.(kind) != null}
                checked={props.checked(kind)}
                onChange={(checked) => props.onChange(kind, checked)}
              />
            ))}
          </div>
        </fieldset>
      ))}
    </>
  );
}
