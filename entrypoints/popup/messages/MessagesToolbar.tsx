import { t } from '@/lib/i18n';
import { isMessageFilter, MESSAGE_FILTERS, type MessageFilter } from '@/lib/messages/messages-model';
import { messagesFilterItem } from '@/lib/messages/messages-storage';
import { messageLinks } from './links';

const FILTER_KEYS = {
  all: 'messagesTab.filters.all',
  comments: 'messagesTab.filters.comments',
  projects: 'messagesTab.filters.projects',
  studios: 'messagesTab.filters.studios',
  forums: 'messagesTab.filters.forums',
} as const satisfies Record<MessageFilter, string>;

/** The Messages tab's filter (the site's, remembered) and the link to the site's messages page. */
export function MessagesToolbar({ filter }: { filter: MessageFilter }) {
  return (
    <div class="messages-toolbar">
      <label class="messages-filter">
        <span>{t('messagesTab.filterLabel')}</span>
        <select
          data-testid="message-filter"
          value={filter}
          onChange={(event) => {
            const value = (event.currentTarget as HTMLSelectElement).value;
            if (isMessageFilter(value)) void messagesFilterItem.setValue(value);
          }}
        >
          {MESSAGE_FILTERS.map((name) => (
            <option key={name} value={name}>
              {t(FILTER_KEYS[name])}
            </option>
          ))}
        </select>
      </label>
      <a
        class="open-messages"
        href={messageLinks.messages()}
        target="_blank"
        rel="noreferrer"
        title={t('messagesTab.openMessagesPageHelp')}
        data-testid="open-messages-page"
      >
        {t('messagesTab.openMessagesPage')}
      </a>
    </div>
  );
}
