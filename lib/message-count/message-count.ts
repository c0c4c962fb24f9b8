/**
 * The message-count service: ONE poller for the whole browser, however many site tabs are open.
 *
 * It reads `/users/<me>/messages/count` on an alarm (the MV3 worker dies when idle, timers do not
 * survive it): about once a period while a site tab is in front of the member, every 1.5 periods
 * while they browse other sites (the badge in view), backing off to at most every five periods
 * while they are away (only a rare safety read when no notification would announce a message:
 * then nobody sees the count until they come back, and coming back reads at once), never while
 * signed out. The site's own pages read the count on every page load; content scripts hand those
 * readings over, and the poller skips its read while such a recent reading exists, so a member
 * who browses the site costs almost no requests.
 *
 * Everything it needs from the browser comes through `MessageCountPorts`, so the same scheduling
 * code runs in the background (alarms, storage, the API client), in unit tests (the fake browser)
 * and in the benchmark (a simulated clock), never a re-implementation.
 */

import { serialQueue } from '@/lib/concurrency/serial';
import { singleFlight } from '@/lib/concurrency/single-flight';
import { mayBypass, withBypass } from './cache-bypass';
import type { MessageCountState } from './message-count-model';
import { withNewCount } from './muted-count';
import { signedOutState } from './signed-out-state';

/** What the member is doing, as far as polling cares. */
export type Activity =
  /** A site tab is the active tab of the focused window and the member is not idle. */
  | 'watching'
  /** The browser is focused and in use, on another site: the toolbar badge is in view. */
  | 'browsing'
  /** Anything else: the browser unfocused, idle or locked, no window. */
  | 'away';

/** Why a read is asked for outside the schedule. */
export type RefreshReason = 'sign-in' | 'popup' | 'messages-page';

// In a module of its own: the count's storage item needs it as a fallback, and importing this
// module there would load the count's rules (and the mutes') with every page, the popup's budget
// included.
export { signedOutState };

export interface MessageCountPorts {
  /** The clock, ms since the epoch. */
  now(): number;
  /**
   * Reads the count from the service: at its bare address (the CDN's copy), or past the CDN with
   * `bypassCache` (a neutral query parameter), which the service asks to keep for known changes.
   */
  readCount(username: string, options: { bypassCache: boolean }): Promise<number>;
  /**
   * What the count holds that the messages page never clears: the team's alerts and the invitation
   * as last read for `username` (0 when not known). Absent: 0.
   */
  unlisted?(username: string): Promise<number>;
  /** The signed-in member's name, or null when signed out. */
  signedInUser(): Promise<string | null>;
  /** Whether the member is looking at a site tab right now. */
  activity(): Promise<Activity>;
  /** The polling period while watching (ms): a minute, or the test-only setting. */
  periodMs(): Promise<number>;
  /** The one alarm of the poller: `set` replaces it. */
  alarm: { set(when: number): Promise<void>; clear(): Promise<void> };
  /** The persisted state. */
  state: { get(): Promise<MessageCountState>; set(state: MessageCountState): Promise<void> };
  /**
   * Whether a new message would be announced while the member is away (desktop notifications on).
   * When not, nobody sees the count while they are away: the poller backs off further and reads
   * at once when they come back. Absent: as if on.
   */
  notifying?(): Promise<boolean>;
  /** Waits (the worker stays alive while it handles an event): used to let the site clear messages first. */
  sleep?(ms: number): Promise<void>;
}

/** The normal polling period while a site tab is in front of the member. */
export const DEFAULT_PERIOD_MS = 60_000;
/** Away (or after failures) the period doubles up to this many periods: 5 minutes by default. */
export const MAX_BACKOFF_PERIODS = 5;
/**
 * Away with desktop notifications off nobody sees the count until the member comes back, and the
 * browser tells us when they do (focus, active tab, idle state), when it is read at once: no timer
 * reads meanwhile but one every this many periods (30 minutes by default), in case the browser
 * never reports the return (some window managers lose focus events). Reads made while nobody
 * looks are requests the member never benefits from (scripts/bench/message-count.ts, "a modelled
 * day": they were a fifth of Companion's requests).
 */
