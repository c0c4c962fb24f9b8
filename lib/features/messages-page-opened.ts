/**
 * Tells the background when the member opens the messages page: the site marks every message
 * read there, so the count drops to 0 everywhere at once and the background confirms it with a
 * read that bypasses the CDN's cached copy.
 */
import { sendMessage } from '@/lib/protocol';
import { isMessagesPage } from '@/lib/site/pages';
import type { Feature } from './registry';

export const messagesPageOpened: Feature = {
  name: 'messages-page-opened',
  runsOn: isMessagesPage,
  run(_page, signal) {
    if (signal.aborted) return;
    sendMessage('messagesPageOpened', undefined).catch(() => undefined);
  },
};
