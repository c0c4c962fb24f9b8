import { ErrorLine } from '@/components/ErrorLine';
import { errorSentence } from '@/components/error-sentence';
import type { ListError } from '@/lib/cached-list/cached-list';
import type { ExploreError } from '@/lib/explore/explore-model';
import { t } from '@/lib/i18n';

/** What went wrong, in the popup's words for each failure, and "not found" for a missing page. */
export function errorText(error: ExploreError): string {
  if (error.kind === 'not-found') return t('explore.notFound');
  return errorSentence(error as ListError);
}

/** An explore list's or view's failure; kept items stay below, and a retry is offered when given. */
export function ExploreErrorLine({
  error,
  kept,
  onRetry,
}: {
  error: ExploreError;
  kept?: boolean;
  onRetry?: () => void;
}) {
  return (
    <ErrorLine
      text={errorText(error)}
      kept={kept}
      retry={onRetry && { label: t('explore.list.loadMoreAgain'), onRetry }}
      testId="explore-error"
    />
  );
}
