/**
 * The site's pages on the site app: scratch-www shells (home, project and its editor, studio,
 * messages, explore, search), the legacy shells (profile, galleries, My Stuff), the page scripts and
 * stylesheet, and the few JSON endpoints of the site itself that the pages call (`/site-api/...`).
 * Content is rendered on the client by the scripts in `client/`, as the live site does.
 */
import type { Context, Env, Hono } from 'hono';
import type { Origins } from '../origins';
import type { Store } from '../store';
import { siteScripts, siteStylesheet } from './assets';
import { renderRemixesGallery, renderUserGallery, USER_GALLERIES } from './gallery-page';
import { renderMyStuffContent } from './mystuff-page';
import { renderProfileContent } from './profile-page';
import { legacyShell, type ShellOptions, type ShellUser, wwwShell } from './shell';
import { mountSiteApi, sessionUserOf } from './site-api';

export interface SitePagesDeps {
  store: Store;
  originsFor: (c: Context) => Origins;
  /** Whether the control interface's referer check of writes is on now (off when absent). */
  refererCheck?: () => boolean;
}

const EXPLORE_MODES = new Set(['trending', 'popular', 'recent']);
const NOT_FOUND_BODY =
  '<div class="not-found"><h1>Whoops! Our server is Scratch’ing its head</h1><p>We couldn’t find the page you’re looking for.</p><p><a href="/">Go home</a></p></div>';

