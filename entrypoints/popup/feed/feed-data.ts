/**
 * What the feed view reads: the member's cached feed (written only by the background feed service),
 * the filters, and what was new at this open. Plain storage reads and pure helpers: the view asks the
 * service for fresh data through the protocol and never reads the network itself.
 */
import { useMemo } from 'preact/hooks';
import {
  type ActivityEvent,
  defaultFeedSettings,
  emptyMemberFeed,
  type FeedSettings,
  kindOfActivity,
  type MemberFeed,
  sentTypeOf,
} from '@/lib/feed/feed-model';
import { feedCacheItem, feedSeenItem, feedSettingsItem } from '@/lib/feed/feed-storage';
import { primedValue, useStorageItem } from '../storage-hooks';
import { isNewSince } from './new-items';

/** The storage the Feed tab's count shows (`useNewCount`), whatever tab the popup opens on. */
export const feedCountStorage = [feedCacheItem, feedSettingsItem, feedSeenItem] as const;

/** This member's feed only: another member's cached feed is never handed out. */
export function useMemberFeed(username: string): MemberFeed {
  const cache = useStorageItem(feedCacheItem);
  const feed = Object.hasOwn(cache, username) ? cache[username] : undefined;
  const empty = useMemo(() => emptyMemberFeed(username), [username]);
  return feed !== undefined && feed.username === username ? feed : empty;
}

export function useFeedSettings(): FeedSettings {
  const settings = useStorageItem(feedSettingsItem);
  // Kinds added by a later version are shown until the member hides them (and a value another
  // browser's older version synced lacks `hideLoved`: off).
  return useMemo(
    () => ({
      ...settings,
      kinds: { ...defaultFeedSettings.kinds, ...settings.kinds },
      hideLoved: settings.hideLoved === true,
    }),
    [settings],
  );
}

/** Events of the kinds the member shows (unknown types are always shown). */
export function visibleActivity(items: readonly ActivityEvent[], settings: FeedSettings): ActivityEvent[] {
  return items.filter((event) => {
    const kind = kindOfActivity(sentTypeOf(event));
    return kind === 'other' || settings.kinds[kind];
  });
}

/** The newest item shown at the member's previous open: as stored when this popup opened. */
export function seenAtOpen(username: string): string | undefined {
  const seen = primedValue(feedSeenItem);
  return seen !== undefined && Object.hasOwn(seen, username) ? seen[username] : undefined;
}

/** How many shown events are new since the previous open (the Feed tab's count). */
export function useNewCount(username: string): number {
  const feed = useMemberFeed(username);
  const settings = useFeedSettings();
  const seen = seenAtOpen(username);
  return useMemo(
    () => visibleActivity(feed.activity.items, settings).filter((event) => isNewSince(event, seen)).length,
    [feed, settings, seen],
  );
}
