/** The Explore tab's storage items (lib/explore/explore*.ts writes the caches, the popup's Explore tab reads them). */
import { defineItem } from '@/lib/storage/storage-item';
import {
  defaultExploreSettings,
  type ExploreCache,
  type ExploreSettings,
  type ExploreViews,
  emptyExploreCache,
  emptyExploreViews,
} from './explore-model';

/**
 * Public data of the Explore tab: featured rows (re-read hourly), the shared-project count (daily),
 * explore and search pages (5 minutes; at most MAX_CACHED_LISTS lists). Nobody's own: no member key.
 */
export const exploreCacheItem = defineItem<ExploreCache>('local:exploreCache', {
  fallback: emptyExploreCache,
  version: 1,
});

/**
 * What the popup's views show (a project, a person, a studio and their lists), for the signed-in
 * member only and for the popup's life: kept in memory for the browser session, never on disk.
 */
export const exploreViewsItem = defineItem<ExploreViews>('session:exploreViews', {
  fallback: emptyExploreViews,
  version: 1,
});

/** The Explore tab's choices (projects or studios, tag, sorts, language), following the member. */
export const exploreSettingsItem = defineItem<ExploreSettings>('sync:exploreSettings', {
  fallback: defaultExploreSettings,
  version: 1,
});
