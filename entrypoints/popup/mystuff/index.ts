/**
 * The My Stuff tab of the popup: the member's own shared projects and their favorites, with search
 * and sorting. The view is a chunk of its own (lazy-view.tsx); its storage is read before the popup
 * renders, like every tab's.
 */
import { t } from '@/lib/i18n';
import { myStuffCacheItem } from '@/lib/mystuff/mystuff-storage';
import { lazyView } from '../lazy-view';
import type { PopupTab } from '../popup-tab';
// The view's styles load with the popup (see lazy-view.tsx).
import './mystuff.css';
import './over-time/over-time.css';

// The chunk reads the cards' gains this week before it resolves (in the first frame, and no byte
// of them in the popup's entry).
const view = lazyView(() => import('./MyStuffTab').then((module) => module.withGains));

export const myStuffTab: PopupTab = {
  name: 'mystuff',
  label: () => t('mystuff.tab'),
  View: view.View,
  preload: view.preload,
  // The first frame's storage (mystuff-data.ts reads it in the view's chunk).
  storage: [myStuffCacheItem],
};
