import { Avatar } from '@/components/Avatar';
import { RelativeTime } from '@/components/RelativeTime';
import { Sentence } from '@/components/Sentence';
import { SiteImage } from '@/components/SiteImage';
import { sentenceMarkers } from '@/components/sentence-markers';
import { TextTranslation } from '@/components/TextTranslation';
import type { ListSource } from '@/lib/explore/explore-model';
import { t } from '@/lib/i18n';
import { siteLinks } from '../site-links';
import { UserLink } from './Cards';
import { retryDetail, useDetail } from './explore-data';
import { useViewLink } from './navigation';
import { useProjectStatus } from './project-status-port';
import { ViewLists } from './ViewLists';
import { ViewLoading } from './ViewLoading';
import { Stat, Stats, TextSection, ViewBar, ViewError } from './ViewParts';

type ProjectList = 'remixes' | 'project-studios';

function RemixOf({ id }: { id: number }) {
  const onClick = useViewLink({ detail: 'project', id });
  return (
    <a href={siteLinks.project(id)} target="_blank" rel="noreferrer" onClick={onClick}>
      {t('explore.project.remixOf', [String(id)])}
    </a>
  );
}

/** Loved / favorited by the member, from the project-status service (nothing while unknown). */
function MemberStatus({ projectId }: { projectId: number }) {
  const { loved, favorited } = useProjectStatus(projectId);
  if (loved === undefined && favorited === undefined) return null;
  return (
    <ul
      class="x-marks"
      data-testid="project-status"
      data-loved={String(loved)}
      data-favorited={String(favorited)}
    >
      {loved !== undefined && (
        <li class={loved ? 'x-mark is-on' : 'x-mark'}>
          {loved ? t('explore.project.loved') : t('explore.project.notLoved')}
        </li>
      )}
      {favorited !== undefined && (
        <li class={favorited ? 'x-mark is-on' : 'x-mark'}>
          {favorited ? t('explore.project.favorited') : t('explore.project.notFavorited')}
        </li>
      )}
    </ul>
  );
}

function ProjectLists({ uid, projectId }: { uid: string; projectId: number }) {
  return (
    <ViewLists<ProjectList>
      uid={uid}
      tabs={[
        { name: 'remixes', label: t('explore.project.remixes'), testId: 'project-list-remixes' },
        { name: 'project-studios', label: t('explore.project.studios'), testId: 'project-list-studios' },
      ]}
      first="remixes"
      sourceOf={(name) => ({ source: name, projectId }) as ListSource}
      empty={(name) => (name === 'remixes' ? t('explore.project.noRemixes') : t('explore.project.noStudios'))}
      moreHref={(name) =>
        name === 'remixes' ? `${siteLinks.project(projectId)}remixes/` : siteLinks.project(projectId)
      }
    />
  );
}

/**
 * A project inside the popup: thumbnail, title, author, stats, instructions and notes (text),
 * whether the member loved and favorited it, its remixes and studios. An unshared project reads
 * with the member's token: theirs shows (marked as not shared), someone else's is "not shared".
 */
export function ProjectView({ uid, id, member }: { uid: string; id: number; member: string }) {
  const source = { detail: 'project', id } as const;
  const entry = useDetail(source);
  const project = entry?.value ?? null;
  return (
    <article
      tabIndex={-1}
      class="x-view"
      data-testid="project-view"
      data-project-id={String(id)}
      aria-labelledby={`${uid}-title`}
    >
      <ViewBar href={siteLinks.project(id)} />
      {project !== null ? (
        <>
          <SiteImage class="x-hero" src={project.thumbnailUrl} width={356} height={267} />
          <div class="x-view-body">
            <h1 id={`${uid}-title`} class="x-title">
              <bdi>{project.title}</bdi>
            </h1>
            <TextTranslation text={project.title} />
            <p class="x-byline">
              <Avatar src={project.authorImage} name={project.author} size={24} />
              <Sentence
                message={t('explore.byAuthor', sentenceMarkers(1))}
                parts={[<UserLink key="a" username={project.author} class="x-strong" />]}
              />
              {project.sharedAt !== null && (
                <span class="x-date">
                  {' · '}
                  <Sentence
                    message={t('explore.project.shared', sentenceMarkers(1))}
                    parts={[<RelativeTime key="t" time={project.sharedAt} />]}
                  />
                </span>
              )}
            </p>
            {!project.shared && (
              <p class="x-notice" data-testid="project-unshared">
                {project.author === member
                  ? t('explore.project.unsharedOwn')
                  : t('explore.project.notSharedText')}
              </p>
            )}
            <Stats>
              <Stat icon="views" count={project.stats.views} label="explore.stats.views" />
              <Stat icon="loves" count={project.stats.loves} label="explore.stats.loves" />
              <Stat icon="favorites" count={project.stats.favorites} label="explore.stats.favorites" />
              <Stat icon="remixes" count={project.stats.remixes} label="explore.stats.remixes" />
            </Stats>
            <MemberStatus projectId={id} />
            {project.remixParent !== null && (
              <p class="x-remix-of">
                <RemixOf id={project.remixParent} />
              </p>
            )}
            <TextSection
              heading={t('explore.project.instructions')}
              text={project.instructions}
              testId="project-instructions"
            />
            <TextSection
              heading={t('explore.project.notes')}
              text={project.description}
              testId="project-notes"
            />
          </div>
          {project.shared && <ProjectLists uid={uid} projectId={id} />}
        </>
      ) : entry?.error?.kind === 'not-found' ? (
        <div class="x-view-body x-not-shared" data-testid="project-not-shared">
          <h1 id={`${uid}-title`} class="x-title">
            {t('explore.project.notShared')}
          </h1>
          <p>{t('explore.project.notSharedText')}</p>
        </div>
      ) : entry?.error ? (
        <ViewError
          titleId={`${uid}-title`}
          title={t('explore.search.openProject', [String(id)])}
          titleHidden
          error={entry.error}
          onRetry={() => retryDetail(source)}
        />
      ) : (
        <ViewLoading />
      )}
    </article>
  );
}
