/**
 * The daily record (./project-history.ts) as the background runs it: My Stuff's reads of the
 * member's shared projects recorded as they land, an hourly alarm for the daily check, love
 * milestones as desktop notifications, and the popup's "Forget my history". `registerProjectHistory` registers every listener synchronously.
 */
import type { SiteProfile } from '@/lib/config';
import { devTuning, onDevTuningChange } from '@/lib/dev-tuning';
import { t } from '@/lib/i18n';
import { idleUnlessTestSaysNo } from '@/lib/idle';
import { type MemberStuff, MY_STUFF_FRESH_MS, MY_STUFF_MAX_ITEMS } from '@/lib/mystuff/mystuff-model';
import { myStuffCacheItem } from '@/lib/mystuff/mystuff-storage';
import { openSitePageOnNotificationClick } from '@/lib/notifications/notification-clicks';
import { showNotification } from '@/lib/notifications/show-notification';
import { answerMessages, type HandlersOf } from '@/lib/protocol/checked-messages';
import { budgetedCache } from '@/lib/storage/cache-budget';
import type { Milestone } from './milestones-model';
import {
  createProjectHistoryService,
  type ProjectHistoryPorts,
  type ProjectHistoryService,
  type SharedProjectsRead,
} from './project-history';
import { projectHistoryBudget } from './project-history-budget';
import { projectHistoryMessages } from './project-history-protocol';
import {
  announcedMilestonesItem,
  projectHistoryItem,
  projectHistorySettingsItem,
} from './project-history-storage';
import { projectWeekGainsItem } from './week-gains-storage';

/** The daily check's alarm. */
export const PROJECT_HISTORY_ALARM = 'project-history-daily';
/** How often the daily check looks whether today is recorded (the walk itself is once a day). */
export const CHECK_PERIOD_MINUTES = 60;
/** The prefix of a milestone notification's id; the rest is the page a click opens. */
const MILESTONE_PREFIX = 'companion-milestone:';

export interface ProjectHistoryDeps {
  profile: SiteProfile;
  signedInUser(): Promise<string | null>;
  /** My Stuff's read of the member's shared projects (its service's refresh). */
  readSharedProjects(): Promise<void>;
  /** Injected in tests; otherwise the browser's idle state (see message-count-background). */
  isIdle?: () => Promise<boolean>;
}

/** My Stuff's last read of `username`'s shared projects in its cache, or null before any. */
export function sharedProjectsOf(
  cache: Record<string, MemberStuff>,
  username: string,
): SharedProjectsRead | null {
  const list = Object.hasOwn(cache, username) ? cache[username]?.shared : undefined;
  if (list === undefined || list.readAt === 0) return null;
  // At My Stuff's cap (or cut to its byte cap) the rest was not read, or not kept: nobody missing.
  return { items: list.items, whole: list.complete && list.items.length < MY_STUFF_MAX_ITEMS };
}

/**
 * The record's clock: the browser's, or in a development install as far ahead as the tuning says
 * (`historyClockAheadMs`): an end-to-end test moves a day forward as it moves the sandbox's clock.
 */
let clockAheadMs = 0;
const recordClock = () => Date.now() + clockAheadMs;

function milestoneContent(milestone: Milestone): { title: string; message: string } {
  const loves = new Intl.NumberFormat().format(milestone.loves);
  return milestone.kind === 'project'
    ? {
        title: t('overTime.milestones.title'),
        message: t('overTime.milestones.project', [milestone.title, loves]),
      }
    : { title: t('overTime.milestones.title'), message: t('overTime.milestones.total', [loves]) };
}

