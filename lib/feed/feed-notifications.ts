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
 *
 * With bells ("Following closely", ./following-closely-model.ts) only the belled people's new projects
 * are announced, plus projects newly added to a belled studio. The following feeds say nothing of
 * which studio a project was added to (/following/studios/projects sends bare project objects), and
 * What's Happening never carries that event: studio news comes from each belled studio's own
 * activity, which ./studio-news.ts reads on the same schedule and keeps (no read here). A bell counts
 * from the check after the one that first saw it: that one only records.
 */

import { serialQueue } from '@/lib/concurrency/serial';
import { formatNumber, plural, t } from '@/lib/i18n';
import { ownEntry } from '@/lib/storage/own-entry';
import type { FeedList, FeedProject } from './feed-model';
import { type FollowingClosely, hasBells } from './following-closely-model';
import type { StudioProjectNews } from './studio-news-model';

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
  /** Per member, the newest studio news seen (absent before any studio had a bell). */
  studioEvents?: Record<string, NotifiedProject>;
  /** The bells at the last check (usernames lower case): a bell rung since then only records. */
  bells?: { people: string[]; studios: number[] };
  /** Per member, the projects announced lately: one added to a studio after it was shared is not news twice. */
  announced?: Record<string, number[]>;
}

/** Projects remembered as announced, per member. */
export const MAX_ANNOUNCED = 100;

/** One new project a bell brings: shared by a belled person, or added to a belled studio. */
export interface BellNews {
  id: number;
  title: string;
  at: string | null;
  /** Who shared it (a belled person's project). */
  by?: string;
  /** The studio it was added to (a belled studio's project). */
  studio?: string;
}

export interface FeedNotificationContent {
  title: string;
  message: string;
  /** Path on the site to open on click. */
  path: string;
}

