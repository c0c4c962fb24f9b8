/**
 * The storage the Feed view's first frame shows, read with the view's chunk (lazy-view.tsx): the
 * feed and its filters (also the tab's count: feed-data.ts), the bells, and the loved/favorited marks
 * of project-statuses.ts. A chunk of its own: its items load with the Feed tab, not with every tab.
 *
 * @view-part FeedTab (scripts/bench/bundle-sizes.ts counts it with that view)
 */
import { feedCacheItem, feedSeenItem, feedSettingsItem, followingCloselyItem } from '@/lib/feed/feed-storage';
import { projectStatusesItem, projectStatusSettingsItem } from '@/lib/project-status/project-status-storage';

export const feedViewStorage = [
  feedCacheItem,
  feedSettingsItem,
  feedSeenItem,
  followingCloselyItem,
  projectStatusesItem,
  projectStatusSettingsItem,
] as const;
