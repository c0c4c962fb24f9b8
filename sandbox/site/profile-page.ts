/**
 * The legacy (scratchr2) profile's `#content`, rendered on the server as the live profile is
 * (docs/site-reference.md, "Legacy pages"; scratchr2's source is not public): the header with the
 * featured project (`.player a.project-name`) and the two texts, read-only for visitors
 * (`#bio-readonly .overview`, `#status-readonly .overview`, each in a scrolling `.viewport`) and
 * editable textareas (`textarea#bio`, `textarea#status`) for the member on their own profile, who
 * also gets the "Change featured project" control (its dialog is built by client/profile.ts); then
 * the carousels (`div.box.slider-carousel-container` of `li.project.thumb.item`,
 * `li.gallery.thumb.item`, `li.user.thumb.item`), then the comments box, whose comments the page
 * script loads after the page (`li#comments-loading` first). Every text goes through escapeHtml.
 */
import { escapeHtml } from '../escape';
import type { Project, Studio, User } from '../model';
import type { Origins } from '../origins';
import type { Store } from '../store';

const CAROUSEL_SIZE = 20;

export const userPath = (username: string) => `/users/${encodeURIComponent(username)}/`;

/** `now`: the sandbox's time (its clock). */
function yearsAgo(iso: string, now: number): string {
  const years = Math.floor((now - Date.parse(iso)) / (365.25 * 86_400_000));
  if (Number.isNaN(years)) return '';
  if (years >= 1) return `${years} year${years === 1 ? '' : 's'} ago`;
  const months = Math.floor((now - Date.parse(iso)) / (30 * 86_400_000));
  return months >= 1 ? `${months} month${months === 1 ? '' : 's'} ago` : 'recently';
}

function carousel(title: string, count: number, viewAll: string, items: string[]): string {
  const list = items.length ? items.join('\n') : '<li class="empty">Nothing here yet.</li>';
  return `<div class="box slider-carousel-container">
<div class="box-head"><h4>${escapeHtml(title)} (${count})</h4><a href="${escapeHtml(viewAll)}" data-control="viewall">View all</a></div>
<div class="box-content slider-carousel horizontal"><div class="viewport"><ul class="scroll-content">
${list}
</ul></div></div>
</div>`;
}

/** `li.project.thumb.item`, `li.gallery.thumb.item`, `li.user.thumb.item`: the scratchr2 list items. */
export function legacyItems(store: Store, origins: Origins) {
  const e = escapeHtml;
  return {
    project: (project: Project) => {
      const href = e(`/projects/${project.id}/`);
      const owner = store.getUserById(project.authorId)?.username ?? '';
      return `<li class="project thumb item"><a href="${href}"><img class="lazy image" src="${e(`${origins.uploads}/projects/thumbnails/${project.id}.png`)}" width="144" height="108" alt=""></a><span class="title"><a href="${href}">${e(project.title)}</a></span><span class="owner">by <a href="${e(userPath(owner))}">${e(owner)}</a></span></li>`;
    },
    studio: (studio: Studio) => {
      const href = e(`/studios/${studio.id}/`);
      return `<li class="gallery thumb item"><a href="${href}"><img class="lazy image" src="${e(`${origins.uploads}/get_image/gallery/${studio.id}_170x100.png`)}" width="170" height="100" alt=""></a><span class="title"><a href="${href}">${e(studio.title)}</a></span></li>`;
    },
    user: (other: User) => {
      const href = e(userPath(other.username));
      return `<li class="user thumb item"><a href="${href}"><img class="lazy avatar" src="${e(`${origins.uploads}/users/avatars/${other.id}.png`)}" width="60" height="60" alt=""></a><span class="title"><a href="${href}">${e(other.username)}</a></span></li>`;
    },
  };
}

