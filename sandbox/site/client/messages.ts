/**
 * Messages page `/messages/`: the Scratcher invitation and the site team's alerts first
 * (`section.messages-admin`, each `li.admin-message` with its dismiss button, scratch-www
 * src/views/messages/presentation.jsx, message-rows/scratcher-invite.jsx and admin-message.jsx), then `ul.messages-social-list > li.social-message.mod-<type>`,
 * the newest `count - alerts - invitation` of them marked `.mod-unread` (presentation.jsx:
 * numNewSocialMessages). Opening the page marks every message read, as the live site does: the count
 * drops to the alerts and the invitation (0 without any) in the navigation bar and on the REST
 * interface; dismissing one lowers it by one.
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

interface Invite {
  id: number;
  datetime_created: string;
}

/** One row of the team's section: the alert's text, or the invitation's sentence and link. */
interface AdminRow {
  alertType: 'notification' | 'invite';
  id: number;
  datetime_created: string;
  content: (string | Node)[];
}

/**
 * The site team's alerts and the Scratcher invitation (`/users/<u>/messages/admin` and
 * `/users/<u>/invites`, as scratch-www's getAdminMessages and getScratcherInvite read them) and the
 * section that shows them, the invitation first (presentation.jsx); on a failed read of the alerts,
 * the live page's error section.
 */
async function adminMessages(me: SessionUser): Promise<{
  items: AdminRow[];
  section(onDismissed: (left: number) => void): HTMLElement | null;
}> {
  const user = encodeURIComponent(me.username);
  let alerts: AdminMessage[] = [];
  let invite: Invite | null = null;
  let failed = false;
  try {
    const body = await apiGet<unknown>(`/users/${user}/messages/admin`);
    alerts = Array.isArray(body)
      ? body.filter(
          (m): m is AdminMessage =>
            typeof m === 'object' && m !== null && typeof (m as AdminMessage).id === 'number',
        )
      : [];
  } catch {
    failed = true;
  }
  try {
    const body = await apiGet<Partial<Invite>>(`/users/${user}/invites`);
    if (typeof body.id === 'number')
      invite = { id: body.id, datetime_created: String(body.datetime_created) };
  } catch {
    // As the live page: no invitation shown.
  }
  const items: AdminRow[] = [
    ...(invite === null
      ? []
      : [
          {
            alertType: 'invite' as const,
            id: invite.id,
            datetime_created: invite.datetime_created,
            // scratcher-invite.jsx, `messages.scratcherInvite`.
            content: [
              'You are invited to become a Scratcher! ',
              h('a', { href: '/become-a-scratcher' }, 'Click here to learn more'),
              '!',
            ],
          },
        ]),
    ...alerts.map((alert) => ({
      alertType: 'notification' as const,
      id: alert.id,
      datetime_created: alert.datetime_created,
      // The live page inserts this as HTML (admin-message.jsx); the sandbox's page keeps it text:
      // its seeded alerts carry a script and a picture that must not run in the tests' browsers.
      content: [String(alert.message ?? '')],
    })),
  ];
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
          {
            class: `button ${item.alertType === 'invite' ? 'mod-scratcher-invite-dismiss' : 'mod-admin-message-dismiss'}`,
            type: 'button',
          },
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
          h('p', { class: 'admin-message-content' }, ...item.content),
        );
        dismiss.addEventListener('click', () => {
          dismiss.disabled = true;
          siteRequest<{ success?: boolean }>(
            'POST',
            '/site-api/messages/messages-delete/',
            {},
            { alertType: item.alertType, alertId: item.id },
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
