/**
 * Studio news: what was added to the studios a member rang the bell for, read from each studio's own
 * activity (`/studios/<id>/activity`, as the studio page reads it: public, its first page of 20), the
 * one place the site tells it. Read on the new-project notifier's schedule (one check a period, 15
 * minutes for members), only while a studio has a bell, the member is signed in and uses the
 * browser; a studio whose bell was just rung is read at once. Kept in one small item
 * (`local:studioNews`): the newest few projects of each belled studio, which the popup's Following
 * closely and the notifier take from there (./feed-notifications.ts), with no read of their own.
 * The bells are the signed-in member's own, so the item holds only that member's studios: a sign-out
 * or a switch of member takes the others' away at once.
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
  /**
   * The bells changed (or their member did): these studios' bells were just rung, read them now
   * (the others keep their schedule); the studios no longer belled lose their news at once.
   */
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

  /** The ids of the studios with a bell, as far as studio news go (the cap's first). */
  const belledIds = (bells: FollowingClosely) =>
    bells.studios.slice(0, MAX_NEWS_STUDIOS).map((studio) => studio.id);

  /**
   * Reads `ids` (of the studios `bells` rings) and stores what they said. What is stored is only the
   * studios belled when it is stored: the bells are the signed-in member's own, so a studio whose bell
   * was silenced, or whose member signed out or gave way to another while the reads were out, goes,
   * and the item never holds a studio of anyone but the member signed in. Nothing read and nothing
   * gone: nothing written.
   */
  async function read(ids: readonly number[], bells: FollowingClosely, checkedAt?: number): Promise<void> {
    const asked = belledIds(bells);
    const answers = new Map<number, { readAt: number; projects: StudioProject[] }>();
    for (const id of ids) {
      if (!asked.includes(id)) continue;
      const readAt = ports.now();
      try {
        answers.set(id, { readAt, projects: projectsAdded(await ports.readActivity(id)) });
      } catch (error) {
        // The last news of this studio stays; the next check asks again.
        console.warn('[companion] studio news: a studio could not be read', error);
      }
    }
    const belled = belledIds(await ports.bells());
    const before = await ports.state.get();
    const studios: StudioNews['studios'] = {};
    for (const id of belled) {
      const key = String(id);
      const kept = Object.hasOwn(before.studios ?? {}, key) ? before.studios[key] : undefined;
      const entry = answers.get(id) ?? kept;
      if (entry !== undefined) studios[key] = entry;
    }
    const unchanged =
      answers.size === 0 && Object.keys(studios).length === Object.keys(before.studios ?? {}).length;
    if (unchanged && checkedAt === undefined) return;
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

    // Every change of the bells, the member's switch included: the rung studios are read (none while
    // signed out), the silenced ones' news go.
    rung: (studioIds) =>
      serially(async () => {
        const ids = (await ports.signedInUser()) === null ? [] : studioIds;
        await read(ids, await ports.bells());
      }),
  };
}
