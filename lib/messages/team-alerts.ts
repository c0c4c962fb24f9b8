/**
 * The site team's alerts and the Scratcher invitation, read and dismissed as the site's messages
 * page does (scratch-www src/redux/messages.js: getAdminMessages, getScratcherInvite,
 * clearAdminMessage). Both count in the member's message count and neither is in the list, so the
 * list's unread messages are its first `count - alerts - invitation`.
 *
 * They are read along with the list's first page (./message-list.ts asks), which is read only when
 * the count changed or the Messages tab refreshes: never on a poll that finds the count unchanged.
 * One read per member in flight, shared; a read that went out at or after the time a caller needs
 * is enough. Kept beside the member's messages in the same cache item, at most MAX_KEPT_ALERTS
 * alerts of at most MAX_ALERT_LENGTH characters. A failed read keeps the last alerts with the error.
 *
 * Dismissing is the member's own click: the site's request (the API client's `dismissAlert`), and
 * only a `success` answer takes the alert away and lowers the count by one at once (the message-count
 * service, through `alertDismissed`); anything else says so and keeps the alert.
 */

import { emptyList } from '@/lib/cached-list/cached-list';
import { listErrorOf } from '@/lib/cached-list/list-error';
import type { Serially } from '@/lib/concurrency/serial';
import { singleFlight } from '@/lib/concurrency/single-flight';
import { capRecentlyUsed } from '@/lib/storage/member-cap';
import { MAX_CACHED_MEMBERS } from './message-list';
import {
  type AlertKind,
  type DismissOutcome,
  type MemberMessages,
  type TeamAlerts,
  unlistedOf,
} from './messages-model';
import { type MessagesCache, type MessagesPorts, stillSignedIn } from './messages-ports';

/** Alerts kept per member: the site's team sends a few at most. */
export const MAX_KEPT_ALERTS = 20;
/**
 * An alert's HTML is kept up to this many characters (what shows is its text, shorter still): the
 * most alerts this long still fit beside a full list of the messages' cache (./messages-budget.ts).
 */
export const MAX_ALERT_LENGTH = 4_000;
/**
 * A list read that comes this soon after an alerts read shares it (the count after mutes asks for
 * the alerts first, then for the list: one change of count, one read of each).
 */
export const ALERTS_SHARED_MS = 5_000;

export interface DismissRequest {
  /** Who asked (the popup's member): nothing is sent for another. */
  username: string;
  kind: AlertKind;
  id: number;
}

export interface TeamAlertsUnit {
  /** Reads them unless a read that went out at or after `sentAfter` has landed (joins one in flight). */
  read(username: string, sentAfter: number): Promise<void>;
  /**
   * How many of the count the list never holds, as read at or after `readAfter` (read now if the
   * kept ones are older); null when they could not be read.
   */
  unlisted(username: string, readAfter: number): Promise<number | null>;
  /** How many the member's kept alerts and invitation are, without a read (0 when never read). */
  known(username: string): Promise<number>;
  dismiss(request: DismissRequest): Promise<DismissOutcome>;
}

const noAlerts = (): TeamAlerts => ({ items: [], invite: null, readAt: 0, error: null });

export function createTeamAlerts(ports: MessagesPorts, serially: Serially): TeamAlertsUnit {
  const flights = singleFlight<void>();

  const kept = async (username: string): Promise<TeamAlerts | undefined> => {
    const cache = await ports.cache.get();
    return Object.hasOwn(cache, username) ? cache[username]?.alerts : undefined;
  };

  const write = (username: string, change: (alerts: TeamAlerts) => TeamAlerts) =>
    serially(async () => {
      const cache = await ports.cache.get();
      const before: MemberMessages | undefined = Object.hasOwn(cache, username) ? cache[username] : undefined;
      const entry: MemberMessages = {
        ...(before ?? { list: emptyList() }),
        username,
        usedAt: ports.now(),
        alerts: change(before?.alerts ?? noAlerts()),
      };
      const next: MessagesCache = { ...cache, [username]: entry };
      await ports.cache.set(capRecentlyUsed(next, MAX_CACHED_MEMBERS, username));
    });

  const readNow = async (username: string): Promise<void> => {
    const sentAt = ports.now();
    try {
      const [items, invite] = await Promise.all([
        ports.api.teamAlerts(username),
        ports.api.scratcherInvite(username),
      ]);
      if (!(await stillSignedIn(ports, username))) return;
      await write(username, () => ({
        items: items.slice(0, MAX_KEPT_ALERTS).map((alert) => ({
          id: alert.id,
          datetime_created: alert.datetime_created,
          message: alert.message.slice(0, MAX_ALERT_LENGTH),
        })),
        invite: invite === null ? null : { id: invite.id, datetime_created: invite.datetime_created },
        readAt: sentAt,
        error: null,
      }));
    } catch (error) {
      if (!(await stillSignedIn(ports, username))) return;
      const failure = listErrorOf(error, ports.now());
      await write(username, (alerts) => ({ ...alerts, error: failure }));
    }
  };

  const landedSince = (alerts: TeamAlerts | undefined, sentAfter: number) =>
    alerts !== undefined && alerts.error === null && alerts.readAt > 0 && alerts.readAt >= sentAfter;

  const read = async (username: string, sentAfter: number): Promise<void> => {
    if ((await ports.member())?.username !== username) return;
    const running = flights.get(username);
    if (running !== undefined) await running.done;
    if (landedSince(await kept(username), sentAfter)) return;
    await flights.run(username, () => readNow(username));
  };

  return {
    read,

    async unlisted(username, readAfter) {
      await read(username, readAfter);
      const alerts = await kept(username);
      return landedSince(alerts, readAfter) ? unlistedOf(alerts) : null;
    },

    async known(username) {
      return unlistedOf(await kept(username));
    },

    async dismiss({ username, kind, id }) {
      if ((await ports.member())?.username !== username) return { ok: false, kind: 'other-member' };
      let success: boolean;
      try {
        success = await ports.api.dismissAlert(kind, id);
      } catch (error) {
        return { ok: false, kind: 'failed', error: listErrorOf(error, ports.now()) };
      }
      if (!success) return { ok: false, kind: 'refused' };
      await write(username, (alerts) =>
        kind === 'invite'
          ? { ...alerts, invite: alerts.invite?.id === id ? null : alerts.invite }
          : { ...alerts, items: alerts.items.filter((alert) => alert.id !== id) },
      );
      await ports.alertDismissed?.(username);
      return { ok: true };
    },
  };
}
