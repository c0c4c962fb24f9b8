import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { Empty } from '@/components/Empty';
import { LineIcon } from '@/components/LineIcon';
import { ListStatus } from '@/components/ListStatus';
import { ProjectCard } from '@/components/ProjectCard';
import { Sentence } from '@/components/Sentence';
import { SiteLink } from '@/components/SiteLink';
import { sentenceMarkers } from '@/components/sentence-markers';
import { TabBar, type TabBarItem, TabPanel } from '@/components/TabBar';
import { currentProfile } from '@/lib/config';
import { formatNumber, plural, t } from '@/lib/i18n';
import { MY_STUFF_MAX_ITEMS, type MyProject, type MyStuffListName } from '@/lib/mystuff/mystuff-model';
import { projectWeekGainsItem } from '@/lib/project-history/week-gains-storage';
import { sendSurvivingRestart } from '@/lib/protocol/background-gone';
import type { SessionUser } from '@/lib/session/session-model';
import { sendMessage } from '../background-messages';
import { markFirstItemPainted } from '../first-item-mark';
import { usePainted } from '../first-paint';
import { lazyView } from '../lazy-view';
import { siteLinks } from '../site-links';
import { useStorageItem } from '../storage-hooks';
import { findProjects, MY_STUFF_SORTS, type MyStuffSort } from './find';
import { useMemberStuff } from './mystuff-data';

/** Performance mark of the first painted project (the popup benchmark's first item of this tab). */
export const FIRST_MYSTUFF_MARK = 'companion:first-mystuff-item';
/**
 * Cards in the first frame: a screenful (two columns, three rows). The rest (up to 400) follow right
 * after it is painted (first-paint.ts): building every card first cost the tab 35–42 ms.
 */
const FIRST_FRAME_CARDS = 6;

const SECTIONS: readonly TabBarItem<MyStuffListName>[] = [
  { name: 'shared', label: t('mystuff.sections.shared'), testId: 'mystuff-section-shared' },
  { name: 'favorites', label: t('mystuff.sections.favorites'), testId: 'mystuff-section-favorites' },
];

const SORT_WORDS = {
  newest: 'mystuff.sort.newest',
  loves: 'mystuff.sort.loves',
  views: 'mystuff.sort.views',
} as const;

/** The site's pages of each list: linked from an empty list and at the popup's cap. */
const site = () => currentProfile().site;
const PAGES = {
  shared: (username: string) => `${siteLinks.user(username)}projects/`,
  favorites: (username: string) => `${siteLinks.user(username)}favorites/`,
};
const EMPTY = {
  shared: {
    text: 'mystuff.empty.shared',
    link: 'mystuff.empty.sharedLink',
    href: () => `${site()}/mystuff/`,
  },
  favorites: {
    text: 'mystuff.empty.favorites',
    link: 'mystuff.empty.favoritesLink',
    href: () => `${site()}/explore/projects/all/`,
  },
} as const;
const STAT_WORDS = {
  loves: 'explore.stats.loves',
  favorites: 'explore.stats.favorites',
  views: 'explore.stats.views',
  remixes: 'explore.stats.remixes',
} as const;

/** The counts on a card, in the order the site's project page shows them. */
const STATS = [
  ['loves', 'M8 13.5S2 10 2 6.2A3 3 0 0 1 8 5a3 3 0 0 1 6 1.2C14 10 8 13.5 8 13.5z'],
  ['favorites', 'M8 2l1.8 3.8 4.2.5-3.1 2.9.8 4.1L8 11.3l-3.7 2 .8-4.1L2 6.3l4.2-.5z'],
  [
    'views',
    'M1.5 8s2.4-4.5 6.5-4.5S14.5 8 14.5 8 12.1 12.5 8 12.5 1.5 8 1.5 8zM8 6a2 2 0 1 0 0 4 2 2 0 0 0 0-4z',
  ],
  ['remixes', 'M3 5h7l-2-2m2 2-2 2M13 11H6l2-2m-2 2 2 2'],
] as const;

