/**
 * The member's messages (`/users/<me>/messages`, pages of 40) as a cached paged list
 * (lib/cached-list): stale-while-revalidate with MESSAGES_FRESH_MS, one read in flight per member
 * shared by every caller, next pages when the popup scrolls, errors kept beside the cached items,
 * at most MAX_CACHED_MEMBERS members, nothing read while signed out.
 */
import type { Message } from '@/lib/api/schemas';
import {
  appendPage,
  type CachedList,
  emptyList,
  type ListPage,
  mergeFirstPage,
} from '@/lib/cached-list/cached-list';
import { listErrorOf } from '@/lib/cached-list/list-error';
import { createListReads, type ListSlot } from '@/lib/cached-list/list-reads';
import type { Serially } from '@/lib/concurrency/serial';
import { capRecentlyUsed } from '@/lib/storage/member-cap';
import { MESSAGES_FRESH_MS, MESSAGES_MAX_ITEMS, MESSAGES_PAGE_SIZE } from './messages-model';
import { type MessagesCache, type MessagesPorts, stillSignedIn } from './messages-ports';

/** Members whose messages are kept in storage (the least recently used dropped first). */
export const MAX_CACHED_MEMBERS = 3;

const messageKey = (message: Message) => `m${message.id}`;
const MESSAGES_LIMITS = { pageSize: MESSAGES_PAGE_SIZE, maxItems: MESSAGES_MAX_ITEMS };

export interface MessageList {
  refresh(options?: { force?: boolean; onlyIfCached?: boolean }): Promise<void>;
  loadMore(): Promise<void>;
  /**
   * The member's newest `n` messages (fewer when the list has fewer), newest first, from a list
   * whose read went out at or after `readAfter` (ms since the epoch): the cached list when it is
   * that recent and holds them, else its first page read again (merged into the cache: a list that
   * grew by a few keeps its later pages) and next pages until it holds them (at most
   * MESSAGES_MAX_ITEMS). The reads are the list's own, shared with every caller (the popup's
   * Messages tab, the count after mutes, the notifier) and written into the cache. Null when
   * `username` is not the member signed in or the messages could not be read.
   */
  newest(username: string, n: number, readAfter: number): Promise<Message[] | null>;
  /** Clears loading marks a stopped worker left behind; runs inside the service's serial queue. */
  clearLoadingMarks(): Promise<void>;
}

/**
 * `serially` is the service's one queue: threads and drafts are written through it too.
 * `alongFirstPage` is read with every first page (the team's alerts: ./team-alerts.ts), so that
 * what the count holds beyond the list is read whenever the list is, and only then.
 */
export function createMessageList(
  ports: MessagesPorts,
  serially: Serially,
  alongFirstPage: (username: string) => Promise<void> = async () => undefined,
): MessageList {
  const reads = createListReads({ now: ports.now, errorOf: listErrorOf, name: 'messages' });

  const update = (username: string, change: (list: CachedList<Message>) => CachedList<Message>) =>
    serially(async () => {
      const cache = await ports.cache.get();
      const before = Object.hasOwn(cache, username) ? cache[username] : undefined;
      const list = change(before?.list ?? emptyList<Message>());
      // What else the entry holds (the team's alerts) stays.
      const next: MessagesCache = {
        ...cache,
        [username]: { ...before, username, usedAt: ports.now(), list },
      };
      await ports.cache.set(capRecentlyUsed(next, MAX_CACHED_MEMBERS, username));
    });

  const current = async (username: string): Promise<CachedList<Message> | null> => {
    const cache = await ports.cache.get();
    return Object.hasOwn(cache, username) ? (cache[username]?.list ?? null) : null;
  };

  /** The member's list as the list reader sees it. */
  const slot = (username: string): ListSlot<CachedList<Message>, ListPage<Message>> => ({
    key: `list:${username}`,
    pageSize: MESSAGES_PAGE_SIZE,
    get: () => current(username),
    fresh: (readAt) => ports.now() - readAt < MESSAGES_FRESH_MS,
    read: async (page) => {
      if (page.offset > 0) return ports.api.messagesPage(username, page);
      // Never fails: a failed read of the alerts is kept beside them, the list's read goes on.
      const [first] = await Promise.all([ports.api.messagesPage(username, page), alongFirstPage(username)]);
      return first;
    },
    first: (list, page, readAt) => mergeFirstPage(list, page, messageKey, readAt, MESSAGES_LIMITS),
    next: (list, page) => appendPage(list, page, messageKey, MESSAGES_LIMITS),
    mark: (change) => update(username, change),
    land: async (change) => {
      if (await stillSignedIn(ports, username)) await update(username, change);
    },
  });

  return {
    async refresh(options = {}) {
      const member = await ports.member();
      if (member === null) return;
      if (options.onlyIfCached && (await current(member.username)) === null) return;
      await reads.refresh(slot(member.username), options);
    },

    async loadMore() {
      const member = await ports.member();
      if (member === null) return;
      await reads.loadMore(slot(member.username));
    },

    async newest(username, n, readAfter) {
      if ((await ports.member())?.username !== username) return null;
      const wanted = Math.min(n, MESSAGES_MAX_ITEMS);
      const holds = (list: CachedList<Message>) => list.items.length >= wanted || list.complete;
      const recent = (list: CachedList<Message> | null): list is CachedList<Message> =>
        list !== null && list.readAt > 0 && list.readAt >= readAfter;
      let list = await current(username);
      // A recent list that is too short reads on from where it ends. `readAt` is when a read went
      // out, and a read that went out before `readAfter` never answers: the count counted a message
      // such a read may have missed, which the notifier would then never announce.
      if (!recent(list)) {
        await reads.refresh(slot(username), { force: true, sentAfter: readAfter });
        list = await current(username);
        if (!recent(list)) return null;
      }
      while (!holds(list)) {
        const before: number = list.items.length;
        await reads.loadMore(slot(username));
        const after = await current(username);
        // No page came (an error, or a refresh started the list over) or the list is older: not read.
        if (!recent(after) || (!holds(after) && after.items.length <= before)) return null;
        list = after;
      }
      return list.items.slice(0, wanted);
    },

    async clearLoadingMarks() {
      const cache = await ports.cache.get();
      if (!Object.values(cache).some((entry) => entry.list.loading !== null)) return;
      // Built from entries: a member named `__proto__` stays an entry (an assignment would set
      // the object's prototype instead).
      const next: MessagesCache = Object.fromEntries(
        Object.entries(cache).map(([username, entry]) => [
          username,
          { ...entry, list: { ...entry.list, loading: null } },
        ]),
      );
      await ports.cache.set(next);
    },
  };
}
