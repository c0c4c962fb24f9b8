import { useEffect } from 'preact/hooks';
import type { CachedList } from '@/lib/cached-list/cached-list';
import { t } from '@/lib/i18n';
import { ErrorLine } from './ErrorLine';
import { errorSentence, retryDueIn } from './error-sentence';
import { LineIcon } from './LineIcon';
import { RelativeTime } from './RelativeTime';
import { Sentence } from './Sentence';
import { sentenceMarkers } from './sentence-markers';
import './ListStatus.css';

/** After the service's wait, a moment more: the service itself refuses a read before it has passed. */
const RETRY_SLACK_MS = 250;

/**
 * Above a list: when it was read, a quiet progress mark while a refresh runs, a refresh button, and
 * on failure a sentence saying what went wrong (the cached items stay below it).
 */
export function ListStatus({ list, onRefresh }: { list: CachedList<unknown>; onRefresh: () => void }) {
  const refreshing = list.loading === 'refresh';
  // "It will try again in N seconds": while the list is shown, it does, once the wait is over.
  const dueIn = retryDueIn(list.error, Date.now());
  useEffect(() => {
    if (dueIn === null) return;
    const timer = setTimeout(onRefresh, dueIn + RETRY_SLACK_MS);
    return () => clearTimeout(timer);
  }, [list.error?.at, dueIn === null]);
  return (
    <>
      <div class="feed-status">
        {list.readAt > 0 && (
          <span class="feed-updated" data-testid="feed-updated">
            <Sentence
              message={t('feed.updated', sentenceMarkers(1))}
              parts={[<RelativeTime time={list.readAt} />]}
            />
          </span>
        )}
        <span class="feed-progress" role="status">
          {refreshing && (
            <>
              <span class="spinner" aria-hidden="true" />
              <span class="visually-hidden">{t('feed.refreshing')}</span>
            </>
          )}
        </span>
        <button
          type="button"
          class="icon-button"
          onClick={onRefresh}
          disabled={refreshing}
          title={t('feed.refresh')}
          aria-label={t('feed.refresh')}
          data-testid="feed-refresh"
        >
          <LineIcon d="M13.5 8a5.5 5.5 0 1 1-1.6-3.9M13.5 2.5v3h-3" stroke={1.6} />
        </button>
      </div>
      {list.error !== null && (
        <ErrorLine text={errorSentence(list.error)} kept={list.items.length > 0} testId="feed-error" />
      )}
    </>
  );
}
