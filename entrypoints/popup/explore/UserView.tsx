import { Avatar } from '@/components/Avatar';
import { RelativeTime } from '@/components/RelativeTime';
import { Sentence } from '@/components/Sentence';
import { sentenceMarkers } from '@/components/sentence-markers';
import type { ListSource } from '@/lib/explore/explore-model';
import { t } from '@/lib/i18n';
import { Bell } from '../Bell';
import { siteLinks } from '../site-links';
import { retryDetail, useDetail } from './explore-data';
import { ViewLists } from './ViewLists';
import { ViewLoading } from './ViewLoading';
import { TextSection, ViewBar, ViewError } from './ViewParts';

type UserList = 'user-projects' | 'favorites' | 'curated' | 'followers' | 'following';
const LISTS: readonly { name: UserList; label: () => string; site: string }[] = [
  { name: 'user-projects', label: () => t('explore.user.projects'), site: 'projects/' },
  { name: 'favorites', label: () => t('explore.user.favorites'), site: 'favorites/' },
  { name: 'curated', label: () => t('explore.user.curated'), site: 'studios/' },
  { name: 'followers', label: () => t('explore.user.followers'), site: 'followers/' },
  { name: 'following', label: () => t('explore.user.following'), site: 'following/' },
];

function UserLists({ uid, username }: { uid: string; username: string }) {
  return (
    <ViewLists<UserList>
      uid={uid}
      tabs={LISTS.map((entry) => ({
        name: entry.name,
        label: entry.label(),
        testId: `user-list-${entry.name}`,
      }))}
      first="user-projects"
      sourceOf={(name) => ({ source: name, username }) as ListSource}
      empty={(name) => (name === 'user-projects' ? t('explore.user.noProjects') : t('explore.user.nothing'))}
      moreHref={(name) =>
        `${siteLinks.user(username)}${LISTS.find((entry) => entry.name === name)?.site ?? ''}`
      }
    />
  );
}

/** A person inside the popup: avatar, status, bio, country, joined, and their lists, each paged. */
export function UserView({ uid, username }: { uid: string; username: string }) {
  const source = { detail: 'user', username } as const;
  const entry = useDetail(source);
  const user = entry?.value ?? null;
  return (
    <article
      tabIndex={-1}
      class="x-view"
      data-testid="user-view"
      data-username={username}
      aria-labelledby={`${uid}-title`}
    >
      <ViewBar href={siteLinks.user(username)} />
      {user !== null ? (
        <>
          <div class="x-view-body">
            <div class="x-person">
              <Avatar src={user.avatarUrl} name={user.username} size={64} />
              <div class="x-person-text">
                <h1 id={`${uid}-title`} class="x-title">
                  <bdi>{user.username}</bdi>
                </h1>
                {user.scratchteam && <span class="x-badge">{t('explore.user.scratchteam')}</span>}
                <Bell user={user.username} note={t('followingClosely.notFollowed', [user.username])} />
                <p class="x-meta">
                  {user.country !== '' && (
                    <span data-testid="user-country">
                      <bdi>{user.country}</bdi>
                    </span>
                  )}
                  {user.country !== '' && user.joined !== null && ' · '}
                  {user.joined !== null && (
                    <span data-testid="user-joined">
                      <Sentence
                        message={t('explore.user.joined', sentenceMarkers(1))}
                        parts={[<RelativeTime key="j" time={user.joined} />]}
                      />
                    </span>
                  )}
                </p>
              </div>
            </div>
            <TextSection heading={t('explore.user.bio')} text={user.bio} testId="user-bio" />
            <TextSection heading={t('explore.user.status')} text={user.status} testId="user-status" />
          </div>
          <UserLists uid={uid} username={user.username} />
        </>
      ) : entry?.error ? (
        <ViewError
          titleId={`${uid}-title`}
          title={<bdi>{username}</bdi>}
          error={entry.error}
          onRetry={() => retryDetail(source)}
        />
      ) : (
        <ViewLoading />
      )}
    </article>
  );
}
