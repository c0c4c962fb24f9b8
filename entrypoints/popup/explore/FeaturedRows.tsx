import { useLayoutEffect } from 'preact/hooks';
import type { FeaturedRow } from '@/lib/explore/explore-model';
import { t } from '@/lib/i18n';
import { markFirstItemPainted } from '../first-item-mark';
import { usePainted } from '../first-paint';
import { siteLinks } from '../site-links';
import { ProjectCardView, StudioCardView } from './Cards';
import { useViewLink } from './navigation';

const DESIGN_STUDIO = /_design_studio$/;
type TitledKey =
  | 'community_featured_projects'
  | 'community_featured_studios'
  | 'community_most_remixed_projects'
  | 'community_most_loved_projects'
  | 'community_newest_projects';
const TITLED: readonly string[] = [
  'community_featured_projects',
  'community_featured_studios',
  'community_most_remixed_projects',
  'community_most_loved_projects',
  'community_newest_projects',
];

/** The row's title as the site's home page words it. */
export function rowTitle(row: FeaturedRow): string {
  if (row.key === 'curator_top_projects')
    return t('explore.featured.curator_top_projects', [row.curator ?? '']);
  if (DESIGN_STUDIO.test(row.key)) return t('explore.featured.design_studio', [row.studio?.title ?? '']);
  if (TITLED.includes(row.key)) return t(`explore.featured.${row.key as TitledKey}`);
  return t('explore.featured.other');
}

function VisitStudio({ id }: { id: number }) {
  const onClick = useViewLink({ detail: 'studio', id });
  return (
    <a href={siteLinks.studio(id)} target="_blank" rel="noreferrer" class="x-row-more" onClick={onClick}>
      {t('explore.featured.visitStudio')}
    </a>
  );
}

/** Cards of each row in the popup's first frame: the popup shows two and a half (first-paint.ts). */
const FIRST_FRAME_CARDS = 3;

/** One carousel of the home page: a title and a row of cards that scrolls sideways. */
function Row({ row, painted }: { row: FeaturedRow; painted: boolean }) {
  const id = `x-row-${row.key}`;
  return (
    <section class="x-row" data-testid="featured-row" data-key={row.key} aria-labelledby={id}>
      <div class="x-row-head">
        <h2 id={id} class="x-heading">
          <bdi>{rowTitle(row)}</bdi>
        </h2>
        {row.studio !== undefined && <VisitStudio id={row.studio.id} />}
      </div>
      <ul class="x-strip">
        {(painted ? row.items : row.items.slice(0, FIRST_FRAME_CARDS)).map((item) =>
          item.type === 'studio' ? (
            <StudioCardView key={`s${item.id}`} card={item} />
          ) : (
            <ProjectCardView key={`p${item.id}`} card={item} />
          ),
        )}
      </ul>
    </section>
  );
}

/** Performance mark of the first painted card of the home (scripts/bench/popup.ts measures it). */
export const FIRST_EXPLORE_MARK = 'companion:first-explore-item';

/** Every featured row that has something in it, in the site's order. */
export function FeaturedRows({ rows }: { rows: readonly FeaturedRow[] }) {
  const shown = rows.filter((row) => row.items.length > 0);
  const anyCard = shown.length > 0;
  const painted = usePainted();
  useLayoutEffect(() => {
    if (anyCard) markFirstItemPainted(FIRST_EXPLORE_MARK);
  }, [anyCard]);
  return (
    <>
      {shown.map((row) => (
        <Row key={row.key} row={row} painted={painted} />
      ))}
    </>
  );
}
