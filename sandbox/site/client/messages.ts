/**
 * Messages page `/messages/`: `ul.messages-social-list > li.social-message.mod-<type>`, the newest
 * `count` of them marked `.mod-unread`. Opening the page marks every message read, as the live
 * site does: the count drops to 0 in the navigation bar and on the REST interface.
 */
import { byId, h, notice, replaceChildren } from './dom.js';
import { showMessageCount, startMessageCount } from './nav.js';
import { apiGet, session, siteRequest } from './net.js';
import { messageClasses, messageSentence } from './sentences.js';
import { timeAgo } from './time.js';

const PAGE_SIZE = 40;
type Loose = Record<string, unknown>;

async function main(): Promise<void> {
  void startMessageCount();
  const view = byId('view');
  const me = await session();
  if (!me) {
    replaceChildren(
      view,
      notice('Sign in to see your messages.', 'empty'),
      h('p', null, h('a', { href: '/login/?next=/messages/' }, 'Sign in')),
    );
    return;
  }
  const user = encodeURIComponent(me.username);
  // The unread count decides how many of the newest messages are new; read it past the CDN cache.
  const unread = await apiGet<{ count?: number }>(`/users/${user}/messages/count`, { cachebust: Date.now() })
    .then((body) => (typeof body.count === 'number' ? body.count : 0))
    .catch(() => 0);

  const list = h('ul', { class: 'messages-social-list' });
  const loadMore = h(
    'button',
    { class: 'button messages-social-loadmore', type: 'button', hidden: true },
    'Load More',
  );
  const status = notice('Loading messages…');
  replaceChildren(
    view,
    h(
      'div',
      { class: 'messages' },
      h('div', { class: 'messages-title-filter' }, h('h2', null, 'Messages')),
      h('section', { class: 'messages-social' }, status, list, loadMore),
    ),
  );

  let loaded = 0;
  const loadPage = async () => {
    loadMore.disabled = true;
    try {
      const page = await apiGet<Loose[]>(`/users/${user}/messages`, { offset: loaded, limit: PAGE_SIZE });
      for (const message of page) {
        const isUnread = loaded < unread;
        loaded++;
        list.append(
          h(
            'li',
            {
              class: ['social-message', ...messageClasses(message.type), isUnread ? 'mod-unread' : '']
                .join(' ')
                .trim(),
            },
            h('div', { class: 'social-message-content' }, ...messageSentence(message, me.username)),
            h(
              'span',
              { class: 'social-message-date', title: String(message.datetime_created ?? '') },
              timeAgo(message.datetime_created),
            ),
          ),
        );
      }
      status.remove();
      if (loaded === 0) list.before(notice('You have no messages yet.', 'empty'));
      loadMore.hidden = page.length < PAGE_SIZE;
    } catch {
      status.textContent = 'Messages could not be loaded.';
      status.className = 'notice notice-error';
    } finally {
      loadMore.disabled = false;
    }
  };
  loadMore.addEventListener('click', () => void loadPage());
  await loadPage();

  try {
    await siteRequest('POST', '/site-api/messages/messages-clear/');
    showMessageCount(0);
  } catch {
    // Left as it was: the next page load shows the count again.
  }
}

void main();
