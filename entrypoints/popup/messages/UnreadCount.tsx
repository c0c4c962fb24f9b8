import { plural } from '@/lib/i18n';
import type { SessionUser } from '@/lib/session/session-model';
import { useUnreadCount } from './messages-data';

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
