/**
 * The projects of the feed's "Following closely" section, picked from the lists the feed already
 * holds (no read of their own). Its own module: the popup loads it only for members with a bell.
 */
import type { ActivityEvent, FeedProject } from './feed-model';
import { type BelledStudio, type FollowingClosely, hasPersonBell } from './following-closely-model';
import type { StudioProjectNews } from './studio-news-model';

/** A project of the feed's "Following closely" section. */
export interface CloseProject {
  id: number;
  title: string;
  /** Null: the list named it without a picture (the view uses the site's thumbnail address). */
  thumbnailUrl: string | null;
  at: string | null;
  /** Shared by this belled person. */
  by?: string;
  /** Added to this belled studio. */
  studio?: BelledStudio;
}

/** Projects in the section at most: the rest are in the sections below. */
export const MAX_CLOSE_PROJECTS = 6;

/**
 * The belled people's and studios' recent projects from the lists the feed already holds, newest
 * first, each once: shared by a belled person (the "shared" and "studios" lists, What's Happening's
 * `shareproject`) or added to a belled studio (the studio's own activity, kept by
 * lib/feed/studio-news.ts: the lists of projects do not say which studio, and What's Happening never
 * tells it).
 */
export function closeProjects(
  bells: FollowingClosely,
  lists: {
    shared: readonly FeedProject[];
    studios: readonly FeedProject[];
    activity: readonly ActivityEvent[];
    /** The belled studios' projects (lib/feed/studio-news-model.ts, `belledStudioNews`). */
    studioNews: readonly StudioProjectNews[];
  },
): CloseProject[] {
  const found: CloseProject[] = [];
  for (const project of [...lists.shared, ...lists.studios]) {
    if (hasPersonBell(bells, project.author))
      found.push({
        id: project.id,
        title: project.title,
        thumbnailUrl: project.thumbnailUrl,
        at: project.at,
        by: project.author,
      });
  }
  for (const event of lists.activity) {
    if (event.type === 'shareproject' && hasPersonBell(bells, event.actor_username))
      found.push({
        id: event.project_id,
        title: event.title,
        thumbnailUrl: null,
        at: event.datetime_created,
        by: event.actor_username,
      });
  }
  for (const news of lists.studioNews)
    found.push({ id: news.id, title: news.title, thumbnailUrl: null, at: news.at, studio: news.studio });
  // Newest first (a project without a time after those with one); the first of each project stays.
  const ordered = found.sort((a, b) => (b.at ?? '').localeCompare(a.at ?? ''));
  const seen = new Set<number>();
  return ordered.filter((p) => !seen.has(p.id) && seen.add(p.id)).slice(0, MAX_CLOSE_PROJECTS);
}
