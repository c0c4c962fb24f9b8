/**
 * The number the popup's header shows: the badge's (lib/message-count/badge.ts shows the count
 * after the member's mutes, `shown`, when anything is muted, and "200+" above the 200 it reads),
 * so the popup never disagrees with the badge. Its own module: it loads with the popup's frame.
 */
import type { MessageCountState } from '@/lib/message-count/message-count-model';

export interface ShownCount {
  count: number;
  /** More than `count` (200) unread after mutes: shown as "200+". */
  over: boolean;
}

/** The count as the badge shows it, or null while it is not known. */
export function shownCount(state: Pick<MessageCountState, 'count' | 'shown'>): ShownCount | null {
  if (state.count === null) return null;
  if (state.shown === undefined) return { count: state.count, over: false };
  return { count: state.shown.count, over: state.shown.over };
}
