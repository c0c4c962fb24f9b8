/**
 * Studio news (./studio-news.ts) as the background runs it: a periodic alarm on the notifier's
 * schedule (its period, 15 minutes, or a development install's tuning), only while a studio has a
 * bell; the API client's read of a studio's activity; the idle state; the bells' item, whose newly
 * rung studios are read at once. `registerStudioNews` registers every listener synchronously.
 */
import type { ApiClient } from '@/lib/api/client';
import { serialQueue } from '@/lib/concurrency/serial';
import { onDevTuningChange } from '@/lib/dev-tuning';
import { followingCloselyItem } from '@/lib/feed/feed-storage';
import { studioNewsItem } from '@/lib/feed/studio-news-storage';
import { idleUnlessTestSaysNo } from '@/lib/idle';
import { notifierPeriodMs } from './feed-notifications-background';
import { bellsOf } from './following-closely-model';
import { createStudioNews, STUDIO_ACTIVITY_LIMIT, type StudioNewsService } from './studio-news';

/** The one alarm of studio news. */
export const STUDIO_NEWS_ALARM = 'studio-news';

export interface StudioNewsDeps {
  api: Pick<ApiClient, 'studioActivity'>;
  signedInUser(): Promise<string | null>;
  /** Injected in tests; the clock otherwise. */
  now?: () => number;
  /** Injected in tests; otherwise the browser's idle state (lib/idle.ts). */
  isIdle?: () => Promise<boolean>;
}

export function registerStudioNews(deps: StudioNewsDeps): StudioNewsService {
  const isIdle = deps.isIdle ?? idleUnlessTestSaysNo;
  const service = createStudioNews({
    now: deps.now ?? Date.now,
    periodMs: notifierPeriodMs,
    signedInUser: deps.signedInUser,
    active: async () => !(await isIdle()),
    bells: async () => bellsOf(await followingCloselyItem.getValue()),
    readActivity: (studioId) => deps.api.studioActivity(studioId, { limit: STUDIO_ACTIVITY_LIMIT }),
    state: { get: () => studioNewsItem.getValue(), set: (state) => studioNewsItem.setValue(state) },
  });
  const warn = (what: string) => (error: unknown) => console.warn(`[companion] studio news: ${what}`, error);

  // The alarm runs only while a studio has a bell, at the notifier's period; an existing one of that
  // period keeps its schedule (a worker restart must not push the next check back).
  const scheduling = serialQueue();
  const reschedule = () => {
    scheduling(async () => {
      if (bellsOf(await followingCloselyItem.getValue()).studios.length === 0) {
        await browser.alarms.clear(STUDIO_NEWS_ALARM);
        return;
      }
      const periodInMinutes = (await notifierPeriodMs()) / 60_000;
      if ((await browser.alarms.get(STUDIO_NEWS_ALARM))?.periodInMinutes === periodInMinutes) return;
      await browser.alarms.create(STUDIO_NEWS_ALARM, { periodInMinutes });
    }).catch(warn('alarm'));
  };

  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === STUDIO_NEWS_ALARM) service.tick().catch(warn('check'));
  });
  followingCloselyItem.watch((value, previous) => {
    reschedule();
    // A studio's bell just rung: its news now, not a period later. The bells are the member's own: a
    // sign-out or another member is a change too, and the studios no longer belled lose their news.
    const before = new Set(bellsOf(previous).studios.map((studio) => studio.id));
    const rung = bellsOf(value)
      .studios.map((studio) => studio.id)
      .filter((id) => !before.has(id));
    service.rung(rung).catch(warn('rung'));
  });
  onDevTuningChange(reschedule);
  reschedule();
  return service;
}
