/** The Feed tab of the popup: the following-activity feed and the followed projects. */
import { t } from '@/lib/i18n';
import { lazyView } from '../lazy-view';
import type { PopupTab } from '../popup-tab';
import { primeStorageItems } from '../storage-hooks';
import { FeedNewCount } from './FeedNewCount';
import { feedCountStorage } from './feed-data';
// The view's styles load with the popup (see lazy-view.tsx).
import './feed.css';

const view = lazyView(
  () => import('./FeedTab').then((module) => module.FeedTab),
  () => import('./feed-view-storage').then((module) => primeStorageItems(module.feedViewStorage)),
);

export const feedTab: PopupTab = {
  name: 'feed',
  label: () => t('feed.tab'),
  View: view.View,
  preload: view.preload,
  Count: FeedNewCount,
  countStorage: feedCountStorage,
};
