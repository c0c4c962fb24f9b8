/**
 * Message-count benchmark: one simulated hour of a member who browses the site (a page load every
 * few minutes, a break in the middle) with 1, 10 and 50 site tabs open while messages arrive at a
 * realistic rate. It compares the requests each approach sends and the delay between a message's
 * arrival and its display:
 *
 *   - the site alone: every tab reads the count when its page loads and 2, 6, 14, 30 and 62 minutes
 *     later (the live site's schedule);
 *   - a fixed 1.5-minute poller (the best-known extension's approach), once for the browser;
 *   - Companion: THE REAL scheduling code (lib/message-count/message-count.ts) on a simulated clock,
 *     alarm and storage, fed the site's own readings as the content script hands them over.
 *
 * All reads of the count go through a simulated CDN that keeps a value for 30 s (plain reads;
 * Companion bypasses it only for a change it knows of, within lib/message-count/cache-bypass.ts's
 * cap: the day part prints those cache-bypassing reads beside all reads). A second part models a 12-hour day (site, other sites,
 * other applications, idle, locked) and the delay a member experiences: from a message's arrival
 * to the first moment they look and the count shown includes it. Companion runs there twice: fed
 * every read of the site's pages, and fed only the reads that change a page's count (what the
 * content script can see on the live site). Both parts also run Companion with a kind muted: the
 * count after mutes (lib/message-count/muted-count-updates.ts) reads the newest messages through the
 * real messages service's cached list on each change of count, with the site team's alerts and the
 * invitation read along (two requests), and those reads count too.
 * Run: `npx tsx scripts/bench/message-count.ts`.
 */
import { type Activity, createMessageCountService, signedOutState } from '@/lib/message-count/message-count';
import type { MessageCountState } from '@/lib/message-count/message-count-model';
import { IDLE_AFTER_SECONDS } from '../../lib/idle';
import { createMutedCount } from '../../lib/message-count/muted-count-updates';
import { createOtherAccountsService } from '../../lib/message-count/other-accounts';
import type { OtherAccount, OtherAccountCount } from '../../lib/message-count/other-accounts-model';
import { OTHER_ACCOUNT_INTERVAL_MS } from '../../lib/message-count/other-accounts-schedule';
import { createMessagesService, type MessagesApi, type MessagesPorts } from '../../lib/messages/messages';
import type { Message } from '../../lib/messages/messages-model';
import { reportFigure } from './report';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const CDN_TTL_MS = 30_000;
const SITE_SCHEDULE_MIN = [0, 2, 6, 14, 30, 62];
const FIXED_POLL_MS = 1.5 * MINUTE;
const TRACES = 20;
const MEMBERS_ONLINE = 100_000;

/** A small seeded generator (mulberry32): the same traces on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Trace {
  /** Page loads: when and in which tab. The first `tabs` loads open the tabs. */
  loads: { at: number; tab: number }[];
  /** When each message arrives. */
  arrivals: number[];
  /** The member is on a site tab (watching) except in [awayFrom, awayUntil). */
  awayFrom: number;
  awayUntil: number;
}

function makeTrace(tabs: number, seed: number): Trace {
  const rand = random(seed);
  const awayFrom = (20 + rand() * 10) * MINUTE;
  const awayUntil = awayFrom + (10 + rand() * 10) * MINUTE;
  const loads: Trace['loads'] = [];
  // The member opens the tabs over the first minute (a restored session, or links opened in tabs).
  for (let tab = 0; tab < tabs; tab++) loads.push({ at: (tab * MINUTE) / Math.max(1, tabs), tab });
  // Then a page load every 1 to 6 minutes while on the site, in one of the open tabs.
  for (let at = MINUTE + rand() * 5 * MINUTE; at < HOUR; at += (1 + rand() * 5) * MINUTE) {
    if (at >= awayFrom && at < awayUntil) continue;
    loads.push({ at, tab: Math.floor(rand() * tabs) });
  }
  // Messages: about 10 an hour for an active member (a Poisson process).
  const arrivals: number[] = [];
  for (let at = -Math.log(1 - rand()) * 6 * MINUTE; at < HOUR; at += -Math.log(1 - rand()) * 6 * MINUTE) {
    arrivals.push(at);
  }
  return { loads, arrivals, awayFrom, awayUntil };
}

/** The count as a CDN serves it: plain reads get the value kept for 30 s; bypassing reads the origin. */
class Cdn {
  private kept: { count: number; at: number } | null = null;
  constructor(private readonly arrivals: number[]) {}
  origin(at: number): number {
    return this.arrivals.filter((arrival) => arrival <= at).length;
  }
  read(at: number, bypass: boolean): number {
    if (bypass) return this.origin(at);
    if (this.kept && at - this.kept.at < CDN_TTL_MS) return this.kept.count;
    this.kept = { count: this.origin(at), at };
    return this.kept.count;
  }
}

interface Outcome {
  /** Reads of the count. */
  requests: number;
  /** Reads of `/users/<me>/messages` the count after mutes made (0 with nothing muted). */
  messageReads?: number;
  /** Reads of the team's alerts and the invitation made along with them (two a change of count). */
  alertReads?: number;
  /** Of the count's reads, those that bypassed the CDN. */
  bypassReads?: number;
  /** Reads of the other accounts' counts (0 with none added). */
  accountReads?: number;
  /** Displayed count over time: [time, value], in time order. */
  shown: [number, number][];
}

/** The site alone: each page load reads at load and 2, 6, 14, 30, 62 minutes after, until the tab reloads. */
function siteReads(trace: Pick<Trace, 'loads'>, length = HOUR): { at: number; tab: number; load: number }[] {
  const reads: { at: number; tab: number; load: number }[] = [];
  trace.loads.forEach((load, index) => {
    const next = trace.loads.slice(index + 1).find((later) => later.tab === load.tab);
    for (const minutes of SITE_SCHEDULE_MIN) {
      const at = load.at + minutes * MINUTE;
      if (at < length && (next === undefined || at < next.at)) reads.push({ at, tab: load.tab, load: index });
    }
  });
  return reads.sort((a, b) => a.at - b.at);
}

