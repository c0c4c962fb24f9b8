/**
 * The bell on a person or a studio ("Following closely", issue 26 item 1): rung, their new projects
 * come first in the feed and (with a bell on anyone) are the only ones notified. A toggle button
 * (`aria-pressed`) whose name says what a press does. It writes the synced item itself: the
 * background only reads it. Kept small: the Feed tab's first frame carries it.
 */
import { useState } from 'preact/hooks';
import { LineIcon } from '@/components/LineIcon';
import {
  type BelledStudio,
  bellsOf,
  hasPersonBell,
  hasStudioBell,
  MAX_BELLED_PEOPLE,
  MAX_BELLED_STUDIOS,
  setPersonBell,
  setStudioBell,
} from '@/lib/feed/following-closely';
import { formatNumber, t } from '@/lib/i18n';
import { followingCloselyItem } from '@/lib/storage';
import { useStorageItem } from './storage-hooks';

const BELL = 'M4 11.5V7a4 4 0 0 1 8 0v4.5l1 1H3zM6.5 14a1.5 1.5 0 0 0 3 0';

export function Bell(
  props: ({ user: string; studio?: undefined } | { studio: BelledStudio; user?: undefined }) & {
    /** Said beside a rung bell (what Companion can and cannot hear about). */
    note?: string;
  },
) {
  const { user, studio } = props;
  const bells = bellsOf(useStorageItem(followingCloselyItem));
  const [full, setFull] = useState('');
  const on = user !== undefined ? hasPersonBell(bells, user) : hasStudioBell(bells, studio.id);
  const label =
    user !== undefined
      ? t(on ? 'followingClosely.stopPerson' : 'followingClosely.ringPerson', [user])
      : t(on ? 'followingClosely.stopStudio' : 'followingClosely.ringStudio', [studio.title]);

  const toggle = async () => {
    // The bells as stored now: another popup, the options page or another computer may have changed them.
    const current = bellsOf(await followingCloselyItem.getValue());
    const change =
      user !== undefined
        ? setPersonBell(current, user, !hasPersonBell(current, user))
        : setStudioBell(current, studio, !hasStudioBell(current, studio.id));
    if ('full' in change) {
      setFull(
        change.full === 'people'
          ? t('followingClosely.fullPeople', [formatNumber(MAX_BELLED_PEOPLE)])
          : t('followingClosely.fullStudios', [formatNumber(MAX_BELLED_STUDIOS)]),
      );
      return;
    }
    setFull('');
    await followingCloselyItem.setValue(change.bells);
  };

  return (
    <span class="bell-wrap">
      <button
        type="button"
        class="icon-button bell"
        data-testid="bell"
        data-following-closely={String(on)}
        data-user={user}
        data-studio-id={studio && String(studio.id)}
        aria-pressed={on}
        aria-label={label}
        title={label}
        onClick={toggle}
      >
        <LineIcon d={BELL} stroke={1.4} filled={on} />
      </button>
      <span class="bell-note" role="status" data-testid="bell-status">
        {full !== '' ? full : on && props.note}
      </span>
    </span>
  );
}
