/**
 * The popup's My Stuff tab in real Chromium (public build, live host names mapped
 * onto the sandbox) and Firefox (local build), signed in as demo, with the keyboard alone: the arrow
 * keys reach the tab, which lists every shared project of demo across pages (read in pages of 40,
 * counted in the request log) with its counts as the interface gives them; typing in the search box
 * narrows the list; "Most loved" orders it by the sandbox's loves; the favorites are listed; the
 * popup opened again shows it from the cache with no request. Axe finds nothing serious, light and dark.
 *
 * What the popup should show is read from the sandbox over HTTP, as the service sends it (requests
 * made by this test carry their own User-Agent and are left out of the request-log checks).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MY_STUFF_FRESH_MS } from '@/lib/mystuff/mystuff-model';
import type { RequestLogEntry } from '@/sandbox/control';
import { DEMO_USERNAME } from '@/sandbox/index';
import {
  BROWSER_NAMES,
  seriousAxeFindingsInEachScheme,
  type TestPage,
  useBrowser,
  withSandbox,
} from './harness';

const sandbox = withSandbox();

const TEST_AGENT = 'companion-e2e-popup-mystuff';
const CARD = '[data-testid="mystuff-list"] [data-testid="project-card"]';
const PAGE = 40;
/** The most My Stuff keeps of a list (lib/mystuff/mystuff-model.ts). */
const CAP = 400;
/** How soon after it opens the popup asks My Stuff's service to refresh, at most (a busy machine). */
const POPUP_ASKS_WITHIN_MS = 15_000;

interface ApiProject {
  id: number;
  title: string;
  stats: { loves: number; favorites: number; views: number; remixes: number };
}

async function press(page: TestPage, key: string) {
  await (page.raw.page.keyboard as { press(key: string): Promise<void> }).press(key);
}
/** Shift+Tab, held as a member holds it (Firefox's driver knows no "Shift+Tab" chord). */
async function shiftTab(page: TestPage) {
  const keys = page.raw.page.keyboard as { down(key: string): Promise<void>; up(key: string): Promise<void> };
  await keys.down('Shift');
  await press(page, 'Tab');
  await keys.up('Shift');
}
async function type(page: TestPage, text: string) {
  await (page.raw.page.keyboard as { type(text: string): Promise<void> }).type(text);
}
const focused = (page: TestPage) => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));