export const UNSEEN_AWAY_PERIODS = 30;
/** How long the CDN may serve a stale count after it changed (the site's cache is ~30 s). */
export const CDN_STALE_MS = 60_000;
/** The popup reads at once when it opens, unless a reading this young exists. */
export const POPUP_FRESH_MS = 10_000;
/** After the messages page opened, give the site this long to mark the messages read before reading. */
export const MESSAGES_PAGE_SETTLE_MS = 1_500;
// Alarms fire a little early or late; a reading this much younger than a period still counts as due.
const DUE_TOLERANCE_MS = 1_000;

/**
 * After a reading from a site page the poller waits this many periods: a member who loads pages
 * brings a new reading with the next page load, usually before then. The half period keeps the
 * poll clear of the site's own re-read two minutes after a load.
 */
export const PAGE_READING_PERIODS = 2.5;

/**
 * Browsing other sites the member sees the badge but not the site: a read every this many periods
 * (no growing backoff: they look at it). This is where the requests saved while nobody looks go:
 * browsing is the one time the member looks and no site page brings readings, and a fixed poller
 * reads every 1.5 minutes there too. Coming back from away reads at once, which is what makes the
 * count right when they look again (scripts/bench/message-count.ts, "a modelled day").
 */
export const BROWSING_PERIODS = 1.5;

/** The period until the next scheduled read, given what the member does and how reads went. */
export function nextDelay(
  state: MessageCountState,
  activity: Activity,
  periodMs: number,
  notifying = true,
): number {
  const max = periodMs * MAX_BACKOFF_PERIODS;
  if (state.failures > 0) return Math.min(max, periodMs * 2 ** state.failures);
  const scheduled =
    activity === 'watching'
      ? periodMs
      : activity === 'browsing'
        ? periodMs * BROWSING_PERIODS
        : notifying
          ? Math.min(max, periodMs * 2 ** (state.awayStreak + 1))
          : periodMs * UNSEEN_AWAY_PERIODS;
  return state.source === 'page' && activity === 'watching'
    ? Math.max(scheduled, periodMs * PAGE_READING_PERIODS)
    : scheduled;
}

export interface MessageCountService {
  /**
   * The member dismissed one of the team's alerts (or the invitation) and the site said so: the
   * count is one lower at once, and the CDN's copy is known to be older until CDN_STALE_MS.
   */
  alertDismissed(username: string): Promise<void>;
  /**
   * Companion marked every message of `username`'s read on the member's click, and the site said so:
   * the count is what the site leaves (the team's alerts and the invitation) at once everywhere,
   * then ONE read past the CDN confirms it (a change Companion knows of).
   */
  markedRead(username: string): Promise<void>;
  /** At worker start: make sure the poller is scheduled (or stopped) for the stored state. */
  start(): Promise<void>;
  /** The alarm fired: read unless a recent reading exists, then schedule the next one. */
  tick(): Promise<void>;
  /** Read now (sign-in, popup opened, messages page opened). */
  refresh(reason: RefreshReason): Promise<MessageCountState>;
  /** A content script saw the site write this count into its navigation bar. */
  reportPageReading(count: number): Promise<void>;
  /** Sign-in, sign-out or a change of user. */
  sessionChanged(username: string | null): Promise<void>;
  /** Tabs, focus or idle state changed: poll sooner (member is back) or later (member left). */
  activityChanged(): Promise<void>;
  /** The current state. */
  current(): Promise<MessageCountState>;
  /**
   * Stores the count after mutes (`undefined`: nothing muted, the site's count is shown), worked out
   * for `username`'s count `forCount`: refused (false) when the state has moved on meanwhile (another
   * member, another count), so a read that ends after the count changed never lands a stale figure.
   */
  setShown(username: string, forCount: number, shown: MessageCountState['shown']): Promise<boolean>;
}

/** How a write changes `awaySince`: set it, clear it (null), or leave it (undefined). */
type AwayChange = number | null | undefined;

function withAway(state: MessageCountState, away: AwayChange): MessageCountState {
  if (away === undefined) return state;
  const { awaySince: _, ...rest } = state;
  return away === null ? rest : { ...rest, awaySince: away };
}

