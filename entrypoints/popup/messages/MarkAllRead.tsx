/**
 * "Mark all as read": the site's own request, on the member's click only. Its words say that it marks
 * everything read, including what came after the list was read (the site has no "read up to"). The
 * count, the badge and the nav bar go down as the stored count does; a failure says so in a sentence,
 * and the unread marks stay.
 */
import { useState } from 'preact/hooks';
import { ErrorLine } from '@/components/ErrorLine';
import { errorSentence } from '@/components/error-sentence';
import { t } from '@/lib/i18n';
import type { SiteActionOutcome } from '@/lib/messages/site-actions-model';
import { sendMessage } from '../background-messages';

/** What the member reads when marking read did not happen. */
function failureSentence(outcome: SiteActionOutcome | null): string {
  const failed = t('markRead.failed');
  return outcome?.ok === false && outcome.kind === 'failed'
    ? `${failed} ${errorSentence(outcome.error)}`
    : failed;
}

export function MarkAllRead({ member }: { member: string }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const mark = async () => {
    setBusy(true);
    setFailure(null);
    const outcome = await sendMessage('markAllMessagesRead', { member }).catch(() => null);
    setBusy(false);
    if (outcome?.ok !== true) setFailure(failureSentence(outcome));
  };
  return (
    <div class="mark-all-read">
      <button
        type="button"
        class="text-button"
        data-testid="mark-all-read"
        // The accessible description too: it marks everything, what came since included.
        title={t('markRead.buttonHelp')}
        aria-busy={busy ? 'true' : undefined}
        disabled={busy}
        onClick={() => void mark()}
      >
        {t('markRead.button')}
      </button>
      {failure !== null && <ErrorLine text={failure} testId="mark-all-read-error" />}
    </div>
  );
}
