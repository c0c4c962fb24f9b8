/** The Messages tab's storage items (lib/messages/messages*.ts writes the caches, the popup reads them). */
import { defineItem } from '@/lib/storage/storage-item';
import type { Drafts, MemberMessages, MessageFilter, MessageThread } from './messages-model';
import type { PendingPosts } from './pending-posts';

/** Each member's messages (at most 3 members, 200 messages each); the popup shows only the signed-in member's. */
export const messagesCacheItem = defineItem<Record<string, MemberMessages>>('local:messagesCache', {
  fallback: {},
  version: 1,
});

/** Conversations opened from comment messages, per member, by thread key (at most 40 per member). */
export const messageThreadsItem = defineItem<Record<string, Record<string, MessageThread>>>(
  'local:messageThreads',
  { fallback: {}, version: 1 },
);

/**
 * Reply drafts per member and per comment replied to: the popup saves them as they are typed, the
 * background removes one only when its reply was posted. `local:` so they survive a restart.
 */
export const messageDraftsItem = defineItem<Drafts>('local:messageDrafts', {
  fallback: {},
  version: 1,
});

/**
 * Replies sent whose outcome is not known yet (lib/messages/pending-posts.ts): written before each
 * POST leaves, removed when its answer (or the reply itself, in the thread) is seen. `local:` so a
 * worker stopped mid-post, or a browser closed, never makes the next send a second post.
 */
export const messagePendingPostsItem = defineItem<PendingPosts>('local:messagePendingPosts', {
  fallback: {},
  version: 1,
});

/** The Messages tab's filter (All, Comments, Projects, Studios, Forums), remembered. */
export const messagesFilterItem = defineItem<MessageFilter>('sync:messagesFilter', {
  fallback: 'all',
});

/**
 * Which path answered a project comment's replies last (lib/api/replies-path.ts): the site's
 * `/users/` or the interface's `/user/`. Background only; anything else stored reads as the site's.
 */
export const repliesPathItem = defineItem<unknown>('local:repliesPath', { fallback: null });
