/**
 * Message-count benchmark: one simulated hour of a member who browses the site (a page load every
 * few minutes, a break in the middle) with 1, 10 and 50 site tabs open while messages arrive at a
 * realistic rate. It compares the requests each approach sends and the delay between a message's
 * arrival and its display:
 *
 *   - the site alone: every tab reads the count when its page loads and 2, 6, 14, 30 and 62 minutes
 *     later (the live site's schedule);
 *   - a fixed 1.5-minute poller (the best-known extension's approach), once for the browser;
 *   - Companion: THE REAL scheduling code (lib/services/message-count.ts) on a simulated clock,
 *     alarm and storage, fed the site's own readings as the content script hands them over.
 *
 * All reads of the count go through a simulated CDN that keeps a value for 30 s (plain reads;
 * Companion's sign-in read bypasses it). Run: `npx tsx scripts/bench/message-count.ts`.
 */
import {
  type Activity,
  createMessageCountService,
  type MessageCountState,
  signedOutState,
} from '../../lib/services/message-count';

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
  requests: number;
  /** Displayed count over time: [time, value], in time order. */
  shown: [number, number][];
}

/** The site alone: each page load reads at load and 2, 6, 14, 30, 62 minutes after, until the tab reloads. */
function siteReads(trace: Trace): { at: number; tab: number; load: number }[] {
  const reads: { at: number; tab: number; load: number }[] = [];
  trace.loads.forEach((load, index) => {
    const next = trace.loads.slice(index + 1).find((later) => later.tab === load.tab);
    for (const minutes of SITE_SCHEDULE_MIN) {
      const at = load.at + minutes * MINUTE;
      if (at < HOUR && (next === undefined || at < next.at)) reads.push({ at, tab: load.tab, load: index });
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

function runFixedPoller(trace: Trace): Outcome {
  const cdn = new Cdn(trace.arrivals);
  const shown: [number, number][] = [];
  let requests = 0;
  let last = -1;
  for (let at = 0; at < HOUR; at += FIXED_POLL_MS) {
    requests += 1;
    const value = cdn.read(at, false);
    if (value !== last) {
      last = value;
      shown.push([at, value]);
    }
  }
  return { requests, shown };
}

/** Companion: the real service on a simulated clock, alarm and storage. */
async function runCompanion(trace: Trace): Promise<Outcome> {
  const cdn = new Cdn(trace.arrivals);
  let clock = 0;
  let alarm: number | null = null;
  let state: MessageCountState = { ...signedOutState };
  let requests = 0;
  const shown: [number, number][] = [];
  const activity = (): Activity => (clock >= trace.awayFrom && clock < trace.awayUntil ? 'away' : 'watching');
  const service = createMessageCountService({
    now: () => clock,
    readCount: async (_username, { bypassCache }) => {
      requests += 1;
      return cdn.read(clock, bypassCache);
    },
    signedInUser: async () => 'member',
    activity: async () => activity(),
    periodMs: async () => MINUTE,
    alarm: {
      set: async (when) => {
        alarm = when;
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

  // Events other than the alarm, in time order: the site's reads (handed over by the content
  // script) and the member coming and going.
  const events: { at: number; run: () => Promise<void> }[] = [
    ...siteReads(trace).map((read) => ({
      at: read.at,
      run: () => service.reportPageReading(cdn.read(read.at, false)),
    })),
    { at: trace.awayFrom, run: () => service.activityChanged() },
    { at: trace.awayUntil, run: () => service.activityChanged() },
  ].sort((a, b) => a.at - b.at);

  await service.start();
  let next = 0;
  for (;;) {
    const event = events[next];
    const alarmAt = alarm ?? Number.POSITIVE_INFINITY;
    const eventAt = event?.at ?? Number.POSITIVE_INFINITY;
    if (Math.min(alarmAt, eventAt) >= HOUR) break;
    if (alarmAt <= eventAt) {
      clock = alarmAt;
      alarm = null;
      await service.tick();
    } else if (event) {
      clock = event.at;
      next += 1;
      await event.run();
    }
  }
  return { requests, shown };
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
  requests: number;
  meanDelay: number;
  worstDelay: number;
}

async function summarise(tabs: number, run: (trace: Trace) => Outcome | Promise<Outcome>): Promise<Summary> {
  let requests = 0;
  const all: number[] = [];
  for (let seed = 1; seed <= TRACES; seed++) {
    const trace = makeTrace(tabs, seed * 7919 + tabs);
    const outcome = await run(trace);
    requests += outcome.requests;
    all.push(...delays(trace, outcome));
  }
  return {
    requests: requests / TRACES,
    meanDelay: all.reduce((sum, delay) => sum + delay, 0) / all.length,
    worstDelay: Math.max(...all),
  };
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
    const companion = await summarise(tabs, runCompanion);
    const rows: [string, Summary][] = [
      ['Companion', companion],
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
      'and Companion uses them as readings instead of sending requests of its own.',
  );
}

await main();
