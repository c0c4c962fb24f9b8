/**
 * The count after the member's mutes, worked out (pure, no browser): the unread messages are the
 * first `count - unlisted` items of `/users/<me>/messages`, as the site's messages page counts them
 * (docs/site-reference.md: the rest of the count are the site team's alerts and the Scratcher
 * invitation, which the list never holds, read with it: lib/messages/team-alerts.ts), and the count
 * shown is the site's count less the muted ones among them. Above 200 unread (MESSAGES_MAX_ITEMS,
 * five pages) the messages are not read at all: "200+" is shown instead.
 *
 * ./muted-count-updates.ts decides when to read and writes the result; the message-count service
 * keeps `shown` right between readings (./message-count.ts).
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
export function interimShown(shown: ShownCount | undefined, count: number | null): ShownCount | undefined {
  if (shown === undefined || count === null || shown.of === count) return shown;
  if (count === 0) return { count: 0, of: 0, over: false };
  if (overCap(count, undefined)) return { count, of: count, over: true };
  return { count: Math.min(shown.count, count), of: shown.of, over: false };
}

/**
 * The state after a new count: `shown` follows it at once (no read here). A state stored by a
 * version that guessed the unlisted messages from readings leaves that guess behind.
 */
export function withNewCount(state: MessageCountState, count: number): MessageCountState {
  const shown = interimShown(state.shown, count);
  const { shown: _s, ...rest } = state as MessageCountState & { unlisted?: number };
  const { unlisted: _guessed, ...kept } = rest as typeof rest & { unlisted?: number };
  return { ...kept, count, ...(shown === undefined ? {} : { shown }) };
}

/** Whether two figures say the same. */
export function sameShown(a: ShownCount | undefined, b: ShownCount | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.count === b.count && a.of === b.of && a.over === b.over;
}
