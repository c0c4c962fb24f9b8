/**
 * Studio pages `/studios/<id>/` (project tiles) and `/studios/<id>/comments` (the shared comment
 * component in the studio layout of scratch-www `src/views/studio/studio-comments.jsx`). Tabs switch
 * without a reload (history.pushState), like the live site.
 */
import { mountComments } from './comments.js';
import { decorateText } from './decorate-text.js';
import { byId, h, notice, replaceChildren, userPath } from './dom.js';
import { startMessageCount } from './nav.js';
import {
  apiGet,
  avatar,
  HttpError,
  pageConfig,
  projectThumbnail,
  safeImageUrl,
  session,
  siteRequest,
} from './net.js';
import { showNotFound } from './not-found.js';

const PAGE_SIZE = 24;

interface StudioInfo {
  id: number;
  title: string;
  description: string;
  image?: string;
  comments_allowed: boolean;
  host: { id: number; username: string };
  stats: { projects: number; comments: number; followers: number; managers: number };
  viewer_can_add_projects?: boolean;
}

interface StudioProjectItem {
  id: number;
  title: string;
  username: string;
  avatar_id: number;
}

function tile(item: StudioProjectItem): HTMLElement {
  const href = `/projects/${item.id}`;
  return h(
    'div',
    { class: 'studio-project-tile' },
    h(
      'a',
      { href },
      h('img', { class: 'studio-project-image', src: projectThumbnail(item.id), alt: '', loading: 'lazy' }),
    ),
    h(
      'div',
      { class: 'studio-project-bottom' },
      h(
        'a',
        { href: userPath(item.username) },
        h('img', { class: 'studio-project-avatar', src: avatar(item.avatar_id), alt: '' }),
      ),
      h(
        'div',
        { class: 'studio-project-info' },
        h('a', { class: 'studio-project-title', href, title: item.title }, item.title),
        h('a', { class: 'studio-project-username', href: userPath(item.username) }, item.username),
      ),
    ),
  );
}

/**
 * The "add projects" dialog of curators and managers (scratch-www's `UserProjectsModal`): the
 * member's own projects as `div.studio-project-tile`s WITHOUT links, each a toggle button.
 */
function userProjectsTile(project: { id: number; title: string }): HTMLElement {
  let added = false;
  const toggleIcon = h('div', { class: 'studio-tile-dynamic-add' }, '+');
  const tile = h(
    'div',
    { class: 'studio-project-tile mod-clickable', role: 'button', tabindex: 0 },
    h('img', { class: 'studio-project-image', src: projectThumbnail(project.id), alt: '' }),
    h(
      'div',
      { class: 'studio-project-bottom' },
      h('div', { class: 'studio-project-title' }, project.title),
      toggleIcon,
    ),
  );
  tile.addEventListener('click', () => {
    added = !added;
    toggleIcon.className = `studio-tile-dynamic-${added ? 'remove' : 'add'}`;
    toggleIcon.textContent = added ? '✓' : '+';
  });
  return tile;
}

async function openUserProjectsModal(): Promise<void> {
  const me = await session();
  if (!me) return;
  const grid = h('div', { class: 'user-projects-modal-grid' });
  const close = h('button', { class: 'button', type: 'button' }, 'Done');
  const overlay = h(
    'div',
    { class: 'modal-overlay' },
    h(
      'div',
      { class: 'modal-content user-projects-modal', role: 'dialog' },
      h('div', { class: 'modal-title user-projects-modal-title' }, 'Add to Studio'),
      h(
        'div',
        { class: 'sub-nav user-projects-modal-nav' },
        h('button', { class: 'active', type: 'button' }, 'Shared'),
      ),
      h('div', { class: 'user-projects-modal-content' }, grid),
      h('div', { class: 'studio-projects-done-row' }, close),
    ),
  );
  close.addEventListener('click', () => overlay.remove());
  document.body.append(overlay);
  try {
    const projects = await apiGet<{ id: number; title: string }[]>(
      `/users/${encodeURIComponent(me.username)}/projects`,
      { limit: 20 },
    );
    grid.append(...projects.map(userProjectsTile));
  } catch {
    grid.append(notice('Projects could not be loaded.', 'error'));
  }
}

