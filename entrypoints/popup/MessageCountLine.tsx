import { useEffect } from 'preact/hooks';
import { currentProfile } from '@/lib/config';
import { plural, t } from '@/lib/i18n';
import { messageCountItem } from '@/lib/message-count/message-count-storage';
import { shownCount } from '@/lib/message-count/shown-count-model';
import { sendMessage } from './background-messages';
import { useStorageItem } from './storage-hooks';

/** The storage this line shows in the popup's first frame. */
export const messageCountStorage = [messageCountItem] as const;

/**
 * The member's message count in the popup: the stored value in the first frame (the same number as
 * the badge), kept current through `storage.watch`, and a fresh read asked for when the popup opens.
 */
export function MessageCountLine() {
  const state = useStorageItem(messageCountItem);
  const site = currentProfile().site;

  useEffect(() => {
    // The background stores what it reads, which reaches this line through the storage watch.
    sendMessage('refreshMessageCount', undefined).catch(() => undefined);
  }, []);

  if (state.username === null) {
    return (
      <p class="message-count" data-testid="popup-message-count" data-count="">
        <a href={`${site}/login/`} target="_blank" rel="noreferrer">
          {t('messageCount.signInLink')}
        </a>{' '}
        {t('messageCount.signInRest')}
      </p>
    );
  }
  // The badge's number: the count after the member's mutes (lib/message-count/shown-count-model.ts). Its words
  // are the badge's (lib/message-count/badge.ts), not imported from there: its imports would load the
  // count's rules with the popup.
  const shown = shownCount(state);
  if (shown === null) {
    return (
      <p class="message-count muted" data-testid="popup-message-count" data-count="">
        {t('messageCount.reading', [state.username])}
      </p>
    );
  }
  return (
    <p class="message-count" data-testid="popup-message-count" data-count={String(shown.count)}>
      <a href={`${site}/messages/`} target="_blank" rel="noreferrer">
        {t('messageCount.forMember', [
          shown.over
            ? plural('mutedCount.overCap', shown.count)
            : shown.count === 0
              ? t('messageCount.none')
              : plural('messageCount.newMessages', shown.count),
          state.username,
        ])}
      </a>
    </p>
  );
}