/** Performance mark of the member's click that opens "Over time" (scripts/bench/popup-over-time.ts). */
export const OVER_TIME_OPENED_MARK = 'companion:over-time-opened';

/** "Over time", a chunk of its own: loaded when the member opens it, its record read before it shows. */
const overTime = lazyView<{ member: SessionUser; project: number | null; onBack: () => void }>(() =>
  import('./over-time/OverTimeView').then((module) => module.loadOverTime()),
);

/** This member's projects' gains this week, by project id (written with the daily record). */
function useWeekGains(username: string): Map<number, number> {
  const gains = useStorageItem(projectWeekGainsItem);
  return useMemo(
    () => new Map(Object.hasOwn(gains, username) ? (gains[username] ?? []) : []),
    [gains, username],
  );
}

/** A card's gain this week; a click opens the project's own chart. */
function WeekGain({ gain, onOpen }: { gain: number; onOpen: () => void }) {
  return (
    <button
      type="button"
      class="ms-gain"
      data-testid="project-gain"
      data-gain={String(gain)}
      onClick={onOpen}
    >
      {t('overTime.gain', [formatNumber(gain)])}
    </button>
  );
}

/**
 * Failures are recorded in the list's `error`; a background that is not there shows in the frame.
 * A background stopped mid-read is asked once more (the read died with it; a new one starts).
 */
const ask = (send: () => Promise<void>) => sendSurvivingRestart(send).catch(() => undefined);

