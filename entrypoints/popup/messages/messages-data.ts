/**
 * What the Messages tab reads: the member's cached messages and threads (written only by the
 * background messages service). The view never reads the network itself. Storage reads only, loaded
 * with the tab's view (the tab's count reads the message count alone: UnreadCount.tsx).
 */
import { useMemo } from 'preact/hooks';
import { emptyFeedList, type FeedList } from '@/lib/feed/feed-model';
import type { Message, MessageThread } from '@/lib/messages/messages-model';
import { messagesCacheItem, messageThreadsItem } from '@/lib/messages/messages-storage';
import { useStorageItem } from '../storage-hooks';

/** This member's messages only: another member's are never handed out. */
export function useMemberMessages(username: string): FeedList<Message> {
  const cache = useStorageItem(messagesCacheItem);
  const entry = Object.hasOwn(cache, username) ? cache[username] : undefined;
  const empty = useMemo(() => emptyFeedList<Message>(), []);
  return entry !== undefined && entry.username === username ? entry.list : empty;
}

export function useThread(username: string, key: string): MessageThread | null {
  const all = useStorageItem(messageThreadsItem);
  const mine = Object.hasOwn(all, username) ? all[username] : undefined;
  return mine !== undefined && Object.hasOwn(mine, key) ? (mine[key] ?? null) : null;
}