/**
 * The count after the member dismissed one of the team's alerts, as the site's messages page sets
 * it (scratch-www clearAdminMessage: setCount(count - 1)); null when there is nothing to take off.
 */
function withAlertDismissed(state: MessageCountState, now: number): MessageCountState | null {
  if (state.count === null || state.count === 0) return null;
  return {
    ...withNewCount(state, state.count - 1),
    readAt: now,
    source: 'action',
    staleUntil: now + CDN_STALE_MS,
  };
}

/** The state with the count after mutes (`undefined`: none kept, the site's count is shown). */
function withShown(state: MessageCountState, shown: MessageCountState['shown']): MessageCountState {
  const { shown: _, ...rest } = state;
  return shown === undefined ? rest : { ...rest, shown };
}

/** The count's reads and the poller's schedule, on `ports` (the service's parts that read and wait). */
interface CountReads {
  /** Sets the alarm for the next read, from the state and what the member does. */
  schedule(state: MessageCountState, activity?: Activity): Promise<void>;
  /** The user the state must belong to: resets it when the member changed, stops when signed out. */
  ownState(): Promise<MessageCountState | null>;
  /** Reads the count and stores the outcome in ONE write. */
  read(
    state: MessageCountState,
    options: { bypassCache: boolean; memberAsked?: boolean; polledWhile?: Activity; away?: AwayChange },
  ): Promise<MessageCountState>;
  /** Reads if a read is due (what the member does decides when), and schedules the next. */
  pollIfDue(): Promise<void>;
}

