/**
 * What the My Stuff tab reads: the member's cached own projects and favorites (written only by the
 * background's My Stuff service). A storage read only: the view asks the service for fresh data
 * through the protocol and never reads the network itself. In the view's chunk: the tab's index.ts
 * names the item for the first frame.
 */
import { useMemo } from 'preact/hooks';
import { emptyMemberStuff, type MemberStuff } from '@/lib/mystuff/mystuff-model';
import { myStuffCacheItem } from '@/lib/mystuff/mystuff-storage';
import { useStorageItem } from '../storage-hooks';

/** This member's stuff only: another member's cached stuff is never handed out. */
export function useMemberStuff(username: string): MemberStuff {
  const cache = useStorageItem(myStuffCacheItem);
  const stuff = Object.hasOwn(cache, username) ? cache[username] : undefined;
  const empty = useMemo(() => emptyMemberStuff(username), [username]);
  return stuff !== undefined && stuff.username === username ? stuff : empty;
}
