/**
 * Studio news: what was added to the studios a member rang the bell for, read from each studio's own
 * activity (`/studios/<id>/activity`, as the studio page reads it: public, its first page of 20), the
 * one place the site tells it. Read on the new-project notifier's schedule (one check a period, 15
 * minutes for members), only while a studio has a bell, the member is signed in and uses the
 * browser; a studio whose bell was just rung is read at once. Kept in one small item
 * (`local:studioNews`): the newest few projects of each belled studio, which the popup's Following
 * closely and the notifier take from there (./feed-notifications.ts), with no read of their own.
 *
 * The cost: one request per belled studio a period, at most MAX_NEWS_STUDIOS studios
 * (scripts/bench/studio-news.ts prints the requests per member-hour).
 */
import type { StudioActivityItem } from '@/lib/api/schemas';
import { serialQueue } from '@/lib/concurrency/serial';
import { type FollowingClosely, MAX_BELLED_STUDIOS } from './following-closely-model';
import type { StudioNews, StudioProject } from './studio-news-model';

/** Studios read at most a period: the belled studios' cap. */
export const MAX_NEWS_STUDIOS = MAX_BELLED_STUDIOS;
/** The first page of a studio's activity, as the studio page asks for it. */
export const STUDIO_ACTIVITY_LIMIT = 20;
/** Projects kept per studio: Following closely shows a few in all. */
export const MAX_KEPT_PER_STUDIO = 3;
/** A stored title is cut here (the feed's lists cut theirs the same way). */
export const MAX_NEWS_TITLE = 200;
/** A tick this much earlier than a period after the last check still reads (alarms fire a little off). */
const TOLERANCE_MS = 1_000;

export interface StudioNewsPorts {
  now(): number;
  /** The period between two checks: the notifier's (15 minutes), or a development install's tuning. */
  periodMs(): Promise<number>;
  signedInUser(): Promise<string | null>;
  /** The member uses the browser now (not idle). */
  active(): Promise<boolean>;
  bells(): Promise<FollowingClosely>;
  /** The studio's activity, newest first: its first page. */
  readActivity(studioId: number): Promise<StudioActivityItem[]>;
  state: { get(): Promise<StudioNews>; set(state: StudioNews): Promise<void> };
}

export interface StudioNewsService {
  /** The alarm fired: check every belled studio when due, signed in and active. */
  tick(): Promise<void>;
  /** These studios' bells were just rung: read them now (the others keep their schedule). */
  rung(studioIds: readonly number[]): Promise<void>;
}

/** The projects added, newest first, as kept. */
export function projectsAdded(items: readonly StudioActivityItem[]): StudioProject[] {
  const projects: StudioProject[] = [];
  for (const item of items) {
    if (item.type !== 'addprojecttostudio') continue;
    if (projects.some((project) => project.id === item.project_id)) continue;
    projects.push({
      id: item.project_id,
      title: item.project_title.slice(0, MAX_NEWS_TITLE),
      at: item.datetime_created,
      by: item.actor_username ?? '',
    });
    if (projects.length === MAX_KEPT_PER_STUDIO) break;
  }
  return projects;
}

export function createStudioNews(ports: StudioNewsPorts): StudioNewsService {
  const serially = serialQueue();

  /** Reads `ids` (of the belled studios) and stores what they said; the studios without a bell go. */
  async function read(ids: readonly number[], bells: FollowingClosely, checkedAt?: number): Promise<void> {
    const belled = bells.studios.slice(0, MAX_NEWS_STUDIOS).map((studio) => studio.id);
    const answers = new Map<number, { readAt: number; projects: StudioProject[] }>();
    for (const id of ids) {
      if (!belled.includes(id)) continue;
      const readAt = ports.now();
      try {
        answers.set(id, { readAt, projects: projectsAdded(await ports.readActivity(id)) });
      } catch (error) {
        // The last news of this studio stays; the next check asks again.
        console.warn('[companion] studio news: a studio could not be read', error);
      }
    }
    const before = await ports.state.get();
    const studios: StudioNews['studios'] = {};
    for (const id of belled) {
      const key = String(id);
      const kept = Object.hasOwn(before.studios ?? {}, key) ? before.studios[key] : undefined;
      const entry = answers.get(id) ?? kept;
      if (entry !== undefined) studios[key] = entry;
    }
    await ports.state.set({ checkedAt: checkedAt ?? before.checkedAt ?? 0, studios });
  }

  return {
    tick: () =>
      serially(async () => {
        if ((await ports.signedInUser()) === null) return;
        const bells = await ports.bells();
        if (bells.studios.length === 0) return;
        const startedAt = ports.now();
        const { checkedAt } = await ports.state.get();
        if (startedAt - (checkedAt ?? 0) < (await ports.periodMs()) - TOLERANCE_MS) return;
        if (!(await ports.active())) return;
        await read(
          bells.studios.map((studio) => studio.id),
          bells,
          startedAt,
        );
      }),

    rung: (studioIds) =>
      serially(async () => {
        if (studioIds.length === 0 || (await ports.signedInUser()) === null) return;
        await read(studioIds, await ports.bells());
      }),
  };
}
