import { useEffect, useState } from 'preact/hooks';
import { messagesPhrase } from '@/lib/badge';
import { currentProfile } from '@/lib/config';
import { t } from '@/lib/i18n';
import { type MessageCountSnapshot, sendMessage } from '@/lib/protocol';
import { messageCountItem } from '@/lib/storage';

const snapshot = (state: MessageCountSnapshot): MessageCountSnapshot => ({
  username: state.username,
  count: state.count,
  readAt: state.readAt,
});

/**
 * The member's message count in the popup: the stored value at once (the same number as the
 * badge), kept current through `storage.watch`, and a fresh read asked for when the popup opens.
 */
export function MessageCountLine() {
  const [state, setState] = useState<MessageCountSnapshot | null>(null);
  const site = currentProfile().site;

  useEffect(() => {
    messageCountItem.getValue().then((value) => setState(snapshot(value)));
    const unwatch = messageCountItem.watch((value) => setState(snapshot(value)));
    // The background stores what it reads, which reaches this view through the watch above.
    sendMessage('refreshMessageCount', undefined).catch(() => undefined);
    return unwatch;
  }, []);

  if (state === null) return null;
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
  if (state.count === null) {
    return (
      <p class="message-count muted" data-testid="popup-message-count" data-count="">
        {t('messageCount.reading', [state.username])}
      </p>
    );
  }
  return (
    <p class="message-count" data-testid="popup-message-count" data-count={String(state.count)}>
      <a href={`${site}/messages/`} target="_blank" rel="noreferrer">
        {t('messageCount.forMember', [
          state.count === 0 ? t('messageCount.none') : messagesPhrase(state.count),
          state.username,
        ])}
      </a>
    </p>
  );
}
