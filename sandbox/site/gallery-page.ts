/**
 * Legacy (scratchr2) gallery pages: a user's lists (`/users/<u>/projects/`, `/favorites/`,
 * `/studios/`, `/following/`, `/followers/`) and a project's remixes (`/projects/<id>/remixes/`).
 * Items are `.media-grid ul > li.project.thumb.item` (studios `li.gallery`, users `li.user`), paged
 * on the server with `?page=N`, 60 a page, as on the live site.
 */
import { escapeHtml } from '../escape';
import type { Project, Studio, User } from '../model';
import type { Origins } from '../origins';
import type { Store } from '../store';
import { legacyItems, userPath } from './profile-page';

export const GALLERY_PAGE_SIZE = 60;

export type UserGallery = 'projects' | 'favorites' | 'studios' | 'following' | 'followers';
export const USER_GALLERIES: readonly UserGallery[] = [
  'projects',
  'favorites',
  'studios',
  'following',
  'followers',
];

const TITLES: Record<UserGallery, string> = {
  projects: 'Shared Projects',
  favorites: 'Favorites',
  studios: 'Studios I’m Curating',
  following: 'Following',
  followers: 'Followers',
};

function pager(basePath: string, page: number, total: number): string {
  const pages = Math.max(1, Math.ceil(total / GALLERY_PAGE_SIZE));
  if (pages === 1) return '';
  const links = Array.from({ length: pages }, (_, i) => i + 1).map((n) =>
    n === page
      ? `<span class="current">${n}</span>`
      : `<a class="page-link" href="${escapeHtml(`${basePath}?page=${n}`)}">${n}</a>`,
  );
  return `<div class="pagination">${links.join(' ')}</div>`;
}

function grid(
  title: string,
  heading: string,
  basePath: string,
  page: number,
  items: string[],
  total: number,
): string {
  return `<div class="box gallery-page">
<div class="box-head"><h2>${escapeHtml(heading)}</h2><h3>${escapeHtml(title)} (${total})</h3></div>
<div class="box-content"><div class="media-grid"><ul>
${items.length ? items.join('\n') : '<li class="empty">Nothing here yet.</li>'}
</ul></div>
${pager(basePath, page, total)}
</div>
</div>`;
}

export function renderUserGallery(
  store: Store,
  origins: Origins,
  user: User,
  which: UserGallery,
  page: number,
): string {
  const item = legacyItems(store, origins);
  const start = (page - 1) * GALLERY_PAGE_SIZE;
  const slice = <T>(list: T[], render: (x: T) => string) => ({
    items: list.slice(start, start + GALLERY_PAGE_SIZE).map(render),
    total: list.length,
  });
  const lists: Record<UserGallery, () => { items: string[]; total: number }> = {
    projects: () => slice<Project>(store.sharedProjectsNewestFirst(user.id), item.project),
    favorites: () => slice<Project>(store.favoritesOf(user.id), item.project),
    studios: () => slice<Studio>(store.curatedStudiosOf(user.id), item.studio),
    following: () => slice<User>(store.followingOf(user.id), item.user),
    followers: () => slice<User>(store.followersOf(user.id), item.user),
  };
  const { items, total } = lists[which]();
  return grid(TITLES[which], user.username, `${userPath(user.username)}${which}/`, page, items, total);
}

export function renderRemixesGallery(store: Store, origins: Origins, project: Project, page: number): string {
  const item = legacyItems(store, origins);
  const remixes = store.remixesOf(project.id);
  const start = (page - 1) * GALLERY_PAGE_SIZE;
  return grid(
    'Remixes',
    project.title,
    `/projects/${project.id}/remixes/`,
    page,
    remixes.slice(start, start + GALLERY_PAGE_SIZE).map(item.project),
    remixes.length,
  );
}
