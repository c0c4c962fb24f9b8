/** The Messages tab of the popup: messages in the site's words, conversations, replies. */
import { t } from '@/lib/i18n';
import { lazyView } from '../lazy-view';
import type { PopupTab } from '../popup-tab';
import { primeStorageItems } from '../storage-hooks';
import { UnreadCount, unreadCountStorage } from './UnreadCount';
// The view's styles load with the popup (see lazy-view.tsx).
import './messages.css';

const view = lazyView(
  () => import('./MessagesTab').then((module) => module.MessagesTab),
  () => import('./messages-view-storage').then((module) => primeStorageItems(module.messagesViewStorage)),
);

export const messagesTab: PopupTab = {
  name: 'messages',
  label: () => t('messagesTab.tab'),
  View: view.View,
  preload: view.preload,
  Count: UnreadCount,
  countStorage: unreadCountStorage,
};
