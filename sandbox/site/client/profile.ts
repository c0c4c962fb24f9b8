/**
 * Legacy (scratchr2) profile `/users/<u>/` (docs/site-reference.md, "Legacy pages"): the server renders
 * the header and the carousels; this script loads the profile comments after the page, as the live
 * profile does: `li#comments-loading` first, then `#comments ul.comments > li.top-level-reply >
 * div.comment#comments-<id>` with replies in `ul.replies > li.reply > div.comment`, and "Load More"
 * appending. On the member's own profile, "Change featured project" opens `#featured-project-modal`:
 * their shared projects as `li.project.thumb.item` choices (the carousel item's markup); a click
 * features that project and closes the dialog.
 */
import { h, projectPath, userPath } from './dom.js';
import { startMessageCount } from './nav.js';
import { apiGet, avatar, pageConfig, projectThumbnail, siteRequest } from './net.js';
import { timeAgo } from './time.js';

interface ProfileComment {
  id: number;
  /** The text as typed (this site endpoint sends text, not escaped HTML). */
  content: string;
  datetime_created: string;
  author: { id: number; username: string };
  commentee_id: number | null;
  replies?: ProfileComment[];
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
      ...(comment.replies ?? []).map((reply) =>
        h('li', { class: 'reply' }, commentElement(reply, comment.id)),
      ),
    ),
  );
}

interface SharedProject {
  id: number;
  title: string;
  author?: { username?: string };
}

/** The profile's featured box (`.player`) shows `project`. */
function showFeatured(project: { id: number; title: string }): void {
  const player = document.querySelector<HTMLElement>('#profile-box .player');
  const name = player?.querySelector<HTMLAnchorElement>('a.project-name');
  if (!player || !name) {
    // The member had no shared project when the page was made: simplest is to show the page again.
    location.reload();
    return;
  }
  player.dataset.projectId = String(project.id);
  name.href = projectPath(project.id);
  name.textContent = project.title;
  const stage = player.querySelector<HTMLAnchorElement>('a.project-stage');
  if (stage) stage.href = projectPath(project.id);
  const image = player.querySelector<HTMLImageElement>('img.featured-image');
  if (image) image.src = projectThumbnail(project.id);
}

/** A `li.project.thumb.item` as the carousels have it, here a choice (a click picks it). */
function choice(project: SharedProject, username: string, onPick: () => void): HTMLElement {
  const href = projectPath(project.id);
  const item = h(
    'li',
    { class: 'project thumb item', 'data-id': project.id },
    h(
      'a',
      { href },
      h('img', { class: 'lazy image', src: projectThumbnail(project.id), width: 144, height: 108, alt: '' }),
    ),
    h('span', { class: 'title' }, h('a', { href }, project.title)),
    h('span', { class: 'owner' }, 'by ', h('a', { href: userPath(username) }, username)),
  );
  item.addEventListener('click', (event) => {
    event.preventDefault();
    onPick();
  });
  return item;
}

async function openFeaturedModal(username: string): Promise<void> {
  if (document.getElementById('featured-project-modal')) return;
  const list = h('ul', { class: 'project-choices' });
  const status = h('p', { class: 'modal-status' }, 'Loading your projects…');
  const close = () => modal.remove();
  const modal = h(
    'div',
    {
      id: 'featured-project-modal',
      class: 'modal',
      role: 'dialog',
      'aria-modal': 'true',
      'aria-labelledby': 'featured-project-modal-title',
    },
    h(
      'div',
      { class: 'modal-inner' },
      h(
        'div',
        { class: 'modal-header' },
        h('h3', { id: 'featured-project-modal-title' }, 'Change featured project'),
        h(
          'button',
          { class: 'close', type: 'button', 'data-control': 'close', 'aria-label': 'Close', onclick: close },
          '×',
        ),
      ),
      h('div', { class: 'modal-body' }, status, list),
    ),
  );
  document.body.append(modal);
  const current = Number(document.querySelector<HTMLElement>('#profile-box .player')?.dataset.projectId);
  const pick = async (project: SharedProject) => {
    try {
      await siteRequest(
        'PUT',
        `/site-api/users/all/${encodeURIComponent(username)}/`,
        {},
        { featured_project: project.id },
      );
      showFeatured(project);
      close();
    } catch {
      status.textContent = 'The featured project could not be changed. Please try again.';
    }
  };
  try {
    const projects: SharedProject[] = [];
    for (let offset = 0; ; offset += 40) {
      const page = await apiGet<SharedProject[]>(`/users/${encodeURIComponent(username)}/projects`, {
        offset,
        limit: 40,
      });
      projects.push(...page);
      if (page.length < 40) break;
    }
    // Newest first, as the REST list sends them and the profile's carousel shows them.
    list.append(
      ...projects.map((project) => {
        const item = choice(project, username, () => void pick(project));
        item.classList.toggle('selected', project.id === current);
        return item;
      }),
    );
    status.textContent = projects.length ? 'Pick the project to feature.' : 'Share a project to feature it.';
  } catch {
    status.textContent = 'Your projects could not be loaded.';
  }
}

async function main(): Promise<void> {
  void startMessageCount();
  document
    .querySelector('[data-control="change-featured-project"]')
    ?.addEventListener('click', () => void openFeaturedModal(pageConfig().page.username ?? ''));
  const list = document.querySelector<HTMLElement>('#comments ul.comments');
  const more = document.querySelector<HTMLButtonElement>('#comments [data-control="load-more"]');
  const username = pageConfig().page.username ?? '';
  if (!list || !more) return;
  let page = 0;
  const loadPage = async () => {
    more.disabled = true;
    try {
      const result = await siteRequest<{ comments: ProfileComment[]; more: boolean }>(
        'GET',
        `/site-api/comments/user/${encodeURIComponent(username)}/`,
        { page: page + 1 },
      );
      page++;
      document.getElementById('comments-loading')?.remove();
      list.append(...result.comments.map(thread));
      if (page === 1 && !result.comments.length) list.append(h('li', { class: 'empty' }, 'No comments yet.'));
      more.hidden = !result.more;
    } catch {
      const loading = document.getElementById('comments-loading');
      if (loading) loading.textContent = 'Comments could not be loaded.';
    } finally {
      more.disabled = false;
    }
  };
  more.addEventListener('click', () => void loadPage());
  await loadPage();
}

void main();
