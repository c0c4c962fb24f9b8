import { useMemo } from 'preact/hooks';
import { Empty } from '@/components/Empty';
import { ProjectCard } from '@/components/ProjectCard';
import { Sentence } from '@/components/Sentence';
import { SiteLink } from '@/components/SiteLink';
import { sentenceMarkers } from '@/components/sentence-markers';
import { closeProjects } from '@/lib/feed/close-projects-model';
import type { MemberFeed } from '@/lib/feed/feed-model';
import { followingCloselyItem } from '@/lib/feed/feed-storage';
import { bellsOf } from '@/lib/feed/following-closely-model';
import { belledStudioNews } from '@/lib/feed/studio-news-model';
import { studioNewsItem } from '@/lib/feed/studio-news-storage';
import { t } from '@/lib/i18n';
import { siteLinks } from '../site-links';
import { primeStorageItems, useStorageItem } from '../storage-hooks';

/**
 * "Following closely", at the top of the Feed tab: the recent projects of the people and studios
 * with a bell, first, from the lists the feed already holds and the belled studios' own activity as
 * the background keeps it (no read of its own). FeedTab loads it on demand, only while a bell is
 * rung: members without bells never load it.
 */
export function FollowingClosely({ feed }: { feed: MemberFeed }) {
  const bells = bellsOf(useStorageItem(followingCloselyItem));
  const news = useStorageItem(studioNewsItem);
  const projects = useMemo(
    () =>
      closeProjects(bells, {
        shared: feed.shared.items,
        studios: feed.studios.items,
        activity: feed.activity.items,
        studioNews: belledStudioNews(news, bells),
      }),
    [bells, feed, news],
  );
  return (
    <section
      class="followed-projects following-closely"
      data-testid="following-closely"
      aria-labelledby="following-closely"
    >
      <h2 id="following-closely" class="section-heading">
        {t('followingClosely.heading')}
      </h2>
      {projects.length > 0 ? (
        <ul class="project-grid">
          {projects.map((project) => (
            <ProjectCard
              key={project.id}
              id={project.id}
              title={project.title}
              thumbnailUrl={project.thumbnailUrl ?? siteLinks.thumbnail(project.id)}
              href={siteLinks.project(project.id)}
            >
              <span class="card-sub">
                {project.studio !== undefined ? (
                  <Sentence
                    message={t('followingClosely.inStudio', sentenceMarkers(1))}
                    parts={[
                      <SiteLink
                        key="studio"
                        href={siteLinks.studio(project.studio.id)}
                        text={project.studio.title}
                      />,
                    ]}
                  />
                ) : (
                  <Sentence
                    message={t('feed.byAuthor', sentenceMarkers(1))}
                    parts={[
                      <SiteLink
                        key="author"
                        href={siteLinks.user(project.by ?? '')}
                        text={project.by ?? ''}
                      />,
                    ]}
                  />
                )}
              </span>
            </ProjectCard>
          ))}
        </ul>
      ) : (
        <Empty>{t('followingClosely.nothingYet')}</Empty>
      )}
    </section>
  );
}

/**
 * The view, with the belled studios' news read for its first frame: primed here, with this chunk,
 * rather than with every popup's first frame (most members ring no bell). Unread, the view reads it
 * itself.
 */
export async function withStudioNews(): Promise<typeof FollowingClosely> {
  await primeStorageItems([studioNewsItem]).catch(() => undefined);
  return FollowingClosely;
}