function runSite(trace: Trace): Outcome {
  const cdn = new Cdn(trace.arrivals);
  const shown: [number, number][] = [];
  let best = 0;
  const reads = siteReads(trace);
  for (const read of reads) {
    // Shown once any tab shows it (kind to the site: the member may look at another tab).
    const value = cdn.read(read.at, false);
    if (value > best) {
      best = value;
      shown.push([read.at, value]);
    }
  }
  return { requests: reads.length, shown };
}

/**
 * The fixed poller, once for the browser, beside the site's own pages: its reads go through the same
 * CDN as theirs (one address per member), and while the member is on the site they see the site's
 * own count in its navigation bar too, which that extension leaves alone (kind to the poller: as
 * soon as any site tab shows it).
 */
function runPollerBesideSite(
  arrivals: number[],
  length: number,
  reads: { at: number }[],
  onSite: (at: number) => boolean,
): Outcome {
  const cdn = new Cdn(arrivals);
  const shown: [number, number][] = [];
  let requests = 0;
  let best = -1;
  const polls = Array.from({ length: Math.ceil(length / FIXED_POLL_MS) }, (_, i) => ({
    at: i * FIXED_POLL_MS,
    poll: true,
  }));
  const all = [...polls, ...reads.map((read) => ({ at: read.at, poll: false }))].sort((a, b) => a.at - b.at);
  for (const read of all) {
    if (read.poll) requests += 1;
    const value = cdn.read(read.at, false);
    if ((read.poll || onSite(read.at)) && value > best) {
      best = value;
      shown.push([read.at, value]);
    }
  }
  return { requests, shown };
}

function runFixedPoller(trace: Trace): Outcome {
  return runPollerBesideSite(
    trace.arrivals,
    HOUR,
    siteReads(trace),
    (at) => at < trace.awayFrom || at >= trace.awayUntil,
  );
}

/** Companion over the hour trace: watching except while away; `mutes`: the member muted loves. */
function runCompanion(trace: Trace, mutes = false): Promise<Outcome> {
  return runCompanionOn({
    mutes,
    arrivals: trace.arrivals,
    length: HOUR,
    siteReads: siteReads(trace),
    activity: (at) => (at >= trace.awayFrom && at < trace.awayUntil ? 'away' : 'watching'),
    activityChanges: [trace.awayFrom, trace.awayUntil],
  });
}

/** What drives Companion in a simulation: the site's reads and what the member does. */
interface CompanionScript {
  arrivals: number[];
  length: number;
  siteReads: { at: number; tab: number; load: number }[];
  /**
   * Whether a site read reaches Companion only when it changes what that page shows. On the live
   * site it does: scratch-www keeps the count in its store and renders it as a text child, so a
   * re-read that returns the number the page already holds re-renders nothing, and the content
   * script (lib/features/nav-bar-message-count.ts) sees, and hands over, only what the site writes.
   * A page starts from the placeholder 0, so its first read with messages waiting is a change.
   * (The sandbox's page writes on every read, which is why no end-to-end test shows this.)
   */
  changesOnly?: boolean;
  /** What the browser would report (focus, active tab, idle state) at a time. */
  activity: (at: number) => Activity;
  /** When the browser tells the background that focus, tab or idle state changed. */
  activityChanges: number[];
  /**
   * The member muted a kind (loves): the count after mutes reads the newest messages when the count
   * changes, through the real messages service's cached list (lib/messages/message-list.ts).
   */
  mutes?: boolean;
  /** How many other accounts the member added (lib/message-count/other-accounts.ts); none if absent. */
  otherAccounts?: number;
  /**
   * When the member opens the popup, which reads the count at once unless it was read in the last
   * ten seconds (the `refreshMessageCount` message of entrypoints/popup/MessageCountLine.tsx).
   */
  popupOpens?: number[];
  /**
   * The shortest wait the browser honours for an alarm: 30 s in Chrome since version 120 (an alarm
   * asked for sooner fires 30 s after it was set, for a packed extension), none in Firefox (its
   * alarms are plain timers: toolkit/components/extensions/parent/ext-alarms.js). Absent: Chrome's.
   */
  alarmMinimumMs?: number;
  /**
   * Whether the browser tells Companion what the member does (focus, active tab, idle state). Off,
   * the poller sees a member always in front of a site tab, and hears no change: what the activity
   * signals are worth. Absent: on.
   */
  activitySignals?: boolean;
  /** The poller's period while watching (the `periodMs` port); a minute if absent. */
  periodMs?: number;
}

/** Chrome's shortest alarm (since Chrome 120, packed extensions): see `alarmMinimumMs`. */
const CHROME_ALARM_MINIMUM_MS = 30_000;

/**
 * The messages service on memory storage and the simulated clock, serving one message per arrival
 * so far (newest first; every other one a love), counting its reads of the list.
 */
function simulatedMessages(arrivals: number[], clock: () => number) {
  const reads = { count: 0, alerts: 0 };
  const messageOf = (index: number): Message => ({
    id: index + 1,
    datetime_created: new Date(clock()).toISOString(),
    actor_username: 'someone',
    actor_id: 2,
    ...(index % 2 === 0
      ? { type: 'loveproject' as const, project_id: 1, title: 'A project' }
      : { type: 'followuser' as const }),
  });
  const unused = async (): Promise<never> => {
    throw new Error('not part of the benchmark');
  };
  const api: MessagesApi = {
    async messagesPage(_username, page) {
      reads.count += 1;
      const arrived = arrivals.filter((at) => at <= clock()).length;
      const ids = Array.from({ length: arrived }, (_, i) => arrived - 1 - i).slice(
        page.offset,
        page.offset + page.limit,
      );
      return { items: ids.map(messageOf), received: ids.length };
    },
    projectOwner: unused,
    projectComment: unused,
    projectReplies: unused,
    studioComment: unused,
    studioReplies: unused,
    post: unused,
    delete: unused,
    // No alert and no invitation: what they cost is their reads.
    async teamAlerts() {
      reads.alerts += 1;
      return [];
    },
    async scratcherInvite() {
      reads.alerts += 1;
      return null;
    },
    dismissAlert: unused,
    markAllRead: unused,
    acceptCuratorInvite: unused,
  };
  const memory = <T>(value: T) => ({
    get: async () => value,
    set: async (next: T) => {
      value = next;
    },
  });
  const ports: MessagesPorts = {
    now: clock,
    member: async () => ({ id: 1, username: 'member' }),
    api,
    cache: memory({}),
    threads: memory({}),
    drafts: memory({}),
    pending: memory({}),
    sleep: async () => undefined,
  };
  return { service: createMessagesService(ports), reads };
}

