/** My Stuff's storage item (lib/mystuff/mystuff.ts writes, the popup's My Stuff tab reads). */
import { defineItem } from '@/lib/storage/storage-item';
import type { MemberStuff } from './mystuff-model';

/**
 * Each member's own shared projects and favorites, per username: at most 3 members (least recently
 * used dropped), each list capped at MY_STUFF_MAX_ITEMS. The popup shows only
 * `myStuffCache[member.username]`, nothing while `member` is null.
 */
export const myStuffCacheItem = defineItem<Record<string, MemberStuff>>('local:myStuffCache', {
  fallback: {},
  version: 1,
});