export interface FeedNotifierPorts {
  now(): number;
  /** The period between two checks: CHECK_PERIOD_MS, or a development install's tuning. Absent: CHECK_PERIOD_MS. */
  periodMs?(): Promise<number>;
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
  /** The people and studios with a bell. */
  bells(): Promise<FollowingClosely>;
  /**
   * The projects added to the belled studios, newest first, as ./studio-news.ts last read them (no
   * read here; asked only while a studio has a bell); null before any was read.
   */
  studioNews(): Promise<StudioProjectNews[] | null>;
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

/** One notification for what the bells brought, newest first. */
export function bellNotificationFor(news: readonly BellNews[]): FeedNotificationContent {
  const [first] = news;
  const path = projectPath(first?.id ?? 0);
  if (first !== undefined && news.length === 1) {
    return {
      title:
        first.studio !== undefined
          ? t('followingClosely.notification.newInStudio', [first.studio])
          : t('feedNotifications.newProjectBy', [first.by ?? '']),
      message: first.title,
      path,
    };
  }
  const lines = news
    .slice(0, MAX_LINES_PER_NOTIFICATION)
    .map((item) =>
      item.studio !== undefined
        ? t('followingClosely.notification.inStudio', [item.title, item.studio])
        : t('feedNotifications.projectBy', [item.title, item.by ?? '']),
    );
  const rest = news.length - lines.length;
  if (rest > 0) lines.push(t('feedNotifications.andMore', [formatNumber(rest)]));
  return {
    title: plural('followingClosely.notification.newProjects', news.length),
    message: lines.join('\n'),
    path,
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
export function isNewer(project: NotifiedProject, last: NotifiedProject): boolean {
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
    const period = (await ports.periodMs?.()) ?? CHECK_PERIOD_MS;
    const tolerance = Math.min(CHECK_TOLERANCE_MS, period / 10);
    if (announce && startedAt - state.checkedAt < period - tolerance) return;
    if (announce && !(await ports.active())) return;
    const bells = await ports.bells();
    const list = await ports.sharedList(username);
    const now = {
      people: bells.people.map((person) => person.toLowerCase()),
      studios: bells.studios.map((studio) => studio.id),
    };
    // The time the check started: the next alarm, a period after this one, finds it due.
    let next: FeedNotifierState = { ...state, checkedAt: startedAt, bells: now };
    const news: BellNews[] = [];
    const fresh = sharedSince(username, list, state, announce);
    if (fresh !== null) {
      next = { ...next, members: fresh.members };
      if (!hasBells(bells)) {
        // No bells: everyone followed, exactly as before the bells existed.
        await ports.state.set(next);
        if (fresh.projects.length === 0 || fresh.top === undefined) return;
        const content = feedNotificationFor(fresh.projects);
        await ports.show(feedNotificationId(fresh.top.id, content.path), content);
        return;
      }
      const rungBefore = new Set(state.bells?.people ?? []);
      for (const project of fresh.projects) {
        const name = project.author.toLowerCase();
        if (now.people.includes(name) && rungBefore.has(name))
          news.push({ id: project.id, title: project.title, at: project.at, by: project.author });
      }
    }
    if (now.studios.length > 0) {
      const events = studioNewsSince(username, await ports.studioNews(), state, announce);
      if (events !== null) {
        next = { ...next, studioEvents: events.marks };
        const rungBefore = new Set(state.bells?.studios ?? []);
        for (const item of events.items) {
          if (!now.studios.includes(item.studio.id) || !rungBefore.has(item.studio.id)) continue;
          news.push({ id: item.id, title: item.title, at: item.at, studio: item.studio.title });
        }
      }
    }
    // Never twice: a project shared by a belled person and added to a belled studio is one piece of news.
    const before = ownEntry(state.announced, username) ?? [];
    const told = new Set(before);
    const shown = newestFirst(news).filter((item) => !told.has(item.id) && told.add(item.id));
    if (shown.length > 0) {
      const announced = [...shown.map((item) => item.id), ...before].slice(0, MAX_ANNOUNCED);
      next = { ...next, announced: { ...state.announced, [username]: announced } };
    }
    // Stored before showing: a crash in between loses one notification rather than repeating it.
    await ports.state.set(next);
    const [top] = shown;
    if (top === undefined) return;
    const content = bellNotificationFor(shown);
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

/**
 * The projects shared since the member's last check, and the member's new mark (null when the list
 * could not be read). The first check for a member, or one that does not announce, only records.
 */
function sharedSince(
  username: string,
  list: FeedList<FeedProject> | null,
  state: FeedNotifierState,
  announce: boolean,
): {
  projects: FeedProject[];
  top: FeedProject | undefined;
  members: Record<string, NotifiedProject>;
} | null {
  const [newest] = list?.items ?? [];
  if (list === null || list.error !== null || newest === undefined) return null;
  const last = Object.hasOwn(state.members, username) ? state.members[username] : undefined;
  const projects = last === undefined || !announce ? [] : list.items.filter((p) => isNewer(p, last));
  const top = projects[0] ?? (last === undefined || !announce ? newest : undefined);
  const members =
    top === undefined ? state.members : { ...state.members, [username]: { id: top.id, at: top.at } };
  return { projects, top, members };
}

/** The studio news since the member's last check, and the new mark; as `sharedSince`. */
function studioNewsSince(
  username: string,
  news: StudioProjectNews[] | null,
  state: FeedNotifierState,
  announce: boolean,
): { items: StudioProjectNews[]; marks: Record<string, NotifiedProject> } | null {
  const [newest] = news ?? [];
  if (news === null || newest === undefined) return null;
  const marks = state.studioEvents ?? {};
  const last = Object.hasOwn(marks, username) ? marks[username] : undefined;
  // Ordered by when each was added (the project's id only as a tiebreak).
  const mark = (item: StudioProjectNews) => ({ id: item.id, at: item.at });
  const items = last === undefined || !announce ? [] : news.filter((item) => isNewer(mark(item), last));
  const top = items[0] ?? (last === undefined || !announce ? newest : undefined);
  return { items, marks: top === undefined ? marks : { ...marks, [username]: mark(top) } };
}

/** Newest first; news without a time after the rest, in the order found. */
function newestFirst(news: readonly BellNews[]): BellNews[] {
  return [...news].sort((a, b) => (b.at ?? '').localeCompare(a.at ?? ''));
}