function createCountReads(ports: MessageCountPorts): CountReads {
  // One read at a time: every caller during a read shares it. (Lost with the worker, like the read.)
  const reading = singleFlight<MessageCountState>();
  async function schedule(state: MessageCountState, activity?: Activity): Promise<void> {
    const period = await ports.periodMs();
    const notifying = (await ports.notifying?.()) ?? true;
    const delay = nextDelay(state, activity ?? (await ports.activity()), period, notifying);
    await ports.alarm.set(Math.max((lastTry(state) || ports.now()) + delay, ports.now() + 1));
  }

  /** What the next read is due from: retries from the failed attempt, polls from the last reading (whoever made it). */
  function lastTry(state: MessageCountState): number {
    return state.failures > 0 ? (state.attemptAt ?? 0) : state.readAt;
  }

  /** The user the state must belong to: resets it when the member changed, stops when signed out. */
  async function ownState(): Promise<MessageCountState | null> {
    const username = await ports.signedInUser();
    const state = await ports.state.get();
    if (username === null) {
      if (state.username !== null || state.count !== null) await ports.state.set({ ...signedOutState });
      await ports.alarm.clear();
      return null;
    }
    if (state.username !== username) {
      const fresh = { ...signedOutState, username };
      await ports.state.set(fresh);
      return fresh;
    }
    return state;
  }

  /**
   * Reads the count and stores the outcome in ONE write (each write wakes every watcher: badge,
   * notifications, every tab). A scheduled poll passes the activity it found: each poll that finds
   * the member away stretches the next period (2, 4, then at most 5 periods).
   */
  function read(
    state: MessageCountState,
    options: { bypassCache: boolean; memberAsked?: boolean; polledWhile?: Activity; away?: AwayChange },
  ): Promise<MessageCountState> {
    const running = reading.get('count');
    if (running !== undefined) return running.done;
    const username = state.username;
    if (username === null) return Promise.resolve(state);
    const awayStreak = (latest: MessageCountState) =>
      options.polledWhile === undefined
        ? latest.awayStreak
        : options.polledWhile === 'watching'
          ? 0
          : latest.awayStreak + 1;
    return reading.run('count', async () => {
      // The alarm that brought us here has fired and the next is set only after the answer: should
      // the worker be stopped meanwhile, nothing would wake the poller again. So first arm it as if
      // this read failed; the outcome's own schedule replaces it.
      const asIfFailed = { ...state, failures: state.failures + 1 };
      await ports.alarm.set(ports.now() + nextDelay(asIfFailed, 'watching', await ports.periodMs()));
      // Past the CDN only for a change Companion knows of (asked for, or within the window after
      // one), and only within the hour's cap (./cache-bypass.ts). A change the member made here
      // (everything marked read) is confirmed past it even past the cap, and counts toward it: the
      // CDN's copy from before would bring back the count the member just cleared, and a member's
      // clicks are few.
      const sentAt = ports.now();
      const wanted = options.bypassCache || sentAt < state.staleUntil;
      const bypassCache = wanted && (options.memberAsked === true || mayBypass(state.bypasses, sentAt));
      const bypasses = (latest: MessageCountState) =>
        bypassCache ? { bypasses: withBypass(latest.bypasses, sentAt) } : {};
      try {
        const count = await ports.readCount(username, { bypassCache });
        const latest = await ports.state.get();
        // The member signed out or changed while the request was out: drop its answer.
        if (latest.username !== username) return latest;
        const next: MessageCountState = withAway(
          {
            ...withNewCount(latest, count),
            readAt: ports.now(),
            source: 'poll',
            failures: 0,
            attemptAt: ports.now(),
            awayStreak: awayStreak(latest),
            ...bypasses(latest),
          },
          options.away,
        );
        await ports.state.set(next);
        return next;
      } catch {
        const latest = await ports.state.get();
        const next = withAway(
          {
            ...latest,
            failures: latest.username === username ? latest.failures + 1 : 0,
            attemptAt: ports.now(),
            awayStreak: awayStreak(latest),
            ...(latest.username === username ? bypasses(latest) : {}),
          },
          options.away,
        );
        await ports.state.set(next);
        return next;
      }
    });
  }

  async function pollIfDue(): Promise<void> {
    const owned = await ownState();
    if (owned === null) return;
    const [activity, period] = await Promise.all([ports.activity(), ports.periodMs()]);
    const now = ports.now();
    // Back from away (or back in front of a site tab): the away backoff ends at once, and after a
    // period or more away the count is read now unless a reading that young exists; whatever
    // came meanwhile shows the moment the member looks again.
    const back = activity !== 'away' && owned.awaySince !== undefined;
    const cameBack = back && now - (owned.awaySince ?? now) >= period;
    let state = owned;
    let away: AwayChange;
    if (activity === 'away' && owned.awaySince === undefined) {
      away = now;
      state = withAway(owned, away);
    } else if (back || (activity === 'watching' && owned.awayStreak > 0)) {
      away = null;
      state = { ...withAway(owned, away), awayStreak: 0 };
    }
    const last = lastTry(state);
    const notifying = (await ports.notifying?.()) ?? true;
    const delay = cameBack && state.failures === 0 ? period : nextDelay(state, activity, period, notifying);
    const dueAt = last + delay - DUE_TOLERANCE_MS;
    if (last > 0 && ports.now() < dueAt) {
      // A recent reading (often a site page's) or failed attempt exists: no request, wait for it to age.
      if (state !== owned) await ports.state.set(state);
      await schedule(state, activity);
      return;
    }
    // The read stores the change of away state with its answer: one write.
    const after = await read(state, { bypassCache: false, polledWhile: activity, away });
    await schedule(after, activity);
  }

  return { schedule, ownState, read, pollIfDue };
}

