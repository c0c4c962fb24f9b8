/**
 * My Stuff's "Over time" in real Chromium (public build, live host names mapped onto the sandbox)
 * and Firefox (local build), signed in as demo, over simulated days: each day the sandbox's control
 * changes some of demo's projects' counts and moves the sandbox's clock a day forward, and the
 * development tuning moves the record's clock with it (`historyClockAheadMs`, lib/dev-tuning.ts).
 *
 * - With the popup closed, the background walks demo's projects once a day (the request log: one
 *   read of the list's first page per simulated day, in pages of 40), and after three days the view
 *   shows the sandbox's totals and their changes, a chart of three points with its table, the
 *   projects the sandbox changed most as this week's gainers, and a CSV of three days.
 * - With My Stuff opened on a new day, its read is the day's point: the daily check that runs after
 *   it adds no walk.
 * - Axe finds nothing serious in the view, light and dark.
 *
 * What the view should show is read from the sandbox over HTTP, as the service sends it (requests
 * made by this test carry their own User-Agent and are left out of the request-log checks).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '@/sandbox/control';
import { DEMO_USERNAME } from '@/sandbox/index';
import {
  BROWSER_NAMES,
  type ExtensionBrowser,
  seriousAxeFindingsInEachScheme,
  type TestPage,
  useBrowser,
  withSandbox,
} from './harness';

const sandbox = withSandbox();

const TEST_AGENT = 'companion-e2e-mystuff-over-time';
const DAY = 86_400_000;
const PAGE = 40;
/**
 * The daily check's tuned period: a look that finds the day checked reads storage only, so looking
 * every few seconds lets a simulated day pass without waiting out a longer alarm.
 */
const CHECK_PERIOD_SECONDS = 2;
/** Long enough for the daily check's alarm on a busy machine. */
const CHECK_WITHIN_MS = 60_000;
const KINDS = ['loves', 'favorites', 'views', 'remixes'] as const;
type Kind = (typeof KINDS)[number];
type Counts = Record<Kind, number>;

interface ApiProject {
  id: number;
  title: string;
  stats: Counts;
}

interface StoredHistory {
  days: number[];
  checkedOn: number | null;
}

