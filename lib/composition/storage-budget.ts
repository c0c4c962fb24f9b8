/**
 * The budget of `storage.local` (Chrome's 10 MiB, counted as Chrome counts: lib/storage/storage-quota.ts),
 * assembled from what each domain declares: each cache's byte cap (`lib/<domain>/<domain>-budget.ts`),
 * the room of the small state items, and the reserve that leaves for the member's own words (reply
 * drafts and the records of replies being sent), which no cache may take. The budget's test checks
 * the sum and that every `local:` item is a budgeted cache, the member's words, or small state.
 */
import { exploreCacheBudget } from '@/lib/explore/explore-budget';
import { feedCacheBudget } from '@/lib/feed/feed-budget';
import { messagesCacheBudget, messageThreadsBudget } from '@/lib/messages/messages-budget';
import { myStuffCacheBudget } from '@/lib/mystuff/mystuff-budget';
import { projectHistoryBudget } from '@/lib/project-history/project-history-budget';
import { pageStatusesBudget, projectStatusesBudget } from '@/lib/project-status/project-status-budget';
import { KiB } from '@/lib/storage/cache-budget';
import { LOCAL_QUOTA_BYTES } from '@/lib/storage/storage-quota';
import { translationCacheBudget } from '@/lib/translation/translation-budget';

/** Every cache's budget, by the key of its item (`lib/<domain>/<domain>-storage.ts`). */
export const CACHE_BUDGETS = {
  'local:messagesCache': messagesCacheBudget,
  'local:messageThreads': messageThreadsBudget,
  'local:feedCache': feedCacheBudget,
  'local:translationCache': translationCacheBudget,
  'local:exploreCache': exploreCacheBudget,
  'local:projectStatuses': projectStatusesBudget,
  'local:pageProjectStatuses': pageStatusesBudget,
  'local:myStuffCache': myStuffCacheBudget,
  'local:projectHistory': projectHistoryBudget,
} as const;

/**
 * The small state items (the count, the member, what was seen and notified, the popup's tab, the
 * items' version marks): a few KB; this is their room with a wide margin.
 */
export const STATE_BYTES = 256 * KiB;

/**
 * What is left for the member's words. A draft is at most 1,000 characters (the reply box's limit,
 * twice the site's), ~6 KB hostile: 50 drafts a member (lib/messages/messages-model.ts) and as many
 * records of replies being sent (text and content) take ~0.75 MB, so the reserve holds four
 * members' worst case, and thousands of ordinary drafts. Past it a draft is still saved: caches are
 * given up for it (./caches-given-up.ts).
 */
export const WORDS_RESERVE_BYTES =
  LOCAL_QUOTA_BYTES -
  STATE_BYTES -
  Object.values(CACHE_BUDGETS).reduce((sum, budget) => sum + budget.bytes, 0);
