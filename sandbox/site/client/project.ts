/**
 * Project page `/projects/<id>/`: title, notes, the stats row with love and favorite buttons
 * that write through the REST interface, comments, remixes and studios.
 */
import { mountComments } from './comments.js';
import { decorateText } from './decorate-text.js';
import { byId, h, notice, replaceChildren, userPath } from './dom.js';
import { startMessageCount } from './nav.js';
import {
  apiGet,
  apiWrite,
  avatar,
  HttpError,
  pageConfig,
  projectThumbnail,
  type SessionUser,
  session,
} from './net.js';
import { showNotFound } from './not-found.js';
import { fromProject, fromStudio, thumbnail } from './thumbnail.js';

interface Project {
  id: number;
  title: string;
  description?: string;
  instructions?: string;
  public?: boolean;
  is_published?: boolean;
  visibility?: string;
  comments_allowed?: boolean;
  author: { id: number; username: string };
  stats: { views: number; loves: number; favorites: number; remixes: number };
}

type Toggle = 'loves' | 'favorites';

/** The stats row shows whole numbers (content scripts may read them), unlike thumbnails' "21k". */
const statText = (value: unknown): string =>
  String(typeof value === 'number' && Number.isFinite(value) ? value : 0);

function statButton(kind: Toggle, project: Project, me: SessionUser | null): HTMLElement {
  const activeClass = kind === 'loves' ? 'loved' : 'favorited';
  const resultKey = kind === 'loves' ? 'userLove' : 'userFavorite';
  let count = project.stats[kind] ?? 0;
  const element = h('div', {
    class: `project-${kind}`,
    role: 'button',
    tabindex: 0,
    title: kind === 'loves' ? 'Love' : 'Favorite',
  });
  element.textContent = statText(count);
  const path = `/projects/${project.id}/${kind}/user/${encodeURIComponent(me?.username ?? '')}`;

  if (me) {
    apiGet<Record<string, unknown>>(path)
      .then((result) => element.classList.toggle(activeClass, result[resultKey] === true))
      .catch(() => undefined);
  }
  let busy = false;
  const toggle = async () => {
    if (!me) {
      location.assign(`/login/?next=${encodeURIComponent(location.pathname)}`);
      return;
    }
    if (busy) return;
    busy = true;
    const wanted = !element.classList.contains(activeClass);
    try {
      const result = await apiWrite<Record<string, unknown>>(wanted ? 'POST' : 'DELETE', `/proxy${path}`);
      const now = typeof result[resultKey] === 'boolean' ? (result[resultKey] as boolean) : wanted;
      if (now !== element.classList.contains(activeClass)) count = Math.max(0, count + (now ? 1 : -1));
      element.classList.toggle(activeClass, now);
      element.textContent = statText(count);
    } catch {
      element.classList.add('stat-error');
      setTimeout(() => element.classList.remove('stat-error'), 1500);
    } finally {
      busy = false;
    }
  };
  element.addEventListener('click', () => void toggle());
  element.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') void toggle();
  });
  return element;
}

/**
 * `div.project-notes` with a `div.description-block` each for the instructions and the notes and
 * credits (label, then the text with @names, #tags and site links made links), shown when not empty;
 * the owner gets an editable textarea in each block instead, empty or not, as on the live site.
 */
function projectNotes(project: Project, me: SessionUser | null): HTMLElement {
  const editable = me !== null && me.id === project.author.id;
  const block = (label: string, field: 'instructions' | 'description') => {
    const value = project[field] ?? '';
    if (!editable && value === '') return null;
    return h(
      'div',
      { class: 'description-block' },
      h('div', { class: 'project-textlabel' }, label),
      editable
        ? h('textarea', { class: 'project-description-edit', name: field }, value)
        : h('div', { class: 'project-description' }, ...decorateText(value, { hashtags: true })),
    );
  };
  return h(
    'div',
    { class: 'flex-row project-notes' },
    block('Instructions', 'instructions'),
    block('Notes and Credits', 'description'),
  );
}

