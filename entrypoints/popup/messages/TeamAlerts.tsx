/**
 * The site team's alerts and the Scratcher invitation, above the Messages tab's list, as the site's
 * messages page shows them (scratch-www's `messages-admin` section): the invitation first, then each
 * alert with its date, its words and its links to the site's own pages, nothing else of its HTML
 * (./alert-text.ts), and a button that dismisses it as the site does. Its own chunk,
 * loaded only for a member who has some.
 */
import { useMemo, useState } from 'preact/hooks';
import { RelativeTime } from '@/components/RelativeTime';
import { Sentence } from '@/components/Sentence';
import { SiteLink } from '@/components/SiteLink';
import { sentenceMarkers } from '@/components/sentence-markers';
import { currentProfile } from '@/lib/config';
import { t } from '@/lib/i18n';
import type { AlertKind, TeamAlerts as Alerts, DismissOutcome } from '@/lib/messages/messages-model';
import type { SessionUser } from '@/lib/session/session-model';
import { sendMessage } from '../background-messages';
import { alertPieces } from './alert-text';

/** The button that dismisses one alert (or the invitation), and what went wrong if it did not. */
function Dismiss({ member, kind, id }: { member: string; kind: AlertKind; id: number }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const dismiss = async () => {
    setBusy(true);
    setFailed(false);
    const outcome: DismissOutcome | null = await sendMessage('dismissTeamAlert', { member, kind, id }).catch(
      () => null,
    );
    // On success the alert leaves the cache, and this row with it.
    if (outcome?.ok !== true) {
      setFailed(true);
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        class="text-button"
        data-testid="dismiss-alert"
        disabled={busy}
        onClick={() => void dismiss()}
      >
        {t('messagesTab.alerts.dismiss')}
      </button>
      {failed && (
        <span class="alert-error" role="alert" data-testid="dismiss-alert-error">
          {t('messagesTab.alerts.dismissFailed')}
        </span>
      )}
    </>
  );
}

/** One alert's words and site links, from its HTML (parsed once per alert). */
function AlertText({ html, origins }: { html: string; origins: readonly string[] }) {
  // Parsed once per alert: the site's origins are the build's, the same at every render.
  const pieces = useMemo(() => alertPieces(html, currentProfile().site, origins), [html]);
  return (
    <p class="alert-text">
      {pieces.map((piece, index) =>
        'href' in piece ? <SiteLink key={index} href={piece.href} text={piece.text} /> : piece.text,
      )}
    </p>
  );
}

/** `origins`: the site's origins, whose links an alert keeps (./BeyondTheList.tsx hands them in). */
export function TeamAlerts(props: { member: SessionUser; alerts: Alerts; origins: readonly string[] }) {
  const { member, alerts } = props;
  const me = member.username;
  return (
    <section class="team-alerts" aria-labelledby="team-alerts-heading">
      <h2 id="team-alerts-heading" class="section-heading">
        {t('messagesTab.alerts.heading')}
      </h2>
      <ul class="item-list">
        {alerts.invite !== null && (
          <li class="team-alert" data-testid="scratcher-invite">
            <p class="alert-text">
              <Sentence
                message={t('messagesTab.alerts.invite', sentenceMarkers(1))}
                parts={[
                  <SiteLink
                    key="learn"
                    href={`${currentProfile().site}/become-a-scratcher`}
                    text={t('messagesTab.alerts.learnMore')}
                  />,
                ]}
              />
            </p>
            <p class="message-meta">
              <RelativeTime time={alerts.invite.datetime_created} />
              <Dismiss member={me} kind="invite" id={alerts.invite.id} />
            </p>
          </li>
        )}
        {alerts.items.map((alert) => (
          <li key={alert.id} class="team-alert" data-testid="team-alert" data-alert-id={String(alert.id)}>
            <AlertText html={alert.message} origins={props.origins} />
            <p class="message-meta">
              <RelativeTime time={alert.datetime_created} />
              <Dismiss member={me} kind="notification" id={alert.id} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
