import { t } from '@/lib/i18n';
import type { FeedList, FeedProject } from '@/lib/services/feed-model';
import { Sentence } from '../Sentence';
import { sentenceMarkers } from '../sentence-markers';
import { absoluteImageUrl, siteLinks } from '../site-links';
import { FeedStatus } from './FeedStatus';
import { ListEnd } from './ListEnd';

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

/** A project as the site's thumbnails show it: image, title, creator; each a link to its page. */
function ProjectCard({ project }: { project: FeedProject }) {
  const href = siteLinks.project(project.id);
  return (
    <li class="project-card" data-testid="project-card" data-project-id={String(project.id)}>
      <img
        class="project-thumb"
        src={absoluteImageUrl(project.thumbnailUrl)}
        alt=""
        width={160}
        height={120}
        loading="lazy"
        decoding="async"
      />
      {/* One link per card (the title); it covers the whole card, so the image opens the project too. */}
      <a href={href} target="_blank" rel="noreferrer" class="project-title">
        <bdi>{project.title}</bdi>
      </a>
      <span class="project-author">
        <Sentence
          message={t('feed.byAuthor', sentenceMarkers(1))}
          parts={[
            <a href={siteLinks.user(project.author)} target="_blank" rel="noreferrer" key="author">
              <bdi>{project.author}</bdi>
            </a>,
          ]}
        />
      </span>
    </li>
  );
}

/** One of the three sections of projects from the people and studios the member follows. */
export function ProjectSection(props: {
  name: ProjectListName;
  list: FeedList<FeedProject>;
  onRefresh: () => void;
  onMore: () => void;
}) {
  const { name, list } = props;
  const headingId = `followed-projects-${name}`;
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
      <FeedStatus list={list} onRefresh={props.onRefresh} />
      {list.items.length > 0 ? (
        <ul class="project-grid">
          {list.items.map((project) => (
            <ProjectCard key={project.id} project={project} />
          ))}
        </ul>
      ) : list.readAt > 0 ? (
        <p class="empty">{t(EMPTY[name])}</p>
      ) : list.error === null ? (
        <p class="empty loading">{t('feed.loading')}</p>
      ) : null}
      <ListEnd list={list} onMore={props.onMore} />
    </section>
  );
}
