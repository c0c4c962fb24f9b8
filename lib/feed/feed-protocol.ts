/** The feed's messages (./feed-background.ts answers them). Results arrive through feedCacheItem. */
import { z } from 'zod';
import { answer, type Declarations, EXTENSION_PAGE } from '@/lib/protocol/declaration';
import { flag } from '@/lib/protocol/fields';
import { FEED_LIST_NAMES } from './feed-model';

const listName = z.enum(FEED_LIST_NAMES);

export const feedMessages = {
  /**
   * Refresh these lists if older than FEED_FRESH_MS (or always with force). Resolves when the reads
   * end (failures are recorded in the list's `error`, the promise still resolves). One read per list
   * in flight, shared by every caller.
   */
  refreshFeed: {
    from: EXTENSION_PAGE,
    data: z.object({ lists: z.array(listName).max(FEED_LIST_NAMES.length * 2), force: flag }),
    answer: answer<void>(),
  },
  /** The end of a list came into view: read its next page (no-op when complete or loading). */
  loadMoreFeed: { from: EXTENSION_PAGE, data: z.object({ list: listName }), answer: answer<void>() },
} as const satisfies Declarations;
