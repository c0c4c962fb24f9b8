/**
 * Messages page `/messages/`: the site team's alerts first (`section.messages-admin`, each
 * `li.admin-message` with its dismiss button, scratch-www src/views/messages/presentation.jsx and
 * message-rows/admin-message.jsx), then `ul.messages-social-list > li.social-message.mod-<type>`,
 * the newest `count - alerts` of them marked `.mod-unread` (presentation.jsx: numNewSocialMessages).
 * Opening the page marks every message read, as the live site does: the count drops to the alerts
 * (0 without any) in the navigation bar and on the REST interface; dismissing an alert lowers it by one.
 */
import { byId, h, notice, replaceChildren } from './dom.js';
import { showMessageCount, startMessageCount } from './nav.js';
import { apiGet, type SessionUser, session, siteRequest } from './net.js';
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

  const admin = await adminMessages(me);
  let alerts = admin.items.length;
  // The count includes the alerts; the social list marks only the rest as new.
  const unreadSocial = Math.max(0, unread - alerts);
  // What the navigation bar shows.
  let shownCount = unread;

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
      admin.section((left) => {
        // As the live page: the count one lower (scratch-www clearAdminMessage, setCount(count - 1)).
        alerts = left;
        shownCount = Math.max(0, shownCount - 1);
        showMessageCount(shownCount);
      }),
      h('section', { class: 'messages-social' }, status, list, loadMore),
    ),
  );

  let loaded = 0;
  const loadPage = async () => {
    loadMore.disabled = true;
    try {
      const page = await apiGet<Loose[]>(`/users/${user}/messages`, { offset: loaded, limit: PAGE_SIZE });
      for (const message of page) {
        const isUnread = loaded < unreadSocial;
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
    // The alerts stay until dismissed.
    shownCount = alerts;
    showMessageCount(alerts);
  } catch {
    // Left as it was: the next page load shows the count again.
  }
}

interface AdminMessage {
  id: number;
  message: string;
  datetime_created: string;
}

/**
 * The site team's alerts (`/users/<u>/messages/admin`, as scratch-www's getAdminMessages reads
 * them) and the section that shows them; on a failed read, the live page's error section.
 */
async function adminMessages(me: SessionUser): Promise<{
  items: AdminMessage[];
  section(onDismissed: (left: number) => void): HTMLElement | null;
}> {
  let items: AdminMessage[] = [];
  let failed = false;
  try {
    const body = await apiGet<unknown>(`/users/${encodeURIComponent(me.username)}/messages/admin`);
    items = Array.isArray(body)
      ? body.filter(
          (m): m is AdminMessage =>
            typeof m === 'object' && m !== null && typeof (m as AdminMessage).id === 'number',
        )
      : [];
  } catch {
    failed = true;
  }
  const title = 'Messages from the Scratch Team';
  return {
    items,
    section(onDismissed) {
      if (failed)
        return h(
          'section',
          { class: 'messages-admin' },
          h('h4', null, title),
          h(
            'p',
            null,
            'Oops! Looks like there was a problem getting some of your messages. Please try to reload this page.',
          ),
        );
      if (items.length === 0) return null;
      const unread = h('div', { class: 'messages-header-unread' }, String(items.length));
      const list = h('ul', { class: 'messages-admin-list' });
      const section = h(
        'section',
        { class: 'messages-admin' },
        h('div', { class: 'messages-admin-title' }, h('h4', { class: 'messages-header' }, title, unread)),
        list,
      );
      let left = items.length;
      for (const item of items) {
        const dismiss = h(
          'button',
          { class: 'button mod-admin-message-dismiss', type: 'button' },
          h('img', { alt: 'close-icon', class: 'admin-message-icon', src: '/svgs/modal/close-x.svg' }),
        );
        const row = h(
          'li',
          { class: 'admin-message' },
          h(
            'div',
            { class: 'flex-row admin-message-header' },
            h('span', { class: 'admin-message-date' }, new Date(item.datetime_created).toLocaleDateString()),
            dismiss,
          ),
          // The live page inserts this as HTML; the sandbox's alerts are plain text and stay text.
          h('p', { class: 'admin-message-content' }, String(item.message ?? '')),
        );
        dismiss.addEventListener('click', () => {
          dismiss.disabled = true;
          siteRequest<{ success?: boolean }>(
            'POST',
            '/site-api/messages/messages-delete/',
            {},
            {
              alertType: 'notification',
              alertId: item.id,
            },
          )
            .then((answer) => {
              if (answer?.success !== true) return;
              row.remove();
              left--;
              unread.textContent = String(left);
              if (left === 0) section.remove();
              onDismissed(left);
            })
            .catch(() => {
              dismiss.disabled = false;
            });
        });
        list.append(row);
      }
      return section;
    },
  };
}

void main();