export function createMessageCountService(ports: MessageCountPorts): MessageCountService {
  const { schedule, ownState, read, pollIfDue } = createCountReads(ports);
  // State changes are serialised so that two events never interleave their read-modify-write.
  const serially = serialQueue();

  /**
   * Everything was marked read on the site, all but the team's alerts and the invitation: what is
   * left shows at once everywhere, and the CDN's stale copy is kept out for its window.
   */
  async function setCleared(state: MessageCountState): Promise<MessageCountState> {
    const left = Math.min(state.count ?? 0, (await ports.unlisted?.(state.username ?? '')) ?? 0);
    const cleared: MessageCountState = {
      ...withNewCount(state, left),
      readAt: ports.now(),
      source: 'action',
      staleUntil: ports.now() + CDN_STALE_MS,
    };
    await ports.state.set(cleared);
    return cleared;
  }

  return {
    start: () =>
      serially(async () => {
        const state = await ownState();
        if (state === null) return;
        if (state.count === null) {
          // The bare address, as the site's pages read it: no change is known yet.
          const after = await read(state, { bypassCache: false });
          await schedule(after);
          return;
        }
        await pollIfDue();
      }),

    tick: () => serially(pollIfDue),

    refresh: (reason) =>
      serially(async () => {
        let state = await ownState();
        if (state === null) return { ...signedOutState };
        if (reason === 'popup' && state.count !== null && ports.now() - state.readAt < POPUP_FRESH_MS) {
          return state;
        }
        const messagesPage = reason === 'messages-page';
        if (messagesPage) {
          // The site marks every message read when the page opens: show what is left at once, then
          // confirm with a read once the site had time to clear them (a change Companion knows of:
          // that read may bypass the cache).
          state = await setCleared(state);
          await ports.sleep?.(MESSAGES_PAGE_SETTLE_MS);
        }
        // A popup opening or a sign-in knows of no change: the bare address, as the site's pages.
        const after = await read(state, { bypassCache: messagesPage });
        await schedule(after);
        return after;
      }),

    reportPageReading: (count) =>
      serially(async () => {
        if (!Number.isSafeInteger(count) || count < 0) return;
        const state = await ownState();
        if (state === null) return;
        const now = ports.now();
        const disagrees = state.count !== null && count !== state.count;
        const knownChange = now < state.staleUntil;
        // Within the CDN's window of Companion's own read, the page's and Companion's may each be
        // the newer one: one read past the cache settles it (the newer number wins), rather than
        // either being written over the other. Past the hour's cap of such reads, a change
        // Companion knows of keeps its number; otherwise the page's reading stands. A number that
        // came from a page is no read of Companion's: a later page's reading is the newer one.
        const ownReadIsFresh = state.source === 'poll' && now - state.readAt < CDN_STALE_MS;
        if (disagrees && (knownChange || ownReadIsFresh)) {
          if (state.failures > 0) return;
          if (mayBypass(state.bypasses, now)) {
            const after = await read(state, { bypassCache: true });
            await schedule(after);
            return;
          }
          if (knownChange) return;
        }
        // scratch-www writes 0 into the bar when ITS read gets no answer (src/redux/message-count.js,
        // `getCount`), which looks exactly like a real 0: a drop to 0 is checked with a read of our
        // own (past the cache when the cap allows: a real 0 is news the CDN may not have yet), never
        // taken on trust. While our own reads fail too (the same outage, most likely), the last count
        // stays until they work.
        if (count === 0 && state.count !== null && state.count > 0) {
          if (state.failures > 0) return;
          const after = await read(state, { bypassCache: true });
          await schedule(after);
          return;
        }
        const next: MessageCountState = {
          ...withNewCount(state, count),
          readAt: ports.now(),
          source: 'page',
          failures: 0,
        };
        await ports.state.set(next);
        await schedule(next);
      }),

    sessionChanged: (username) =>
      serially(async () => {
        const state = await ports.state.get();
        if (username === null) {
          await ports.state.set({ ...signedOutState });
          await ports.alarm.clear();
          return;
        }
        if (state.username === username && state.count !== null) {
          await schedule(state);
          return;
        }
        const fresh = { ...signedOutState, username };
        await ports.state.set(fresh);
        // A sign-in is no change of the count: the bare address, as the site's pages read it.
        const after = await read(fresh, { bypassCache: false });
        await schedule(after);
      }),

    markedRead: (username) =>
      serially(async () => {
        const state = await ports.state.get();
        if (state.username !== username) return;
        // The site has answered: nothing to wait for before the confirming read.
        const after = await read(await setCleared(state), { bypassCache: true, memberAsked: true });
        await schedule(after);
      }),

    alertDismissed: (username) =>
      serially(async () => {
        const state = await ports.state.get();
        const next = state.username === username ? withAlertDismissed(state, ports.now()) : null;
        if (next !== null) await ports.state.set(next);
      }),

    activityChanged: () => serially(pollIfDue),

    current: () => ports.state.get(),

    setShown: (username, forCount, shown) =>
      serially(async () => {
        const state = await ports.state.get();
        if (state.username !== username || state.count !== forCount) return false;
        await ports.state.set(withShown(state, shown));
        return true;
      }),
  };
}
