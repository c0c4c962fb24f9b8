/**
 * Explore (`/explore/projects|studios/<tag>/`) and search (`/search/projects|studios?q=`):
 * thumbnail grids `#projectBox > div.grid > div.flex-row > div.thumbnail`, "Load More" appending,
 * and category, sort and search changes that reload the page, as on the live site.
 */
import { byId, h, notice, replaceChildren } from './dom.js';
import { startMessageCount } from './nav.js';
import { apiGet, pageConfig } from './net.js';
import { fromProject, fromStudio, thumbnail } from './thumbnail.js';

const PAGE_SIZE = 16;
const TAGS = ['all', 'animations', 'art', 'games', 'music', 'stories', 'tutorials'];
const MODES: [string, string][] = [
  ['trending', 'Trending'],
  ['popular', 'Popular'],
  ['recent', 'Recent'],
];

async function main(): Promise<void> {
  void startMessageCount();
  const view = byId('view');
  const page = pageConfig().page;
  const isSearch = page.kind === 'search';
  const type = page.type === 'studios' ? 'studios' : 'projects';
  const tag = page.tag ?? 'all';
  const mode = page.mode || (isSearch ? 'popular' : 'trending');
  const q = isSearch ? (page.q ?? '') : tag === 'all' ? '*' : tag;
  const language = navigator.language.split('-')[0] || 'en';

  const urlFor = (next: { type?: string; tag?: string; mode?: string }) =>
    isSearch
      ? `/search/${next.type ?? type}?q=${encodeURIComponent(page.q ?? '')}&mode=${encodeURIComponent(next.mode ?? mode)}`
      : `/explore/${next.type ?? type}/${encodeURIComponent(next.tag ?? tag)}/${encodeURIComponent(next.mode ?? mode)}`;

  const select = h(
    'select',
    { class: 'sort-mode', name: 'mode' },
    ...MODES.map(([value, label]) => h('option', { value, selected: value === mode }, label)),
  );
  select.addEventListener('change', () => location.assign(urlFor({ mode: select.value })));

  const row = h('div', { class: 'flex-row' });
  const loadMore = h('button', { class: 'button', type: 'button', hidden: true }, 'Load More');
  const status = notice('Loading…');
  const searchInput = h('input', { type: 'text', name: 'q', value: page.q ?? '', placeholder: 'Search' });

  replaceChildren(
    view,
    h(
      'div',
      { class: isSearch ? 'search' : 'explore' },
      h('h1', { class: 'title-banner' }, isSearch ? 'Search' : 'Explore'),
      isSearch &&
        h(
          'form',
          { class: 'search-form', action: `/search/${type}`, method: 'get' },
          searchInput,
          h('button', { class: 'button', type: 'submit' }, 'Search'),
        ),
      h(
        'div',
        { class: 'tabs' },
        ...['projects', 'studios'].map((t) =>
          h(
            'a',
            { class: `tab${t === type ? ' active' : ''}`, href: urlFor({ type: t }) },
            t === 'projects' ? 'Projects' : 'Studios',
          ),
        ),
      ),
      !isSearch &&
        h(
          'div',
          { class: 'sort-controls' },
          ...TAGS.map((t) =>
            h(
              'a',
              { class: `button category${t === tag ? ' active' : ''}`, href: urlFor({ tag: t }) },
              t === 'all' ? 'All' : t[0]?.toUpperCase() + t.slice(1),
            ),
          ),
        ),
      h('div', { class: 'sort-mode-row' }, select),
      h('div', { id: 'projectBox' }, status, h('div', { class: 'grid' }, row), loadMore),
    ),
  );
  document.title = isSearch ? `Search "${page.q ?? ''}"` : `Explore ${type}`;

  let loaded = 0;
  const loadPage = async () => {
    loadMore.disabled = true;
    try {
      const items = await apiGet<unknown[]>(`/${isSearch ? 'search' : 'explore'}/${type}`, {
        q,
        mode,
        language,
        limit: PAGE_SIZE,
        offset: loaded,
      });
      loaded += items.length;
      for (const item of items) {
        row.append(
          type === 'projects'
            ? thumbnail(fromProject(item), { showStats: true })
            : thumbnail(fromStudio(item)),
        );
      }
      status.remove();
      if (loaded === 0)
        row.before(notice(isSearch ? 'Nothing matched your search.' : 'Nothing here yet.', 'empty'));
      loadMore.hidden = items.length < PAGE_SIZE;
    } catch {
      status.textContent = 'Could not load the list. Please try again.';
      status.className = 'notice notice-error';
    } finally {
      loadMore.disabled = false;
    }
  };
  loadMore.addEventListener('click', () => void loadPage());
  await loadPage();
}

void main();
