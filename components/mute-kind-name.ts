/**
 * A mute kind's name for a member ("Loves", "Comments in studios"): the settings page's checkboxes
 * and the popup's mute menu say the same.
 */
import { t } from '@/lib/i18n';
import type { MuteKind } from '@/lib/message-count/mutes-model';

const KIND_KEYS = {
  'addcomment:0': 'mutes.kinds.addcomment0',
  'addcomment:1': 'mutes.kinds.addcomment1',
  'addcomment:2': 'mutes.kinds.addcomment2',
  loveproject: 'mutes.kinds.loveproject',
  favoriteproject: 'mutes.kinds.favoriteproject',
  remixproject: 'mutes.kinds.remixproject',
  curatorinvite: 'mutes.kinds.curatorinvite',
  becomeownerstudio: 'mutes.kinds.becomeownerstudio',
  becomehoststudio: 'mutes.kinds.becomehoststudio',
  studioactivity: 'mutes.kinds.studioactivity',
  forumpost: 'mutes.kinds.forumpost',
  followuser: 'mutes.kinds.followuser',
  other: 'mutes.kinds.other',
} as const;

export function muteKindName(kind: MuteKind): string {
  return Object.hasOwn(KIND_KEYS, kind) ? t(KIND_KEYS[kind as keyof typeof KIND_KEYS]) : kind;
}
