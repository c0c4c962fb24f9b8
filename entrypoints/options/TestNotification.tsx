import { useEffect, useRef, useState } from 'preact/hooks';
import { askForNotifications } from '@/components/notifications-permission';
import { t } from '@/lib/i18n';
import {
  type BrowserSays,
  sendTestNotification,
  watchTestShown,
} from '@/lib/notifications/test-notification';

type Result = { outcome: 'refused' | 'failed' } | { outcome: 'sent'; browserSays: BrowserSays | 'shown' };

const BROWSER_SAYS = {
  blocked: 'notify.test.blocked',
  allowed: 'notify.test.allowed',
  shown: 'notify.test.shown',
} as const;

/**
 * "Send a test notification": asks for the permission if it is not granted yet (in the click's
 * user gesture, as the notification switches do) and shows one notification at once; says what the
 * browser told, where it can tell, and what to check when nothing appears.
 */
export function TestNotification() {
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);
  const unwatch = useRef<() => void>();
  useEffect(() => () => unwatch.current?.(), []);

  const send = async () => {
    // First thing in the click: the browser asks only within the user's gesture.
    const granted = await askForNotifications();
    setResult(null);
    if (!granted) {
      setResult({ outcome: 'refused' });
      return;
    }
    setBusy(true);
    unwatch.current?.();
    let shown = false;
    unwatch.current = watchTestShown(() => {
      shown = true;
      setResult((r) => (r?.outcome === 'sent' ? { outcome: 'sent', browserSays: 'shown' } : r));
    });
    const sent = await sendTestNotification({
      title: t('notify.test.title'),
      message: t('notify.test.message'),
    });
    setBusy(false);
    setResult(
      sent.sent
        ? { outcome: 'sent', browserSays: shown ? 'shown' : sent.browserSays }
        : { outcome: 'failed' },
    );
  };

  const says = result?.outcome === 'sent' && result.browserSays !== 'unknown' ? result.browserSays : null;
  return (
    <div class="test-notification">
      <button
        type="button"
        data-testid="test-notification"
        disabled={busy}
        aria-describedby="test-notification-help test-notification-checks"
        onClick={send}
      >
        {t('notify.test.button')}
      </button>
      <small id="test-notification-help" class="test-notification-help">
        {t('notify.test.help')}
      </small>
      <div
        data-testid="test-notification-result"
        data-outcome={result?.outcome}
        data-browser-says={result?.outcome === 'sent' ? result.browserSays : undefined}
        role="status"
      >
        {result?.outcome === 'refused' && <p class="error">{t('notify.test.refused')}</p>}
        {result?.outcome === 'failed' && <p class="error">{t('notify.test.failed')}</p>}
        {result?.outcome === 'sent' && <p>{t('notify.test.sent')}</p>}
        {says && <p data-testid="test-notification-browser-says">{t(BROWSER_SAYS[says])}</p>}
      </div>
      {/* What to check when nothing appears: shown before the click too, when it helps most. */}
      <div id="test-notification-checks" data-testid="test-notification-checks">
        <p>{t('notify.test.checks')}</p>
        <ul>
          <li>{t('notify.test.checkBrowser')}</li>
          <li>{t('notify.test.checkSystem')}</li>
          <li>{t('notify.test.checkAllowed')}</li>
        </ul>
      </div>
    </div>
  );
}
