/**
 * Desktop notifications for new messages (off by default: the member turns them on in the
 * options page, which asks for the `notifications` permission then). When the count goes up, the
 * newest unread messages that were not notified yet are shown in ONE notification (a few lines at
 * most, then "and N more"); clicking it opens the page of the message, or the messages page for a
 * batch. Its id names the member it was for, so its actions (./message-notification-actions.ts)
 * act for them only. The id of the newest notified message is stored, so nothing is shown twice, not after a
 * service-worker restart and not after a browser restart.
 *
 * Muted messages (./mutes-model.ts) and kinds the member turned notifications off for
 * (./notification-kinds-model.ts) are never announced, nor counted in a notification; the record still
 * moves past them, so turning a kind back on does not announce old messages.
 *
 * While you were away: what came while nobody could be told (the browser closed: the first reading
 * of a browser session, `storage.session` being empty after a restart; or the computer asleep with
 * the browser open: no reading for `AWAY_AFTER_MS` or more) is announced in ONE grouped notification
 * (./away-summary.ts) at the first reading after it, instead of one line per arrival. A browser that
 * is merely in the background keeps announcing arrivals as they come: that is when a member needs
 * desktop notifications most (the member is in another program), and the browser cannot tell that
 * from an absence without the `idle` permission, which Companion does not ask for.
 */

import type { Message } from '@/lib/api/schemas';
import { serialQueue } from '@/lib/concurrency/serial';
import { formatNumber, plural, t } from '@/lib/i18n';
import type { MessageCountState } from '@/lib/message-count/message-count-model';
import { isMuted, type MessageMutes, type MuteKind } from '@/lib/message-count/mutes-model';
import { awaySummary } from './away-summary';
import { describeMessage } from './message-text';
import { isQuietKind } from './notification-kinds-model';

/** Lines in one notification; the rest are counted. */
export const MAX_LINES_PER_NOTIFICATION = 3;
/** The messages endpoint pages at 40: never read more than one page for a notification. */
export const MAX_MESSAGES_READ = 40;
/**
 * Notification ids carry the member and the page to open, so a click works after the worker
 * restarted: `companion-messages|<newest id>|<username>|<path>` (before, without the username).
 */
export const NOTIFICATION_ID_PREFIX = 'companion-messages|';

export interface LastNotified {
  username: string;
  /** The newest message id notified (or seen when notifications started). */
  id: number;
}

/**
 * A gap this long between two readings of the count means nobody could be told meanwhile: the poller
 * reads at least every five minutes while notifications are on, so only a computer asleep (alarms do
 * not fire), a stopped browser or a long outage leaves such a gap. Half an hour: a meal, a meeting,
 * the night, as people mean "away"; a shorter gap is a retry or two.
 */
export const AWAY_AFTER_MS = 30 * 60_000;

/**
 * Whether a reading ends an absence (`back`: what came meanwhile is announced grouped) or not
 * (`here`).
 */
export type Presence = 'here' | 'back';

/** The presence a change of the message-count state shows: a new reading after a long gap is `back`. */
export function presenceOf(
  previous: Pick<MessageCountState, 'readAt'> | undefined,
  state: Pick<MessageCountState, 'readAt'>,
): Presence {
  if (previous === undefined || previous.readAt <= 0 || state.readAt <= previous.readAt) return 'here';
  return state.readAt - previous.readAt >= AWAY_AFTER_MS ? 'back' : 'here';
}

/**
 * The notifier's record of this browser session (kept in `storage.session`, which a browser restart
 * empties): null until the session's first reading, whose news came while the browser was closed.
 */