/** The service on My Stuff's cache, storage, the idle state and the browser's notifications. */
export function projectHistoryPorts(deps: ProjectHistoryDeps): ProjectHistoryPorts {
  const isIdle = deps.isIdle ?? idleUnlessTestSaysNo;
  return {
    now: recordClock,
    signedInUser: deps.signedInUser,
    active: async () => !(await isIdle()),
    walk: () => deps.readSharedProjects(),
    // Only a list My Stuff read within its fresh minute: a walk that failed left yesterday's behind.
    sharedProjects: async (username) => {
      const cache = await myStuffCacheItem.getValue();
      const readAt = Object.hasOwn(cache, username) ? (cache[username]?.shared.readAt ?? 0) : 0;
      return Date.now() - readAt < MY_STUFF_FRESH_MS ? sharedProjectsOf(cache, username) : null;
    },
    cache: budgetedCache(projectHistoryItem, projectHistoryBudget),
    weekGains: {
      get: () => projectWeekGainsItem.getValue(),
      set: (gains) => projectWeekGainsItem.setValue(gains),
    },
    milestones: {
      enabled: async () =>
        (await projectHistorySettingsItem.getValue()).milestones === true &&
        (await browser.permissions.contains({ permissions: ['notifications'] }).catch(() => false)),
      announced: {
        get: () => announcedMilestonesItem.getValue(),
        set: (value) => announcedMilestonesItem.setValue(value),
      },
      show: async (username, milestone) => {
        const path =
          milestone.kind === 'project'
            ? `/projects/${milestone.id}/`
            : `/users/${encodeURIComponent(username)}/`;
        const tag =
          milestone.kind === 'project' ? `${milestone.id}.${milestone.loves}` : `total.${milestone.loves}`;
        await showNotification(`${MILESTONE_PREFIX}${tag}:${path}`, milestoneContent(milestone));
      },
    },
  };
}

/** The page a milestone notification's click opens, or null for another kind of notification. */
export function pathOfMilestoneNotification(id: string): string | null {
  if (!id.startsWith(MILESTONE_PREFIX)) return null;
  const path = id.slice(id.indexOf(':', MILESTONE_PREFIX.length) + 1);
  return path.startsWith('/') ? path : null;
}

/** The protocol handler (exported for tests). */
export function projectHistoryHandlers(service: ProjectHistoryService) {
  return {
    async forgetProjectHistory() {
      await service.forget();
    },
  } satisfies HandlersOf<typeof projectHistoryMessages>;
}

/** Registers the record's listeners. Call synchronously from the background's main function. */
export function registerProjectHistory(deps: ProjectHistoryDeps): ProjectHistoryService {
  const service = createProjectHistoryService(projectHistoryPorts(deps));
  const warn = (what: string) => (error: unknown) =>
    console.warn(`[companion] project history: ${what}`, error);
  answerMessages(deps.profile, projectHistoryMessages, projectHistoryHandlers(service));
  const check = () => void service.check().catch(warn('daily check'));

  // The daily check: hourly (an existing alarm keeps its schedule, a computer woken from sleep gets
  // the one it missed). Not at once when the browser starts or a member signs in: the hour after is
  // soon enough for a daily point, and a member who opens My Stuff records the day themselves.
  // A development install's tuning may shorten the period and move the clock.
  const schedule = async () => {
    const tuning = await devTuning();
    clockAheadMs = tuning.historyClockAheadMs ?? 0;
    const periodInMinutes = (tuning.historyCheckPeriodSeconds ?? CHECK_PERIOD_MINUTES * 60) / 60;
    if ((await browser.alarms.get(PROJECT_HISTORY_ALARM))?.periodInMinutes !== periodInMinutes)
      await browser.alarms.create(PROJECT_HISTORY_ALARM, {
        periodInMinutes,
        delayInMinutes: periodInMinutes,
      });
  };
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === PROJECT_HISTORY_ALARM) void schedule().then(check, warn('alarm'));
  });
  onDevTuningChange(() => void schedule().catch(warn('tuning')));
  // The record's clock is set before anything is dated by it (a worker woken by a read landing).
  const scheduled = schedule().catch(warn('alarm'));

  // Every read of the member's shared projects My Stuff lands is today's point.
  myStuffCacheItem.watch((cache, previous) => {
    void scheduled
      .then(() => deps.signedInUser())
      .then((username) => {
        if (username === null) return;
        const before = previous && Object.hasOwn(previous, username) ? previous[username]?.shared.readAt : 0;
        const read = sharedProjectsOf(cache ?? {}, username);
        const landed = cache && Object.hasOwn(cache, username) ? cache[username]?.shared : undefined;
        if (read === null || landed?.loading !== null || landed.readAt === before) return;
        return service.recordList(username, read);
      })
      .catch(warn('record'));
  });

  // Turned on: what is reached already is not news.
  projectHistorySettingsItem.watch((settings, previous) => {
    if (settings?.milestones === true && previous?.milestones !== true)
      service.markMilestonesSeen().catch(warn('milestones'));
  });
  openSitePageOnNotificationClick(deps.profile, pathOfMilestoneNotification, warn);
  return service;
}
