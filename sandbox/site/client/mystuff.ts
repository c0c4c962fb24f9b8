/**
 * Legacy (scratchr2) My Stuff `/mystuff/` (docs/site-reference.md, "Legacy pages", `/mystuff/`): the
 * signed-in member's lists, loaded by this script from `/site-api/mystuff/<tab>/?page=N` into
 * `ul.media-list`, one `li > div.media-item-content` each (`.media-thumb > a[href="/projects/<id>/"] >
 * img`, `.media-info-item.title > a[href="/projects/<id>/"]`). The URL hash picks the tab (`#all`,
 * `#shared`, `#unshared`, `#galleries`); switching empties the list and loads the new tab;
 * `[data-control="load-more"]` appends the next page.
 */
import { h, projectPath, studioPath } from './dom.js';
import { startMessageCount } from './nav.js';
import { origins, projectThumbnail, siteRequest } from './net.js';
import { timeAgo } from './time.js';

const TABS = ['all', 'shared', 'unshared', 'galleries'] as const;
type Tab = (typeof TABS)[number];

interface Item {
  type: 'project' | 'gallery';
  id: number;
  title: string;
  modified: string;
  shared?: boolean;
}

const tabOf = (hash: string): Tab => {
  const name = hash.replace(/^#\/?/, '').replace(/\/$/, '');
  return (TABS as readonly string[]).includes(name) ? (name as Tab) : 'all';
};

function projectItem(item: Item): HTMLElement {
  const href = projectPath(item.id);
  return h(
    'li',
    null,
    h(
      'div',
      { class: `media-item-content${item.shared === false ? ' not-shared' : ''}`, 'data-id': item.id },
      h(
        'div',
        { class: 'media-thumb' },
        h('a', { href }, h('img', { src: projectThumbnail(item.id), width: 100, height: 80, alt: '' })),
      ),
      h(
        'div',
        { class: 'media-info' },
        h('span', { class: 'media-info-item title' }, h('a', { href }, item.title)),
        h(
          'span',
          { class: 'media-info-item date shortDateFormat', title: item.modified },
          `Last modified: ${timeAgo(item.modified)}`,
        ),
        h(
          'a',
          { class: 'media-control-edit small button grey', href: `${href}editor/`, 'data-control': 'edit' },
          'See inside',
        ),
      ),
      h(
        'div',
        { class: 'media-action' },
        item.shared === false && h('span', { class: 'media-status not-shared' }, 'Not shared'),
      ),
    ),
  );
}

function galleryItem(item: Item): HTMLElement {
  const href = studioPath(item.id);
  const image = `${origins().uploads}/get_image/gallery/${encodeURIComponent(String(item.id))}_170x100.png`;
  return h(
    'li',
    null,
    h(
      'div',
      { class: 'media-item-content gallery', 'data-id': item.id },
      h(
        'div',
        { class: 'media-thumb' },
        h('a', { href }, h('img', { src: image, width: 100, height: 80, alt: '' })),
      ),
      h(
        'div',
        { class: 'media-info' },
        h('span', { class: 'media-info-item title' }, h('a', { href }, item.title)),
        h(
          'span',
          { class: 'media-info-item date shortDateFormat', title: item.modified },
          `Last modified: ${timeAgo(item.modified)}`,
        ),
      ),
    ),
  );
}

async function main(): Promise<void> {
  void startMessageCount();
  const list = document.querySelector<HTMLElement>('#mystuff ul.media-list');
  const more = document.querySelector<HTMLButtonElement>('#mystuff [data-control="load-more"]');
  const status = document.querySelector<HTMLElement>('#mystuff .media-list-status');
  if (!list || !more || !status) return;
  let tab: Tab = tabOf(location.hash);
  let page = 0;
  /** Bumped on every tab switch: a page read for an earlier tab is dropped. */
  let generation = 0;

  const showTab = () => {
    for (const item of document.querySelectorAll<HTMLElement>('#mystuff .tabs-index li[data-tab]'))
      item.classList.toggle('active', item.dataset.tab === tab);
  };
  const loadPage = async () => {
    const mine = generation;
    more.disabled = true;
    status.textContent = 'Loading…';
    try {
      const result = await siteRequest<{ items: Item[]; more: boolean }>('GET', `/site-api/mystuff/${tab}/`, {
        page: page + 1,
      });
      if (mine !== generation) return;
      page++;
      list.append(
        ...result.items.map((item) => (item.type === 'gallery' ? galleryItem(item) : projectItem(item))),
      );
      status.textContent = page === 1 && result.items.length === 0 ? 'Nothing here yet.' : '';
      more.hidden = !result.more;
    } catch {
      if (mine === generation) status.textContent = 'Could not be loaded. Please try again.';
    } finally {
      if (mine === generation) more.disabled = false;
    }
  };
  const switchTo = (next: Tab) => {
    tab = next;
    page = 0;
    generation++;
    list.replaceChildren();
    more.hidden = true;
    showTab();
    void loadPage();
  };
  more.addEventListener('click', () => void loadPage());
  window.addEventListener('hashchange', () => {
    const next = tabOf(location.hash);
    if (next !== tab || page === 0) switchTo(next);
  });
  showTab();
  await loadPage();
}

void main();
