/**
 * Keeps the count after mutes (`shown` in the message-count state) right, reading the member's
 * newest messages ONLY when the count changed (or the mutes did), and through the messages
 * service's cached list: one read in flight shared with the Messages tab and the notifier, written
 * into the tab's cache so nothing is read twice, and none when that cache already holds them
 * (lib/messages/message-list.ts, `newest`). A count that grows by a few costs one first-page read,
 * merged into the cache. Which of the count the list holds comes from the site team's alerts and the
 * invitation, read with the messages (lib/messages/team-alerts.ts): the count's first
 * `count - alerts - invitation` listed messages are the unread ones, as the site counts them. Nothing
 * is read while nothing is muted, at a count of 0, when every unread message is an alert or the
 * invitation, above 200 unread ("200+"), or while the member is away and no notification would tell
 * them (then once when they are back).
 *
 * The figure is stored through the message-count service, which refuses it when the count moved
 * on while the messages were read; that count's own update works out the figure again.
 */
import type { Message } from '@/lib/api/schemas';
import type { MessageCountState } from '@/lib/message-count/message-count-model';
import { anyMuted, type MessageMutes } from '@/lib/message-count/mutes-model';
import { MESSAGES_FRESH_MS } from '@/lib/messages/messages-model';
import { listedUnread, overCap, sameShown, shownAfterMutes } from './muted-count';

export interface MutedCountPorts {
  now(): number;
  mutes(): Promise<MessageMutes>;
  state(): Promise<MessageCountState>;
  /**
   * The member's newest `n` messages (fewer when there are fewer), newest first, from a list read at
   * or after `readAfter` (ms since the epoch); null when they could not be read.
   */
  newestMessages(username: string, n: number, readAfter: number): Promise<Message[] | null>;
  /**
   * How many of the count the list never holds (the team's alerts, and 1 for an invitation), as read
   * at or after `readAfter`; null when they could not be read. Absent: none (0).
   */
  unlisted?(username: string, readAfter: number): Promise<number | null>;
  /** The message-count service's `setShown`. */
  setShown(username: string, forCount: number, shown: MessageCountState['shown']): Promise<boolean>;
  /**
   * Whether nobody would be told of an arrival while the member is away (desktop notifications off
   * or not allowed). Absent: as if someone would.
   */
  unseenWhileAway?(): Promise<boolean>;
}

/** Why the figure is worked out again: a new count (or reading), or the member's mutes changed. */
export type MutedCountCause = 'count' | 'mutes';

export interface MutedCount {
  /** Works the figure out again if it is due; several calls during one run make one more run. */
  update(cause: MutedCountCause): Promise<void>;
}

/**
 * Since when a list must have been read to say which messages are unread now. After a change of
 * count: since the reading that brought it. Mutes changed with the figure worked out for this
 * count: any list (it was read after the count came, and a list only gets newer). Mutes turned on:
 * a list read since the last reading, or one the Messages tab itself would still call fresh.
 */
export function listReadAfter(state: MessageCountState, cause: MutedCountCause, now: number): number {
  if (cause === 'mutes' && state.shown?.of === state.count) return 0;
  if (cause === 'mutes' && state.shown === undefined) return Math.min(state.readAt, now - MESSAGES_FRESH_MS);
  return state.readAt;
}

export function createMutedCount(ports: MutedCountPorts): MutedCount {
  let running: Promise<void> | null = null;
  let again: MutedCountCause | null = null;

  async function work(cause: MutedCountCause): Promise<void> {
    const state = await ports.state();
    const { username, count } = state;
    if (username === null || count === null) return;
    const mutes = await ports.mutes();
    if (!anyMuted(mutes)) {
      if (state.shown !== undefined) await ports.setShown(username, count, undefined);
      return;
    }
    // Worked out for this count already: a reading that found the same count reads nothing.
    if (cause === 'count' && state.shown?.of === count) return;
    // Away, with no notification to tell: nobody sees the figure until the member is back, so it is
    // worked out then, in one read for whatever came meanwhile (the poller's reading on their return
    // clears `awaySince`, and that change runs this again), not in one read per arrival. The badge
    // keeps its interim figure meanwhile (never above the last worked out, 0 when the count is).
    if (cause === 'count' && state.awaySince !== undefined && (await ports.unseenWhileAway?.())) return;
    let newest: Message[] = [];
    const readAfter = listReadAfter(state, cause, ports.now());
    // Not read (offline, rate limited, signed out): the interim figure stays; the next reading that
    // finds this count still unworked tries again.
    const unlisted =
      count === 0 || ports.unlisted === undefined ? 0 : await ports.unlisted(username, readAfter);
    if (unlisted === null) return;
    const listed = listedUnread(count, unlisted);
    if (listed > 0 && !overCap(count, unlisted)) {
      const read = await ports.newestMessages(username, listed, readAfter);
      if (read === null) return;
      newest = read;
    }
    const shown = shownAfterMutes(count, unlisted, newest, mutes);
    if (!sameShown(shown, state.shown)) await ports.setShown(username, count, shown);
  }

  function update(cause: MutedCountCause): Promise<void> {
    if (running !== null) {
      // A change of mutes outweighs a change of count (it always works the figure out).
      again = again === 'mutes' || cause === 'mutes' ? 'mutes' : 'count';
      return running;
    }
    const run = (async () => {
      let next: MutedCountCause | null = cause;
      let failure: unknown = null;
      while (next !== null) {
        again = null;
        // A failed run still lets a change that came meanwhile have its own.
        await work(next).catch((error: unknown) => {
          failure = error;
        });
        next = again;
      }
      if (failure !== null) throw failure;
    })().finally(() => {
      running = null;
    });
    running = run;
    return run;
  }

  return { update };
}
