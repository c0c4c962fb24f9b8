/**
 * What a message notification (and the while-you-were-away one) offers beside opening its page:
 * marking every message read, on the member's own click only. Chrome shows two buttons, "Open" and
 * "Mark all as read". Firefox shows no buttons on notifications: there a click opens the message,
 * and marks everything read too when the member turned on "Mark as read when I click a
 * notification" (off by default: reading never marks anything read by itself).
 *
 * Marking read acts for the member the notification was for (its id names them), and only while
 * they are the one signed in (the messages service sends nothing for anyone else). The site has no
 * "read up to": what came after the notification is marked too, as the button says. A notification
 * has no page to hold a sentence, so a failure is told in a notification of its own.
 */
import { t } from '@/lib/i18n';
import type { NotificationActions } from '@/lib/notifications/notification-clicks';
import { memberOfNotification } from './message-notifications';

/** The buttons' order, as Chrome reports a click on one. */
export const OPEN_BUTTON = 0;
export const MARK_READ_BUTTON = 1;
/** The notification that says marking read failed: one at a time. */
export const MARK_READ_FAILED_ID = 'companion-mark-read-failed';

/** The buttons of a message notification, in `OPEN_BUTTON`, `MARK_READ_BUTTON` order. */
export function messageNotificationButtons(): { title: string }[] {
  return [{ title: t('markRead.open') }, { title: t('markRead.button') }];
}

export interface MessageNotificationActionsDeps {
  /** Marks every message of `username`'s read, as their click asks: true when the site took it. */
  markAllRead(username: string): Promise<boolean>;
  /** Whether a click on the notification itself marks read too (the member's setting). */
  markReadOnClick(): Promise<boolean>;
  /** Shows a notification (the failure's). */
  show(id: string, content: { title: string; message: string }): Promise<void>;
  /** Takes a notification off the screen. */
  clear(id: string): Promise<void>;
  warn(what: string): (error: unknown) => void;
}

export function messageNotificationActions(deps: MessageNotificationActionsDeps): NotificationActions {
  const markRead = async (id: string): Promise<void> => {
    const username = memberOfNotification(id);
    if (username === null) return;
    if (await deps.markAllRead(username).catch(() => false)) return;
    await deps.show(MARK_READ_FAILED_ID, {
      title: t('markRead.failedTitle'),
      message: t('markRead.failed'),
    });
  };
  return {
    button(id, index, open) {
      if (index === OPEN_BUTTON) open();
      if (index !== MARK_READ_BUTTON) return;
      deps.clear(id).catch(() => undefined);
      markRead(id).catch(deps.warn('mark read'));
    },
    clicked(id) {
      deps
        .markReadOnClick()
        .then((on) => (on ? markRead(id) : undefined))
        .catch(deps.warn('mark read'));
    },
  };
}
