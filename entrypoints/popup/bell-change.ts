/**
 * What a press on a bell does (Bell.tsx): rings or silences it in the synced item, or says the list
 * is full. Loaded on the first press: the Feed tab's first frame carries only the button.
 */

import { followingCloselyItem } from '@/lib/feed/feed-storage';
import {
  type BelledStudio,
  bellsOf,
  hasPersonBell,
  hasStudioBell,
  MAX_BELLED_PEOPLE,
  MAX_BELLED_STUDIOS,
  setPersonBell,
  setStudioBell,
} from '@/lib/feed/following-closely-model';
import { formatNumber, t } from '@/lib/i18n';

/** Turns the bell over; resolves to the sentence to show beside it ('' when it changed). */
export async function toggleBell(target: { user: string } | { studio: BelledStudio }): Promise<string> {
  // The bells as stored now: another popup, the options page or another computer may have changed them.
  const current = bellsOf(await followingCloselyItem.getValue());
  const change =
    'user' in target
      ? setPersonBell(current, target.user, !hasPersonBell(current, target.user))
      : setStudioBell(current, target.studio, !hasStudioBell(current, target.studio.id));
  if ('full' in change)
    return change.full === 'people'
      ? t('followingClosely.fullPeople', [formatNumber(MAX_BELLED_PEOPLE)])
      : t('followingClosely.fullStudios', [formatNumber(MAX_BELLED_STUDIOS)]);
  await followingCloselyItem.setValue(change.bells);
  return '';
}
