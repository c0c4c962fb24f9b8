import { useMemo, useRef } from 'preact/hooks';
import { Empty } from '@/components/Empty';
import { ListEnd } from '@/components/ListEnd';
import { ListStatus } from '@/components/ListStatus';
import { ProjectCard } from '@/components/ProjectCard';
import { Sentence } from '@/components/Sentence';
import { SiteLink } from '@/components/SiteLink';
import { sentenceMarkers } from '@/components/sentence-markers';
import { FEED_MAX_ITEMS, type FeedList, type FeedProject } from '@/lib/feed/feed-model';
import { t } from '@/lib/i18n';
import type { MemberStatuses, ProjectStatus } from '@/lib/project-status/project-status-model';
import { Bell } from '../Bell';
import { siteLinks } from '../site-links';
import { HideLovedFilter } from './HideLovedFilter';
import { statusOf, useStatusesInView } from './project-statuses';

export type ProjectListName = 'shared' | 'loved' | 'studios';

const HEADINGS = {
  shared: 'feed.headings.shared',
  loved: 'feed.headings.loved',
  studios: 'feed.headings.studios',
} as const;
const EMPTY = {
  shared: 'feed.empty.shared',
  loved: 'feed.empty.loved',
  studios: 'feed.empty.studios',
} as const;

/** The accessible name of a mark (the site's marks say the same), or null when it shows nothing. */
function markLabel({ loved, favorited }: ProjectStatus): string | null {
  if (loved && favorited) return t('projectStatus.lovedAndFavorited');
  if (loved) return t('projectStatus.loved');
  if (favorited) return t('projectStatus.favorited');
  return null;
}

const flag = (value: boolean | undefined) => (value === undefined ? undefined : String(value));

/** Heart when loved, star when favorited (drawn by feed.css), nothing visible when neither or unknown. */
function StatusMark({ status }: { status: ProjectStatus }) {
  const label = markLabel(status);
  return (
    <span
      class="status-mark"
      data-testid="project-status"
      data-loved={flag(status.loved)}
      data-favorited={flag(status.favorited)}
      role="img"
      aria-label={label ?? undefined}
      title={label ?? undefined}
      hidden={label === null}
    />
  );
}

/** A project as the site's thumbnails show it: image and title, creator, whether loved or favorited. */
function FollowedProject({
  project,
  status,
  followed,
}: {
  project: FeedProject;
  status: ProjectStatus | null;
  /** The author is someone the member follows (the "shared" section); else said beside a rung bell. */
  followed: boolean;
}) {
  return (
    <ProjectCard
      id={project.id}
      title={project.title}
      thumbnailUrl={project.thumbnailUrl}
      href={siteLinks.project(project.id)}
      mark={status && <StatusMark status={status} />}
    >
      <span class="card-sub">
        <Sentence
          message={t('feed.byAuthor', sentenceMarkers(1))}
          parts={[<SiteLink key="author" href={siteLinks.user(project.author)} text={project.author} />]}
        />
      </span>
      <Bell
        user={project.author}
        note={followed ? undefined : t('followingClosely.notFollowed', [project.author])}
      />
    </ProjectCard>
  );
}

/** One of the three sections of projects from the people and studios the member follows. */
export function ProjectSection(props: {
  name: ProjectListName;
  list: FeedList<FeedProject>;
  /** Null: signed out or marks turned off (no marks, no filter, nothing asked). */
  statuses: MemberStatuses | null;
  hideLoved: boolean;
  onRefresh: () => void;
  onMore: () => void;
}) {
  const { name, list, statuses } = props;
  const headingId = `followed-projects-${name}`;
  const hideLoved = props.hideLoved && statuses !== null;
  // A project is left out only once known to be loved: unknown ones show (and get asked for).
  const shown = useMemo(
    () => list.items.map((project) => ({ project, status: statuses && statusOf(statuses, project.id) })),
    [list.items, statuses],
  );
  const cards = hideLoved ? shown.filter(({ status }) => status?.loved !== true) : shown;
  const grid = useRef<HTMLUListElement>(null);
  useStatusesInView(grid, statuses, cards.map(({ project }) => project.id).join());
  return (
    <section
      class="followed-projects"
      data-testid="followed-projects"
      data-feed={name}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} class="section-heading">
        {t(HEADINGS[name])}
      </h2>
      <ListStatus list={list} onRefresh={props.onRefresh} />
      {statuses !== null && list.items.length > 0 && <HideLovedFilter on={hideLoved} />}
      {cards.length > 0 ? (
        <ul class="project-grid" ref={grid}>
          {cards.map(({ project, status }) => (
            <FollowedProject
              key={project.id}
              project={project}
              status={status}
              followed={name === 'shared'}
            />
          ))}
        </ul>
      ) : list.items.length > 0 ? (
        <Empty>{t('feed.empty.filtered')}</Empty>
      ) : list.readAt > 0 ? (
        <Empty>{t(EMPTY[name])}</Empty>
      ) : list.error === null ? (
        <Empty loading>{t('feed.loading')}</Empty>
      ) : null}
      <ListEnd list={list} onMore={props.onMore} maxItems={FEED_MAX_ITEMS} moreHref={siteLinks.home()} />
    </section>
  );
}
