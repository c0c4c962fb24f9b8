import { plural } from '@/lib/i18n';
import type { SessionUser } from '@/lib/session/session-model';
import { useNewCount } from './feed-data';

/** The Feed tab's count: how many shown items are new since the last open. */
export function FeedNewCount({ member }: { member: SessionUser }) {
  const count = useNewCount(member.username);
  if (count === 0) return null;
  return (
    <span class="tab-count" data-testid="feed-new-count" data-count={String(count)}>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span class="visually-hidden">{plural('feed.newCount', count)}</span>
    </span>
  );
}
