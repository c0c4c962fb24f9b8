/**
 * The HTML the site sends before its scripts run: a scratch-www shell (`#app`, the format-detection
 * meta, `nav#navigation` with the message count at `0` without `show`), the editor's shell (`#app`
 * only: scratch-www renders the editor without its `Page`, so without the navigation bar), or a legacy
 * scratchr2 shell (`#pagewrapper > #topnav`, `#content`). Content arrives later from the page script,
 * which reads the origins of the host that was asked from the injected `#site-config`.
 */
import { escapeHtml } from '../escape';
import type { Origins } from '../origins';

export interface ShellUser {
  id: number;
  username: string;
}

export interface ShellOptions {
  /** Document title (plain text). */
  title: string;
  /** Page script under /js/, without extension (`project`, `home`, ...). */
  script: string;
  /** What the page script needs from the URL (kind, ids, query). */
  page: Record<string, string>;
  origins: Origins;
  user: ShellUser | null;
  /**
   * Server-rendered markup of the page body: a loading line by default (scratch-www renders on the
   * client), the whole profile for legacy pages. Any remote text in it must be escaped already.
   */
  bodyHtml?: string;
  /**
   * scratch-www pages only. `page` (default): scratch-www's `Page` (`src/components/page/www/page.jsx`:
   * `nav#navigation`, `main#view`, `footer#footer`). `editor`: the editor, which
   * `src/views/preview/project-view.jsx` renders without `Page`: `#app` holds the GUI only.
   */
  frame?: 'page' | 'editor';
  /**
   * Adds `template#page-template` (inert: no query or observer reaches a template's content) with a
   * fresh `Page` frame, which the project page mounts when it switches back from the editor.
   */
  pageTemplate?: boolean;
}

/** JSON that is safe inside a <script> element (no `</script>`, no `<!--`). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function head(options: ShellOptions): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="format-detection" content="telephone=no">
<title>${escapeHtml(options.title)}</title>
<link rel="stylesheet" href="/css/site.css">
<script id="site-config" type="application/json">${scriptJson({ origins: options.origins, page: options.page })}</script>
<script type="module" src="/js/${escapeHtml(options.script)}.js"></script>
</head>`;
}

const userPath = (username: string) => `/users/${encodeURIComponent(username)}/`;
const avatarUrl = (origins: Origins, id: number) => `${origins.uploads}/users/avatars/${id}.png`;

function wwwNavigation(options: ShellOptions): string {
  const { user, origins } = options;
  const account = user
    ? // scratch-www navigation.jsx: `<span>{unreadMessageCount} </span>` then the label. React renders
      // the number and the space as two text nodes; HTML cannot send two adjacent text nodes, so the
      // page script splits this one (`0 `) when it mounts the bar (client/nav.ts).
      `<li class="link right messages"><a href="/messages/" title="Messages"><span class="message-count">0 </span>Messages</a></li>
<li class="link right mystuff"><a href="/mystuff/" title="My Stuff"><span class="mystuff-icon"></span></a></li>
<li class="link right account-nav"><a class="user-info" href="${escapeHtml(userPath(user.username))}"><img class="avatar" src="${escapeHtml(avatarUrl(origins, user.id))}" alt=""><span class="profile-name">${escapeHtml(user.username)}</span></a></li>
<li class="link right sign-out"><a href="/logout/">Sign out</a></li>`
    : `<li class="link right join"><a href="/login/">Join Scratch</a></li>
<li class="link right login-item"><a href="/login/">Sign in</a></li>`;
  return `<nav id="navigation" class="${user ? 'logged-in' : 'logged-out'}">
<div class="inner">
<ul>
<li class="logo"><a href="/" aria-label="Scratch" class="logo-a">Scratch</a></li>
<li class="link create"><a href="/projects/editor/">Create</a></li>
<li class="link explore"><a href="/explore/projects/all/">Explore</a></li>
<li class="link ideas"><a href="/ideas">Ideas</a></li>
<li class="link about"><a href="/about">About</a></li>
<li class="search"><form action="/search/projects" method="get" class="form"><input type="text" name="q" aria-label="Search" placeholder="Search" class="input"></form></li>
${account}
</ul>
</div>
</nav>`;
}

const FOOTER =
  '<footer id="footer"><div class="inner">Companion sandbox · a local stand-in for the community site</div></footer>';
const LOADING = '<div class="notice notice-loading">Loading…</div>';

/**
 * A scratch-www page: the script renders into `#view` inside `#app`; in the editor frame, into `#app`
 * itself.
 */
export function wwwShell(options: ShellOptions): string {
  const frame =
    options.frame === 'editor'
      ? (options.bodyHtml ?? LOADING)
      : `${wwwNavigation(options)}
<main id="view">${options.bodyHtml ?? LOADING}</main>
${FOOTER}`;
  const template = options.pageTemplate
    ? `\n<template id="page-template">${wwwNavigation(options)}<main id="view"></main>${FOOTER}</template>`
    : '';
  return `${head(options)}
<body>
<div id="app">
${frame}
</div>${template}
</body>
</html>
`;
}

/**
 * A legacy scratchr2 page (profiles, galleries, My Stuff): `#pagewrapper > #topnav`, then `#content`
 * (docs/site-reference.md, "Legacy pages"). The count is `<span class="notificationsCount none">0</span>`:
 * the site's script takes `none` away when it has a count above 0 (client/nav.ts).
 */
export function legacyShell(options: ShellOptions): string {
  const { user, origins } = options;
  const account = user
    ? `<ul class="account-nav logged-in">
<li class="messages"><a class="messages-icon" href="/messages" title="Messages"><span class="notificationsCount none">0</span></a></li>
<li class="my-stuff"><a class="mystuff-icon" href="/mystuff/" title="My Stuff">My Stuff</a></li>
<li class="logged-in-user dropdown"><a class="user-name" href="${escapeHtml(userPath(user.username))}"><img class="user-icon" src="${escapeHtml(avatarUrl(origins, user.id))}" width="24" height="24" alt="">${escapeHtml(user.username)}</a></li>
<li class="sign-out"><a href="/logout/">Sign out</a></li>
</ul>`
    : `<ul class="account-nav"><li class="sign-in"><a href="/login/">Sign in</a></li></ul>`;
  return `${head(options)}
<body class="legacy">
<div id="pagewrapper">
<div id="topnav">
<div class="innerwrap">
<div class="container">
<a href="/" class="logo"><span class="scratch">Scratch</span></a>
<ul class="site-nav">
<li><a href="/projects/editor/">Create</a></li>
<li><a href="/explore/projects/all/">Explore</a></li>
<li><a href="/ideas">Ideas</a></li>
<li><a href="/about">About</a></li>
</ul>
<form class="search" action="/search/projects" method="get"><input type="text" name="q" placeholder="Search" aria-label="Search"></form>
${account}
</div>
</div>
</div>
<div class="container" id="content">${options.bodyHtml ?? '<div class="notice notice-loading">Loading…</div>'}</div>
<div id="footer"><p>Companion sandbox · a local stand-in for the community site</p></div>
</div>
</body>
</html>
`;
}
