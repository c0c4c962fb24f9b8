import { plural } from '@/lib/i18n';
import type { SessionUser } from '@/lib/storage';
import { useUnreadCount } from './messages-data';

/** The Messages tab's count: how many messages are unread (the member's message count). */
export function UnreadCount({ member }: { member: SessionUser }) {
  const count = useUnreadCount(member.username);
  if (count === null || count === 0) return null;
  return (
    <span class="tab-count" data-testid="messages-unread-count" data-count={String(count)}>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span class="visually-hidden">{plural('messagesTab.unreadCount', count)}</span>
    </span>
  );
}
