/**
 * Why a comment is refused, checked in this order (the first that applies wins):
 * - a rejection forced through the control interface (isMuted, hasChatSite, ... for client tests);
 * - `isDisallowed`: comments are turned off on the project or studio;
 * - `isEmpty`: nothing but whitespace;
 * - `isTooLong`: more than 500 characters (the site's composer cap);
 * - `isBad`: contains a word of BAD_WORDS (whole word, any case);
 * - `isFlood`: the author already posted FLOOD_LIMIT comments in the last FLOOD_WINDOW_MS;
 * - `isSpam`: the same text (case and spacing ignored) as the author's previous comment within
 *   SPAM_WINDOW_MS.
 */
import type { ForcedRejection } from './control';
import type { Comment } from './model';

export const MAX_COMMENT_LENGTH = 500;
export const FLOOD_LIMIT = 5;
export const FLOOD_WINDOW_MS = 60_000;
export const SPAM_WINDOW_MS = 60 * 60_000;
/** The sandbox's filter list: made-up words, so tests can trip it without real slurs in the repo. */
export const BAD_WORDS = ['badword', 'meanword', 'grumblefrotz'] as const;

export interface Rejection {
  rejected: string;
  [extra: string]: unknown;
}

const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

export function rejectComment(input: {
  content: string;
  commentsAllowed: boolean;
  /** The author's comments so far, oldest first. */
  previous: readonly Comment[];
  forced: ForcedRejection | null;
  /** The sandbox's time (its clock): the flood and spam windows end by it. */
  now: number;
}): Rejection | null {
  const { now } = input;
  if (input.forced) return { ...input.forced.extra, rejected: input.forced.code };
  if (!input.commentsAllowed) return { rejected: 'isDisallowed' };
  if (input.content.trim() === '') return { rejected: 'isEmpty' };
  if (input.content.length > MAX_COMMENT_LENGTH) return { rejected: 'isTooLong' };
  const words = new Set(input.content.toLowerCase().split(/[^\p{L}\p{N}]+/u));
  if (BAD_WORDS.some((word) => words.has(word))) return { rejected: 'isBad' };
  const recent = input.previous.filter((c) => now - Date.parse(c.created) < FLOOD_WINDOW_MS);
  if (recent.length >= FLOOD_LIMIT) return { rejected: 'isFlood' };
  const last = input.previous[input.previous.length - 1];
  if (
    last &&
    now - Date.parse(last.created) < SPAM_WINDOW_MS &&
    normalise(last.content) === normalise(input.content)
  ) {
    return { rejected: 'isSpam' };
  }
  return null;
}
