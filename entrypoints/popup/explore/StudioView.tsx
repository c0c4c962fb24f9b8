import { useState } from 'preact/hooks';
import { Avatar } from '@/components/Avatar';
import { Empty } from '@/components/Empty';
import { RelativeTime } from '@/components/RelativeTime';
import { SiteImage } from '@/components/SiteImage';
import { TextTranslation } from '@/components/TextTranslation';
import type { CommentItem, ListSource } from '@/lib/explore/explore-model';
import { plural, t } from '@/lib/i18n';
import { Bell } from '../Bell';
import { siteLinks } from '../site-links';
import { UserLink } from './Cards';
import { ExploreErrorLine } from './ExploreErrorLine';
import { retryDetail, useDetail, useList, useMore } from './explore-data';
import { ExploreListEnd } from './ListView';
import { ViewLoading } from './ViewLoading';
import { LongText, Stat, Stats, ViewBar, ViewError } from './ViewParts';

function Comment({ comment, studioId }: { comment: CommentItem; studioId: number }) {
  const [showReplies, setShowReplies] = useState(false);
  return (
    <li class="x-comment" data-testid="studio-comment" data-comment-id={String(comment.id)}>
      <Avatar src={comment.authorImage} name={comment.author} size={32} />
      <div class="x-comment-body">
        <p class="x-comment-head">
          <UserLink username={comment.author} class="x-strong" />{' '}
          <RelativeTime time={comment.createdAt} class="x-date" />
        </p>
        <p class="x-comment-text" dir="auto">
          {comment.content}
        </p>
        <TextTranslation text={comment.content} />
        {comment.replyCount > 0 && (
          <button
            type="button"
            class="text-button x-replies-toggle"
            aria-expanded={showReplies}
            data-testid="show-replies"
            onClick={() => setShowReplies(!showReplies)}
          >
            {showReplies
              ? t('explore.studio.hideReplies')
              : plural('explore.studio.showReplies', comment.replyCount)}
          </button>
        )}
        {showReplies && <Replies studioId={studioId} commentId={comment.id} />}
      </div>
    </li>
  );
}

/** Replies of one comment, read when asked for, the next ones on a click. */
function Replies({ studioId, commentId }: { studioId: number; commentId: number }) {
  const source: ListSource = { source: 'comment-replies', studioId, commentId };
  const list = useList(source);
  const more = useMore(source);
  if (list === null || (list.readAt === 0 && list.error === null)) return <ViewLoading />;
  return (
    <>
      {list.error !== null && <ExploreErrorLine error={list.error} kept={list.items.length > 0} />}
      <ul class="x-comments x-replies" data-testid="comment-replies">
        {list.items.map((reply) =>
          reply.type === 'comment' ? <Comment key={reply.id} comment={reply} studioId={studioId} /> : null,
        )}
      </ul>
      {!list.complete && list.loading === null && list.error === null && (
        <button type="button" class="text-button" onClick={more}>
          {t('explore.studio.moreReplies')}
        </button>
      )}
      {list.loading === 'more' && <ViewLoading />}
    </>
  );
}

function Comments({ studioId, allowed }: { studioId: number; allowed: boolean }) {
  const source: ListSource = { source: 'studio-comments', studioId };
  const list = useList(source);
  const more = useMore(source);
  return (
    <section class="x-block x-comments-block" aria-labelledby={`x-studio-comments-${studioId}`}>
      <h2 id={`x-studio-comments-${studioId}`} class="x-heading">
        {t('explore.studio.comments')}
      </h2>
      {!allowed && <p class="muted">{t('explore.studio.commentsOff')}</p>}
      {list === null || (list.readAt === 0 && list.error === null) ? (
        <ViewLoading />
      ) : (
        <>
          {list.error !== null && list.loading === null && (
            <ExploreErrorLine error={list.error} kept={list.items.length > 0} />
          )}
          {list.items.length > 0 ? (
            <ul class="x-comments">
              {list.items.map((comment) =>
                comment.type === 'comment' ? (
                  <Comment key={comment.id} comment={comment} studioId={studioId} />
                ) : null,
              )}
            </ul>
          ) : (
            list.readAt > 0 && <Empty>{t('explore.studio.noComments')}</Empty>
          )}
          <ExploreListEnd list={list} onMore={more} moreHref={`${siteLinks.studio(studioId)}comments/`} />
        </>
      )}
    </section>
  );
}

/** A studio inside the popup: title, description, stats, and its comments with replies on demand. */
export function StudioView({ uid, id }: { uid: string; id: number }) {
  const source = { detail: 'studio', id } as const;
  const entry = useDetail(source);
  const studio = entry?.value ?? null;
  return (
    <article
      tabIndex={-1}
      class="x-view"
      data-testid="studio-view"
      data-studio-id={String(id)}
      aria-labelledby={`${uid}-title`}
    >
      <ViewBar href={siteLinks.studio(id)} />
      {studio !== null ? (
        <>
          <SiteImage class="x-hero x-hero-studio" src={studio.thumbnailUrl} width={356} height={209} />
          <div class="x-view-body">
            <h1 id={`${uid}-title`} class="x-title">
              <bdi>{studio.title}</bdi>
            </h1>
            <Bell studio={{ id, title: studio.title }} note={t('followingClosely.studioNote')} />
            <Stats>
              <Stat icon="projects" count={studio.stats.projects} label="explore.stats.projects" />
              <Stat icon="people" count={studio.stats.followers} label="explore.stats.followers" />
              <Stat icon="favorites" count={studio.stats.managers} label="explore.stats.managers" />
              <Stat icon="comments" count={studio.stats.comments} label="explore.stats.comments" />
            </Stats>
            {studio.modified !== null && (
              <p class="x-meta">
                <RelativeTime time={studio.modified} />
              </p>
            )}
            {studio.description.trim() !== '' && (
              <LongText text={studio.description} testId="studio-description" />
            )}
            <Comments studioId={id} allowed={studio.commentsAllowed} />
          </div>
        </>
      ) : entry?.error ? (
        <ViewError
          titleId={`${uid}-title`}
          title={t('explore.search.openStudio', [String(id)])}
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