/** Companion: the real service on a simulated clock, alarm and storage. */
async function runCompanionOn(trace: CompanionScript): Promise<Outcome> {
  const cdn = new Cdn(trace.arrivals);
  let clock = 0;
  let alarm: number | null = null;
  let state: MessageCountState = { ...signedOutState };
  let requests = 0;
  let bypassReads = 0;
  const shown: [number, number][] = [];
  const signals = trace.activitySignals ?? true;
  const activity = (): Activity => (signals ? trace.activity(clock) : 'watching');
  const alarmMinimum = trace.alarmMinimumMs ?? CHROME_ALARM_MINIMUM_MS;
  // What each page (a tab's load) last showed of the site's own reads.
  const pageShows = new Map<string, number>();
  const service = createMessageCountService({
    now: () => clock,
    readCount: async (_username, { bypassCache }) => {
      requests += 1;
      if (bypassCache) bypassReads += 1;
      return cdn.read(clock, bypassCache);
    },
    signedInUser: async () => 'member',
    activity: async () => activity(),
    periodMs: async () => trace.periodMs ?? MINUTE,
    // Desktop notifications are off unless the member turns them on (the default settings).
    notifying: async () => false,
    alarm: {
      set: async (when) => {
        // As the browser does: never sooner than its shortest alarm.
        alarm = Math.max(when, clock + alarmMinimum);
      },
      clear: async () => {
        alarm = null;
      },
    },
    state: {
      get: async () => state,
      set: async (next) => {
        if (next.count !== null && next.count !== shown.at(-1)?.[1]) shown.push([clock, next.count]);
        state = next;
      },
    },
  });

  // The count after mutes, as the background runs it after every change of the stored count.
  const messages = trace.mutes ? simulatedMessages(trace.arrivals, () => clock) : null;
  const muted =
    messages === null
      ? null
      : createMutedCount({
          now: () => clock,
          mutes: async () => ({ kinds: ['loveproject'], people: [] }),
          state: async () => state,
          newestMessages: (username, n, readAfter) => messages.service.newest(username, n, readAfter),
          unlisted: (username, readAfter) => messages.service.unlisted(username, readAfter),
          setShown: service.setShown,
          // Notifications off, as the service's `notifying` above.
          unseenWhileAway: async () => true,
        });
  const afterMutes = async () => {
    await muted?.update('count');
  };
  const others =
    trace.otherAccounts === undefined
      ? null
      : simulatedOtherAccounts(trace.otherAccounts, () => clock, activity);

  // Events other than the alarm, in time order: the site's reads (handed over by the content
  // script) and the member coming and going.
  const events: { at: number; run: () => Promise<void> }[] = [
    ...trace.siteReads.map((read) => ({
      at: read.at,
      run: async () => {
        const value = cdn.read(read.at, false);
        const page = `${read.tab}:${read.load}`;
        const before = pageShows.get(page) ?? 0;
        pageShows.set(page, value);
        if (trace.changesOnly && value === before) return;
        await service.reportPageReading(value);
      },
    })),
    ...(signals ? trace.activityChanges : []).map((at) => ({ at, run: () => service.activityChanged() })),
    ...(trace.popupOpens ?? []).map((at) => ({
      at,
      run: async () => {
        await service.refresh('popup');
      },
    })),
  ].sort((a, b) => a.at - b.at);

  await service.start();
  await afterMutes();
  await others?.afterReading(state);
  let next = 0;
  for (;;) {
    const event = events[next];
    const alarmAt = alarm ?? Number.POSITIVE_INFINITY;
    const eventAt = event?.at ?? Number.POSITIVE_INFINITY;
    if (Math.min(alarmAt, eventAt) >= trace.length) break;
    if (alarmAt <= eventAt) {
      clock = alarmAt;
      alarm = null;
      await service.tick();
    } else if (event) {
      clock = event.at;
      next += 1;
      await event.run();
    }
    await afterMutes();
    await others?.afterReading(state);
  }
  return {
    requests,
    shown,
    messageReads: messages?.reads.count ?? 0,
    alertReads: messages?.reads.alerts ?? 0,
    bypassReads,
    accountReads: others?.reads.count ?? 0,
  };
}

/** Delay from each message's arrival to the first display of a count that includes it. */
function delays(trace: Trace, outcome: Outcome): number[] {
  return trace.arrivals.map((arrival, index) => {
    const shownAt = outcome.shown.find(([at, value]) => at >= arrival && value >= index + 1)?.[0];
    // Never shown within the hour: counted up to the hour's end (a lower bound).
    return (shownAt ?? HOUR) - arrival;
  });
}

interface Summary {
  /** Reads of the count and, with mutes, of the messages. */
  requests: number;
  /** Of those, reads of the messages list (the count after mutes). */
  messageReads: number;
  meanDelay: number;
  worstDelay: number;
}

async function summarise(tabs: number, run: (trace: Trace) => Outcome | Promise<Outcome>): Promise<Summary> {
  let requests = 0;
  let messageReads = 0;
  const all: number[] = [];
  for (let seed = 1; seed <= TRACES; seed++) {
    const trace = makeTrace(tabs, seed * 7919 + tabs);
    const outcome = await run(trace);
    requests += outcome.requests + (outcome.messageReads ?? 0) + (outcome.alertReads ?? 0);
    messageReads += outcome.messageReads ?? 0;
    all.push(...delays(trace, outcome));
  }
  return {
    requests: requests / TRACES,
    messageReads: messageReads / TRACES,
    meanDelay: all.reduce((sum, delay) => sum + delay, 0) / all.length,
    worstDelay: Math.max(...all),
  };
}

