/**
 * The storage the Explore view's first frame shows, read with the view's chunk (lazy-view.tsx): its
 * cache, the views opened, its settings, the bells of the person and studio views and the loved and
 * favorited marks of the project view (the popup may reopen on one). A chunk of its own: its items
 * load with the Explore tab, not with every tab.
 *
 * @view-part ExploreTab (scripts/bench/bundle-sizes.ts counts it with that view)
 */
import { exploreCacheItem, exploreSettingsItem, exploreViewsItem } from '@/lib/explore/explore-storage';
import { followingCloselyItem } from '@/lib/feed/feed-storage';
import { projectStatusesItem } from '@/lib/project-status/project-status-storage';

export const exploreViewStorage = [
  exploreCacheItem,
  exploreViewsItem,
  exploreSettingsItem,
  followingCloselyItem,
  projectStatusesItem,
];
