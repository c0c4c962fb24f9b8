/**
 * The `project-status` service as the background runs it: the core of ./project-status.ts on the
 * API client, the session and storage, with its share of the rate limit, and the protocol
 * handlers content scripts and the popup use. `registerProjectStatus` registers every listener
 * synchronously (the MV3 worker is woken by these events and must find its listeners at once).
 *
 * What a page can make it do: a content script in a site tab may ask for statuses (reads, under
 * the share of the rate limit, only while signed in and with marks on) and report what the site's
 * own buttons show on the project page it is on. A report only changes the cached marks: nothing
 * a page sends makes the background post anything.
 */
import { SlidingWindowLimiter } from '@/lib/api/rate-limiter';
import { isSitePage, type SiteProfile } from '@/lib/config';
import { followDevTuning } from '@/lib/dev-tuning';
import type { FavoritesPage } from '@/lib/project-status/favorites-walk';
import { createProjectStatusService, type ProjectStatusService } from '@/lib/project-status/project-status';
import { projectStatusSettingsOf } from '@/lib/project-status/project-status-model';
import {
  pageStatusesItem,
  projectStatusesItem,
  projectStatusSettingsItem,
} from '@/lib/project-status/project-status-storage';
import { answerMessages } from '@/lib/protocol/checked-messages';
import { projectPageId, sitePage } from '@/lib/site/pages';
import { budgetedCache } from '@/lib/storage/cache-budget';
import { pageStatusesBudget, projectStatusesBudget } from './project-status-budget';
import { projectStatusMessages } from './project-status-protocol';

/**
 * The marks' share of the extension's rate limit (5 a second): 3 reads a second at most, 2 at once,
 * so the message count and the popup always find room.
 */
export const MARKS_REQUESTS_PER_SECOND = 3;
/** Answers within this long of each other reach the tabs as one storage write. */
const WRITE_BATCH_MS = 150;

export interface ProjectStatusDeps {
  profile: SiteProfile;
  readLove(projectId: number, username: string): Promise<boolean>;
  readFavorite(projectId: number, username: string): Promise<boolean>;
  readFavoritesPage(username: string, offset: number, limit: number): Promise<FavoritesPage>;
  signedInUser(): Promise<string | null>;
  onSessionChanged(listener: (username: string | null) => void): void;
  now?: () => number;
}

type Sender = { tab?: { id?: number } };

/** Who asks: each tab is one requester, the popup and other extension pages another. */
export function requesterOf(sender: Sender): string {
  return sender.tab?.id === undefined ? 'extension' : `tab:${sender.tab.id}`;
}

/** The project whose page the sender's frame shows, or null. */
export function senderProjectId(url: string | undefined, profile: SiteProfile): number | null {
  if (!url || !isSitePage(url, profile)) return null;
  return projectPageId(sitePage(url));
}

export function registerProjectStatus(deps: ProjectStatusDeps): ProjectStatusService {
  const { profile } = deps;
  let sharePerSecond = MARKS_REQUESTS_PER_SECOND;
  let share = new SlidingWindowLimiter({ max: sharePerSecond, windowMs: 1000 });
  let retryWaitScale = 1;
  // A development install's tuning (lib/dev-tuning.ts, clamped there: never past the client's 5 a
  // second): the whole rate for a test's hundred thumbnails, and the fault tests' shorter retry waits.
  followDevTuning((tuning) => {
    const perSecond = tuning.marksReadsPerSecond ?? MARKS_REQUESTS_PER_SECOND;
    if (perSecond !== sharePerSecond) {
      sharePerSecond = perSecond;
      share = new SlidingWindowLimiter({ max: perSecond, windowMs: 1000 });
    }
    retryWaitScale = tuning.retryBackoffScale ?? 1;
  });
  const service = createProjectStatusService({
    now: deps.now ?? Date.now,
    readLove: deps.readLove,
    readFavorite: deps.readFavorite,
    readFavoritesPage: deps.readFavoritesPage,
    turn: () => share.acquire(),
    cache: budgetedCache(projectStatusesItem, projectStatusesBudget),
    pageStatuses: budgetedCache(pageStatusesItem, pageStatusesBudget),
    beforeWrite: () => new Promise((resolve) => setTimeout(resolve, WRITE_BATCH_MS)),
    retryWaitScale: () => retryWaitScale,
  });
  const warn = (what: string) => (error: unknown) =>
    console.warn(`Companion: project statuses: ${what}`, error);

  const follow = (username: string | null) => {
    service.memberChanged(username).catch(warn('session'));
  };
  deps.onSessionChanged(follow);
  deps.signedInUser().then(follow, warn('session'));

  // A tab that closes or leaves for another page no longer wants anything.
  browser.tabs.onRemoved.addListener((tabId) => service.forgetRequester(`tab:${tabId}`));
  browser.tabs.onUpdated.addListener((tabId, change) => {
    if (change.url !== undefined) service.forgetRequester(`tab:${tabId}`);
  });

  // A synced value missing keys (another browser's older version) keeps the default: marks on.
  const marksOn = async () => projectStatusSettingsOf(await projectStatusSettingsItem.getValue()).marks;

  answerMessages(profile, projectStatusMessages, {
    async getProjectStatuses({ data, sender }) {
      if (!(await marksOn())) return;
      await service.want(requesterOf(sender), data.ids);
    },
    projectsLeftView({ data, sender }) {
      service.leftView(requesterOf(sender), data.ids);
    },
    async reportProjectStatus({ data, sender }) {
      // Only the page of that very project may speak for it.
      const pageId = senderProjectId(sender.url ?? sender.tab?.url, profile);
      if (pageId === null || pageId !== data.projectId) throw new Error('Not this project’s page');
      const state: { loved?: boolean; favorited?: boolean } = {};
      if (data.loved !== undefined) state.loved = data.loved;
      if (data.favorited !== undefined) state.favorited = data.favorited;
      await service.report(pageId, state);
    },
  });

  return service;
}
