/** The Feed tab of the popup (issue 8): the following-activity feed and the followed projects. */
import { t } from '@/lib/i18n';
import type { PopupTab } from '../popup-tab';
import { FeedNewCount, FeedTab } from './FeedTab';
import { feedStorage } from './feed-data';

export const feedTab: PopupTab = {
  name: 'feed',
  label: () => t('feed.tab'),
  View: FeedTab,
  Count: FeedNewCount,
  storage: feedStorage,
};