/** The profile's two texts: read-only for visitors, textareas for the member on their own profile. */
function profileText(id: 'bio' | 'status', title: string, value: string, own: boolean): string {
  const e = escapeHtml;
  return own
    ? `<div class="editable" id="${id}-editable"><h3>${e(title)}</h3><textarea id="${id}" name="${id}" maxlength="200" rows="5">${e(value)}</textarea></div>`
    : `<div class="read-only" id="${id}-readonly"><h3>${e(title)}</h3><div class="viewport"><p class="overview">${e(value)}</p></div></div>`;
}

function featuredBox(store: Store, user: User, origins: Origins, own: boolean): string {
  const e = escapeHtml;
  const project = store.featuredProjectOf(user.id);
  const control = own
    ? '<button class="button small" type="button" data-control="change-featured-project" aria-haspopup="dialog">Change featured project</button>'
    : '';
  if (!project)
    return `<div class="stage"><div class="player empty"><h3 class="featured-project-heading">Featured Project</h3><p>No shared projects yet.</p>${control}</div></div>`;
  const href = e(`/projects/${project.id}/`);
  return `<div class="stage"><div class="player" data-project-id="${project.id}">
<h3 class="featured-project-heading">Featured Project</h3>
<a class="project-name" href="${href}">${e(project.title)}</a>
<a class="project-stage" href="${href}"><img class="featured-image" src="${e(`${origins.uploads}/projects/thumbnails/${project.id}.png`)}" width="282" height="211" alt=""></a>
${control}
</div></div>`;
}

/**
 * `viewer`: the signed-in member looking at the page (null for visitors): on their own profile the
 * texts are editable and the featured project can be changed.
 */
export function renderProfileContent(
  store: Store,
  user: User,
  origins: Origins,
  viewer: User | null = null,
): string {
  const own = viewer !== null && viewer.id === user.id;
  const e = escapeHtml;
  const base = userPath(user.username);
  const item = legacyItems(store, origins);
  // Newest first, as the profile shows them and the REST list pages them.
  const shared = store.sharedProjectsNewestFirst(user.id);
  const favorites = store.favoritesOf(user.id);
  const curated = store.curatedStudiosOf(user.id);
  const following = store.followingOf(user.id);
  const followers = store.followersOf(user.id);
  const first = <T>(list: T[]) => list.slice(0, CAROUSEL_SIZE);

  return `<div id="profile-data" class="box">
<div class="box-head">
<div class="portrait"><img class="avatar" src="${e(`${origins.uploads}/users/avatars/${user.id}.png`)}" width="55" height="55" alt=""></div>
<div class="header-text"><h2>${e(user.username)}</h2>
<p class="profile-details"><span class="group">${user.scratchteam ? 'Scratch Team' : user.newScratcher ? 'New Scratcher' : 'Scratcher'}</span> · Joined <span title="${e(user.joined)}">${e(yearsAgo(user.joined, store.clock.now()))}</span> · <span class="location">${e(user.country)}</span></p></div>
</div>
<div class="box-content" id="profile-box">
${featuredBox(store, user, origins, own)}
<div id="user-details">
${profileText('bio', 'About me', user.bio, own)}
${profileText('status', 'What I’m working on', user.status, own)}
</div>
</div>
</div>
${carousel('Shared Projects', shared.length, `${base}projects/`, first(shared).map(item.project))}
${carousel('Favorite Projects', favorites.length, `${base}favorites/`, first(favorites).map(item.project))}
${carousel('Studios I’m Curating', curated.length, `${base}studios/`, first(curated).map(item.studio))}
${carousel('Following', following.length, `${base}following/`, first(following).map(item.user))}
${carousel('Followers', followers.length, `${base}followers/`, first(followers).map(item.user))}
<div class="box" id="comments">
<div class="box-head"><h4>Comments</h4></div>
<div class="box-content">
<ul class="comments"><li id="comments-loading">Loading comments…</li></ul>
<button class="button" type="button" data-control="load-more" hidden>Load More</button>
</div>
</div>`;
}
