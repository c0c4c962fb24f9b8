/**
 * What the member's count holds beyond the Messages tab's list, above it: the site team's alerts and
 * the Scratcher invitation (./TeamAlerts.tsx), and how many unread messages the popup truly cannot
 * show (lib/message-count/honest-count-model.ts), with the way to the site's messages page. Its own
 * chunk: loaded only for a member who has any of it.
 */
import { plural, t } from '@/lib/i18n';
import type { TeamAlerts as Alerts } from '@/lib/messages/messages-model';
import type { SessionUser } from '@/lib/session/session-model';
import { siteLinks } from '../site-links';
import { TeamAlerts } from './TeamAlerts';

export function BeyondTheList(props: {
  member: SessionUser;
  alerts: Alerts | undefined;
  cannotShow: number;
  /**
   * The site's origins, whose links an alert keeps: the tab's own (./links.ts), handed in, since a
   * lazy chunk importing that module moves it out of the tab's chunk (the popup's size budget).
   */
  origins: readonly string[];
}) {
  const { alerts, cannotShow } = props;
  return (
    <>
      {alerts !== undefined && (alerts.invite !== null || alerts.items.length > 0) && (
        <TeamAlerts member={props.member} alerts={alerts} origins={props.origins} />
      )}
      {cannotShow > 0 && (
        <p class="honest-count" data-testid="honest-count" data-count={String(cannotShow)}>
          {plural('mutes.hidden', cannotShow)}{' '}
          <a href={siteLinks.messages()} target="_blank" rel="noreferrer">
            {t('mutes.hiddenLink')}
          </a>
        </p>
      )}
    </>
  );
}
