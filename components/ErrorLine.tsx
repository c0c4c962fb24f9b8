import { t } from '@/lib/i18n';
import './ErrorLine.css';

/**
 * What went wrong, as a sentence (the popup says each failure one way: error-sentence.ts); when the
 * list keeps what it read before, it says so (the kept items stay below), and it may offer a retry.
 */
export function ErrorLine({
  text,
  kept,
  retry,
  testId,
  class: className,
}: {
  text: string;
  kept?: boolean;
  retry?: { label: string; onRetry: () => void };
  testId: string;
  class?: string;
}) {
  return (
    <p
      class={className === undefined ? 'feed-error' : `feed-error ${className}`}
      data-testid={testId}
      role="alert"
    >
      {text}
      {kept && ` ${t('feed.errors.keeping')}`}
      {retry && (
        <>
          {' '}
          <button type="button" class="text-button" onClick={retry.onRetry}>
            {retry.label}
          </button>
        </>
      )}
    </p>
  );
}
