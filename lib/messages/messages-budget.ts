/**
 * The byte caps of the Messages tab's caches (lib/storage/cache-budget.ts). A comment is at most
 * 500 characters, and hostile text escapes to up to 6 bytes a character (`<` is `\u003C`): a
 * message or a reply of 500 such characters is ~3.3 KB with its names and addresses, 20 times a
 * plain one. Each cap holds the signed-in member's full lists at typical sizes many times over and
 * a full list of worst-case items once; past it, the least recently used (the oldest) goes first.
 */
import { trimMembers } from '@/lib/cached-list/list-trims';
import { type CacheBudget, MiB } from '@/lib/storage/cache-budget';
import { ownEntry } from '@/lib/storage/own-entry';
import type { MemberMessages, MessageThread } from './messages-model';

/**
 * The member's messages, 3 members × 200: 200 worst-case messages are ~660 KB, 200 typical ones
 * (~400 B) 80 KB. Beside each member's list, the site team's alerts and the invitation read with it
 * (./team-alerts.ts: at most 20 alerts of 4,000 characters, ~480 KB worst case, a few hundred bytes
 * as the team writes them): the signed-in member's worst-case list and alerts together still fit.
 * The least recently used member's oldest messages go first, then that member with their alerts.
 */
export const messagesCacheBudget: CacheBudget<Record<string, MemberMessages>> = {
  bytes: 1.25 * MiB,
  trim: (cache) => trimMembers(cache, (member) => [member.list]),
};

/**
 * Conversations, 40 per member, each a top comment and up to 3 pages of replies: a conversation of
 * 25 worst-case replies (the site's limit) is ~85 KB. The least recently read goes first, its last
 * replies before it.
 */
export const messageThreadsBudget: CacheBudget<Record<string, Record<string, MessageThread>>> = {
  bytes: 1.25 * MiB,
  trim(threads) {
    let oldest: { member: string; key: string; readAt: number } | undefined;
    for (const [member, mine] of Object.entries(threads))
      for (const [key, thread] of Object.entries(mine))
        if (oldest === undefined || thread.readAt < oldest.readAt)
          oldest = { member, key, readAt: thread.readAt };
    if (oldest === undefined) return undefined;
    const mine = ownEntry(threads, oldest.member) as Record<string, MessageThread>;
    const thread = mine[oldest.key] as MessageThread;
    // Its last replies first; it is read again when opened (its read is the oldest of all).
    const reply = thread.replies.pop();
    if (reply !== undefined) return reply;
    delete mine[oldest.key];
    if (Object.keys(mine).length === 0) delete threads[oldest.member];
    return thread;
  },
};
