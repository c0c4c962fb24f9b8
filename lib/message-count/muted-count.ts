/**
 * The count after the member's mutes, worked out (pure, no browser): the unread messages are the
 * first `count - unlisted` items of `/users/<me>/messages` (docs/site-reference.md; the rest of the count
 * are messages the interface never lists, the site team's alerts), and the count shown is the site's
 * count less the muted ones among them. Above 200 unread (MESSAGES_MAX_ITEMS, five pages) the
 * messages are not read at all: "200+" is shown instead.
 *
 * ./muted-count-updates.ts decides when to read and writes the result; the message-count service
 * keeps `shown` and `unlisted` right between readings (./message-count.ts).
 */
import type { Message } from '@/lib/api/schemas';
import type { MessageCountState } from '@/lib/message-count/message-count-model';
import { isMuted, type MessageMutes } from '@/lib/message-count/mutes-model';

export type ShownCount = NonNullable<MessageCountState['shown']>;

/**
 * Unread messages read at most for the count: the messages list's cap (MESSAGES_MAX_ITEMS of
 * lib/messages/messages-model.ts, five pages; a unit test holds them equal). Not imported from
 * there: this module reaches the popup's shared chunk through the count's state, and that import
 * would bring the Messages tab's whole model along.
 */
export const SHOWN_COUNT_CAP = 200;

/** How many of the count the interface lists: the count less the messages it never lists. */
export function listedUnread(count: number, unlisted: number | undefined): number {
  return Math.max(0, count - Math.min(unlisted ?? 0, count));
}

/** Whether the listed unread messages are too many to read for the count: "200+" then. */
export function overCap(count: number, unlisted: number | undefined): boolean {
  return listedUnread(count, unlisted) > SHOWN_COUNT_CAP;
}

/**
 * The count shown for the site's `count`, given the newest messages (newest first, at least the
 * listed unread ones, or all there are). Messages the count includes but the list does not hold
 * (unlisted, or missing from a shorter list) are never muted: they count.
 */
export function shownAfterMutes(
  count: number,
  unlisted: number | undefined,
  newest: readonly Message[],
  mutes: MessageMutes,
): ShownCount {
  if (overCap(count, unlisted)) return { count, of: count, over: true };
  const unread = newest.slice(0, listedUnread(count, unlisted));
  const muted = unread.filter((message) => isMuted(message, mutes)).length;
  return { count: count - muted, of: count, over: false };
}

/**
 * What is shown while a new count's messages are not read yet: never more than the last figure
 * (no flash up to the raw count, which would count the muted ones), never more than the new count,
 * and 0 at once when the count drops to 0. `of` stays the count it was worked out for, so the
 * figure is known to be stale until the read lands.
 */
export function interimShown(
  shown: ShownCount | undefined,
  count: number | null,
  unlisted: number | undefined,
): ShownCount | undefined {
  if (shown === undefined || count === null || shown.of === count) return shown;
  if (count === 0) return { count: 0, of: 0, over: false };
  if (overCap(count, unlisted)) return { count, of: count, over: true };
  return { count: Math.min(shown.count, count), of: shown.of, over: false };
}

/**
 * The messages the interface never lists after a reading of `count`: right after the messages page
 * cleared the rest, all of the count (`fromMessagesPage`); otherwise at most the count (an alert
 * dismissed lowers it; a reading of 0 makes it 0). Unknown stays unknown.
 */
export function unlistedAfter(
  unlisted: number | undefined,
  count: number,
  fromMessagesPage = false,
): number | undefined {
  if (fromMessagesPage) return count;
  return unlisted === undefined ? undefined : Math.min(unlisted, count);
}

/** The state after a new count: `unlisted` and `shown` follow it at once (no read here). */
export function withNewCount(
  state: MessageCountState,
  count: number,
  options: { fromMessagesPage?: boolean; reading?: boolean } = {},
): MessageCountState {
  const { reading = true, fromMessagesPage = false } = options;
  const unlisted = reading ? unlistedAfter(state.unlisted, count, fromMessagesPage) : state.unlisted;
  const shown = interimShown(state.shown, count, unlisted);
  const { shown: _s, unlisted: _u, ...rest } = state;
  return {
    ...rest,
    count,
    ...(shown === undefined ? {} : { shown }),
    ...(unlisted === undefined ? {} : { unlisted }),
  };
}

/** Whether two figures say the same. */
export function sameShown(a: ShownCount | undefined, b: ShownCount | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.count === b.count && a.of === b.of && a.over === b.over;
}
