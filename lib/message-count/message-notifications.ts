/**
 * Desktop notifications for new messages (off by default: the member turns them on in the
 * options page, which asks for the `notifications` permission then). When the count goes up, the
 * newest unread messages that were not notified yet are shown in ONE notification (a few lines at
 * most, then "and N more"); clicking it opens the page of the message, or the messages page for a
 * batch. The id of the newest notified message is stored, so nothing is shown twice, not after a
 * service-worker restart and not after a browser restart.
 */

import type { Message } from '@/lib/api/schemas';
import { formatNumber, plural, t } from '@/lib/i18n';
import { serialQueue } from '@/lib/serial';
import { describeMessage } from './message-text';

/** Lines in one notification; the rest are counted. */
export const MAX_LINES_PER_NOTIFICATION = 3;
/** The messages endpoint pages at 40: never read more than one page for a notification. */
export const MAX_MESSAGES_READ = 40;
/** Notification ids carry the page to open, so a click works after the worker restarted. */
export const NOTIFICATION_ID_PREFIX = 'companion-messages|';

export interface LastNotified {
  username: string;
  /** The newest message id notified (or seen when notifications started). */
  id: number;
}

export interface NotificationContent {
  title: string;
  message: string;
  /** Path on the site to open on click. */
  path: string;
}

export interface MessageNotifierPorts {
  /** The setting is on and the permission granted. */
  enabled(): Promise<boolean>;
  /** The newest messages of the member, newest first. */
  latestMessages(username: string, limit: number): Promise<Message[]>;
  lastNotified: { get(): Promise<LastNotified | null>; set(value: LastNotified): Promise<void> };
  show(id: string, content: NotificationContent): Promise<void>;
}

/** One notification for a batch of new messages, newest first. */
export function notificationFor(messages: readonly Message[]): NotificationContent {
  const lines = messages.map(describeMessage);
  const first = lines[0];
  if (messages.length === 1 && first)
    return { title: t('notifications.newMessage'), message: first.text, path: first.path };
  const shown = lines.slice(0, MAX_LINES_PER_NOTIFICATION).map((line) => line.text);
  const rest = messages.length - shown.length;
  if (rest > 0) shown.push(t('notifications.andMore', [formatNumber(rest)]));
  return {
    title: plural('notifications.newMessages', messages.length),
    message: shown.join('\n'),
    path: '/messages/',
  };
}

export function notificationId(newestId: number, path: string): string {
  return `${NOTIFICATION_ID_PREFIX}${newestId}|${path}`;
}

/** The site path a clicked notification opens, or null if the notification is not ours. */
export function pathOfNotification(id: string): string | null {
  if (!id.startsWith(NOTIFICATION_ID_PREFIX)) return null;
  const path = id.slice(NOTIFICATION_ID_PREFIX.length).replace(/^\d+\|/, '');
  return path.startsWith('/') ? path : null;
}

export interface MessageNotifier {
  /** The count changed from `previous` to `count` for `username`: notify what is new. */
  countChanged(username: string | null, previous: number | null, count: number | null): Promise<void>;
  /** Notifications were turned on: every message until now counts as seen, none is announced. */
  markAllSeen(username: string): Promise<void>;
}

export function createMessageNotifier(ports: MessageNotifierPorts): MessageNotifier {
  async function notifyNew(username: string, count: number): Promise<void> {
    if (!(await ports.enabled())) return;
    // The unread messages are the newest `count` of the list.
    const unread = (await ports.latestMessages(username, Math.min(count, MAX_MESSAGES_READ))).slice(0, count);
    const last = await ports.lastNotified.get();
    if (last === null || last.username !== username) {
      // No record for this member yet (notifications just started, or a new sign-in): what is
      // unread now is not news. Remember the newest and announce only what comes after it.
      const newest = Math.max(0, ...unread.map((message) => message.id));
      await ports.lastNotified.set({ username, id: newest });
      return;
    }
    const seen = last.id;
    const fresh = unread.filter((message) => message.id > seen).sort((a, b) => b.id - a.id);
    const newest = fresh[0];
    if (newest === undefined) return;
    // Stored before showing: a crash in between loses one notification rather than repeating it.
    await ports.lastNotified.set({ username, id: newest.id });
    const content = notificationFor(fresh);
    await ports.show(notificationId(newest.id, content.path), content);
  }

  async function markAllSeen(username: string): Promise<void> {
    const [newest] = await ports.latestMessages(username, 1);
    await ports.lastNotified.set({ username, id: newest?.id ?? 0 });
  }

  // One check at a time: two quick increases must not show the same messages twice.
  const queue = serialQueue();
  const serially = (work: () => Promise<void>): Promise<void> => queue(work).catch(() => undefined);

  return {
    countChanged(username, previous, count) {
      if (username === null || count === null || count <= 0) return Promise.resolve();
      if (previous !== null && count <= previous) return Promise.resolve();
      return serially(() => notifyNew(username, count));
    },
    markAllSeen: (username) => serially(() => markAllSeen(username)),
  };
}
