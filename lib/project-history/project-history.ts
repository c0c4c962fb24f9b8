/**
 * The daily record service: once a day at most, on a day the member uses the browser, each of the
 * member's shared projects' loves, favorites, views and remixes, kept a year (./project-history-model.ts).
 *
 * - The counts come from the reads My Stuff makes anyway: every whole read of the member's shared
 *   projects is recorded as today's point (`recordList`; a later read the same day replaces it).
 * - On a day My Stuff was not read, the daily check (`check`, on an hourly alarm while the browser
 *   starts) walks the member's projects once, through My Stuff's own read (a page per 40 projects,
 *   which also leaves My Stuff fresh for the popup): at most one walk per member and day, whatever
 *   comes of it; none while the member is away from the computer, none while signed out.
 * - Kept per member (keyed by username, as My Stuff's cache): a member signed in after another never
 *   sees the other's record; a read that lands for a member no longer signed in is not recorded.
 * - Love milestones (off by default): after each recorded day, each milestone reached and never
 *   announced to this member is announced once (./milestones-model.ts).
 *
 * Everything it needs comes through `ProjectHistoryPorts`, so unit tests drive it with fakes;
 * ./project-history-background.ts wires it to the browser.
 */
import { serialQueue } from '@/lib/concurrency/serial';
import { type AnnouncedMilestones, type Milestone, newMilestones } from './milestones-model';
import {
  dayOf,
  emptyHistory,
  type ListedProject,
  type MemberHistory,
  recordDay,
  weekGains,
} from './project-history-model';

export type ProjectHistoryCache = Record<string, MemberHistory>;

/** A whole read of the member's shared projects (My Stuff's list as it landed). */
export interface SharedProjectsRead {
  items: readonly ListedProject[];
  /** Read to its end: a project missing from it is no longer shared. */
  whole: boolean;
}

export interface ProjectHistoryPorts {
  /** The clock the record dates its days by (ms since the epoch). */
  now(): number;
  signedInUser(): Promise<string | null>;
  /** The member is at the computer (a day they use the browser). */
  active(): Promise<boolean>;
  /** My Stuff's read of the member's shared projects (the walk): resolves when it has landed. */
  walk(username: string): Promise<void>;
  /** My Stuff's whole read of the member's shared projects, if it is fresh (else null). */
  sharedProjects(username: string): Promise<SharedProjectsRead | null>;
  /** The persisted record (`projectHistoryItem`, kept to its byte cap). */
  cache: { get(): Promise<ProjectHistoryCache>; set(cache: ProjectHistoryCache): Promise<void> };
  /** The projects' gains this week, for My Stuff's cards (`projectWeekGainsItem`). */
  weekGains: {
    get(): Promise<Record<string, [number, number][]>>;
    set(gains: Record<string, [number, number][]>): Promise<void>;
  };
  milestones: {
    enabled(): Promise<boolean>;
    /** The signed-in member's announced milestones. */
    announced: { get(): Promise<AnnouncedMilestones>; set(value: AnnouncedMilestones): Promise<void> };
    show(username: string, milestone: Milestone): Promise<void>;
  };
}

export interface ProjectHistoryService {
  /** Records a whole read of `username`'s shared projects as today's point, if still signed in. */
  recordList(username: string, read: SharedProjectsRead): Promise<void>;
  /** The daily check: walks the member's projects when today is not recorded nor walked yet. */
  check(): Promise<void>;
  /** Forgets the signed-in member's record (not which milestones were announced). */
  forget(): Promise<void>;
  /** Turning milestones on: what is reached already counts as announced (no flood of old news). */
  markMilestonesSeen(): Promise<void>;
}

/** Members whose record is kept (least recently used dropped), as My Stuff keeps their projects. */
export const MAX_RECORDED_MEMBERS = 3;

