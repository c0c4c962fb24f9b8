/**
 * "New since you last looked": an activity item is new when it is newer than the newest item shown
 * at the member's previous open of the popup (`feedSeenItem`, read once when the popup opens). The
 * very first open marks nothing: everything would be new, which says nothing.
 */
import type { ActivityEvent } from '@/lib/feed/feed-model';

/** An item's time, in ms (an unreadable one is older than any). */
export const timeOf = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : Number.NEGATIVE_INFINITY;
};

export function isNewSince(event: ActivityEvent, seen: string | undefined): boolean {
  return seen !== undefined && timeOf(event.datetime_created) > timeOf(seen);
}