/** A project's counts as the interface gave them, each number in the member's language. */
function Stats({ project }: { project: MyProject }) {
  return (
    <ul class="ms-stats">
      {STATS.map(([name, path]) => {
        const count = project.stats[name];
        if (count === undefined) return null;
        const words = plural(STAT_WORDS[name], count);
        return (
          <li key={name} title={words} data-stat={name} data-count={String(count)}>
            <LineIcon d={path} size={12} stroke={1.4} filled={name === 'loves' || name === 'favorites'} />
            <span aria-hidden="true">{formatNumber(count)}</span>
            <span class="visually-hidden">{words}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** The order of the cards, chosen from My Stuff's sorts. */
function SortChoice({ sort, onSort }: { sort: MyStuffSort; onSort: (sort: MyStuffSort) => void }) {
  return (
    <label class="ms-sort">
      <span>{t('mystuff.sortLabel')}</span>
      <select
        data-testid="mystuff-sort"
        value={sort}
        onChange={(event) => onSort(event.currentTarget.value as MyStuffSort)}
      >
        {MY_STUFF_SORTS.map((name) => (
          <option key={name} value={name}>
            {t(SORT_WORDS[name])}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The My Stuff tab: the member's own shared projects or their favorites (a segmented control),
 * searched by title as they type and sorted by newest, most loved or most viewed. Each list paints
 * from the cache at once; the list shown is then refreshed if older than the service's freshness
 * window (one read in flight for every open popup: the service shares it).
 */
export function MyStuffTab({ member }: { member: SessionUser }) {
  const { username } = member;
  const stuff = useMemberStuff(username);
  const [section, setSection] = useState<MyStuffListName>('shared');
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<MyStuffSort>('newest');
  /** "Over time" open (on the totals, or on one project's chart), or null for the lists. */
  const [overTimeOn, setOverTimeOn] = useState<{ project: number | null } | null>(null);
  const gains = useWeekGains(username);

  useEffect(() => {
    ask(() => sendMessage('refreshMyStuff', { lists: [section] }));
  }, [username, section]);
  const refresh = useCallback(
    () => ask(() => sendMessage('refreshMyStuff', { lists: [section], force: true })),
    [section],
  );

  const list = stuff[section];
  const shown = useMemo(() => findProjects(list.items, query, sort), [list.items, query, sort]);
  const searching = query.trim() !== '';
  const anyCard = shown.length > 0;
  const painted = usePainted();
  useLayoutEffect(() => {
    // Marked as every tab marks its first item (first-item-mark.ts): the benchmark times them alike.
    if (anyCard) markFirstItemPainted(FIRST_MYSTUFF_MARK);
  }, [anyCard]);

  if (overTimeOn !== null)
    return <overTime.View member={member} project={overTimeOn.project} onBack={() => setOverTimeOn(null)} />;

  return (
    <div class="mystuff">
      <TabBar
        group="mystuff"
        class="segmented"
        label={t('mystuff.sectionsLabel')}
        tabs={SECTIONS}
        selected={section}
        onSelect={setSection}
      />
      <TabPanel group="mystuff" name={section} class="ms-panel">
        <section class="ms-list" data-testid="mystuff-list" data-list={section}>
          <div class="ms-tools">
            <input
              type="search"
              class="ms-search"
              data-testid="mystuff-search"
              aria-label={t('mystuff.search')}
              placeholder={t('mystuff.search')}
              value={query}
              onInput={(event) => setQuery(event.currentTarget.value)}
            />
            <SortChoice sort={sort} onSort={setSort} />
            {section === 'shared' && (
              <button
                type="button"
                class="ms-over-time"
                data-testid="mystuff-open-over-time"
                onPointerEnter={() => void overTime.preload()}
                onClick={() => {
                  performance.mark(OVER_TIME_OPENED_MARK);
                  setOverTimeOn({ project: null });
                }}
              >
                {t('overTime.open')}
              </button>
            )}
          </div>
          <ListStatus list={list} onRefresh={refresh} />
          {shown.length > 0 ? (
            <ul
              class="ms-grid"
              data-testid="mystuff-projects"
              data-count={String(shown.length)}
              // Busy until every card is there (a screenful first, the rest after it is painted).
              aria-busy={painted ? 'false' : 'true'}
            >
              {(painted ? shown : shown.slice(0, FIRST_FRAME_CARDS)).map((project) => (
                <ProjectCard
                  key={project.id}
                  id={project.id}
                  title={project.title}
                  thumbnailUrl={project.thumbnailUrl}
                  href={siteLinks.project(project.id)}
                >
                  {section === 'favorites' && (
                    <span class="card-sub">
                      <Sentence
                        message={t('feed.byAuthor', sentenceMarkers(1))}
                        parts={[
                          <SiteLink key="a" href={siteLinks.user(project.author)} text={project.author} />,
                        ]}
                      />
                    </span>
                  )}
                  <Stats project={project} />
                  {section === 'shared' && gains.has(project.id) && (
                    <WeekGain
                      gain={gains.get(project.id) as number}
                      onOpen={() => setOverTimeOn({ project: project.id })}
                    />
                  )}
                </ProjectCard>
              ))}
            </ul>
          ) : searching && list.items.length > 0 ? (
            <Empty>
              <span data-testid="mystuff-no-match">{t('mystuff.noMatch', [query.trim()])}</span>
            </Empty>
          ) : list.readAt > 0 ? (
            <Empty block>
              <p data-testid="mystuff-empty">{t(EMPTY[section].text)}</p>
              <a href={EMPTY[section].href()} target="_blank" rel="noreferrer">
                {t(EMPTY[section].link)}
              </a>
            </Empty>
          ) : list.error === null ? (
            <Empty loading>{t('feed.loading')}</Empty>
          ) : null}
          {/* Every list is read whole up to the cap: past it, the rest is on the site's page of it. */}
          {list.items.length >= MY_STUFF_MAX_ITEMS && !searching && (
            <p class="list-end">
              <a
                href={PAGES[section](username)}
                target="_blank"
                rel="noreferrer"
                data-testid="mystuff-more-on-site"
              >
                {t('feed.moreOnSite')}
              </a>
            </p>
          )}
        </section>
      </TabPanel>
    </div>
  );
}
