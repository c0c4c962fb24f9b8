/**
 * The daily record's cost in requests: THE REAL My Stuff service (lib/mystuff/mystuff.ts) and THE
 * REAL daily record service (lib/project-history/project-history.ts) on a simulated clock, wired as
 * the background wires them (every landed read of the shared projects recorded; the daily check on
 * its hourly alarm walking through My Stuff's own read). A member uses the browser 8 hours a day for
 * 30 days, with 5, 40, 100 and 400 shared projects (My Stuff's cap), and either never opens My Stuff,
 * opens it every morning, or opens it every third day. Prints the requests per member-day the record
 * adds (all reads of the member's projects, less those My Stuff's tab made anyway), beside the
 * message count's poller watching a site tab for those 8 hours.
 * Run: `npx tsx scripts/bench/project-history.ts`.
 */
import { DEFAULT_PERIOD_MS } from '../../lib/message-count/message-count';
import { createMyStuffService, type MyStuffCache } from '../../lib/mystuff/mystuff';
import { MY_STUFF_MAX_ITEMS, MY_STUFF_PAGE_SIZE, type MyProject } from '../../lib/mystuff/mystuff-model';
import { noMilestones } from '../../lib/project-history/milestones-model';
import {
  createProjectHistoryService,
  type ProjectHistoryCache,
} from '../../lib/project-history/project-history';
import { reportFigure } from './report';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DAYS = 30;
/** The member's hours at the computer: 15:00 to 23:00, the browser's own time zone. */
const ACTIVE_FROM = 15;
const ACTIVE_HOURS = 8;
/** The daily check's period (lib/project-history/project-history-background.ts). */
const CHECK_PERIOD_MS = HOUR;

type Habit = 'never' | 'every morning' | 'every third day';

/** Requests per day over DAYS days: all reads of the member's projects, and those My Stuff's tab made. */
async function requestsPerDay(projects: number, habit: Habit): Promise<{ all: number; tab: number }> {
  let now = new Date(2026, 10, 1, 0).getTime();
  let reads = 0;
  let tabReads = 0;
  let inTab = false;
  const items: MyProject[] = Array.from({ length: projects }, (_, i) => ({
    id: 1_000 + i,
    title: `Game ${i}`,
    author: 'member',
    thumbnailUrl: '',
    sharedAt: null,
    stats: { loves: i, favorites: 0, views: 10 * i, remixes: 0 },
  }));
  let myStuff: MyStuffCache = {};
  let history: ProjectHistoryCache = {};
  const record = createProjectHistoryService({
    now: () => now,
    signedInUser: async () => 'member',
    active: async () => {
      const hour = new Date(now).getHours();
      return hour >= ACTIVE_FROM && hour < ACTIVE_FROM + ACTIVE_HOURS;
    },
    walk: () => stuff.refresh(['shared']),
    sharedProjects: async () => {
      const list = myStuff.member?.shared;
      return list && now - list.readAt < 60_000
        ? { items: list.items, whole: list.items.length < MY_STUFF_MAX_ITEMS }
        : null;
    },
    cache: {
      get: async () => history,
      set: async (next) => {
        history = next;
      },
    },
    weekGains: { get: async () => ({}), set: async () => undefined },
    milestones: {
      enabled: async () => false,
      announced: { get: async () => noMilestones, set: async () => undefined },
      show: async () => undefined,
    },
  });
  const stuff = createMyStuffService({
    now: () => now,
    signedInUser: async () => 'member',
    async readPage(_list, _username, page) {
      reads += 1;
      if (inTab) tabReads += 1;
      const slice = items.slice(page.offset, page.offset + page.limit);
      return { items: slice, received: slice.length };
    },
    cache: {
      get: async () => myStuff,
      async set(next) {
        const landed = next.member?.shared;
        const before = myStuff.member?.shared.readAt;
        myStuff = next;
        // As the background's watch of My Stuff's cache: a landed read is the day's point.
        if (landed && landed.loading === null && landed.readAt !== before && landed.readAt > 0)
          await record.recordList('member', {
            items: landed.items,
            whole: landed.items.length < MY_STUFF_MAX_ITEMS,
          });
      },
    },
  });
  const start = now;
  for (let day = 0; day < DAYS; day++) {
    const opens = habit === 'every morning' || (habit === 'every third day' && day % 3 === 0);
    for (let at = start + day * DAY; at < start + (day + 1) * DAY; at += CHECK_PERIOD_MS) {
      now = at;
      // The member opens My Stuff as they sit down, before the hour's check.
      if (opens && new Date(now).getHours() === ACTIVE_FROM) {
        inTab = true;
        await stuff.refresh(['shared']);
        inTab = false;
        now += 60_000;
      }
      await record.check();
    }
  }
  const days = history.member?.days.length ?? 0;
  if (days !== DAYS) throw new Error(`recorded ${days} days of ${DAYS}`);
  return { all: reads / DAYS, tab: tabReads / DAYS };
}

async function main(): Promise<void> {
  const pollerPerDay = (ACTIVE_HOURS * HOUR) / DEFAULT_PERIOD_MS;
  console.log(
    `The daily record of the member's projects: ${DAYS} simulated days, ${ACTIVE_HOURS} hours a day at the computer, the check hourly;`,
  );
  console.log(
    `a walk reads the shared projects in pages of ${MY_STUFF_PAGE_SIZE} (My Stuff's own read). Requests per member-day:`,
  );
  console.log('');
  for (const habit of ['never', 'every third day', 'every morning'] as const) {
    for (const projects of [5, 40, 100, MY_STUFF_MAX_ITEMS]) {
      const { all, tab } = await requestsPerDay(projects, habit);
      const added = all - tab;
      console.log(
        `  opens My Stuff ${habit.padEnd(15)} ${String(projects).padStart(3)} projects: ` +
          `${added.toFixed(2).padStart(5)} added by the record (${tab.toFixed(2)} by My Stuff's tab), ` +
          `${((added / pollerPerDay) * 100).toFixed(2)}% of the count's poller watching a site tab (${pollerPerDay}/day)`,
      );
      reportFigure({
        bench: 'project-history',
        name: `daily record: requests added per member-day, ${projects} projects, opens My Stuff ${habit}`,
        value: Number(added.toFixed(2)),
        unit: 'requests',
        baseline: { name: "the count's poller, watching 8 hours", value: pollerPerDay },
        budget: {
          text: `≤ a page per ${MY_STUFF_PAGE_SIZE} projects a day`,
          max: Math.floor(projects / MY_STUFF_PAGE_SIZE) + 1,
        },
      });
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