describe.each(BROWSER_NAMES)('%s', (name) => {
  beforeAll(() => sandbox().control.reset());
  const browser = useBrowser(name, { sandbox, signedInAs: DEMO_USERNAME });
  let popup: TestPage;

  /** Every shared project of demo, read as the service sends it. */
  async function everyProject(): Promise<ApiProject[]> {
    const all: ApiProject[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const response = await fetch(
        `${sandbox().urls.api}/users/${DEMO_USERNAME}/projects?limit=${PAGE}&offset=${offset}`,
        { headers: { 'User-Agent': TEST_AGENT } },
      );
      const page = (await response.json()) as ApiProject[];
      all.push(...page);
      if (page.length < PAGE) return all;
    }
  }
  const totalsOf = (projects: ApiProject[]): Counts =>
    Object.fromEntries(
      KINDS.map((kind) => [kind, projects.reduce((sum, project) => sum + project.stats[kind], 0)]),
    ) as Counts;

  /** The browser's reads of the first page of demo's projects (one per walk or popup read) since `since`. */
  const walksSince = (since: number) =>
    sandbox()
      .control.requestLog({ part: 'api', pattern: `/users/${DEMO_USERNAME}/projects` })
      .filter(
        (entry: RequestLogEntry) =>
          entry.userAgent !== TEST_AGENT &&
          Date.parse(entry.time) >= since &&
          new URLSearchParams(entry.query).get('offset') === '0',
      ).length;

  /** demo's record as the extension stored it. */
  async function storedHistory(b: ExtensionBrowser): Promise<StoredHistory | null> {
    const stored = (await b.readStorage('local', ['projectHistory'])).projectHistory as
      | Record<string, StoredHistory>
      | undefined;
    return stored?.[DEMO_USERNAME] ?? null;
  }
  async function waitForHistory(check: (history: StoredHistory) => boolean, what: string) {
    await expect
      .poll(
        async () => {
          const history = await storedHistory(browser());
          return history !== null && check(history);
        },
        { timeout: CHECK_WITHIN_MS, interval: 500, message: what },
      )
      .toBe(true);
  }

  /** My Stuff's stored list of demo's projects: when it was read, and whether a read is under way. */
  async function storedProjects(): Promise<{ readAt: number; loading: string | null } | undefined> {
    const stored = (await browser().readStorage('local', ['myStuffCache'])).myStuffCache as
      | Record<string, { shared?: { readAt: number; loading: string | null } }>
      | undefined;
    return stored?.[DEMO_USERNAME]?.shared;
  }

  /**
   * The member refreshes My Stuff until a read begun after their click has landed. The service
   * shares a read in flight: a refresh clicked while the popup's own read (as it opened) was out
   * ends with that read, and the member clicks again, as they would. Once one has landed, none of
   * the popup's reads is left to come, and the request log holds all of them.
   */
  async function refreshUntilRead(page: TestPage): Promise<void> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const clicked = Date.now();
      await page.click('[data-testid="feed-refresh"]:not([disabled])', { timeout: 20_000 });
      const until = Math.min(deadline, Date.now() + 5_000);
      while (Date.now() < until) {
        const list = await storedProjects();
        if (list !== undefined && list.loading === null && list.readAt >= clicked) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (Date.now() >= deadline)
        throw new Error(
          `No read of My Stuff landed after the member's refresh: ${JSON.stringify(await storedProjects())}`,
        );
    }
  }

  /** Changes counts as other members would, then lets a day pass, for the sandbox and the record alike. */
  async function nextDay(day: number, changes: { id: number; change: Partial<Counts> }[]) {
    for (const { id, change } of changes) sandbox().control.changeProjectCounts(id, change);
    sandbox().control.advanceClock(DAY);
    await browser().tune({ historyClockAheadMs: day * DAY });
  }

  /** The sums of the changes each project got, per project id. */
  const changed = new Map<number, number>();
  let first: Counts;
  let projects: ApiProject[];

  it('with the popup closed, walks demo’s projects once a simulated day, in pages of 40', async () => {
    projects = await everyProject();
    expect(projects.length).toBeGreaterThan(PAGE);
    first = totalsOf(projects);
    const [a, b, c] = projects;
    if (a === undefined || b === undefined || c === undefined) throw new Error('demo shares projects');
    await browser().tune({
      ignoreIdle: true,
      historyCheckPeriodSeconds: CHECK_PERIOD_SECONDS,
      historyClockAheadMs: 0,
    });
    // Day one: the check's alarm (a period from now; the member's hourly one never came) walks once:
    // the log counts from the browser's launch.
    await waitForHistory((history) => history.days.length === 1, 'the first day is recorded');
    expect(
      walksSince(0),
      JSON.stringify({
        log: sandbox()
          .control.requestLog({ part: 'api', pattern: '/users/**' })
          .map((entry) => [entry.time, entry.path, entry.query, entry.status, entry.userAgent?.slice(0, 20)]),
        history: await storedHistory(browser()),
      }),
    ).toBe(1);
    const plan = [
      [
        { id: a.id, change: { loves: 3, views: 40 } },
        { id: b.id, change: { favorites: 2, views: 10 } },
      ],
      [
        { id: a.id, change: { loves: 2, views: 25, remixes: 1 } },
        { id: c.id, change: { views: 4 } },
      ],
    ];
    for (const [index, changes] of plan.entries()) {
      const dayStart = Date.now();
      await nextDay(index + 1, changes);
      for (const { id, change } of changes)
        changed.set(id, (changed.get(id) ?? 0) + Object.values(change).reduce((s, n) => s + (n ?? 0), 0));
      await waitForHistory((history) => history.days.length === index + 2, `day ${index + 2} is recorded`);
      // Every page of the list once: one walk.
      const pages = sandbox()
        .control.requestLog({ part: 'api', pattern: `/users/${DEMO_USERNAME}/projects` })
        .filter((entry) => entry.userAgent !== TEST_AGENT && Date.parse(entry.time) >= dayStart);
      expect(walksSince(dayStart)).toBe(1);
      expect(pages).toHaveLength(Math.floor(projects.length / PAGE) + 1);
    }
    expect(walksSince(0)).toBe(3);
  });

  it('shows the sandbox’s totals and changes, a chart of three points, the gainers and a CSV of three days', async () => {
    const now = await everyProject();
    const totals = totalsOf(now);
    await browser().setStorage('local', { popupTab: 'mystuff' });
    popup = await browser().openPopup();
    await popup.click('[data-testid="mystuff-open-over-time"]', { timeout: 20_000 });
    await popup.waitFor((s) => document.querySelector(s) !== null, '[data-testid="mystuff-over-time"]');
    const shown = await popup.waitFor(() => {
      const totals = [...document.querySelectorAll<HTMLElement>('[data-testid="stats-total"]')];
      return totals.length === 4
        ? Object.fromEntries(
            totals.map((total) => [
              total.dataset.kind,
              {
                value: Number(total.dataset.value),
                change7d: Number(total.getAttribute('data-change-7d')),
              },
            ]),
          )
        : null;
    });
    for (const kind of KINDS) {
      expect(shown[kind]?.value, kind).toBe(totals[kind]);
      // Three days: the change over 7 days is the change since the first.
      expect(shown[kind]?.change7d, kind).toBe(totals[kind] - first[kind]);
    }
    // The chart (loves, 30 days) has a point a day, and its table a row a day.
    expect(
      await popup.evaluate(
        () => document.querySelectorAll('[data-testid="stats-chart"] [data-point]').length,
      ),
    ).toBe(3);
    expect(
      await popup.evaluate(() => document.querySelectorAll('[data-testid="stats-table"] tbody tr').length),
    ).toBe(3);
    // The gainers: the projects the sandbox changed, most changed first, each with its gain.
    const gainers = await popup.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-testid="gainer"]')].map((gainer) => [
        Number(gainer.dataset.projectId),
        Number(gainer.dataset.gain),
      ]),
    );
    expect(gainers).toEqual([...changed].sort(([, x], [, y]) => y - x));
    // The CSV: the file the button makes, one row per project and day, three days.
    await popup.evaluate(() => {
      const made: Blob[] = [];
      (window as unknown as { madeFiles: Blob[] }).madeFiles = made;
      const create = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (file: Blob | MediaSource) => {
        if (file instanceof Blob) made.push(file);
        return create(file);
      };
    });
    await popup.click('button[data-testid="stats-csv"]');
    const csv = await popup.waitFor(async () => {
      const made = (window as unknown as { madeFiles: Blob[] }).madeFiles;
      return made.length > 0 ? (made[0] as Blob).text() : null;
    });
    const rows = (csv as string)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toBe('date,project_id,title,loves,favorites,views,remixes,shared_now');
    const dates = new Set(rows.slice(1).map((row) => row.slice(0, 10)));
    expect(dates.size).toBe(3);
    expect(rows.length - 1).toBe(3 * projects.length);
    expect(await seriousAxeFindingsInEachScheme(popup), 'axe, over time').toEqual({ light: [], dark: [] });
    await popup.close();
  });

  it('with My Stuff opened on a new day, its read is the day’s point: the daily check adds no walk', async () => {
    const [a] = projects;
    if (a === undefined) throw new Error('demo shares projects');
    // The check waits while the member reads My Stuff: its alarm set long for the move.
    await browser().tune({ historyCheckPeriodSeconds: 3_600 });
    const dayStart = Date.now();
    await nextDay(3, [{ id: a.id, change: { loves: 1 } }]);
    await browser().setStorage('local', { popupTab: 'mystuff' });
    popup = await browser().openPopup();
    // The list was read within My Stuff's fresh minute, perhaps: the member refreshes it.
    await refreshUntilRead(popup);
    await waitForHistory((history) => history.days.length === 4, 'the fourth day is recorded from My Stuff');
    // The popup's own reads (as it opened, and the member's refresh).
    const popupReads = walksSince(dayStart);
    expect(popupReads).toBeGreaterThanOrEqual(1);
    // The daily check runs again (its period short again), sees the day recorded, and walks nothing.
    await browser().tune({ historyCheckPeriodSeconds: CHECK_PERIOD_SECONDS });
    await waitForHistory((history) => history.checkedOn === history.days.at(-1), 'the check ran on day four');
    expect(walksSince(dayStart)).toBe(popupReads);
    await popup.close();
  });
});
