import { Empty } from '@/components/Empty';
import { ListEnd } from '@/components/ListEnd';
import { EXPLORE_MAX_ITEMS } from '@/lib/explore/explore-keys-model';
import type { ExploreItem, ExploreList } from '@/lib/explore/explore-model';
import { t } from '@/lib/i18n';
import { ProjectCardView, StudioCardView, UserCardView } from './Cards';
import { ExploreErrorLine } from './ExploreErrorLine';
import { ViewLoading } from './ViewLoading';

function Item({ item }: { item: ExploreItem }) {
  if (item.type === 'project') return <ProjectCardView card={item} />;
  if (item.type === 'studio') return <StudioCardView card={item} />;
  if (item.type === 'user') return <UserCardView card={item} />;
  return null;
}

/** The end of an explore list: the next page as it scrolls into view, the site's page at the cap. */
export function ExploreListEnd({
  list,
  onMore,
  moreHref,
}: {
  list: ExploreList;
  onMore: () => void;
  moreHref?: string;
}) {
  return (
    <ListEnd
      list={list}
      onMore={onMore}
      maxItems={EXPLORE_MAX_ITEMS}
      moreHref={moreHref}
      words={{
        loadingMore: t('explore.list.loadingMore'),
        loadMoreAgain: t('explore.list.loadMoreAgain'),
        moreOnSite: t('explore.list.moreOnSite'),
      }}
      testId="explore-list-end"
      moreTestId={null}
    />
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
    return <ViewLoading />;
  }
  const people = list.items[0]?.type === 'user';
  return (
    <>
      {list.error !== null && list.loading === null && (
        <ExploreErrorLine
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
        <Empty>{props.empty}</Empty>
      ) : null}
      <ExploreListEnd list={list} onMore={props.onMore} moreHref={props.moreHref} />
    </>
  );
}
