import type { ExploreError } from '@/lib/explore/explore-model';
import type { FeedError } from '@/lib/feed/feed-model';
import { t } from '@/lib/i18n';
import { errorSentence } from '../feed/error-sentence';

/** What went wrong, in the feed's words (the popup says each failure one way); kept items stay below. */
export function errorText(error: ExploreError): string {
  if (error.kind === 'not-found') return t('explore.notFound');
  return errorSentence(error as FeedError);
}

export function ErrorLine({
  error,
  kept,
  onRetry,
}: {
  error: ExploreError;
  kept?: boolean;
  onRetry?: () => void;
}) {
  return (
    <p class="feed-error x-error" data-testid="explore-error" role="alert">
      {errorText(error)}
      {kept && ` ${t('feed.errors.keeping')}`}
      {onRetry && (
        <>
          {' '}
          <button type="button" class="text-button" onClick={onRetry}>
            {t('explore.list.loadMoreAgain')}
          </button>
        </>
      )}
    </p>
  );
}
