/**
 * Legacy (scratchr2) profile `/users/<u>/`: the server renders the header and the carousels; this
 * script loads the profile comments after the page, as the live profile does: `li#comments-loading`
 * first, then `#comments ul.comments > li.top-level-reply > div.comment#comments-<id>` with replies
 * in `ul.replies > li.reply > div.comment`, and "Load More" appending.
 */
import { h, userPath } from './dom.js';
import { startMessageCount } from './nav.js';
import { avatar, pageConfig, siteRequest } from './net.js';
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

async function main(): Promise<void> {
  void startMessageCount();
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
