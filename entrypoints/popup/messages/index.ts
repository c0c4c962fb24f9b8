/** The Messages tab of the popup (issue 11): messages in the site's words, conversations, replies. */
import { t } from '@/lib/i18n';
import type { PopupTab } from '../popup-tab';
import { MessagesTab, UnreadCount } from './MessagesTab';
import { messagesStorage } from './messages-data';

export const messagesTab: PopupTab = {
  name: 'messages',
  label: () => t('messagesTab.tab'),
  View: MessagesTab,
  Count: UnreadCount,
  storage: messagesStorage,
};