/** Tab (at most `limit` times) until the focused element matches `selector`. */
async function tabTo(page: TestPage, selector: string, limit = 30) {
  for (let presses = 0; presses < limit; presses++) {
    await press(page, 'Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) === true, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** The cards shown, in order: id, link, and the counts each shows. */
const cards = (page: TestPage) =>
  page.evaluate(
    (s) =>
      [...document.querySelectorAll<HTMLElement>(s)].map((card) => ({
        id: Number(card.dataset.projectId),
        href: card.querySelector<HTMLAnchorElement>('a.card-link')?.href ?? '',
        target: card.querySelector<HTMLAnchorElement>('a.card-link')?.target ?? '',
        title: card.querySelector('.card-title')?.textContent ?? '',
        stats: Object.fromEntries(
          [...card.querySelectorAll<HTMLElement>('[data-stat]')].map((stat) => [
            stat.dataset.stat,
            Number(stat.dataset.count),
          ]),
        ),
      })),
    CARD,
  );

/** Case and accents ignored, as the popup's search compares. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

describe.each(BROWSER_NAMES)('%s', (name) => {
  beforeAll(() => sandbox().control.reset());
  const browser = useBrowser(name, { sandbox, signedInAs: DEMO_USERNAME });
  const site = () => browser().profile.site;
  let popup: TestPage;

  /** Every page of a list of demo, read as the service sends it. */
  async function everyPage(list: 'projects' | 'favorites'): Promise<ApiProject[]> {
    const all: ApiProject[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const response = await fetch(
        `${sandbox().urls.api}/users/${DEMO_USERNAME}/${list}?limit=${PAGE}&offset=${offset}`,
        { headers: { 'User-Agent': TEST_AGENT } },
      );
      const page = (await response.json()) as ApiProject[];
      all.push(...page);
      if (page.length < PAGE) return all;
    }
  }
  /** The browser's reads of demo's list since `since` (not this test's own). */
  const reads = (list: 'projects' | 'favorites', since: number) =>
    sandbox()
      .control.requestLog({ part: 'api', pattern: `/users/${DEMO_USERNAME}/${list}` })
      .filter((entry: RequestLogEntry) => entry.userAgent !== TEST_AGENT && Date.parse(entry.time) >= since)
      .map((entry) => new URLSearchParams(entry.query))
      .map((query) => `${query.get('offset')}/${query.get('limit')}`);

  async function expectNothingSerious(where: string) {
    expect(await seriousAxeFindingsInEachScheme(popup), `axe, ${where}`).toEqual({ light: [], dark: [] });
  }

  it('reaches My Stuff with the arrow keys and lists every shared project of demo across pages, with its counts', async () => {
    const projects = await everyPage('projects');
    // More than a page (sandbox/seed.ts): the list is read across a page boundary.
    expect(projects.length).toBeGreaterThan(PAGE);
    const since = Date.now();
    await browser().setStorage('local', { popupTab: 'feed' });
    popup = await browser().openPopup();
    await tabTo(popup, '[data-testid="popup-tab-feed"]');
    // The tab bar's arrow keys: left of the first tab is the last one, My Stuff.
    await press(popup, 'ArrowLeft');
    expect(await focused(popup)).toBe('popup-tab-mystuff');
    await popup.waitFor((n) => document.querySelectorAll(n).length > 0, CARD, { timeout: 20_000 });
    await popup.waitFor((n) => document.querySelectorAll(n.s).length === n.count, {
      s: CARD,
      count: projects.length,
    });
    const shown = await cards(popup);
    expect(shown.map((card) => card.id).sort()).toEqual(projects.map((project) => project.id).sort());
    const byId = new Map(projects.map((project) => [project.id, project]));
    for (const card of shown) {
      expect(card.href).toBe(`${site()}/projects/${card.id}/`);
      expect(card.target).toBe('_blank');
      const stats = byId.get(card.id)?.stats;
      expect(card.stats).toEqual({
        loves: stats?.loves,
        favorites: stats?.favorites,
        views: stats?.views,
        remixes: stats?.remixes,
      });
    }
    // Newest first by default: the order the service lists them in (newest shared first), the
    // project demo shared last (the sandbox's own dates) at the top.
    expect(shown.map((card) => card.id)).toEqual(projects.map((project) => project.id));
    const store = sandbox().control.store;
    const sharedAt = (p: { shared: string | null }) => Date.parse(p.shared ?? '');
    const latest = store
      .sharedProjectsOf(store.getUser(DEMO_USERNAME)?.id ?? 0)
      .reduce((a, b) => (sharedAt(b) > sharedAt(a) ? b : a));
    expect(shown[0]?.id).toBe(latest.id);
    // Every page once, in pages of 40, stopping at the short one.
    expect(reads('projects', since)).toEqual(
      Array.from({ length: Math.floor(projects.length / PAGE) + 1 }, (_, i) => `${i * PAGE}/${PAGE}`),
    );
    await expectNothingSerious('my projects');
  });

  it('narrows the list as the member types a word of a title, and sorts by the sandbox’s loves', async () => {
    const projects = await everyPage('projects');
    // A word of one title that some other titles lack.
    const word = projects
      .flatMap((project) => project.title.split(/\s+/))
      .map((candidate) => candidate.replace(/[^\p{L}]/gu, ''))
      .find((candidate) => {
        if (candidate.length < 3) return false;
        const matching = projects.filter((project) => fold(project.title).includes(fold(candidate)));
        return matching.length > 0 && matching.length < projects.length;
      });
    expect(word).toBeDefined();
    const term = (word as string).toUpperCase();
    const matching = projects.filter((project) => fold(project.title).includes(fold(term)));

    await tabTo(popup, '[data-testid="mystuff-search"]');
    await type(popup, term);
    await popup.waitFor((n) => document.querySelectorAll(n.s).length === n.count, {
      s: CARD,
      count: matching.length,
    });
    expect((await cards(popup)).map((card) => card.id).sort()).toEqual(matching.map((p) => p.id).sort());
    for (let i = 0; i < term.length; i++) await press(popup, 'Backspace');
    await popup.waitFor((n) => document.querySelectorAll(n.s).length === n.count, {
      s: CARD,
      count: projects.length,
    });

    await press(popup, 'Tab');
    expect(await focused(popup)).toBe('mystuff-sort');
    await press(popup, 'ArrowDown');
    await popup.waitFor(
      () => document.querySelector<HTMLSelectElement>('[data-testid="mystuff-sort"]')?.value === 'loves',
    );
    const loves = new Map(projects.map((project) => [project.id, project.stats.loves]));
    await expect
      .poll(async () => (await cards(popup)).map((card) => loves.get(card.id)))
      .toEqual(projects.map((project) => project.stats.loves).sort((a, b) => b - a));
  });

  it('lists the favorites, and shows My Stuff again from the cache with no request', async () => {
    const favorites = (await everyPage('favorites')).slice(0, CAP);
    expect(favorites.length).toBeGreaterThan(PAGE);
    // Back to the list's choice, then the arrow key to the favorites.
    await shiftTab(popup);
    await shiftTab(popup);
    expect(await focused(popup)).toBe('mystuff-section-shared');
    await press(popup, 'ArrowRight');
    expect(await focused(popup)).toBe('mystuff-section-favorites');
    await popup.waitFor(
      (n) => document.querySelectorAll(n.s).length === n.count,
      { s: CARD, count: favorites.length },
      { timeout: 20_000 },
    );
    expect((await cards(popup)).map((card) => card.id).sort()).toEqual(favorites.map((p) => p.id).sort());
    await expectNothingSerious('my favorites');
    await popup.close();

    // Opened again: the first frame shows the cache, and the list shown (the projects) is not read
    // again while younger than the freshness window. Whether it is that young depends on how long
    // the steps above took (a busy machine can take longer than the window): the stored read time
    // says. Older, it is read again, from its first page. The popup asks a moment after it opens,
    // so the reopening waits until the list is not within that moment of the window's end.
    const { myStuffCache } = await browser().readStorage('local', ['myStuffCache']);
    const stored = (myStuffCache as Record<string, { shared: { readAt: number } }>)[DEMO_USERNAME];
    const projectsReadAt = stored?.shared.readAt ?? 0;
    const age = () => Date.now() - projectsReadAt;
    if (age() >= MY_STUFF_FRESH_MS - POPUP_ASKS_WITHIN_MS && age() < MY_STUFF_FRESH_MS)
      await new Promise((resolve) => setTimeout(resolve, MY_STUFF_FRESH_MS - age() + 50));
    const reopened = Date.now();
    const fresh = { projects: reopened - projectsReadAt < MY_STUFF_FRESH_MS };
    popup = await browser().openPopup();
    // A screenful in the first frame, every cached project right after it is painted.
    await popup.waitFor((s) => document.querySelectorAll(s).length > 0, CARD, { timeout: 20_000 });
    const everyProject = (await everyPage('projects')).length;
    await popup.waitFor(
      (n) => document.querySelectorAll(n.s).length === n.count,
      { s: CARD, count: everyProject },
      { timeout: 20_000 },
    );
    // The background answered the popup's messages (the refresh was sent before the ping).
    await popup.waitFor(() => document.querySelector('[data-testid="popup-status"]') !== null);
    // The popup opens on the member's projects: that list is read again only when older than the
    // window, from its first page; the favorites, not shown, are not read whatever their age.
    if (fresh.projects) expect(reads('projects', reopened), 'projects, younger than the window').toEqual([]);
    else
      await expect
        .poll(() => reads('projects', reopened)[0], {
          message: 'projects, older than the window',
          timeout: 20_000,
        })
        .toBe(`0/${PAGE}`);
    expect(reads('favorites', reopened), 'favorites, not shown').toEqual([]);
    await popup.close();
  });
});
