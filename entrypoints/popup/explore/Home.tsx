import type { ComponentProps } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Chip } from '@/components/Chip';
import { Empty } from '@/components/Empty';
import { TabBar } from '@/components/TabBar';
import { settledSearch } from '@/lib/concurrency/settled-search';
import { currentProfile } from '@/lib/config';
import {
  EXPLORE_LANGUAGES,
  EXPLORE_SORTS,
  EXPLORE_TAGS,
  normalizeQuery,
  SEARCH_SORTS,
} from '@/lib/explore/explore-keys-model';
import type { ExploreKind, ExploreSort, ExploreTag, ListSource } from '@/lib/explore/explore-model';
import { exploreCacheItem } from '@/lib/explore/explore-storage';
import { plural, t } from '@/lib/i18n';
import { sendMessage } from '../background-messages';
import { usePainted } from '../first-paint';
import { useStorageItem } from '../storage-hooks';
import { ExploreErrorLine } from './ExploreErrorLine';
import { ask, effectiveLanguage, setSettings, useList, useMore, useRetry, useSettings } from './explore-data';
import { FeaturedRows } from './FeaturedRows';
import { ItemList } from './ListView';
import { directTarget, useNavigation } from './navigation';

const TAG_KEYS = {
  '*': 'explore.browse.tags.all',
  animations: 'explore.browse.tags.animations',
  art: 'explore.browse.tags.art',
  games: 'explore.browse.tags.games',
  music: 'explore.browse.tags.music',
  stories: 'explore.browse.tags.stories',
  tutorials: 'explore.browse.tags.tutorials',
} as const satisfies Record<ExploreTag, string>;
const SORT_KEYS = {
  popular: 'explore.browse.sorts.popular',
  trending: 'explore.browse.sorts.trending',
  recent: 'explore.browse.sorts.recent',
} as const satisfies Record<ExploreSort, string>;

