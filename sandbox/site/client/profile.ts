/**
 * Legacy (scratchr2) profile `/users/<u>/`: the header, carousels `div.box.slider-carousel-container`
 * of `li.project.thumb.item` (studios `li.gallery.thumb.item`, users `li.user.thumb.item`), and
 * profile comments that load after the page into `#comments ul.comments`.
 */
import { byId, h, notice, replaceChildren, userPath } from './dom.js';
import { startMessageCount } from './nav.js';
import { apiGet, avatar, pageConfig, projectThumbnail, safeImageUrl, session, siteRequest } from './net.js';
import { timeAgo } from './time.js';

type Loose = Record<string, unknown>;
const text = (value: unknown): string =>
  typeof value === 'string' ? value : value == null ? '' : String(value);

interface ProfileComment {
  id: number;
  content: string;
  datetime_created: string;
  author: { id: number; username: string };
  commentee_id: number | null;
  replies: ProfileComment[];
}

function projectItem(project: Loose): HTMLElement {
  const href = `/projects/${text(project.id)}/`;
  const author = (project.author ?? {}) as Loose;
  return h(
    'li',
    { class: 'project thumb item' },
    h(
      'a',
      { href },
      h('img', {
        class: 'lazy image',
        src: projectThumbnail(text(project.id)),
        alt: '',
        width: 144,
        height: 108,
      }),
    ),
    h('span', { class: 'title' }, h('a', { href }, text(project.title))),
    h(
      'span',
      { class: 'owner' },
      'by ',
      h('a', { href: userPath(text(author.username)) }, text(author.username)),
    ),
  );
}

function studioItem(studio: Loose): HTMLElement {
  const href = `/studios/${text(studio.id)}/`;
  return h(
    'li',
    { class: 'gallery thumb item' },
    h(
      'a',
      { href },
      h('img', {
        class: 'lazy image',
        src: safeImageUrl(studio.image, projectThumbnail(0)),
        alt: '',
        width: 170,
        height: 100,
      }),
    ),
    h('span', { class: 'title' }, h('a', { href }, text(studio.title))),
  );
}

function userItem(user: Loose): HTMLElement {
  const href = userPath(text(user.username));
  return h(
    'li',
    { class: 'user thumb item' },
    h(
      'a',
      { href },
      h('img', { class: 'lazy avatar', src: avatar(text(user.id)), alt: '', width: 60, height: 60 }),
    ),
    h('span', { class: 'title' }, h('a', { href }, text(user.username))),
  );
}

function carousel(
  title: string,
  viewAll: string,
  apiPath: string,
  item: (x: Loose) => HTMLElement,
): HTMLElement {
  const list = h('ul', { class: 'scroll-content' });
  const box = h(
    'div',
    { class: 'box slider-carousel-container' },
    h(
      'div',
      { class: 'box-head' },
      h('h4', null, title),
      h('a', { href: viewAll, 'data-control': 'viewall' }, 'View all'),
    ),
    h('div', { class: 'box-content slider-carousel horizontal' }, h('div', { class: 'viewport' }, list)),
  );
  apiGet<Loose[]>(apiPath, { limit: 20 })
    .then((items) => {
      if (!items.length) list.append(h('li', { class: 'empty' }, 'Nothing here yet.'));
      list.append(...items.map(item));
    })
    .catch(() => list.append(h('li', { class: 'empty' }, 'Could not be loaded.')));
  return box;
}

function commentElement(comment: ProfileComment, threadId: number): HTMLElement {
  const name = comment.author.username;
  return h(
    'div',
    { class: 'comment', id: `comments-${comment.id}`, 'data-comment-id': comment.id },
    h(
      'a',
      { href: userPath(name), 'data-comment-user': name },
      h('img', { class: 'avatar', src: avatar(comment.author.id), alt: '', width: 45, height: 45 }),
    ),
    h(
      'div',
      { class: 'info' },
      h('div', { class: 'name' }, h('a', { href: userPath(name) }, name)),
      h('div', { class: 'content' }, comment.content),
      h(
        'div',
        null,
        h('span', { class: 'time', title: comment.datetime_created }, timeAgo(comment.datetime_created)),
        ' ',
        h(
          'a',
          {
            class: 'reply',
            'data-comment-id': comment.id,
            'data-parent-thread': threadId,
            'data-commentee-id': comment.author.id,
          },
          h('span', null, 'Reply'),
        ),
      ),
    ),
  );
}

