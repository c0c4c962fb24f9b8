/**
 * The storage the Messages view's first frame shows, read with the view's chunk (lazy-view.tsx): the
 * member's cached messages and threads, the drafts (drafts.ts), the filter, the message count (the
 * unread ones are the first `count`) and the mutes. A chunk of its own: its items load with the
 * Messages tab, not with every tab.
 *
 * @view-part MessagesTab (scripts/bench/bundle-sizes.ts counts it with that view)
 */
import { messageCountItem, messageMutesItem } from '@/lib/message-count/message-count-storage';
import {
  messageDraftsItem,
  messagesCacheItem,
  messagesFilterItem,
  messageThreadsItem,
} from '@/lib/messages/messages-storage';

export const messagesViewStorage = [
  messagesCacheItem,
  messageThreadsItem,
  messageDraftsItem,
  messagesFilterItem,
  messageCountItem,
  messageMutesItem,
] as const;
