import { useEffect, useRef } from 'preact/hooks';
import { EXPLORE_MAX_ITEMS } from '@/lib/explore/explore-keys';
import type { ExploreItem, ExploreList } from '@/lib/explore/explore-model';
import { t } from '@/lib/i18n';
import { ProjectCardView, StudioCardView, UserCardView } from './Cards';
import { ErrorLine } from './ErrorLine';

function Item({ item }: { item: ExploreItem }) {
  if (item.type === 'project') return <ProjectCardView card={item} />;
  if (item.type === 'studio') return <StudioCardView card={item} />;
  if (item.type === 'user') return <UserCardView card={item} />;
  return null;
}

/**
 * The end of a list: while there is more, the next page is asked for when the end scrolls into
 * view; after a failure it waits for a click (a retry on its own would loop while the end is in view).
 */
export function ListEnd({
  list,
  onMore,
  moreHref,
}: {
  list: ExploreList;
  onMore: () => void;
  moreHref?: string;
}) {
  const end = useRef<HTMLDivElement>(null);
  const canLoad = !list.complete && list.readAt > 0 && list.loading === null && list.error === null;
  useEffect(() => {
    const element = end.current;
    if (!canLoad || element === null) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        onMore();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [canLoad, list.items.length, onMore]);

  if (list.items.length >= EXPLORE_MAX_ITEMS && moreHref !== undefined) {
    return (
      <p class="list-end">
        <a href={moreHref} target="_blank" rel="noreferrer">
          {t('explore.list.moreOnSite')}
        </a>
      </p>
    );
  }
  if (list.complete || list.readAt === 0) return null;
  return (
    <div ref={end} class="list-end" data-testid="explore-list-end">
      {list.loading === 'more' && (
        <span class="loading-more">
          <span class="spinner" aria-hidden="true" />
          {t('explore.list.loadingMore')}
        </span>
      )}
      {list.error !== null && list.loading === null && (
        <button type="button" class="text-button" onClick={onMore}>
          {t('explore.list.loadMoreAgain')}
        </button>
      )}
    </div>
  );
}

/** A list of cards (projects and studios in a grid, people in rows), paged as it scrolls. */
export function ItemList(props: {
  list: ExploreList | null;
  onMore: () => void;
  /** Reads the first page again: offered beside the sentence when a failed read left nothing to show. */
  onRetry?: () => void;
  empty: string;
  label?: string;
  moreHref?: string;
}) {
  const { list } = props;
  if (list === null || (list.readAt === 0 && list.error === null)) {
    return (
      <p class="empty loading" role="status">
        <span class="spinner" aria-hidden="true" /> {t('explore.list.loading')}
      </p>
    );
  }
  const people = list.items[0]?.type === 'user';
  return (
    <>
      {list.error !== null && list.loading === null && (
        <ErrorLine
          error={list.error}
          kept={list.items.length > 0}
          onRetry={list.items.length === 0 ? props.onRetry : undefined}
        />
      )}
      {list.items.length > 0 ? (
        <ul
          class={people ? 'x-people' : 'x-grid'}
          aria-label={props.label}
          aria-busy={list.loading === 'refresh'}
        >
          {list.items.map((item) => (
            <Item key={`${item.type}${item.id}`} item={item} />
          ))}
        </ul>
      ) : list.readAt > 0 ? (
        <p class="empty">{props.empty}</p>
      ) : null}
      <ListEnd list={list} onMore={props.onMore} moreHref={props.moreHref} />
    </>
  );
}
