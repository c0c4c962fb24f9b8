import { useCallback, useEffect, useState } from 'preact/hooks';
import { TabBar, type TabBarItem, TabPanel } from '@/components/TabBar';
import type { FeedListName, MemberFeed } from '@/lib/feed/feed-model';
import { followingCloselyItem } from '@/lib/feed/feed-storage';
import { t } from '@/lib/i18n';
import { sendSurvivingRestart } from '@/lib/protocol/background-gone';
import type { SessionUser } from '@/lib/session/session-model';
import { sendMessage } from '../background-messages';
import { lazyView } from '../lazy-view';
import { useStorageItem } from '../storage-hooks';
import { ActivityFeed } from './ActivityFeed';
import { useFeedSettings, useMemberFeed } from './feed-data';
import { ProjectSection } from './ProjectSection';
import { useMemberStatuses } from './project-statuses';

/**
 * BENCHMARK BASELINE ONLY (scripts/bench/popup.ts): `popup.html?networkFirst=1` waits for a forced
 * read before showing any item, as a popup without a cache would. Members never get this address.
 */
const networkFirst = new URLSearchParams(location.search).has('networkFirst');

const SECTIONS: readonly TabBarItem<FeedListName>[] = [
  { name: 'activity', label: t('feed.sections.activity'), testId: 'feed-section-activity' },
  { name: 'shared', label: t('feed.sections.shared'), testId: 'feed-section-shared' },
  { name: 'loved', label: t('feed.sections.loved'), testId: 'feed-section-loved' },
  { name: 'studios', label: t('feed.sections.studios'), testId: 'feed-section-studios' },
];

/** "Following closely": its own chunk, loaded only while a bell is rung (most members ring none). */
const followingClosely = lazyView<{ feed: MemberFeed }>(() =>
  import('./FollowingClosely').then((module) => module.withStudioNews()),
);

/**
 * Failures are recorded in the list's `error`; a background that is not there shows in the frame.
 * A background stopped mid-read is asked once more (the read died with it; a new one starts).
 */
const ask = (send: () => Promise<void>) => sendSurvivingRestart(send).catch(() => undefined);

/**
 * The Feed tab: What's Happening and the three sections of projects, as a segmented control. Every
 * list paints from the cache at once; the list shown is then refreshed if older than the service's
 * freshness window (one read in flight for every open popup: the service shares it).
 */
export function FeedTab({ member }: { member: SessionUser }) {
  const { username } = member;
  const feed = useMemberFeed(username);
  const settings = useFeedSettings();
  const statuses = useMemberStatuses();
  const bells = useStorageItem(followingCloselyItem);
  const belled = bells.people.length > 0 || bells.studios.length > 0;
  const [section, setSection] = useState<FeedListName>('activity');
  const [ready, setReady] = useState(!networkFirst);

  useEffect(() => {
    if (networkFirst && section === 'activity') {
      ask(() => sendMessage('refreshFeed', { lists: ['activity'], force: true })).then(() => setReady(true));
      return;
    }
    ask(() => sendMessage('refreshFeed', { lists: [section] }));
  }, [username, section]);

  const refresh = useCallback(
    () => ask(() => sendMessage('refreshFeed', { lists: [section], force: true })),
    [section],
  );
  const more = useCallback(() => ask(() => sendMessage('loadMoreFeed', { list: section })), [section]);

  return (
    <div class="feed">
      {belled && <followingClosely.View feed={feed} />}
      <TabBar
        group="feed"
        class="segmented"
        label={t('feed.sectionsLabel')}
        tabs={SECTIONS}
        selected={section}
        onSelect={setSection}
      />
      <TabPanel group="feed" name={section} class="feed-panel">
        {section === 'activity' ? (
          <ActivityFeed
            username={username}
            feed={feed}
            settings={settings}
            ready={ready}
            onRefresh={refresh}
            onMore={more}
          />
        ) : (
          <ProjectSection
            key={section}
            name={section}
            list={feed[section]}
            statuses={statuses}
            hideLoved={settings.hideLoved}
            onRefresh={refresh}
            onMore={more}
          />
        )}
      </TabPanel>
    </div>
  );
}