async function renderProjects(host: HTMLElement, studio: StudioInfo): Promise<void> {
  const grid = h('div', { class: 'studio-projects-grid' });
  const loadMore = h('button', { class: 'button', type: 'button' }, 'Load More');
  const more = h('div', { class: 'studio-grid-load-more', hidden: true }, loadMore);
  const status = notice('Loading projects…');
  const browse = h('button', { class: 'button studio-adder-browse', type: 'button' }, 'Browse Projects');
  browse.addEventListener('click', () => void openUserProjectsModal());
  replaceChildren(
    host,
    h(
      'div',
      { class: 'studio-projects' },
      h('h2', null, 'Projects'),
      studio.viewer_can_add_projects === true &&
        h('div', { class: 'studio-adder-section' }, h('h3', null, '✦ Add Projects'), browse),
      status,
      grid,
      more,
    ),
  );
  let loaded = 0;
  const loadPage = async () => {
    loadMore.disabled = true;
    try {
      const items = await siteRequest<StudioProjectItem[]>(
        'GET',
        `/site-api/studios/${studio.id}/projects/`,
        {
          offset: loaded,
          limit: PAGE_SIZE,
        },
      );
      loaded += items.length;
      grid.append(...items.map(tile));
      status.remove();
      if (loaded === 0) grid.before(notice('This studio has no projects yet.', 'empty'));
      more.hidden = items.length < PAGE_SIZE;
    } catch {
      status.textContent = 'Projects could not be loaded.';
      status.className = 'notice notice-error';
    } finally {
      loadMore.disabled = false;
    }
  };
  loadMore.addEventListener('click', () => void loadPage());
  await loadPage();
}

function renderComments(host: HTMLElement, studio: StudioInfo): Promise<void> {
  return mountComments(
    host,
    {
      listPath: `/studios/${studio.id}/comments`,
      repliesPath: (commentId) => `/studios/${studio.id}/comments/${commentId}/replies`,
      postPath: `/proxy/comments/studio/${studio.id}`,
      deletePath: (commentId) => `/proxy/comments/studio/${studio.id}/comment/${commentId}`,
      ownerId: studio.host.id,
      commentsAllowed: studio.comments_allowed,
    },
    // src/views/studio/studio-comments.jsx: no `.comments-list`, the threads in an unnamed div.
    { layout: 'studio' },
  );
}

type Tab = 'projects' | 'comments';
const tabOf = (path: string): Tab => (/\/comments\/?$/.test(path) ? 'comments' : 'projects');

async function main(): Promise<void> {
  void startMessageCount();
  const view = byId('view');
  const id = pageConfig().page.id ?? '';
  const me = await session();
  let studio: StudioInfo;
  try {
    studio = await siteRequest<StudioInfo>('GET', `/site-api/studios/${encodeURIComponent(id)}/`);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) showNotFound(view, 'studio');
    else replaceChildren(view, notice('The studio could not be loaded.', 'error'));
    return;
  }
  document.title = `${studio.title} on Scratch`;
  const tabHost = h('div', { class: 'studio-tab-content' });
  const tabLinks: Record<Tab, HTMLAnchorElement> = {
    projects: h(
      'a',
      { class: 'studio-tab-nav', href: `/studios/${studio.id}/` },
      `Projects (${studio.stats.projects})`,
    ),
    comments: h(
      'a',
      { class: 'studio-tab-nav', href: `/studios/${studio.id}/comments` },
      `Comments (${studio.stats.comments})`,
    ),
  };
  const show = (tab: Tab) => {
    for (const [name, link] of Object.entries(tabLinks)) link.classList.toggle('active', name === tab);
    void (tab === 'comments' ? renderComments(tabHost, studio) : renderProjects(tabHost, studio));
  };
  for (const [name, link] of Object.entries(tabLinks) as [Tab, HTMLAnchorElement][]) {
    link.addEventListener('click', (event) => {
      event.preventDefault();
      if (tabOf(location.pathname) === name) return;
      history.pushState(null, '', link.href);
      show(name);
    });
  }
  window.addEventListener('popstate', () => show(tabOf(location.pathname)));

  replaceChildren(
    view,
    h(
      'div',
      { class: 'studio-shell' },
      h(
        'div',
        { class: 'studio-info' },
        h('img', {
          class: 'studio-info-image',
          src: safeImageUrl(studio.image, projectThumbnail(0)),
          alt: '',
        }),
        h('h1', { class: 'studio-title' }, studio.title),
        h(
          'div',
          { class: 'studio-host' },
          'Hosted by ',
          h('a', { href: userPath(studio.host.username) }, studio.host.username),
        ),
        // scratch-www src/views/studio/studio-description.jsx: the description in
        // `div.studio-info-section`, a textarea for its host instead (src/redux/studio-permissions.js,
        // `selectCanEditInfo`: the host or an admin; other managers see the text).
        h(
          'div',
          { class: 'studio-info-section' },
          me !== null && me.id === studio.host.id
            ? h('textarea', { class: 'inplace-textarea studio-description', rows: 20 }, studio.description)
            : h('div', { class: 'uneditable studio-description' }, ...decorateText(studio.description)),
        ),
        h(
          'div',
          { class: 'studio-stats' },
          `${studio.stats.followers} followers · ${studio.stats.managers} managers`,
        ),
      ),
      h('div', { class: 'studio-tabs' }, tabLinks.projects, tabLinks.comments),
      tabHost,
    ),
  );
  show(tabOf(location.pathname));
}

void main();
