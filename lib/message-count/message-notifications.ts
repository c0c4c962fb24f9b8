/**
 * Desktop notifications for new messages (off by default: the member turns them on in the
 * options page, which asks for the `notifications` permission then). When the count goes up, the
 * newest unread messages that were not notified yet are shown in ONE notification (a few lines at
 * most, then "and N more"); clicking it opens the page of the message, or the messages page for a
 * batch. The id of the newest notified message is stored, so nothing is shown twice, not after a
 * service-worker restart and not after a browser restart.
 *
 * Muted messages (./mutes.ts) and kinds the member turned notifications off for
 * (./notification-kinds.ts) are never announced, nor counted in a notification; the record still
 * moves past them, so turning a kind back on does not announce old messages.
 *
 * While you were away: what came while the browser was closed (the first reading of a browser
 * session: `storage.session` is empty after a browser restart), or while the member was away from
 * an open browser for `AWAY_AFTER_MS` or more, is announced in ONE grouped notification
 * (./away-summary.ts) when they are back, instead of one notification per arrival nobody sees.
 */

import type { Message } from '@/lib/api/schemas';
import { formatNumber, plural, t } from '@/lib/i18n';
import { serialQueue } from '@/lib/serial';
import { awaySummary } from './away-summary';
import type { MessageCountState } from './message-count';
import { describeMessage } from './message-text';
import { isMuted, type MessageMutes, type MuteKind } from './mutes';
import { isQuietKind } from './notification-kinds';

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

/**
 * Away this long (the message-count state's `awaySince`: the browser unfocused, idle or locked) and
 * the member is "away" as people mean it: a meeting, a meal, the night. Shorter breaks (a phone
 * call, a coffee) keep the notifications coming as messages arrive, as before; from half an hour on
 * they wait, and the member gets one grouped notification when they are back, rather than finding
 * a stack of old ones (or none: systems hide notifications shown while the screen was locked).
 */
export const AWAY_AFTER_MS = 30 * 60_000;

/**
 * Where the member is, for notifications: at the computer (`here`), away for `AWAY_AFTER_MS` or
 * more (`away`: arrivals wait), or just back from such an absence (`back`: what waited is announced).
 */
export type Presence = 'here' | 'away' | 'back';

/** The presence a change of the message-count state shows (its `awaySince`, before and after). */
export function presenceOf(
  previous: Pick<MessageCountState, 'awaySince'> | undefined,
  state: Pick<MessageCountState, 'awaySince'>,
  now: number,
): Presence {
  const longAway = (since: number | undefined) => since !== undefined && now - since >= AWAY_AFTER_MS;
  if (longAway(state.awaySince)) return 'away';
  if (state.awaySince === undefined && longAway(previous?.awaySince)) return 'back';
  return 'here';
}

/**
 * The notifier's record of this browser session (kept in `storage.session`, which a browser restart
 * empties): null until the session's first reading. `held`: messages arrived while the member was
 * away and wait for their return.
 */
export interface NotifierSession {
  held: boolean;
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
  /**
   * The count changed from `previous` to `count` for `username`: notify what is new (or, away, keep
   * it for the member's return; back, announce what waited).
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
    if (session === null) await ports.session.set({ held: false });
    if (!(await ports.enabled())) return;
    const restarted = session === null;
    const held = session?.held ?? false;
    const increased = previous === null || count > previous;
    if (count <= 0) {
      // Read meanwhile (on the site, on another device): nothing waits any more.
      if (held) await ports.session.set({ held: false });
      return;
    }
    if (presence === 'away') {
      // Nobody is there to see it: the member hears about it, grouped, when they are back.
      if (increased && !held) await ports.session.set({ held: true });
      return;
    }
    if (!increased && !(presence === 'back' && held)) return;
    await notifyNew(username, count, restarted || presence === 'back');
    // Cleared once announced: should the read fail, what waits is announced at the next reading.
    if (held) await ports.session.set({ held: false });
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
    await ports.show(notificationId(first.id, content.path), content);
  }

  async function markAllSeen(username: string): Promise<void> {
    const [newest] = await ports.latestMessages(username, 1);
    await ports.lastNotified.set({ username, id: newest?.id ?? 0 });
    // Turned on in this session: later arrivals are news of the present, not of an absence.
    if ((await ports.session.get()) === null) await ports.session.set({ held: false });
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