// -------------------------------------------------------------------------------------------------
// A modelled day: the delay a member experiences

/**
 * What the member does, period by period, over a day with the browser running:
 *   - site: a site tab in front, in use (pages load every 1 to 6 minutes);
 *   - browsing: the browser in front, in use, on other sites (the toolbar badge is in view);
 *   - other-app: another application in front (the browser is not focused);
 *   - idle: no input (away from the keyboard; the browser reports idle after IDLE_AFTER_MS);
 *   - locked: the screen locked (school, a meal, the night's start).
 * The member sees the count while on the site (navigation count and badge) and while browsing
 * (the badge): from a message's arrival to the first such moment at which the count shown includes
 * it is the delay they experience.
 */
type Doing = 'site' | 'browsing' | 'other-app' | 'idle' | 'locked';
/** What the member does next: [what, weight, shortest and longest minutes]. */
const DOINGS: [Doing, number, number, number][] = [
  ['site', 0.3, 5, 40],
  ['browsing', 0.25, 5, 30],
  ['other-app', 0.2, 5, 30],
  ['idle', 0.15, 5, 25],
  ['locked', 0.1, 15, 90],
];
const DAY_LENGTH = 12 * HOUR;
/**
 * Seeded members (one day each). The approaches differ by a few seconds of a mean of over 1,000:
 * by a handful of messages that arrive just before the member leaves for an hour and wait for
 * their return (two to three per 20 days). Fewer members, and one seed more or less reverses the
 * order of two rows.
 */
const DAYS = 60;
/** The poller's periods while watching that the floor's sweep tries (ms). */
const SWEEP_PERIODS_MS = [30_000, 40_000, 50_000, 60_000, 90_000];
const SITE_TABS = 3;
/** Messages a day: about 6 an hour for an active member. */
const MESSAGE_EVERY_MS = 10 * MINUTE;
/** The browser reports idle after this long without input (lib/message-count/site-activity.ts). */
const IDLE_AFTER_MS = IDLE_AFTER_SECONDS * 1000;

interface Period {
  from: number;
  until: number;
  doing: Doing;
}

interface Day {
  periods: Period[];
  loads: { at: number; tab: number }[];
  arrivals: number[];
}

function makeDay(seed: number): Day {
  const rand = random(seed);
  const periods: Period[] = [];
  const loads: Day['loads'] = [];
  const total = DOINGS.reduce((sum, [, weight]) => sum + weight, 0);
  for (let at = 0; at < DAY_LENGTH; ) {
    const pick = rand() * total;
    let below = 0;
    const [doing, , shortest, longest] =
      DOINGS.find(([, weight]) => {
        below += weight;
        return pick < below;
      }) ?? (DOINGS[0] as (typeof DOINGS)[number]);
    const previous = periods.at(-1);
    const until = Math.min(DAY_LENGTH, at + (shortest + rand() * (longest - shortest)) * MINUTE);
    if (previous?.doing === doing) previous.until = until;
    else periods.push({ from: at, until, doing });
    if (doing === 'site') {
      // Coming to the site: a page load in one of the site tabs, then one every 1 to 6 minutes.
      for (let load = at; load < until; load += (1 + rand() * 5) * MINUTE) {
        loads.push({ at: load, tab: Math.floor(rand() * SITE_TABS) });
      }
    }
    at = until;
  }
  const arrivals: number[] = [];
  for (let at = -Math.log(1 - rand()) * MESSAGE_EVERY_MS; at < DAY_LENGTH; ) {
    arrivals.push(at);
    at += -Math.log(1 - rand()) * MESSAGE_EVERY_MS;
  }
  return { periods, loads, arrivals };
}

function periodAt(day: Day, at: number): Period {
  return (
    day.periods.find((period) => at >= period.from && at < period.until) ?? (day.periods.at(-1) as Period)
  );
}

/** What the browser tells Companion (siteActivity): focus, the active tab, the idle state. */
function browserActivity(day: Day, at: number): Activity {
  const period = periodAt(day, at);
  const before = day.periods[day.periods.indexOf(period) - 1];
  // Idle is reported only after IDLE_AFTER_MS without input: until then the browser shows what was in front.
  const shown = period.doing === 'idle' && at < period.from + IDLE_AFTER_MS ? before?.doing : period.doing;
  return shown === 'site' ? 'watching' : shown === 'browsing' ? BROWSING : 'away';
}

/** When the browser reports a change of focus, tab or idle state. */
function activityChanges(day: Day): number[] {
  return day.periods.flatMap((period) =>
    period.doing === 'idle' ? [period.from, period.from + IDLE_AFTER_MS] : [period.from],
  );
}

/** Whether the member sees the count at `at`: on the site, or (with an extension's badge) browsing. */
function looking(day: Day, at: number, badge: boolean): boolean {
  const doing = periodAt(day, at).doing;
  return doing === 'site' || (badge && doing === 'browsing');
}

/** The first moment at or after `from` that the member looks. */
function firstLook(day: Day, from: number, badge: boolean): number {
  for (const period of day.periods) {
    if (period.until <= from) continue;
    if (period.doing === 'site' || (badge && period.doing === 'browsing')) return Math.max(from, period.from);
  }
  return DAY_LENGTH;
}

function runDayFixedPoller(day: Day): Outcome {
  return runPollerBesideSite(
    day.arrivals,
    DAY_LENGTH,
    siteReads(day, DAY_LENGTH),
    (at) => periodAt(day, at).doing === 'site',
  );
}

