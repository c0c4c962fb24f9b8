import { useEffect, useRef } from 'preact/hooks';
import { FEED_MAX_ITEMS, type FeedList } from '@/lib/feed/feed-model';
import { t } from '@/lib/i18n';
import { siteLinks } from '../site-links';

/**
 * The end of a list. While there is more, it asks for the next page when it scrolls into view
 * (IntersectionObserver); at the cap, it links to the site. After a failed read it waits for a click
 * (an automatic retry would loop while the end stays in view).
 */
export function ListEnd({ list, onMore }: { list: FeedList<unknown>; onMore: () => void }) {
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

  if (list.items.length >= FEED_MAX_ITEMS) {
    return (
      <p class="list-end">
        <a href={siteLinks.home()} target="_blank" rel="noreferrer" data-testid="feed-more-on-site">
          {t('feed.moreOnSite')}
        </a>
      </p>
    );
  }
  if (list.complete || list.readAt === 0) return null;
  return (
    <div ref={end} class="list-end" data-testid="feed-list-end">
      {list.loading === 'more' && (
        <span class="loading-more">
          <span class="spinner" aria-hidden="true" />
          {t('feed.loadingMore')}
        </span>
      )}
      {list.error !== null && list.loading === null && (
        <button type="button" class="text-button" onClick={onMore}>
          {t('feed.loadMoreAgain')}
        </button>
      )}
    </div>
  );
}
