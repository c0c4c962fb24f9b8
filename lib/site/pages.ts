/**
 * Page detection: which kind of site page a URL is. Features declare the pages they run on with
 * these predicates (see lib/features/registry.ts). Pure functions of the URL, so they are cheap to
 * re-run when the site navigates without a reload. The paths are the ones the site routes
 * (scratch-www src/routes.json); legacy pages (profiles, galleries, My Stuff) follow
 * docs/site-reference.md, "Legacy pages".
 */

/** The parts of a site page that features decide on. */
export interface SitePage {
  readonly url: URL;
  /** Path without a trailing slash, '' for the home page. */
  readonly path: string;
}

export function sitePage(href: string): SitePage {
  const url = new URL(href);
  // Trailing slashes trimmed by hand: `/\/+$/` tries every slash of a run that does not end the
  // path, quadratic in a long one (a link to the site may hold a megabyte of them).
  const path = url.pathname;
  let end = path.length;
  while (path.charCodeAt(end - 1) === 47 /* / */) end--;
  return { url, path: path.slice(0, end) };
}

/** Every page of the site. */
export function isAnyPage(_page: SitePage): boolean {
  return true;
}

/** The messages page (`/messages/`), where opening it marks every message read. */
export function isMessagesPage(page: SitePage): boolean {
  return page.path === '/messages';
}

// A user name on the site is letters, digits, `-` and `_`.
const profilePath = /^\/users\/([A-Za-z0-9_-]+)$/;

/** The user whose profile page (`/users/<name>/`, not its sub-pages) this is, or null. */
export function profileUsername(page: SitePage): string | null {
  return profilePath.exec(page.path)?.[1] ?? null;
}

/** A user's profile page. */
export function isProfilePage(page: SitePage): boolean {
  return profileUsername(page) !== null;
}

const projectPath = /^\/projects\/(\d+)$/;

/** The project whose page (`/projects/<id>/`, not its sub-pages) this is, or null. */
export function projectPageId(page: SitePage): number | null {
  const id = Number(projectPath.exec(page.path)?.[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const studioPath = /^\/studios\/\d+(?:\/(?:projects|curators|activity|comments))?$/;

/** A studio's page, any of its tabs (routes.json: `/studios/<id>` plus its tabs, switched without a reload). */
export function isStudioPage(page: SitePage): boolean {
  return studioPath.test(page.path);
}

// routes.json: `/projects/<id>/editor` and `/projects/editor` (a new project); the project page's
// "See inside" switches to it without a reload (src/views/preview/project-view.jsx, pushHistory),
// and in editor mode the view renders the GUI alone, without the site's page around it. (The
// full-screen player, `/projects/<id>/fullscreen`, keeps the page: navigation bar and comments.)
const editorPath = /^\/projects\/(?:\d+\/)?editor$/;

/** The project editor (scratch-gui): its own menu bar, no navigation bar, no lists, no comments. */
export function isEditorPage(page: SitePage): boolean {
  return editorPath.test(page.path);
}

/**
 * A page of the site proper, with its navigation bar, lists and comments: everything but the
 * editor, whose DOM changes constantly while the member works and holds nothing for the site's
 * features.
 */
export function isSitePage(page: SitePage): boolean {
  return !isEditorPage(page);
}
