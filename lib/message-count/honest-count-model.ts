/**
 * The honest count: which of the listed messages are unread, and how many unread
 * messages the popup cannot show. The count includes messages the interface never lists (the site
 * team's alerts and invitations, which only the site's messages page shows: scratch-www
 * src/views/messages/presentation.jsx, numNewSocialMessages = count - admin alerts), so the unread
 * messages of the list are its first `count - unlisted`, not its first `count`. Pure rules, shared
 * by the Messages tab and its tests.
 */
import type { MessageCountState } from '@/lib/message-count/message-count-model';
import { MESSAGES_MAX_ITEMS } from '../messages/messages-model';

export interface UnreadOfList {
  /** How many of the list's first items are unread (and marked so). */
  marked: number;
  /** Unread messages the popup cannot show: unlisted ones, and any the ended list lacks. */
  cannotShow: number;
}

/**
 * For the member's count state and their cached list (newest first): how many of its first items
 * are unread, and how many unread messages it cannot show. A list that has not reached its end
 * may still show the rest (its next pages): those are not counted as impossible to show; a list cut
 * at its cap neither (the list's end links to the site).
 */
export function unreadOfList(
  state: Pick<MessageCountState, 'count' | 'unlisted'>,
  list: { items: readonly unknown[]; complete: boolean },
): UnreadOfList {
  const count = Math.max(0, state.count ?? 0);
  const unlisted = Math.min(count, Math.max(0, state.unlisted ?? 0));
  const listedUnread = count - unlisted;
  const marked = Math.min(listedUnread, list.items.length);
  const ended = list.complete && list.items.length < MESSAGES_MAX_ITEMS;
  const beyondEnd = ended ? listedUnread - marked : 0;
  return { marked, cannotShow: unlisted + beyondEnd };
}