export function mountSitePages<E extends Env>(app: Hono<E>, deps: SitePagesDeps): void {
  const { store, originsFor } = deps;

  const shellUser = (c: Context): ShellUser | null => {
    const user = sessionUserOf(c, store);
    return user ? { id: user.id, username: user.username } : null;
  };
  const render = (
    c: Context,
    options: Omit<ShellOptions, 'origins' | 'user'>,
    legacy = false,
    status: 200 | 404 = 200,
  ) => {
    const full: ShellOptions = { ...options, origins: originsFor(c), user: shellUser(c) };
    c.header('Cache-Control', 'no-store');
    return c.html(legacy ? legacyShell(full) : wwwShell(full), status);
  };
  const notFound = (c: Context, legacy = false) =>
    render(
      c,
      {
        title: 'Page not found',
        script: 'basic',
        page: { kind: 'not-found' },
        bodyHtml: NOT_FOUND_BODY,
      },
      legacy,
      404,
    );
  /** Registers a page at `path` and `path/`: the live site answers both. */
  const page = (path: string, handler: (c: Context) => Response | Promise<Response>) => {
    app.get(path, handler);
    app.get(`${path}/`, handler);
  };

  app.get('/js/:file', (c) => {
    const code = siteScripts().get(c.req.param('file'));
    if (code === undefined) return c.text('Not found', 404);
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    return c.body(code);
  });
  // No icon, but no 404 either: console errors are what page tests watch.
  app.get('/favicon.ico', (c) => c.body(null, 204));
  // The close icon of the site team's alerts on the messages page (admin-message.jsx).
  app.get('/svgs/modal/close-x.svg', (c) => {
    c.header('Content-Type', 'image/svg+xml');
    return c.body(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 12 12"><path d="M2 2l8 8M10 2l-8 8" stroke="#575e75" stroke-width="2"/></svg>',
    );
  });
  app.get('/css/site.css', (c) => {
    c.header('Content-Type', 'text/css; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    return c.body(siteStylesheet());
  });

  mountSiteApi(app, store, deps.refererCheck);

  app.get('/', (c) =>
    render(c, { title: 'Scratch - Imagine, Program, Share', script: 'home', page: { kind: 'home' } }),
  );

  // The project routes of scratch-www `src/routes.json` ("projects": `/projects/editor`,
  // `/projects/<id>`, `/projects/<id>/editor`, `/projects/<id>/fullscreen`, each with or without the
  // slash) are one view, `src/views/preview/project-view.jsx`: the page script picks the mode from the
  // path. The editor is rendered without scratch-www's `Page`: no navigation bar, no `main#view`.
  // The new-project editor comes first: `/projects/:id` would take `editor` for an id.
  page('/projects/editor', (c) =>
    render(c, {
      title: 'Scratch - Imagine, Program, Share',
      script: 'project',
      page: { kind: 'project', id: '' },
      frame: 'editor',
      pageTemplate: true,
    }),
  );
  const projectPage = (mode: 'player' | 'editor' | 'fullscreen') => (c: Context) => {
    const id = c.req.param('id') ?? '';
    if (!/^\d{1,15}$/.test(id)) return notFound(c);
    const project = store.getProject(Number(id));
    const viewer = sessionUserOf(c, store);
    // An unshared project exists only for its owner; everyone else gets the not-found page.
    if (!project || (!project.isShared && viewer?.id !== project.authorId)) return notFound(c);
    return render(c, {
      title: `${project.title} on Scratch`,
      script: 'project',
      page: { kind: 'project', id },
      frame: mode === 'editor' ? 'editor' : 'page',
      // The page frame again for the way back from the editor (the script mounts it from this).
      pageTemplate: true,
    });
  };
  page('/projects/:id', projectPage('player'));
  page('/projects/:id/editor', projectPage('editor'));
  page('/projects/:id/fullscreen', projectPage('fullscreen'));

  const studioPage = (c: Context) => {
    const id = c.req.param('id') ?? '';
    if (!/^\d{1,15}$/.test(id) || !store.getStudio(Number(id))) return notFound(c);
    return render(c, { title: 'Studio on Scratch', script: 'studio', page: { kind: 'studio', id } });
  };
  page('/studios/:id', studioPage);
  page('/studios/:id/comments', studioPage);

  page('/users/:username', (c) => {
    const username = c.req.param('username') ?? '';
    const user = store.getUser(username);
    if (!user) return notFound(c, true);
    return render(
      c,
      {
        title: `${user.username} on Scratch`,
        script: 'profile',
        page: { kind: 'profile', username: user.username },
        // The legacy profile is rendered on the server; only its comments load after the page. Its
        // texts are editable, and its featured project can be changed, for the member on their own profile.
        bodyHtml: renderProfileContent(store, user, originsFor(c), sessionUserOf(c, store)),
      },
      true,
    );
  });

  // Legacy gallery pages behind the profile's "View all" links and the remixes list: server-side paging.
  const galleryPage = (c: Context): number | null => {
    const raw = c.req.query('page') ?? '1';
    return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null;
  };
  for (const which of USER_GALLERIES) {
    page(`/users/:username/${which}`, (c) => {
      const user = store.getUser(c.req.param('username') ?? '');
      const number = galleryPage(c);
      if (!user || number === null) return notFound(c, true);
      const bodyHtml = renderUserGallery(store, originsFor(c), user, which, number);
      return render(
        c,
        { title: `${user.username} on Scratch`, script: 'basic', page: { kind: 'gallery' }, bodyHtml },
        true,
      );
    });
  }
  page('/projects/:id/remixes', (c) => {
    const id = c.req.param('id') ?? '';
    const project = /^\d{1,15}$/.test(id) ? store.getProject(Number(id)) : undefined;
    const number = galleryPage(c);
    if (!project?.isShared || number === null) return notFound(c, true);
    const bodyHtml = renderRemixesGallery(store, originsFor(c), project, number);
    return render(
      c,
      { title: `Remixes of ${project.title}`, script: 'basic', page: { kind: 'gallery' }, bodyHtml },
      true,
    );
  });

  // My Stuff (legacy, docs/site-reference.md "Legacy pages"): the member's own lists, loaded by the page
  // script; visitors are sent to sign in first, and come back.
  page('/mystuff', (c) => {
    if (!sessionUserOf(c, store)) return c.redirect('/login/?next=/mystuff/', 302);
    return render(
      c,
      { title: 'My Stuff', script: 'mystuff', page: { kind: 'mystuff' }, bodyHtml: renderMyStuffContent() },
      true,
    );
  });

  // The legacy navigation links to /messages (no slash); the live site redirects it.
  app.get('/messages', (c) => c.redirect('/messages/', 301));
  app.get('/messages/', (c) =>
    render(c, { title: 'Messages', script: 'messages', page: { kind: 'messages' } }),
  );

  for (const type of ['projects', 'studios']) {
    app.get(`/explore/${type}`, (c) => c.redirect(`/explore/${type}/all/`, 302));
    app.get(`/explore/${type}/`, (c) => c.redirect(`/explore/${type}/all/`, 302));
    const explore = (c: Context) => {
      const tag = c.req.param('tag') ?? 'all';
      const modeParam = c.req.param('mode') ?? c.req.query('mode') ?? '';
      const mode = EXPLORE_MODES.has(modeParam) ? modeParam : 'trending';
      return render(c, {
        title: `Explore ${type}`,
        script: 'grid',
        page: { kind: 'explore', type, tag, mode },
      });
    };
    page(`/explore/${type}/:tag`, explore);
    page(`/explore/${type}/:tag/:mode`, explore);
    page(`/search/${type}`, (c) => {
      const q = c.req.query('q') ?? '';
      const modeParam = c.req.query('mode') ?? '';
      const mode = EXPLORE_MODES.has(modeParam) ? modeParam : 'popular';
      return render(c, { title: `Search ${type}`, script: 'grid', page: { kind: 'search', type, q, mode } });
    });
  }
}
