/** The Feed tab of the popup: the following-activity feed and the followed projects. */
import { t } from '@/lib/i18n';
import { lazyView } from '../lazy-view';
import type { PopupTab } from '../popup-tab';
import { FeedNewCount } from './FeedNewCount';
import { feedStorage } from './feed-data';
// The view's styles load with the popup (see lazy-view.tsx).
import './feed.css';

const view = lazyView(() => import('./FeedTab').then((module) => module.FeedTab));

export const feedTab: PopupTab = {
  name: 'feed',
  label: () => t('feed.tab'),
  View: view.View,
  preload: view.preload,
  Count: FeedNewCount,
  storage: feedStorage,
};