function languageName(code: string): string {
  try {
    return new Intl.DisplayNames([navigator.language], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function SortSelect({
  id,
  value,
  sorts,
  onChange,
}: {
  id: string;
  value: ExploreSort;
  sorts: readonly ExploreSort[];
  onChange: (sort: ExploreSort) => void;
}) {
  return (
    <label class="x-select" for={id}>
      <span>{t('explore.browse.sortLabel')}</span>
      <select
        id={id}
        data-testid="explore-sort"
        value={value}
        onChange={(event) => onChange((event.currentTarget as HTMLSelectElement).value as ExploreSort)}
      >
        {sorts.map((sort) => (
          <option key={sort} value={sort}>
            {t(SORT_KEYS[sort])}
          </option>
        ))}
      </select>
    </label>
  );
}

function LanguageSelect({ id, value, own }: { id: string; value: string; own: string }) {
  const codes = useMemo(() => [own, ...EXPLORE_LANGUAGES.filter((code) => code !== own)], [own]);
  return (
    <label class="x-select" for={id}>
      <span>{t('explore.browse.languageLabel')}</span>
      <select
        id={id}
        data-testid="explore-language"
        value={value}
        onChange={(event) => setSettings({ language: (event.currentTarget as HTMLSelectElement).value })}
      >
        <option value="*">{t('explore.browse.anyLanguage')}</option>
        {codes.map((code) => (
          <option key={code} value={code}>
            {languageName(code)}
          </option>
        ))}
      </select>
    </label>
  );
}

function ProjectsCount() {
  const { projectCount } = useStorageItem(exploreCacheItem);
  if (projectCount.count === null) return null;
  return (
    <p class="x-pride" data-testid="projects-count" data-count={String(projectCount.count)}>
      {plural('explore.count', projectCount.count)}
    </p>
  );
}

/**
 * A list of search results or of explore by tag, under its sort and language (the language is the
 * Explore tab's, shared by both).
 */
function SortedList(props: {
  id: string;
  sort: ExploreSort;
  sorts: readonly ExploreSort[];
  onSort: (sort: ExploreSort) => void;
  list: ComponentProps<typeof ItemList>;
}) {
  const settings = useSettings();
  return (
    <>
      <div class="x-controls">
        <SortSelect id={`${props.id}-sort`} value={props.sort} sorts={props.sorts} onChange={props.onSort} />
        <LanguageSelect
          id={`${props.id}-language`}
          value={effectiveLanguage(settings)}
          own={effectiveLanguage({ ...settings, language: '' })}
        />
      </div>
      <ItemList {...props.list} />
    </>
  );
}

/** A project, studio or profile address (or a project number) pasted into the field: open it here. */
function DirectOpen({ text }: { text: string }) {
  const navigation = useNavigation();
  const target = directTarget(text, currentProfile().site);
  if (target === null) return null;
  const label =
    target.detail === 'project'
      ? t('explore.search.openProject', [String(target.id)])
      : target.detail === 'studio'
        ? t('explore.search.openStudio', [String(target.id)])
        : t('explore.search.openUser', [target.username]);
  return (
    <p class="x-direct">
      <button
        type="button"
        class="button x-direct-button"
        data-testid="search-open-direct"
        onClick={(event) => navigation.open(target, event.currentTarget)}
      >
        {label}
      </button>
    </p>
  );
}

/** The search's results under their sort, with a quiet mark while what was typed is still being searched. */
function SearchResults({
  uid,
  query,
  busy,
  list,
}: {
  uid: string;
  query: string;
  busy: boolean;
  list: ComponentProps<typeof ItemList>;
}) {
  const settings = useSettings();
  return (
    <section
      class="x-section"
      aria-labelledby={`${uid}-results`}
      data-testid="search-results"
      data-query={query}
    >
      <div class="x-section-head">
        <h2 id={`${uid}-results`} class="x-heading">
          <bdi>{t('explore.search.results', [query])}</bdi>
        </h2>
        {busy && (
          <span class="x-progress" role="status">
            <span class="spinner" aria-hidden="true" />
            <span class="visually-hidden">{t('explore.search.searching')}</span>
          </span>
        )}
      </div>
      <SortedList
        id={`${uid}-search`}
        sort={SEARCH_SORTS.includes(settings.searchMode) ? settings.searchMode : 'popular'}
        sorts={SEARCH_SORTS}
        onSort={(mode) => setSettings({ searchMode: mode })}
        list={list}
      />
    </section>
  );
}

/** Explore by tag: the site's tags, then their list under its sort (after the first frame). */
function Browse({
  uid,
  painted,
  list,
}: {
  uid: string;
  /** The Explore tab's first frame was painted. */
  painted: boolean;
  list: ComponentProps<typeof ItemList>;
}) {
  const settings = useSettings();
  return (
    <section class="x-section" aria-labelledby={`${uid}-browse`} data-testid="explore-browse">
      <h2 id={`${uid}-browse`} class="x-heading">
        {t('explore.browse.heading')}
      </h2>
      <fieldset class="x-tags">
        <legend class="visually-hidden">{t('explore.browse.tagsLabel')}</legend>
        {EXPLORE_TAGS.map((tag) => (
          <Chip
            key={tag}
            class="x-chip"
            pressed={settings.tag === tag}
            data={{ 'data-testid': 'explore-tag', 'data-tag': tag }}
            onToggle={() => setSettings({ tag })}
          >
            {t(TAG_KEYS[tag])}
          </Chip>
        ))}
      </fieldset>
      {/* Below the featured rows, far below the fold: after the first frame (first-paint.ts). */}
      {painted && (
        <SortedList
          id={uid}
          sort={settings.mode}
          sorts={EXPLORE_SORTS}
          onSort={(mode) => setSettings({ mode })}
          list={list}
        />
      )}
    </section>
  );
}

/**
 * The Explore tab's first view: the search field (focused when the tab opens), then either the
 * search results, or the featured rows, the count of shared projects and explore by tag.
 */
export function Home({ uid }: { uid: string }) {
  const settings = useSettings();
  const language = effectiveLanguage(settings);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const search = useMemo(() => settledSearch<string, void>({ run: (q) => setQuery(q) }), []);
  const { featured } = useStorageItem(exploreCacheItem);
  const painted = usePainted();

  useEffect(() => {
    // The featured rows (hourly) and the count (daily): the service skips what is fresh.
    ask(sendMessage('refreshExploreHome', {}));
    input.current?.focus();
    return () => search.cancel();
  }, []);

  const kind = settings.kind;
  const settled = normalizeQuery(query);
  const source: ListSource =
    settled !== ''
      ? { source: 'search', kind, query: settled, mode: settings.searchMode, language }
      : { source: 'explore', kind, tag: settings.tag, mode: settings.mode, language };
  const list = useList(source);
  const more = useMore(source);
  const retry = useRetry(source);

  const onInput = (value: string) => {
    setText(value);
    if (normalizeQuery(value) === '') {
      search.cancel();
      setQuery('');
    } else {
      search.push(value);
    }
  };

  const searching = settled !== '';
  const typingAhead = normalizeQuery(text) !== settled;
  const siteSearch = `${currentProfile().site}/search/${kind}?q=${encodeURIComponent(settled)}`;
  const siteExplore = `${currentProfile().site}/explore/${kind}/${settings.tag === '*' ? 'all' : settings.tag}`;

  return (
    <div class="x-home">
      <form
        class="x-search"
        onSubmit={(event) => {
          event.preventDefault();
          search.flush();
        }}
      >
        <label class="visually-hidden" for={`${uid}-q`}>
          {t('explore.search.label')}
        </label>
        <input
          ref={input}
          id={`${uid}-q`}
          type="search"
          class="x-search-input"
          data-testid="search-input"
          placeholder={t('explore.search.placeholder')}
          value={text}
          autoComplete="off"
          spellcheck={false}
          maxLength={200}
          onInput={(event) => onInput((event.currentTarget as HTMLInputElement).value)}
          title={t('explore.search.shortcut')}
        />
        <TabBar<ExploreKind>
          group={`${uid}-kind`}
          class="segmented x-kind"
          label={t('explore.search.kindLabel')}
          tabs={[
            { name: 'projects', label: t('explore.search.projects'), testId: 'explore-kind-projects' },
            { name: 'studios', label: t('explore.search.studios'), testId: 'explore-kind-studios' },
          ]}
          selected={kind}
          onSelect={(next) => setSettings({ kind: next })}
        />
      </form>
      <DirectOpen text={text} />
      <div role="tabpanel" id={`${uid}-kind-panel-${kind}`} aria-labelledby={`${uid}-kind-tab-${kind}`}>
        {searching ? (
          <SearchResults
            uid={uid}
            query={settled}
            busy={typingAhead || list?.loading === 'refresh'}
            list={{
              list,
              onMore: more,
              onRetry: retry,
              empty: t('explore.search.nothing'),
              moreHref: siteSearch,
            }}
          />
        ) : (
          <>
            {featured.rows.length === 0 && featured.error === null && (
              <Empty loading>{t('explore.featured.loading')}</Empty>
            )}
            {featured.error !== null && featured.rows.length === 0 && (
              <ExploreErrorLine
                error={featured.error}
                onRetry={() => ask(sendMessage('refreshExploreHome', { force: true }))}
              />
            )}
            <FeaturedRows rows={featured.rows} />
            <ProjectsCount />
            <Browse
              uid={uid}
              painted={painted}
              list={{
                list,
                onMore: more,
                onRetry: retry,
                empty: t('explore.list.empty'),
                moreHref: siteExplore,
              }}
            />
          </>
        )}
      </div>
    </div>
  );
}
