/**
 * New projects from people the member follows, as desktop notifications (off by default: the
 * member turns them on in the options page, which asks for the optional `notifications`
 * permission, the same one as message notifications).
 *
 * At most once per CHECK_PERIOD_MS, and only while the member uses the browser (not idle), the
 * notifier asks the feed service for the "shared by people you follow" list: the same list and
 * cache as the popup's section, so a popup opened a moment before costs no read, and the popup
 * opens on what the notifier read. What was shared after the newest project already announced
 * goes into ONE notification (a few lines, then "and N more"). The newest announced project is
 * stored per member, so nothing is announced twice, across restarts too. The first check for a
 * member (or the first after notifications were turned on) only records where the list stands.
 */

import { formatNumber, plural, t } from '@/lib/i18n';
import { serialQueue } from '@/lib/serial';
import type { FeedList, FeedProject } from './feed-model';

/** The period of the notifier's alarm: at most one read of the list per period. */
export const CHECK_PERIOD_MS = 15 * 60_000;
/**
 * A tick this much earlier than a period after the last check still reads (alarms fire a little
 * off their time); ticks closer than that (a restart, a duplicate alarm) read nothing.
 */
export const CHECK_TOLERANCE_MS = 60_000;
/** Lines in one notification; the rest are counted. */
export const MAX_LINES_PER_NOTIFICATION = 3;
/** Notification ids carry what to open, so a click works after the worker restarted. */
export const FEED_NOTIFICATION_ID_PREFIX = 'companion-feed|';

/** The newest project announced (or seen when the member's record started). */
export interface NotifiedProject {
  id: number;
  /** When it was shared (ISO), null when the service did not say. */
  at: string | null;
}

/** What the notifier persists: when it last read, and per member the newest project announced. */
export interface FeedNotifierState {
  checkedAt: number;
  members: Record<string, NotifiedProject>;
}

export interface FeedNotificationContent {
  title: string;
  message: string;
  /** Path on the site to open on click. */
  path: string;
}

export interface FeedNotifierPorts {
  now(): number;
  /** The setting is on and the permission granted. */
  enabled(): Promise<boolean>;
  signedInUser(): Promise<string | null>;
  /** The member uses the browser now (input within the last minutes). */
  active(): Promise<boolean>;
  /**
   * The member's "shared by people you follow", refreshed through the feed service when older than
   * its fresh window (the popup's list and cache), newest first.
   */
  sharedList(username: string): Promise<FeedList<FeedProject> | null>;
  state: { get(): Promise<FeedNotifierState>; set(state: FeedNotifierState): Promise<void> };
  show(id: string, content: FeedNotificationContent): Promise<void>;
}

export interface FeedNotifier {
  /** The alarm fired: check for new projects when due, enabled, signed in and active. */
  tick(): Promise<void>;
  /** Notifications were turned on: what is shared until now is not news. */
  markAllSeen(): Promise<void>;
}

const projectPath = (id: number) => `/projects/${id}/`;

/** One notification for a batch of new projects, newest first. */
export function feedNotificationFor(projects: readonly FeedProject[]): FeedNotificationContent {
  const [first] = projects;
  if (first !== undefined && projects.length === 1) {
    return {
      title: t('feedNotifications.newProjectBy', [first.author]),
      message: first.title,
      path: projectPath(first.id),
    };
  }
  const lines = projects
    .slice(0, MAX_LINES_PER_NOTIFICATION)
    .map((project) => t('feedNotifications.projectBy', [project.title, project.author]));
  const rest = projects.length - lines.length;
  if (rest > 0) lines.push(t('feedNotifications.andMore', [formatNumber(rest)]));
  return {
    title: plural('feedNotifications.newProjects', projects.length),
    message: lines.join('\n'),
    // The newest of the batch: the one a click most likely wants, and the first line.
    path: projectPath(first?.id ?? 0),
  };
}

export function feedNotificationId(newestId: number, path: string): string {
  return `${FEED_NOTIFICATION_ID_PREFIX}${newestId}|${path}`;
}

/** The site path a clicked notification opens, or null if the notification is not the feed's. */
export function pathOfFeedNotification(id: string): string | null {
  if (!id.startsWith(FEED_NOTIFICATION_ID_PREFIX)) return null;
  const path = id.slice(FEED_NOTIFICATION_ID_PREFIX.length).replace(/^\d+\|/, '');
  return /^\/projects\/\d+\/$/.test(path) ? path : null;
}

/** Shared after `last`: later sharing time, or (without times) a higher id, as projects get ids in order. */
export function isNewer(project: FeedProject, last: NotifiedProject): boolean {
  if (project.id === last.id) return false;
  if (project.at !== null && last.at !== null) return project.at > last.at;
  return project.id > last.id;
}

export function createFeedNotifier(ports: FeedNotifierPorts): FeedNotifier {
  // One check at a time: an alarm and the setting turned on must not announce the same projects twice.
  const queue = serialQueue();
  const serially = (work: () => Promise<void>): Promise<void> =>
    queue(work).catch((error: unknown) => {
      console.warn('[companion] feed notifications:', error);
    });

  async function check(announce: boolean): Promise<void> {
    const username = await ports.signedInUser();
    if (username === null) return;
    const state = await ports.state.get();
    const startedAt = ports.now();
    if (announce && startedAt - state.checkedAt < CHECK_PERIOD_MS - CHECK_TOLERANCE_MS) return;
    if (announce && !(await ports.active())) return;
    const list = await ports.sharedList(username);
    // The time the check started: the next alarm, a period after this one, finds it due.
    const checked: FeedNotifierState = { ...state, checkedAt: startedAt };
    const [newest] = list?.items ?? [];
    if (list === null || list.error !== null || newest === undefined) {
      await ports.state.set(checked);
      return;
    }
    const last = Object.hasOwn(state.members, username) ? state.members[username] : undefined;
    const fresh = last === undefined || !announce ? [] : list.items.filter((p) => isNewer(p, last));
    const top = fresh[0] ?? (last === undefined || !announce ? newest : undefined);
    const members =
      top === undefined ? state.members : { ...state.members, [username]: { id: top.id, at: top.at } };
    // Stored before showing: a crash in between loses one notification rather than repeating it.
    await ports.state.set({ ...checked, members });
    if (fresh.length === 0 || top === undefined) return;
    const content = feedNotificationFor(fresh);
    await ports.show(feedNotificationId(top.id, content.path), content);
  }

  return {
    tick: () =>
      serially(async () => {
        if (!(await ports.enabled())) return;
        await check(true);
      }),
    markAllSeen: () => serially(() => check(false)),
  };
}
