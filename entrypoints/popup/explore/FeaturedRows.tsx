import type { FeaturedRow } from '@/lib/explore/explore-model';
import { t } from '@/lib/i18n';
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

/** One carousel of the home page: a title and a row of cards that scrolls sideways. */
function Row({ row }: { row: FeaturedRow }) {
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
        {row.items.map((item) =>
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

/** Every featured row that has something in it, in the site's order. */
export function FeaturedRows({ rows }: { rows: readonly FeaturedRow[] }) {
  return (
    <>
      {rows
        .filter((row) => row.items.length > 0)
        .map((row) => (
          <Row key={row.key} row={row} />
        ))}
    </>
  );
}