export interface NotifierSession {
  /** When the session's first reading was handled (ms since the epoch). */
  startedAt: number;
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
  /** What the member muted: never announced. */
  mutes(): Promise<MessageMutes>;
  /** The kinds the member turned notifications off for. */
  quietKinds(): Promise<readonly MuteKind[]>;
  /** This browser session's record (`storage.session`: empty after a browser restart). */
  session: { get(): Promise<NotifierSession | null>; set(value: NotifierSession): Promise<void> };
  show(id: string, content: NotificationContent): Promise<void>;
  /** The clock, ms since the epoch. */
  now(): number;
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

/** The grouped notification for what came while the member was away, newest first. */
export function awayNotificationFor(messages: readonly Message[]): NotificationContent {
  return { ...awaySummary(messages), path: '/messages/' };
}

export function notificationId(newestId: number, path: string, username: string): string {
  return `${NOTIFICATION_ID_PREFIX}${newestId}|${username}|${path}`;
}

/** A site username (the site allows letters, digits, `_` and `-`): never a `|` or a `/`. */
const ID_PARTS = /^(\d+)\|(?:([A-Za-z0-9_-]+)\|)?(\/.*)$/s;

/** The site path a clicked notification opens, or null if the notification is not ours. */
export function pathOfNotification(id: string): string | null {
  if (!id.startsWith(NOTIFICATION_ID_PREFIX)) return null;
  return ID_PARTS.exec(id.slice(NOTIFICATION_ID_PREFIX.length))?.[3] ?? null;
}

/** The member a message notification was for, or null (not ours, or shown before ids named them). */
export function memberOfNotification(id: string): string | null {
  if (!id.startsWith(NOTIFICATION_ID_PREFIX)) return null;
  return ID_PARTS.exec(id.slice(NOTIFICATION_ID_PREFIX.length))?.[2] ?? null;
}

export interface MessageNotifier {
  /**
   * The count changed from `previous` to `count` for `username`: notify what is new (grouped as
   * "while you were away" after a restart or a long gap between readings).
   */
  countChanged(
    username: string | null,
    previous: number | null,
    count: number | null,
    presence?: Presence,
  ): Promise<void>;
  /** Notifications were turned on: every message until now counts as seen, none is announced. */
  markAllSeen(username: string): Promise<void>;
}

export function createMessageNotifier(ports: MessageNotifierPorts): MessageNotifier {
  async function check(username: string, previous: number | null, count: number, presence: Presence) {
    // The first reading of a browser session: what is new since the last notified came while the
    // browser was closed. Recorded at once, notifications on or not, so only that reading counts.
    const session = await ports.session.get();
    if (session === null) await ports.session.set({ startedAt: ports.now() });
    if (!(await ports.enabled())) return;
    if (count <= 0 || (previous !== null && count <= previous)) return;
    await notifyNew(username, count, session === null || presence === 'back');
  }

  async function notifyNew(username: string, count: number, whileAway: boolean): Promise<void> {
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
    // Muted and quiet messages are passed too: they are never news, not even later.
    await ports.lastNotified.set({ username, id: newest.id });
    const [mutes, quietKinds] = await Promise.all([ports.mutes(), ports.quietKinds()]);
    const told = fresh.filter((message) => !isMuted(message, mutes) && !isQuietKind(message, quietKinds));
    const first = told[0];
    if (first === undefined) return;
    const content = whileAway ? awayNotificationFor(told) : notificationFor(told);
    await ports.show(notificationId(first.id, content.path, username), content);
  }

  async function markAllSeen(username: string): Promise<void> {
    const [newest] = await ports.latestMessages(username, 1);
    await ports.lastNotified.set({ username, id: newest?.id ?? 0 });
    // Turned on in this session: later arrivals are news of the present, not of an absence.
    if ((await ports.session.get()) === null) await ports.session.set({ startedAt: ports.now() });
  }

  // One check at a time: two quick increases must not show the same messages twice.
  const queue = serialQueue();
  const serially = (work: () => Promise<void>): Promise<void> => queue(work).catch(() => undefined);

  return {
    countChanged(username, previous, count, presence = 'here') {
      if (username === null || count === null) return Promise.resolve();
      return serially(() => check(username, previous, count, presence));
    },
    markAllSeen: (username) => serially(() => markAllSeen(username)),
  };
}
