/**
 * The project view of scratch-www (`src/views/preview/project-view.jsx`, `presentation.jsx`): one
 * script for `/projects/<id>/` (the project page: title, notes, the stats row with love and favorite
 * buttons that write through the REST interface, comments, remixes and studios), `/projects/<id>/
 * fullscreen` (the same page, its player `div.guiPlayer.fullscreen` over the rest, as the live page
 * keeps its `Page` there) and the editor, `/projects/<id>/editor` and `/projects/editor/` (no `Page`:
 * no navigation bar, no `main#view`, no comments; client/editor.ts).
 *
 * Modes switch without a reload, as `pushHistory` does: "See inside" (`button.button.see-inside-button`)
 * goes to `/projects/<id>/editor/`, the editor's "See Project Page" back to `/projects/<id>/`, with
 * `history.pushState` when the current history entry has no state yet and `replaceState` after that
 * (`pushHistory(history.state === null)`); back and forward switch too (`handlePopState`). Leaving
 * the page frame unmounts the navigation bar (its polling stops and the count is set to 0, as
 * navigation.jsx's `componentWillUnmount` does); coming back mounts a new one (from
 * `template#page-template`) and renders the page again, project data, comments and lists included.
 */
import { mountComments } from './comments.js';
import { decorateText } from './decorate-text.js';
import { byId, h, notice, replaceChildren, userPath } from './dom.js';
import { type EditorHandle, mountEditor } from './editor.js';
import { mountNavigationCount, startMessageCount, unmountNavigationCount } from './nav.js';
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

type Mode = 'player' | 'editor' | 'fullscreen';

/** The mode a path asks for (project-view.jsx: `editor` anywhere, else `fullscreen`, else the player). */
function modeOf(path: string): Mode {
  const lower = path.toLowerCase();
  if (lower.includes('editor')) return 'editor';
  if (lower.includes('fullscreen')) return 'fullscreen';
  return 'player';
}

async function loadProject(id: string): Promise<Project | HttpError | Error> {
  try {
    return await apiGet<Project>(`/projects/${encodeURIComponent(id)}`);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** The project page (presentation.jsx) rendered into `view`. */
async function renderProjectPage(
  view: HTMLElement,
  project: Project,
  me: SessionUser | null,
  actions: { seeInside(): void; toggleFullScreen(): void; fullScreen: boolean },
): Promise<void> {
  document.title = `${project.title} on Scratch`;
  const author = project.author;
  const shared = project.public !== false && project.is_published !== false;
  const remixList = h('div', { class: 'remix-list' }, notice('Loading remixes…'));
  const studioList = h('div', { class: 'studio-list' }, notice('Loading studios…'));
  const commentsHost = h('div', { class: 'project-comments' });
  const fullScreenButton = h(
    'button',
    { class: 'button stage-fullscreen-button', type: 'button', onclick: actions.toggleFullScreen },
    actions.fullScreen ? 'Exit full screen' : 'Full screen',
  );

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
        // presentation.jsx: "See inside" switches to the editor (project-view.jsx `handleSeeInside`).
        h(
          'div',
          { class: 'project-buttons' },
          h(
            'button',
            { class: 'button see-inside-button', type: 'button', onclick: actions.seeInside },
            'See inside',
          ),
        ),
      ),
      h(
        'div',
        { class: 'flex-row project-main' },
        h(
          'div',
          { class: actions.fullScreen ? 'guiPlayer fullscreen' : 'guiPlayer' },
          h('img', { class: 'project-thumbnail', src: projectThumbnail(project.id), alt: '' }),
          fullScreenButton,
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

async function main(): Promise<void> {
  void startMessageCount();
  const app = byId('app');
  const id = pageConfig().page.id ?? '';
  const me = await session();
  let mode: Mode = id === '' ? 'editor' : modeOf(location.pathname);
  // The sandbox's second menu bar (editor.ts, `MenuBarVariant`), asked for in the first address.
  const menuBar = new URLSearchParams(location.search).get('menubar') === '2026' ? '2026' : '2024';
  let editor: EditorHandle | null = null;
  /** Bumped on every switch: a render still waiting for data from an earlier mode is dropped. */
  let generation = 0;

  /** project-view.jsx `pushHistory`: `/projects/<id>/` plus `editor/` or `fullscreen/`. */
  const pushHistory = (push: boolean) => {
    if (id === '') return;
    const path = `/projects/${encodeURIComponent(id)}/${mode === 'editor' ? 'editor/' : mode === 'fullscreen' ? 'fullscreen/' : ''}`;
    if (push) history.pushState({}, document.title, path);
    else history.replaceState({}, document.title, path);
  };

  const show = async () => {
    const mine = ++generation;
    if (mode === 'editor') {
      // The editor is rendered without scratch-www's Page: the navigation bar unmounts.
      unmountNavigationCount();
      if (document.getElementById('view')) app.replaceChildren(notice('Loading…'));
      const project = id === '' ? null : await loadProject(id);
      if (mine !== generation) return;
      if (project instanceof Error) {
        app.replaceChildren(notice('The project could not be loaded. Please try again.', 'error'));
        return;
      }
      editor?.destroy();
      editor = mountEditor(app, {
        me,
        menuBar,
        project: project && {
          id: project.id,
          title: project.title,
          author: project.author,
          shared: project.public !== false && project.is_published !== false,
        },
        onSeeProjectPage: project ? () => switchTo('player') : undefined,
      });
      document.title = project ? `${project.title} on Scratch` : 'Scratch - Imagine, Program, Share';
      return;
    }
    // The page frame: as sent (first load), or a new one from the template (back from the editor).
    let view = document.getElementById('view');
    if (!view || editor) {
      editor?.destroy();
      editor = null;
      const template = document.getElementById('page-template');
      if (!(template instanceof HTMLTemplateElement))
        throw new Error('#page-template missing from the shell');
      app.replaceChildren(template.content.cloneNode(true));
      mountNavigationCount(app);
      view = byId('view');
      replaceChildren(view, notice('Loading…'));
    }
    // Player and full screen are the same page (presentation.jsx): only the player's class changes.
    const player = view.querySelector<HTMLElement>('div.guiPlayer');
    if (player) {
      player.classList.toggle('fullscreen', mode === 'fullscreen');
      const toggle = player.querySelector('.stage-fullscreen-button');
      if (toggle) toggle.textContent = mode === 'fullscreen' ? 'Exit full screen' : 'Full screen';
      return;
    }
    const project = await loadProject(id);
    if (mine !== generation) return;
    if (project instanceof Error) {
      if (project instanceof HttpError && project.status < 500) showNotFound(view, 'project');
      else replaceChildren(view, notice('The project could not be loaded. Please try again.', 'error'));
      return;
    }
    await renderProjectPage(view, project, me, {
      seeInside: () => switchTo('editor'),
      toggleFullScreen: () => switchTo(mode === 'fullscreen' ? 'player' : 'fullscreen'),
      fullScreen: mode === 'fullscreen',
    });
  };

  const switchTo = (next: Mode) => {
    if (next === mode) return;
    mode = next;
    pushHistory(history.state === null);
    void show();
  };
  // project-view.jsx `handlePopState`: back and forward switch modes (and, as there, record the path).
  window.addEventListener('popstate', () => switchTo(modeOf(location.pathname)));

  await show();
}

void main();
