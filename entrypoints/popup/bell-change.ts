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
import { memberItem } from '@/lib/session/session-storage';
import { NotTheOwner } from '@/lib/storage/member-owned-item';
import { fitsSyncItem } from '@/lib/storage/storage-quota';

/** Turns the bell over; resolves to the sentence to show beside it ('' when it changed). */
export async function toggleBell(target: { user: string } | { studio: BelledStudio }): Promise<string> {
  const member = await memberItem.getValue();
  if (member === null) return t('followingClosely.signedOut');
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
  // Chrome's sync keeps 8,192 bytes per item, counted as key plus JSON: long titles of characters
  // its JSON escapes (`<` takes 6 bytes) fill it before the caps do. A bell rings, or says why not.
  const own = followingCloselyItem.of(member.id);
  if (!fitsSyncItem(own.key.slice('sync:'.length), change.bells)) return t('followingClosely.tooBig');
  try {
    await followingCloselyItem.setValue(change.bells);
  } catch (error) {
    return error instanceof NotTheOwner ? t('followingClosely.signedOut') : t('followingClosely.notSaved');
  }
  return '';
}