function runDaySite(day: Day): Outcome {
  const cdn = new Cdn(day.arrivals);
  const shown: [number, number][] = [];
  let best = 0;
  const reads = siteReads(day, DAY_LENGTH);
  for (const read of reads) {
    const value = cdn.read(read.at, false);
    if (value > best) {
      best = value;
      shown.push([read.at, value]);
    }
  }
  return { requests: reads.length, shown };
}

/** What one run of Companion over a day hears and how: every signal on unless said otherwise. */
interface DayOptions {
  /** Only the site's reads that change a page's count reach Companion (the live site). */
  changesOnly?: boolean;
  /** The member muted loves. */
  mutes?: boolean;
  /** The content script hands over no reading (the site's reads never reach Companion). */
  noSiteReadings?: boolean;
  /** The member opens the popup (POPUP_EVERY_MS). */
  popup?: boolean;
  /** Firefox: no shortest alarm. */
  firefox?: boolean;
  /** No focus, tab or idle state from the browser. */
  noActivity?: boolean;
  /** The poller's period while watching (a minute if absent). */
  periodMs?: number;
}

function runDayCompanion(day: Day, options: DayOptions = {}): Promise<Outcome> {
  return runCompanionOn({
    mutes: options.mutes,
    arrivals: day.arrivals,
    length: DAY_LENGTH,
    siteReads: options.noSiteReadings ? [] : siteReads(day, DAY_LENGTH),
    activity: (at) => browserActivity(day, at),
    activityChanges: activityChanges(day),
    changesOnly: options.changesOnly,
    popupOpens: options.popup ? popupOpens(day) : [],
    alarmMinimumMs: options.firefox ? 0 : CHROME_ALARM_MINIMUM_MS,
    activitySignals: !options.noActivity,
    periodMs: options.periodMs,
  });
}

/**
 * How often the member opens the popup while in the browser (on the site or browsing): once every
 * 30 minutes on average, at random (a Poisson process). No measurement of members gives this rate:
 * it is an assumption, which is why the popup's row stands apart from the headline. Every opening
 * reads the count unless it was read in the last ten seconds: the popup helps only as the reads it
 * costs, placed where the member looks.
 */
const POPUP_EVERY_MS = 30 * MINUTE;

function popupOpens(day: Day): number[] {
  const rand = random(day.arrivals.length * 7_919 + day.loads.length);
  const opens: number[] = [];
  for (const period of day.periods) {
    if (period.doing !== 'site' && period.doing !== 'browsing') continue;
    const next = () => -Math.log(1 - rand()) * POPUP_EVERY_MS;
    for (let at = period.from + next(); at < period.until; at += next()) opens.push(at);
  }
  return opens;
}

interface DaySummary {
  /** Reads of the count and, with mutes, of the messages and the team's alerts. */
  requests: number;
  /** Of those, reads of the messages list (the count after mutes). */
  messageReads: number;
  /** Of those, reads of the team's alerts and the invitation (along with the messages). */
  alertReads: number;
  /** Of the count's reads, those that bypassed the CDN. */
  bypassReads: number;
  /** Arrival to display, whether or not anyone looks (the mean over all messages). */
  meanDelay: number;
  /** Arrival to the first moment the member looks and the count shown includes it. */
  experienced: number;
  /** The same, for the messages that arrived while the member was looking. */
  whileLooking: number;
  /**
   * What the count's lateness adds to the wait for the member's first look (experienced delay
   * minus that wait), summed by what the member was doing when the message arrived and divided by
   * all messages: the parts add up to the experienced delay's excess over the unavoidable.
   */
  lateBy: Record<'site' | 'browsing' | 'away', number>;
}

async function summariseDays(
  run: (day: Day) => Outcome | Promise<Outcome>,
  badge: boolean,
): Promise<DaySummary> {
  let requests = 0;
  let messageReads = 0;
  let alertReads = 0;
  let bypassReads = 0;
  const all: number[] = [];
  const experienced: number[] = [];
  const whileLooking: number[] = [];
  const lateBy = { site: 0, browsing: 0, away: 0 };
  for (let seed = 1; seed <= DAYS; seed++) {
    const day = makeDay(seed * 104_729);
    const outcome = await run(day);
    requests += outcome.requests + (outcome.messageReads ?? 0) + (outcome.alertReads ?? 0);
    messageReads += outcome.messageReads ?? 0;
    alertReads += outcome.alertReads ?? 0;
    bypassReads += outcome.bypassReads ?? 0;
    day.arrivals.forEach((arrival, index) => {
      const shownAt =
        outcome.shown.find(([at, value]) => at >= arrival && value >= index + 1)?.[0] ?? DAY_LENGTH;
      all.push(shownAt - arrival);
      const seen = firstLook(day, shownAt, badge) - arrival;
      experienced.push(seen);
      if (looking(day, arrival, badge)) whileLooking.push(seen);
      const doing = periodAt(day, arrival).doing;
      const part = doing === 'site' || doing === 'browsing' ? doing : 'away';
      lateBy[part] += seen - (firstLook(day, arrival, badge) - arrival);
    });
  }
  const mean = (values: number[]) =>
    values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  return {
    requests: requests / DAYS,
    messageReads: messageReads / DAYS,
    alertReads: alertReads / DAYS,
    bypassReads: bypassReads / DAYS,
    meanDelay: mean(all),
    experienced: mean(experienced),
    whileLooking: mean(whileLooking),
    lateBy: {
      site: lateBy.site / all.length,
      browsing: lateBy.browsing / all.length,
      away: lateBy.away / all.length,
    },
  };
}

/** The unavoidable part: arrival to the member's first look, had the count been right at once. */
function unavoidableDelay(badge: boolean): number {
  const waits: number[] = [];
  for (let seed = 1; seed <= DAYS; seed++) {
    const day = makeDay(seed * 104_729);
    for (const arrival of day.arrivals) waits.push(firstLook(day, arrival, badge) - arrival);
  }
  return waits.reduce((sum, wait) => sum + wait, 0) / waits.length;
}