async function fillList(
  host: HTMLElement,
  path: string,
  make: (item: unknown) => HTMLElement,
  empty: string,
) {
  try {
    const items = await apiGet<unknown[]>(path, { limit: 20 });
    replaceChildren(
      host,
      ...(items.length
        ? items.map((item) => h('div', { class: 'thumbnail-column' }, make(item)))
        : [notice(empty, 'empty')]),
    );
  } catch {
    replaceChildren(host, notice('Could not be loaded.', 'error'));
  }
}

async function main(): Promise<void> {
  void startMessageCount();
  const view = byId('view');
  const id = pageConfig().page.id ?? '';
  const me = await session();
  let project: Project;
  try {
    project = await apiGet<Project>(`/projects/${encodeURIComponent(id)}`);
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) showNotFound(view, 'project');
    else replaceChildren(view, notice('The project could not be loaded. Please try again.', 'error'));
    return;
  }
  document.title = `${project.title} on Scratch`;
  const author = project.author;
  const shared = project.public !== false && project.is_published !== false;
  const remixList = h('div', { class: 'remix-list' }, notice('Loading remixes…'));
  const studioList = h('div', { class: 'studio-list' }, notice('Loading studios…'));
  const commentsHost = h('div', { class: 'project-comments' });

  replaceChildren(
    view,
    h(
      'div',
      { class: 'preview' },
      !shared && h('div', { class: 'banner not-shared' }, 'This project is not shared: only you can see it.'),
      h(
        'div',
        { class: 'flex-row project-header' },
        h(
          'a',
          { href: userPath(author.username) },
          h('img', { class: 'avatar', src: avatar(author.id), alt: '' }),
        ),
        h(
          'div',
          { class: 'title' },
          h('h1', { class: 'project-title' }, project.title),
          h(
            'div',
            { class: 'project-byline' },
            'by ',
            h('a', { class: 'project-author', href: userPath(author.username) }, author.username),
          ),
        ),
      ),
      h(
        'div',
        { class: 'flex-row project-main' },
        h(
          'div',
          { class: 'guiPlayer' },
          h('img', { class: 'project-thumbnail', src: projectThumbnail(project.id), alt: '' }),
        ),
        projectNotes(project, me),
      ),
      h(
        'div',
        { class: 'flex-row stats' },
        statButton('loves', project, me),
        statButton('favorites', project, me),
        h('div', { class: 'project-remixes', title: 'Remixes' }, statText(project.stats.remixes)),
        h('div', { class: 'project-views', title: 'Views' }, statText(project.stats.views)),
      ),
      h(
        'div',
        { class: 'flex-row project-lower' },
        commentsHost,
        h(
          'div',
          { class: 'project-side' },
          h('h4', null, 'Remixes'),
          remixList,
          h('h4', null, 'Studios'),
          studioList,
        ),
      ),
    ),
  );

  await Promise.all([
    mountComments(commentsHost, {
      listPath: `/users/${encodeURIComponent(author.username)}/projects/${project.id}/comments`,
      repliesPath: (commentId) =>
        `/user/${encodeURIComponent(author.username)}/projects/${project.id}/comments/${commentId}/replies`,
      postPath: `/proxy/comments/project/${project.id}`,
      deletePath: (commentId) => `/proxy/comments/project/${project.id}/comment/${commentId}`,
      ownerId: author.id,
      commentsAllowed: project.comments_allowed !== false,
    }),
    fillList(
      remixList,
      `/projects/${project.id}/remixes`,
      (item) => thumbnail(fromProject(item)),
      'No remixes yet.',
    ),
    fillList(
      studioList,
      `/projects/${project.id}/studios`,
      (item) => thumbnail(fromStudio(item)),
      'Not in any studio yet.',
    ),
  ]);
}

void main();