export function createProjectHistoryService(ports: ProjectHistoryPorts): ProjectHistoryService {
  // Writes are serialised so a walk's read and a popup's read landing together never lose one.
  const serially = serialQueue();

  const own = (cache: ProjectHistoryCache, username: string) =>
    Object.hasOwn(cache, username) ? (cache[username] as MemberHistory) : emptyHistory(username);

  /** Changes one member's record; keeps at most MAX_RECORDED_MEMBERS, this one always. */
  const update = (username: string, change: (history: MemberHistory) => MemberHistory) =>
    serially(async () => {
      const cache = await ports.cache.get();
      const after: MemberHistory = { ...change(own(cache, username)), usedAt: ports.now() };
      const entries = Object.entries({ ...cache }).filter(([name]) => name !== username);
      entries.sort(([, a], [, b]) => (b.usedAt ?? 0) - (a.usedAt ?? 0));
      // Built from entries: a member named `__proto__` stays an entry.
      const next = Object.fromEntries([[username, after], ...entries.slice(0, MAX_RECORDED_MEMBERS - 1)]);
      await ports.cache.set(next);
      await writeWeekGains(username, after);
      return after;
    });

  /** The member's gains this week beside the other recorded members' (nobody else's kept). */
  const writeWeekGains = async (username: string, history: MemberHistory) => {
    const [gains, kept] = await Promise.all([ports.weekGains.get(), ports.cache.get()]);
    const mine: [number, number][] = weekGains(history)
      .filter((project) => project.gain !== 0)
      .map((project) => [project.id, project.gain]);
    await ports.weekGains.set(
      Object.fromEntries([
        ...Object.entries(gains).filter(([name]) => name !== username && Object.hasOwn(kept, name)),
        [username, mine],
      ]),
    );
  };

  const announce = async (username: string, history: MemberHistory) => {
    if (!(await ports.milestones.enabled())) return;
    const { milestones, announced } = newMilestones(history, await ports.milestones.announced.get());
    if (milestones.length === 0) return;
    // Stored before shown: a worker stopped in between never shows one twice.
    await ports.milestones.announced.set(announced);
    for (const milestone of milestones) await ports.milestones.show(username, milestone);
  };

  const recordList = async (username: string, read: SharedProjectsRead) => {
    if ((await ports.signedInUser()) !== username) return;
    const day = dayOf(ports.now());
    const history = await update(username, (current) => recordDay(current, day, read.items, read.whole));
    await announce(username, history).catch((error: unknown) =>
      console.warn('[companion] project history: milestones failed:', error),
    );
  };

  /** The daily check (./project-history.ts's header): at most one walk a member and day. */
  const dailyCheck = async () => {
    const username = await ports.signedInUser();
    if (username === null || !(await ports.active())) return;
    const today = dayOf(ports.now());
    const history = own(await ports.cache.get(), username);
    if (history.checkedOn === today) return;
    // Noted once a day, whatever comes of it: the walk is tried at most once a day.
    await update(username, (current) => ({ ...current, checkedOn: today }));
    if (history.days.at(-1) === today) return;
    await ports.walk(username);
    // My Stuff found its list fresh (read within its minute) and did not read again, or its
    // landing is still on its way here: its list is today's all the same.
    const read = await ports.sharedProjects(username);
    if (read !== null && own(await ports.cache.get(), username).days.at(-1) !== today)
      await recordList(username, read);
  };
  /** The check in flight: the alarm, the browser's start and a sign-in may all ask at once. */
  let checking: Promise<void> | null = null;

  return {
    recordList,

    check() {
      checking ??= dailyCheck().finally(() => {
        checking = null;
      });
      return checking;
    },

    async forget() {
      const username = await ports.signedInUser();
      if (username === null) return;
      await serially(async () => {
        const cache = await ports.cache.get();
        if (!Object.hasOwn(cache, username)) return;
        await ports.cache.set(
          Object.fromEntries(Object.entries(cache).filter(([name]) => name !== username)),
        );
        const gains = await ports.weekGains.get();
        await ports.weekGains.set(
          Object.fromEntries(Object.entries(gains).filter(([name]) => name !== username)),
        );
      });
    },

    async markMilestonesSeen() {
      const username = await ports.signedInUser();
      if (username === null) return;
      const history = own(await ports.cache.get(), username);
      const { announced } = newMilestones(history, await ports.milestones.announced.get());
      await ports.milestones.announced.set(announced);
    },
  };
}
