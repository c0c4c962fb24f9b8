/**
 * "New since you last looked": an activity item is new when it is newer than the newest item shown
 * at the member's previous open of the popup (`feedSeenItem`, read once when the popup opens). The
 * very first open marks nothing: everything would be new, which says nothing.
 */
import type { ActivityEvent } from '@/lib/feed/feed-model';

const timeOf = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : Number.NEGATIVE_INFINITY;
};

export function isNewSince(event: ActivityEvent, seen: string | undefined): boolean {
  return seen !== undefined && timeOf(event.datetime_created) > timeOf(seen);
}

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