async function dayPart(): Promise<void> {
  const share = Object.fromEntries(DOINGS.map(([doing]) => [doing, 0])) as Record<Doing, number>;
  for (let seed = 1; seed <= DAYS; seed++) {
    for (const period of makeDay(seed * 104_729).periods) share[period.doing] += period.until - period.from;
  }
  console.log(
    `A modelled day: ${DAY_LENGTH / HOUR} hours with the browser running, ${DAYS} seeded members, a message every ${MESSAGE_EVERY_MS / MINUTE} minutes on average;`,
  );
  console.log(
    `  time spent: ${DOINGS.map(([doing]) => `${doing} ${((100 * share[doing]) / (DAYS * DAY_LENGTH)).toFixed(0)}%`).join(', ')}.`,
  );
  console.log(
    '  The member sees the count on the site and, with an extension, browsing (the badge); experienced delay =',
  );
  console.log(
    "  arrival to the first moment they look and the count shown includes it. Ratios are against the poller's.",
  );
  console.log('');
  const companion = await summariseDays((day) => runDayCompanion(day), true);
  const changesOnly = await summariseDays((day) => runDayCompanion(day, { changesOnly: true }), true);
  const muted = await summariseDays((day) => runDayCompanion(day, { mutes: true }), true);
  // What each signal is worth: Companion with one thing changed (what moved the figure).
  const withPopup = await summariseDays((day) => runDayCompanion(day, { popup: true }), true);
  const firefox = await summariseDays((day) => runDayCompanion(day, { firefox: true }), true);
  const noReadings = await summariseDays((day) => runDayCompanion(day, { noSiteReadings: true }), true);
  const noActivity = await summariseDays((day) => runDayCompanion(day, { noActivity: true }), true);
  const poller = await summariseDays(runDayFixedPoller, true);
  const site = await summariseDays(runDaySite, false);
  const header = [
    pad('approach', 30),
    pad('req/day', 8),
    pad('req ×P', 7),
    pad('mean delay', 11),
    pad('experienced', 12),
    pad('×P', 6),
    pad('while looking', 14),
    pad('×P', 6),
  ].join('  ');
  console.log(header);
  console.log('-'.repeat(header.length));
  for (const [name, summary] of [
    ['Companion (Chrome)', companion],
    ['Companion, changes †', changesOnly],
    ['Companion, loves muted ‡', muted],
    ['  + popup opens §', withPopup],
    ['  in Firefox (no 30 s minimum)', firefox],
    ["  without the site's readings", noReadings],
    ['  without focus, tab, idle', noActivity],
    ['fixed 1.5-min poller ¶', poller],
    ['site alone (no badge)', site],
  ] as const) {
    console.log(
      [
        pad(name, 30),
        pad(summary.requests.toFixed(0), 8),
        pad(`${(summary.requests / poller.requests).toFixed(2)}×`, 7),
        pad(seconds(summary.meanDelay), 11),
        pad(seconds(summary.experienced), 12),
        pad(`${(summary.experienced / poller.experienced).toFixed(3)}×`, 6),
        pad(seconds(summary.whileLooking), 14),
        pad(ratio(summary.whileLooking, poller.whileLooking), 6),
      ].join('  '),
    );
  }
  console.log(
    `  (no approach can do better than ${seconds(unavoidableDelay(true))} experienced with a badge: the wait for the member's first look)`,
  );
  console.log(
    "  Rows starting '+', 'in' or 'without' are the first row with one signal changed: what each moves.\n" +
      `  § the member opens the popup every ${POPUP_EVERY_MS / MINUTE} minutes in the browser on average (an assumption: no measurement gives\n` +
      '    the rate); each opening reads the count unless it was read in the last 10 s.\n' +
      "  ¶ the poller's reads share the CDN with the site's pages, and on the site the member also sees the site's own\n" +
      '    count in its navigation bar (that extension leaves it alone).',
  );
  console.log(
    `  ‡ with loves muted: ${muted.messageReads.toFixed(0)} of its ${muted.requests.toFixed(0)} requests read the newest messages (one first page per change of count,\n` +
      `    one on return for what came while away with notifications off, never while nothing is muted) and ${muted.alertReads.toFixed(0)} the team's alerts\n` +
      `    and the invitation along with them; ${(muted.requests / companion.requests).toFixed(2)}× Companion's requests with nothing muted.`,
  );
  console.log(
    `  Cache-bypassing reads of the count per member-day (a change Companion knows of; the rest read the bare address as the\n` +
      `    site's pages do): Companion ${companion.bypassReads.toFixed(1)} of ${(companion.requests - companion.messageReads - companion.alertReads).toFixed(0)}, ` +
      `changes † ${changesOnly.bypassReads.toFixed(1)} of ${(changesOnly.requests - changesOnly.messageReads - changesOnly.alertReads).toFixed(0)}, ` +
      `loves muted ${muted.bypassReads.toFixed(1)} of ${(muted.requests - muted.messageReads - muted.alertReads).toFixed(0)}.`,
  );
  console.log(
    "  † the site's re-reads reach Companion only when they change the page's count, as on the live site\n" +
      '    (scratch-www renders only changes); the first row assumes every read of the site reaches it.',
  );
  // Where the experienced delay's excess over the unavoidable wait comes from: a count that is late
  // at a first look hurts only if the message arrived in the last moments before it (away), or while
  // the member looked (site, browsing), where only reads made while they look help.
  const parts = (summary: DaySummary) =>
    (['site', 'browsing', 'away'] as const)
      .map((part) => `${part} ${seconds(summary.lateBy[part])}`)
      .join(', ');
  console.log('  The count late beyond the first look, by what the member did when the message arrived:');
  console.log(`    Companion: ${parts(companion)}; poller: ${parts(poller)}.`);
  const floor = await floorPart(poller);
  const pollerBaseline = (value: number) => ({
    name: 'fixed 1.5-min poller',
    value: Number(value.toFixed(1)),
  });
  const requestsOk = companion.requests <= poller.requests / 4;
  reportFigure({
    bench: 'message-count',
    name: 'a day: cache-bypassing reads of the count',
    value: Number(companion.bypassReads.toFixed(1)),
    unit: 'requests',
    baseline: {
      name: 'all its reads of the count',
      value: Number((companion.requests - companion.messageReads - companion.alertReads).toFixed(1)),
    },
  });
  reportFigure({
    bench: 'message-count',
    name: 'a day: requests',
    value: Number(companion.requests.toFixed(1)),
    unit: 'requests',
    baseline: pollerBaseline(poller.requests),
    budget: { text: "≤ ¼ of the poller's", max: poller.requests / 4 },
  });
  reportFigure({
    bench: 'message-count',
    name: 'a day: requests with a kind muted',
    value: Number(muted.requests.toFixed(1)),
    unit: 'requests',
    baseline: { name: 'Companion, nothing muted', value: Number(companion.requests.toFixed(1)) },
  });
  reportFigure({
    bench: 'message-count',
    name: 'a day: delay members experience (mean)',
    value: Number((companion.experienced / 1000).toFixed(1)),
    unit: 's',
    baseline: pollerBaseline(poller.experienced / 1000),
    budget: {
      text: "below the poller's, at ¼ of its requests",
      pass: requestsOk && companion.experienced < poller.experienced,
    },
  });
  reportFigure({
    bench: 'message-count',
    name: 'a day: arrival to display, all messages (mean)',
    value: Number((companion.meanDelay / 1000).toFixed(1)),
    unit: 's',
    baseline: pollerBaseline(poller.meanDelay / 1000),
  });
  reportFigure({
    bench: 'message-count',
    name: "a day: requests, the site's readings as the live site hands them over (changes only)",
    value: Number(changesOnly.requests.toFixed(1)),
    unit: 'requests',
    baseline: pollerBaseline(poller.requests),
  });
  reportFigure({
    bench: 'message-count',
    name: "a day: fewest requests of the sweep with a count seen sooner than the poller's",
    value: floor === null ? Number.POSITIVE_INFINITY : Number(floor.requests.toFixed(1)),
    unit: 'requests',
    baseline: pollerBaseline(poller.requests),
  });
}

