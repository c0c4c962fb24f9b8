/**
 * The record of what the member has seen of their feed (`feedSeenItem`), kept by the feed's view. A
 * module of its own: it loads with the Feed tab's view, not with the page (the tab's count, at
 * open, only reads the record: feed-data.ts).
 */
import { useEffect } from 'preact/hooks';
import type { ActivityEvent } from '@/lib/feed/feed-model';
import { feedSeenItem } from '@/lib/feed/feed-storage';
import { timeOf } from './new-items';

/** The `datetime_created` of the newest item, or undefined for no items. */
export function newestTime(events: readonly ActivityEvent[]): string | undefined {
  let newest: string | undefined;
  for (const event of events) {
    if (newest === undefined || timeOf(event.datetime_created) > timeOf(newest))
      newest = event.datetime_created;
  }
  return newest;
}

/** `seen` moved forward to `shown` (never back: a stale cache must not un-see newer items). */
export function advanceSeen(seen: string | undefined, shown: string | undefined): string | undefined {
  if (shown === undefined) return seen;
  if (seen === undefined) return shown;
  return timeOf(shown) > timeOf(seen) ? shown : seen;
}

/**
 * Records the newest event shown, so the next open marks what is newer. Items hidden by a filter
 * count as seen too: turning the filter off later must not make old items "new".
 */
export function useRememberSeen(username: string, items: readonly ActivityEvent[]): void {
  const newest = newestTime(items);
  useEffect(() => {
    if (newest === undefined) return;
    feedSeenItem.getValue().then((seen) => {
      const current = Object.hasOwn(seen, username) ? seen[username] : undefined;
      const next = advanceSeen(current, newest);
      if (next !== current && next !== undefined) return feedSeenItem.setValue({ ...seen, [username]: next });
    });
  }, [username, newest]);
}
