import { useEffect, useRef } from 'preact/hooks';
import type { CachedList } from '@/lib/cached-list/cached-list';
import { t } from '@/lib/i18n';
import './ListEnd.css';

/** What the end of a list says, in the words of the view that shows it. */
export interface ListEndWords {
  loadingMore: string;
  loadMoreAgain: string;
  moreOnSite: string;
}

/** The words of the member's own lists (the feed's, the messages). */
const memberListWords = (): ListEndWords => ({
  loadingMore: t('feed.loadingMore'),
  loadMoreAgain: t('feed.loadMoreAgain'),
  moreOnSite: t('feed.moreOnSite'),
});

/**
 * The end of a list. While there is more, it asks for the next page when it scrolls into view
 * (IntersectionObserver); at the list's cap, it links to the site (when the view names a page).
 * After a failed read it waits for a click (an automatic retry would loop while the end stays in view).
 */
export function ListEnd({
  list,
  onMore,
  maxItems,
  moreHref,
  words = memberListWords(),
  testId = 'feed-list-end',
  moreTestId = 'feed-more-on-site',
}: {
  list: CachedList<unknown, { kind: string; at: number }>;
  onMore: () => void;
  /** The list's cap (its service stops there). */
  maxItems: number;
  /** The site's page with the rest, linked at the cap; none: nothing is said there. */
  moreHref?: string;
  /** By default the member's own lists' words and markers (the markers are the tests' contract). */
  words?: ListEndWords;
  testId?: string;
  moreTestId?: string | null;
}) {
  const end = useRef<HTMLDivElement>(null);
  const canLoad = !list.complete && list.readAt > 0 && list.loading === null && list.error === null;

  useEffect(() => {
    const element = end.current;
    if (!canLoad || element === null) return;
    // A new observer reports at once whether the end is (still) in view, e.g. after a short page.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        onMore();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [canLoad, list.items.length, onMore]);

  if (list.items.length >= maxItems && moreHref !== undefined) {
    return (
      <p class="list-end">
        <a href={moreHref} target="_blank" rel="noreferrer" data-testid={moreTestId ?? undefined}>
          {words.moreOnSite}
        </a>
      </p>
    );
  }
  if (list.complete || list.readAt === 0) return null;
  return (
    <div ref={end} class="list-end" data-testid={testId}>
      {list.loading === 'more' && (
        <span class="loading-more">
          <span class="spinner" aria-hidden="true" />
          {words.loadingMore}
        </span>
      )}
      {list.error !== null && list.loading === null && (
        <button type="button" class="text-button" onClick={onMore}>
          {words.loadMoreAgain}
        </button>
      )}
    </div>
  );
}