/**
 * The floor: Companion's rules as they are, with the period they scale (while watching; browsing
 * and after a page's reading are multiples of it) swept from 30 s (Chrome's shortest alarm) to
 * 90 s, every signal on. Prints each period's requests and experienced delay against the poller's,
 * and returns the cheapest period whose delay is below the poller's (null: none).
 */
async function floorPart(poller: DaySummary): Promise<DaySummary | null> {
  console.log('');
  console.log(
    "  The floor: Companion's period while watching swept (browsing waits 1.5 of it, after a page's reading 2.5):",
  );
  const header = ['period', 'req ×P', 'experienced ×P', 'changes †: req ×P', 'experienced ×P']
    .map((title) => pad(title, 16))
    .join('  ');
  console.log(`  ${header}`);
  let cheapest: DaySummary | null = null;
  for (const periodMs of SWEEP_PERIODS_MS) {
    const every = await summariseDays((day) => runDayCompanion(day, { periodMs }), true);
    const changes = await summariseDays((day) => runDayCompanion(day, { periodMs, changesOnly: true }), true);
    for (const summary of [every, changes]) {
      if (
        summary.experienced < poller.experienced &&
        (cheapest === null || summary.requests < cheapest.requests)
      ) {
        cheapest = summary;
      }
    }
    console.log(
      `  ${[
        `${periodMs / 1000} s`,
        `${(every.requests / poller.requests).toFixed(2)}×`,
        `${(every.experienced / poller.experienced).toFixed(3)}×`,
        `${(changes.requests / poller.requests).toFixed(2)}×`,
        `${(changes.experienced / poller.experienced).toFixed(3)}×`,
      ]
        .map((cell) => pad(cell, 16))
        .join('  ')}`,
    );
  }
  console.log(
    cheapest === null
      ? "  No period gives a count seen sooner than the poller's."
      : `  The fewest requests with a count seen sooner than the poller's: ${cheapest.requests.toFixed(0)} a day, ${(cheapest.requests / poller.requests).toFixed(2)}× the poller's.`,
  );
  return cheapest;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
const ratio = (value: number, base: number) => (base === 0 ? '∞' : `${(value / base).toFixed(1)}×`);
const pad = (text: string, width: number) => text.padStart(width);

async function main(): Promise<void> {
  console.log(
    `Message count, one simulated hour, ${TRACES} seeded members; CDN keeps the count ${CDN_TTL_MS / 1000} s.`,
  );
  console.log(
    'Ratios are against Companion in the same run (requests: higher is heavier; delay: higher is staler).',
  );
  console.log('');
  const header = [
    pad('tabs', 4),
    pad('approach', 22),
    pad('req/hour', 9),
    pad('req ×C', 7),
    pad('mean delay', 11),
    pad('×C', 6),
    pad('worst delay', 12),
    pad('req/s per 100k online', 22),
  ].join('  ');
  console.log(header);
  console.log('-'.repeat(header.length));
  for (const tabs of [1, 10, 50]) {
    const companion = await summarise(tabs, (trace) => runCompanion(trace));
    const rows: [string, Summary][] = [
      ['Companion', companion],
      ['Companion, loves muted', await summarise(tabs, (trace) => runCompanion(trace, true))],
      ['site (per-tab schedule)', await summarise(tabs, runSite)],
      ['fixed 1.5-min poller', await summarise(tabs, runFixedPoller)],
    ];
    for (const [name, summary] of rows) {
      console.log(
        [
          pad(String(tabs), 4),
          pad(name, 22),
          pad(summary.requests.toFixed(1), 9),
          pad(ratio(summary.requests, companion.requests), 7),
          pad(seconds(summary.meanDelay), 11),
          pad(ratio(summary.meanDelay, companion.meanDelay), 6),
          pad(seconds(summary.worstDelay), 12),
          pad(((summary.requests * MEMBERS_ONLINE) / 3600).toFixed(0), 22),
        ].join('  '),
      );
    }
    console.log('');
  }
  console.log(
    "Companion's requests are its own poller's only: the site's per-tab reads happen with or without it,\n" +
      'and Companion uses them as readings instead of sending requests of its own. With a kind muted\n' +
      '("loves muted"), the count after mutes adds a read of the newest messages for each change of the\n' +
      "count (the Messages tab's cached list, one first page merged into it; none while nothing is muted;\n" +
      'away with notifications off, one when the member is back for all that came meanwhile).',
  );
}

// -------------------------------------------------------------------------------------------------
// Other accounts: their public counts, read right after a reading of the member's own when due

/**
 * The real other-accounts service (lib/message-count/other-accounts.ts) on the simulated clock and
 * memory storage, with `accounts` accounts added before the run (none read yet), counting its reads.
 * `afterReading` is what the background does after each new reading of the member's own count.
 */
function simulatedOtherAccounts(accounts: number, clock: () => number, activity: () => Activity) {
  const reads = { count: 0 };
  let list: OtherAccount[] = Array.from({ length: accounts }, (_, i) => ({
    username: `other${i + 1}`,
    alert: 'none' as const,
  }));
  let counts: OtherAccountCount[] = [];
  const service = createOtherAccountsService({
    now: clock,
    readCount: async () => {
      reads.count += 1;
      return 0;
    },
    isNotFound: () => false,
    signedInUser: async () => 'member',
    activity: async () => activity(),
    intervalMs: async () => OTHER_ACCOUNT_INTERVAL_MS,
    accounts: {
      get: async () => list,
      set: async (value) => {
        list = value;
      },
    },
    counts: {
      get: async () => counts,
      set: async (value) => {
        counts = value;
      },
    },
  });
  let lastReading = -1;
  return {
    reads,
    async afterReading(state: MessageCountState) {
      if (state.readAt <= lastReading || state.source === 'action' || state.source === 'none') return;
      lastReading = state.readAt;
      await service.readDue();
    },
  };
}

const OTHER_ACCOUNTS = 2;

/** Requests per member-hour of Companion alone and with two other accounts, in the same run. */
async function otherAccountsPart(): Promise<void> {
  const perHour = async (
    scripts: CompanionScript[],
    hours: number,
  ): Promise<{ requests: number; accountReads: number }> => {
    let requests = 0;
    let accountReads = 0;
    for (const script of scripts) {
      const outcome = await runCompanionOn(script);
      requests += outcome.requests + (outcome.accountReads ?? 0);
      accountReads += outcome.accountReads ?? 0;
    }
    return {
      requests: requests / scripts.length / hours,
      accountReads: accountReads / scripts.length / hours,
    };
  };
  const hourScripts = Array.from({ length: TRACES }, (_, i) => {
    const trace = makeTrace(1, (i + 1) * 7919 + 1);
    return {
      arrivals: trace.arrivals,
      length: HOUR,
      siteReads: siteReads(trace),
      activity: (at: number): Activity =>
        at >= trace.awayFrom && at < trace.awayUntil ? 'away' : 'watching',
      activityChanges: [trace.awayFrom, trace.awayUntil],
    };
  });
  const dayScripts = Array.from({ length: DAYS }, (_, i) => {
    const day = makeDay((i + 1) * 104_729);
    return {
      arrivals: day.arrivals,
      length: DAY_LENGTH,
      siteReads: siteReads(day, DAY_LENGTH),
      activity: (at: number) => browserActivity(day, at),
      activityChanges: activityChanges(day),
    };
  });
  const withAccounts = (script: CompanionScript) => ({ ...script, otherAccounts: OTHER_ACCOUNTS });
  const rows: [
    string,
    { requests: number; accountReads: number },
    { requests: number; accountReads: number },
  ][] = [
    ['the hour, 1 tab', await perHour(hourScripts, 1), await perHour(hourScripts.map(withAccounts), 1)],
    [
      'the modelled day',
      await perHour(dayScripts, DAY_LENGTH / HOUR),
      await perHour(dayScripts.map(withAccounts), DAY_LENGTH / HOUR),
    ],
  ];
  console.log(
    `Other accounts: ${OTHER_ACCOUNTS} added, each read right after a reading of the member's own count when\n` +
      `${OTHER_ACCOUNT_INTERVAL_MS / MINUTE} minutes have passed since its last read, never while away. Requests per member-hour, same run:`,
  );
  const header = [
    pad('trace', 18),
    pad('Companion', 10),
    pad(`+ ${OTHER_ACCOUNTS} accounts`, 13),
    pad('of which theirs', 16),
    pad('×C', 6),
  ].join('  ');
  console.log(header);
  console.log('-'.repeat(header.length));
  for (const [name, alone, together] of rows) {
    console.log(
      [
        pad(name, 18),
        pad(alone.requests.toFixed(1), 10),
        pad(together.requests.toFixed(1), 13),
        pad(together.accountReads.toFixed(1), 16),
        pad(`${(together.requests / alone.requests).toFixed(2)}×`, 6),
      ].join('  '),
    );
  }
  const [, dayAlone, dayTogether] = rows[1] as (typeof rows)[number];
  // At most one read per account per 10 minutes while active: 6 an hour each.
  const ceiling = (OTHER_ACCOUNTS * HOUR) / OTHER_ACCOUNT_INTERVAL_MS;
  reportFigure({
    bench: 'message-count',
    name: `a day: requests per hour with ${OTHER_ACCOUNTS} other accounts`,
    value: Number(dayTogether.requests.toFixed(1)),
    unit: 'requests',
    baseline: { name: 'Companion, no other accounts', value: Number(dayAlone.requests.toFixed(1)) },
    budget: {
      text: `≤ ${ceiling} more an hour (each account at most every ${OTHER_ACCOUNT_INTERVAL_MS / MINUTE} minutes)`,
      max: dayAlone.requests + ceiling,
    },
  });
}

/** What the browser reports while the member browses other sites (the badge in view). */
const BROWSING: Activity = 'browsing';

await main();
console.log('');
await dayPart();
console.log('');
await otherAccountsPart();