function thread(comment: ProfileComment): HTMLElement {
  return h(
    'li',
    { class: 'top-level-reply' },
    commentElement(comment, comment.id),
    h(
      'ul',
      { class: 'replies' },
      ...comment.replies.map((reply) => h('li', { class: 'reply' }, commentElement(reply, comment.id))),
    ),
  );
}

async function loadComments(username: string, list: HTMLElement, more: HTMLButtonElement): Promise<void> {
  let page = 0;
  const loadPage = async () => {
    more.disabled = true;
    try {
      page++;
      const result = await siteRequest<{ comments: ProfileComment[]; more: boolean }>(
        'GET',
        `/site-api/comments/user/${encodeURIComponent(username)}/`,
        { page },
      );
      document.getElementById('comments-loading')?.remove();
      list.append(...result.comments.map(thread));
      if (page === 1 && !result.comments.length) list.append(h('li', { class: 'empty' }, 'No comments yet.'));
      more.hidden = !result.more;
    } catch {
      page--;
      const loading = document.getElementById('comments-loading');
      if (loading) loading.textContent = 'Comments could not be loaded.';
    } finally {
      more.disabled = false;
    }
  };
  more.addEventListener('click', () => void loadPage());
  await loadPage();
}

async function main(): Promise<void> {
  void startMessageCount();
  const content = byId('content');
  const username = pageConfig().page.username ?? '';
  const me = await session();
  let user: Loose;
  try {
    user = await apiGet<Loose>(`/users/${encodeURIComponent(username)}`);
  } catch {
    replaceChildren(content, notice('This profile could not be loaded.', 'error'));
    return;
  }
  const name = text(user.username);
  const profile = (user.profile ?? {}) as Loose;
  const history = (user.history ?? {}) as Loose;
  const u = encodeURIComponent(name);
  const list = h('ul', { class: 'comments' }, h('li', { id: 'comments-loading' }, 'Loading comments…'));
  const more = h(
    'button',
    { class: 'button', type: 'button', 'data-control': 'load-more', hidden: true },
    'Load More',
  );
  document.title = `${name} on Scratch`;

  replaceChildren(
    content,
    h(
      'div',
      { id: 'profile-data', class: 'box' },
      h(
        'div',
        { class: 'box-head' },
        h(
          'div',
          { class: 'portrait' },
          h('img', { class: 'avatar', src: avatar(text(user.id)), alt: '', width: 55, height: 55 }),
        ),
        h(
          'div',
          { class: 'header-text' },
          h('h2', null, name),
          h(
            'p',
            { class: 'profile-details' },
            h('span', { class: 'group' }, user.scratchteam ? 'Scratch Team' : 'Scratcher'),
            ` · Joined ${timeAgo(history.joined)} · `,
            h('span', { class: 'location' }, text(profile.country)),
          ),
        ),
      ),
      h(
        'div',
        { class: 'box-content', id: 'user-details' },
        h(
          'div',
          { class: 'read-only', id: 'bio-readonly' },
          h('h3', null, 'About me'),
          h('p', { class: 'overview' }, text(profile.bio)),
        ),
        h(
          'div',
          { class: 'read-only', id: 'status-readonly' },
          h('h3', null, 'What I’m working on'),
          h('p', { class: 'overview' }, text(profile.status)),
        ),
      ),
    ),
    carousel('Shared Projects', `/users/${u}/projects/`, `/users/${u}/projects`, projectItem),
    carousel('Favorite Projects', `/users/${u}/favorites/`, `/users/${u}/favorites`, projectItem),
    carousel('Studios I’m Curating', `/users/${u}/studios/`, `/users/${u}/studios/curate`, studioItem),
    carousel('Following', `/users/${u}/following/`, `/users/${u}/following`, userItem),
    carousel('Followers', `/users/${u}/followers/`, `/users/${u}/followers`, userItem),
    h(
      'div',
      { class: 'box', id: 'comments' },
      h('div', { class: 'box-head' }, h('h4', null, 'Comments')),
      h(
        'div',
        { class: 'box-content' },
        me
          ? null
          : h(
              'p',
              { class: 'sign-in-to-comment' },
              h('a', { href: `/login/?next=${encodeURIComponent(location.pathname)}` }, 'Sign in'),
              ' to leave a comment.',
            ),
        list,
        more,
      ),
    ),
  );
  await loadComments(name, list, more);
}

void main();
