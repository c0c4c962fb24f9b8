/**
 * A belled studio's newest projects, as its own activity tells them (`addprojecttostudio`, the
 * studio page's "added ... to the studio": lib/feed/studio-news.ts reads it). The following feeds
 * do not say which studio a project was added to, and What's Happening never carries that event.
 * Types and pure helpers only (no zod, no browser): the popup's Following closely reads them.
 */
import type { BelledStudio, FollowingClosely } from './following-closely-model';

/** A project added to a studio: the project, when, and who added it. */
export interface StudioProject {
  id: number;
  title: string;
  at: string;
  by: string;
}

/** What the studios' activity said, kept in `local:studioNews` (studio ids are numbers, as keys). */
export interface StudioNews {
  /** When the last check started (ms since the epoch): one check a period. */
  checkedAt: number;
  /** By studio id: its newest projects added, newest first, and when its activity was last read. */
  studios: Record<string, { readAt: number; projects: StudioProject[] }>;
}

export const emptyStudioNews: StudioNews = Object.freeze({ checkedAt: 0, studios: {} }) as StudioNews;

/** A project added to a belled studio, with that studio. */
export interface StudioProjectNews extends StudioProject {
  studio: BelledStudio;
}

/** The belled studios' projects, newest first (a studio without a bell, or not read yet, has none). */
export function belledStudioNews(news: StudioNews, bells: FollowingClosely): StudioProjectNews[] {
  const studios = typeof news?.studios === 'object' && news.studios !== null ? news.studios : {};
  const found: StudioProjectNews[] = [];
  for (const studio of bells.studios) {
    const key = String(studio.id);
    const entry = Object.hasOwn(studios, key) ? studios[key] : undefined;
    for (const project of Array.isArray(entry?.projects) ? entry.projects : [])
      found.push({ ...project, studio });
  }
  return found.sort((a, b) => b.at.localeCompare(a.at));
}
