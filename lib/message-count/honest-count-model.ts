/**
 * The honest count: which of the listed messages are unread, and how many unread messages the popup
 * truly cannot show. The count includes the site team's alerts and the Scratcher invitation, which
 * the list never holds and the Messages tab shows above it (as the site's messages page does:
 * scratch-www src/views/messages/presentation.jsx, numNewSocialMessages = count - alerts - invite),
 * so the unread messages of the list are its first `count - alerts - invitation`. What cannot be
 * shown is only what the list lacks past its end. Pure rules, shared by the Messages tab and its tests.
 */
import { MESSAGES_MAX_ITEMS, type TeamAlerts, unlistedOf } from '../messages/messages-model';

export interface UnreadOfList {
  /** How many of the list's first items are unread (and marked so). */
  marked: number;
  /** Unread messages the popup cannot show: any the ended list lacks. */
  cannotShow: number;
}

/**
 * For the member's count, their alerts as read with the list, and their cached list (newest
 * first): how many of its first items are unread, and how many unread messages it cannot show. A
 * list that has not reached its end may still show the rest (its next pages): those are not counted
 * as impossible to show; a list cut at its cap neither (the list's end links to the site).
 */
export function unreadOfList(
  count: number | null,
  alerts: TeamAlerts | undefined,
  list: { items: readonly unknown[]; complete: boolean },
): UnreadOfList {
  const total = Math.max(0, count ?? 0);
  const listedUnread = total - Math.min(total, unlistedOf(alerts));
  const marked = Math.min(listedUnread, list.items.length);
  const ended = list.complete && list.items.length < MESSAGES_MAX_ITEMS;
  return { marked, cannotShow: ended ? listedUnread - marked : 0 };
}
