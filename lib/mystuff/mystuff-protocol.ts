/** My Stuff's message (./mystuff-background.ts answers it). Results arrive in `myStuffCacheItem`. */
import { z } from 'zod';
import { answer, type Declarations, EXTENSION_PAGE } from '@/lib/protocol/declaration';
import { flag } from '@/lib/protocol/fields';
import { MY_STUFF_LISTS } from './mystuff-model';

export const myStuffMessages = {
  /** Re-reads the member's own projects and/or favorites unless fresh (all with `force`). */
  refreshMyStuff: {
    from: EXTENSION_PAGE,
    data: z.object({ lists: z.array(z.enum(MY_STUFF_LISTS)).max(MY_STUFF_LISTS.length * 2), force: flag }),
    answer: answer<void>(),
  },
} as const satisfies Declarations;
