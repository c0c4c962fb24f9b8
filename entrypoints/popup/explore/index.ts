/**
 * The Explore tab of the popup: featured rows, explore by tag, search, and views of a
 * project, a person and a studio inside the popup. The view itself is loaded on demand (a chunk of
 * its own, fetched when the tab first shows) so the popup's other tabs open without it; the storage
 * its first frame shows is read with that chunk, like every tab's (lazy-view.tsx).
 */

import { t } from '@/lib/i18n';
import { lazyView } from '../lazy-view';
import type { PopupTab } from '../popup-tab';
import { primeStorageItems } from '../storage-hooks';
import { listenForQuickSearchKey } from './quick-search-key';
// Styles load with the popup (they are not JavaScript): the view's chunk then needs no loader of its own.
import './explore.css';

listenForQuickSearchKey();

const view = lazyView(
  () => import('./ExploreTab').then((module) => module.ExploreTab),
  () => import('./explore-view-storage').then((module) => primeStorageItems(module.exploreViewStorage)),
);

export const exploreTab: PopupTab = {
  name: 'explore',
  label: () => t('explore.tab'),
  View: view.View,
  preload: view.preload,
};
