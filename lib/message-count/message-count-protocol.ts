/** The message count's messages (./message-count-background.ts answers them). */
import { z } from 'zod';
import { answer, type Declarations, EITHER, SITE_TAB } from '@/lib/protocol/declaration';
import { username } from '@/lib/protocol/fields';

/** The member's message count as the popup shows it (the same number as the badge). */
export interface MessageCountSnapshot {
  /** null while signed out. */
  username: string | null;
  /** null until the first reading. */
  count: number | null;
  /** When it was read (ms since the epoch); 0 = never. */
  readAt: number;
}

export const messageCountMessages = {
  /**
   * The site wrote this count into its navigation bar (a fresh reading). Answers the stored count
   * after it, which the page must show (it differs when the reading was stale).
   */
  reportMessageCount: {
    from: SITE_TAB,
    data: z.object({ count: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER) }),
    answer: answer<number | null>(),
  },
  /** The member opened the messages page (the site marks every message read). */
  messagesPageOpened: { from: SITE_TAB, answer: answer<void>() },
  /** Read the member's count now (unless just read) and answer it. */
  refreshMessageCount: { from: EITHER, answer: answer<MessageCountSnapshot>() },
  /** A user's public message count (cached), for their profile page. */
  getUserMessageCount: { from: EITHER, data: z.object({ username }), answer: answer<number | null>() },
} as const satisfies Declarations;
