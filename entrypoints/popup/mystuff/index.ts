/**
 * The My Stuff tab of the popup: the member's own shared projects and their favorites, with search
 * and sorting. The view is a chunk of its own (lazy-view.tsx); the storage its first frame shows is
 * read with that chunk, like every tab's (mystuff-data.ts reads it).
 */
import { t } from '@/lib/i18n';
import { lazyView } from '../lazy-view';
import type { PopupTab } from '../popup-tab';
import { primeStorageItems } from '../storage-hooks';
// The view's styles load with the popup (see lazy-view.tsx).
import './mystuff.css';

const view = lazyView(
  () => import('./MyStuffTab').then((module) => module.MyStuffTab),
  () => import('./mystuff-view-storage').then((module) => primeStorageItems(module.myStuffViewStorage)),
);

export const myStuffTab: PopupTab = {
  name: 'mystuff',
  label: () => t('mystuff.tab'),
  View: view.View,
  preload: view.preload,
};
