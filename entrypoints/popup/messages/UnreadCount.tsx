import { plural } from '@/lib/i18n';
import { messageCountItem } from '@/lib/message-count/message-count-storage';
import { type ShownCount, shownCount } from '@/lib/message-count/shown-count-model';
import type { SessionUser } from '@/lib/session/session-model';
import { useStorageItem } from '../storage-hooks';

/** The storage the count shows, whatever tab the popup opens on. */
export const unreadCountStorage = [messageCountItem] as const;

/** How many messages are unread, as the badge says it (after mutes); null while not read yet. */
function useUnreadCount(username: string): ShownCount | null {
  const state = useStorageItem(messageCountItem);
  return state.username === username ? shownCount(state) : null;
}

/** The Messages tab's count: how many messages are unread, the badge's number (after mutes). */
export function UnreadCount({ member }: { member: SessionUser }) {
  const shown = useUnreadCount(member.username);
  if (shown === null || shown.count === 0) return null;
  const { count } = shown;
  return (
    <span class="tab-count" data-testid="messages-unread-count" data-count={String(count)}>
      <span aria-hidden="true">{count > 99 || shown.over ? '99+' : count}</span>
      <span class="visually-hidden">{plural('messagesTab.unreadCount', count)}</span>
    </span>
  );
}
