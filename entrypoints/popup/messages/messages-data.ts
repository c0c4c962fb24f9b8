/**
 * What the Messages tab reads: the member's cached messages and threads (written only by the
 * background messages service), the message count (the unread ones are the first `count`), the
 * filter, and the drafts (drafts.ts). The view never reads the network itself. Storage reads only:
 * this module loads with the popup (the tab's count), the messages model with the tab's view.
 */
import { useMemo } from 'preact/hooks';
import { emptyFeedList, type FeedList } from '@/lib/feed/feed-model';
import { messageCountItem, messageMutesItem } from '@/lib/message-count/message-count-storage';
import { type ShownCount, shownCount } from '@/lib/message-count/shown-count-model';
import type { Message, MessageThread } from '@/lib/messages/messages-model';
import {
  messageDraftsItem,
  messagesCacheItem,
  messagesFilterItem,
  messageThreadsItem,
} from '@/lib/messages/messages-storage';
import { useStorageItem } from '../storage-hooks';

/** The storage the tab's first frame shows (read before the popup renders). */
export const messagesStorage = [
  messagesCacheItem,
  messageThreadsItem,
  messageDraftsItem,
  messagesFilterItem,
  messageCountItem,
  messageMutesItem,
] as const;

/** This member's messages only: another member's are never handed out. */
export function useMemberMessages(username: string): FeedList<Message> {
  const cache = useStorageItem(messagesCacheItem);
  const entry = Object.hasOwn(cache, username) ? cache[username] : undefined;
  const empty = useMemo(() => emptyFeedList<Message>(), []);
  return entry !== undefined && entry.username === username ? entry.list : empty;
}

/** How many messages are unread, as the badge says it (after mutes); null while not read yet. */
export function useUnreadCount(username: string): ShownCount | null {
  const state = useStorageItem(messageCountItem);
  return state.username === username ? shownCount(state) : null;
}

export function useThread(username: string, key: string): MessageThread | null {
  const all = useStorageItem(messageThreadsItem);
  const mine = Object.hasOwn(all, username) ? all[username] : undefined;
  return mine !== undefined && Object.hasOwn(mine, key) ? (mine[key] ?? null) : null;
}
