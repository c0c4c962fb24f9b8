/**
 * The popup's Explore tab in real Chromium (public build, live host names mapped onto the sandbox)
 * and Firefox (local build), signed in as the demo user: every featured row titled as the site
 * titles it, the count of shared projects read once, explore by tag and sort paged by 40 as the
 * list scrolls, one search for the settled text of fast typing, the views of a project, a person
 * and a studio with their lists paged, Back and Escape returning to where the member was (scroll
 * kept), unshared projects, the keyboard alone, the shortcut and omnibox declared, and axe-core.
 *
 * What the popup should show is read from the sandbox over HTTP, as the service sends it (requests
 * made by this test carry their own User-Agent and are left out of the request-log checks).
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '@/sandbox/control';
import { DEMO_USERNAME } from '@/sandbox/index';
import { BROWSER_NAMES, seriousAxeFindings, type TestPage, useBrowser, withSandbox } from './harness';
import { readBuiltManifest } from './harness/paths';
import { startQuietPeriod } from './harness/quiet-period';

const sandbox = withSandbox();

const TEST_AGENT = 'companion-e2e-popup-explore';
const PAGE = 40;
/** The view on top of the stack (the others stay mounted, hidden). */
const TOP = '[data-testid="explore"] > div:not([hidden])';
const SCREENS = '.output/screens';

interface ApiProject {
  id: number;
  title: string;
  instructions?: string;
  description?: string;
  public?: boolean;
  author: { id: number; username?: string };
  history?: { shared?: string };
  stats?: { views?: number; loves?: number; favorites?: number; remixes?: number };
}
interface ApiItem {
  id: number;
  title: string;
  type?: string;
  curator_name?: string;
  gallery_title?: string;
}

/** GET on the sandbox's REST interface as the service answers it. */
async function api<T>(path: string, token?: string): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { 'User-Agent': TEST_AGENT };
  if (token !== undefined) headers['X-Token'] = token;
  const response = await fetch(`${sandbox().urls.api}${path}`, { headers });
  return { status: response.status, body: (await response.json()) as T };
}

/**
 * The extension's requests to the REST interface matching `pattern` (a glob over the path): not
 * this test's, nor those of site pages open in the browser (the site's home page reads the featured
 * rows itself; its requests carry the site's origin).
 */
function requests(pattern: string): RequestLogEntry[] {
  return sandbox().control.requestLog({ part: 'api', pattern }).filter(isExtensionRead);
}

/** A read the extension sent (not this test's own, nor a site page's). */
function isExtensionRead(entry: RequestLogEntry): boolean {
  return entry.userAgent !== TEST_AGENT && entry.method === 'GET' && !(entry.origin ?? '').startsWith('http');
}
const param = (entry: RequestLogEntry | undefined, name: string) =>
  new URLSearchParams(entry?.query ?? '').get(name);

/**
 * Keys as a member presses them. `type` goes at a fast typist's pace (35 ms a key: what the settled
 * search is about); `typeAtOnce` types an address or id with no pause between keys, where the pace
 * does not matter.
 */
async function keyboard(
  page: TestPage,
  action: { type?: string; typeAtOnce?: string; press?: string; ctrl?: string },
) {
  const raw = page.raw;
  const keys = raw.page.keyboard;
  if (action.type !== undefined) await keys.type(action.type, { delay: 35 });
  if (action.typeAtOnce !== undefined) await keys.type(action.typeAtOnce);
  if (action.press !== undefined) await keys.press(action.press as never);
  if (action.ctrl !== undefined) {
    await keys.down('Control');
    await keys.press(action.ctrl as never);
    await keys.up('Control');
  }
}

/**
 * Fast typing, from inside the page: one character every 35 ms into the focused search field, each
 * with its input event. Keystrokes sent one by one over CDP or BiDi can stall past the search's
 * 300 ms settle while another test file shares the 2 cores: that would be a pause, not fast typing.
 * (Real keystrokes are typed in the keyboard-alone test.)
 */
function typeFast(page: TestPage, text: string): Promise<void> {
  return page.evaluate(async (text) => {
    const input = document.querySelector<HTMLInputElement>('[data-testid="search-input"]');
    if (!input) throw new Error('no search field');
    input.focus();
    for (const character of text) {
      input.value += character;
      input.dispatchEvent(
        new InputEvent('input', { bubbles: true, data: character, inputType: 'insertText' }),
      );
      await new Promise((resolve) => setTimeout(resolve, 35));
    }
  }, text);
}

/** Ids of the cards in the top view (within `scope`), in order. */
function cardIds(page: TestPage, scope: string, card = 'project-card'): Promise<number[]> {
  return page.evaluate(
    ({ scope, card }) =>
      [...document.querySelectorAll(`${scope} [data-testid="${card}"]`)].map((element) =>
        Number((element as HTMLElement).dataset.projectId ?? (element as HTMLElement).dataset.studioId),
      ),
    { scope, card },
  );
}

const scrollTop = (page: TestPage) =>
  page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollTop);

const DEFAULT_SETTINGS = {
  kind: 'projects',
  tag: '*',
  mode: 'trending',
  searchMode: 'popular',
  language: '',
};

/** Opens the popup on the Explore tab (its choices back to their defaults unless `keepSettings`). */
async function openExplore(
  browser: () => {
    setStorage: (area: 'local' | 'sync', items: Record<string, unknown>) => Promise<void>;
    openPopup(): Promise<TestPage>;
  },
  options: { keepSettings?: boolean } = {},
) {
  await browser().setStorage('local', { popupTab: 'explore' });
  if (!options.keepSettings) await browser().setStorage('sync', { exploreSettings: DEFAULT_SETTINGS });
  const popup = await browser().openPopup();
  await popup.waitFor(() => document.activeElement?.getAttribute('data-testid') === 'search-input');
  return popup;
}

/** Picks another sort in the Explore tab's browse list, as the member does with its select. */
function chooseSort(page: TestPage, sort: string): Promise<void> {
  return page.evaluate((sort) => {
    const select = document.querySelector<HTMLSelectElement>(
      '[data-testid="explore-browse"] [data-testid="explore-sort"]',
    );
    if (!select) throw new Error('no sort to choose');
    select.value = sort;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }, sort);
}

async function screenshot(page: TestPage, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: `${SCREENS}/${name}.png` });
}

describe.each(BROWSER_NAMES)('%s', (name) => {
  const browser = useBrowser(name, { sandbox, signedInAs: DEMO_USERNAME });

  it('shows every featured row as the site titles it, and the count of shared projects (read once a day)', async () => {
    sandbox().control.clearLog();
    const featured = (await api<Record<string, ApiItem[]>>('/proxy/featured')).body;
    const count = (await api<{ count: number }>('/projects/count/all')).body.count;
    const popup = await openExplore(browser);
    const rows = Object.entries(featured).filter(([, items]) => Array.isArray(items) && items.length > 0);
    expect(rows.length).toBeGreaterThanOrEqual(7);
    await popup.waitFor(
      (n) => document.querySelectorAll('[data-testid="featured-row"]').length === n,
      rows.length,
    );
    const shown = await popup.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-testid="featured-row"]')].map((row) => ({
        key: row.dataset.key ?? '',
        title: row.querySelector('h2')?.textContent ?? '',
        ids: [...row.querySelectorAll<HTMLElement>('[data-project-id], [data-studio-id]')].map((card) =>
          Number(card.dataset.projectId ?? card.dataset.studioId),
        ),
      })),
    );
    const titles: Record<string, string> = {
      community_featured_projects: 'Featured Projects',
      community_featured_studios: 'Featured Studios',
      community_most_remixed_projects: 'What the Community is Remixing',
      community_most_loved_projects: 'What the Community is Loving',
      community_newest_projects: 'Recently Shared Projects',
    };
    for (const [key, items] of rows) {
      // The design studio's key carries the service's name (scratch_ live, platform_ in the document).
      const row = shown.find((r) =>
        key.endsWith('_design_studio') ? r.key.endsWith('_design_studio') : r.key === key,
      );
      expect(row, key).toBeDefined();
      expect(row?.ids, key).toEqual(items.map((item) => item.id));
      const expected =
        key === 'curator_top_projects'
          ? `Projects Curated by ${items[0]?.curator_name}`
          : key.endsWith('_design_studio')
            ? `Scratch Design Studio - ${items[0]?.gallery_title}`
            : titles[key];
      expect(row?.title, key).toBe(expected);
    }
    const line = await popup.text('[data-testid="projects-count"]');
    expect(
      await popup.evaluate(
        () => document.querySelector<HTMLElement>('[data-testid="projects-count"]')?.dataset.count,
      ),
    ).toBe(String(count));
    expect(line.replace(/\D/g, '')).toBe(String(count));
    await screenshot(popup, `explore-home-${name}`);
    await popup.close();
    // A second open within the hour and the day reads neither again.
    const again = await openExplore(browser);
    await again.waitFor(() => document.querySelector('[data-testid="projects-count"]') !== null);
    await again.waitFor(() => document.querySelectorAll('[data-testid="featured-row"]').length > 0);
    expect(requests('/projects/count/all')).toHaveLength(1);
    expect(requests('/proxy/featured')).toHaveLength(1);
    await again.close();
  });

  it('explores by tag and sort, 40 at a time as the list scrolls', async () => {
    const popup = await openExplore(browser);
    const browse = `${TOP} [data-testid="explore-browse"]`;
    // The list the popup opens on is shown (its read, if any, over and logged) before the log is
    // cleared: a read still out then would land among the games' reads below.
    await popup.waitFor(
      (s) => document.querySelectorAll(`${s} [data-testid="project-card"]`).length >= 40,
      browse,
    );
    sandbox().control.clearLog();
    await popup.click('[data-testid="explore-tag"][data-tag="games"]');
    await popup.waitFor(
      () =>
        document
          .querySelector('[data-testid="explore-tag"][data-tag="games"]')
          ?.getAttribute('aria-pressed') === 'true',
    );
    await expect.poll(() => requests('/explore/projects').length).toBe(1);
    const first = requests('/explore/projects')[0];
    expect(param(first, 'q')).toBe('games');
    expect(param(first, 'limit')).toBe(String(PAGE));
    expect(param(first, 'offset')).toBe('0');
    const expected = (await api<ApiProject[]>(`/explore/projects?${first?.query}`)).body.map((p) => p.id);
    await popup.waitFor(
      (s) => document.querySelectorAll(`${s} [data-testid="project-card"]`).length === 40,
      browse,
    );
    expect(await cardIds(popup, browse)).toEqual(expected);

    // The end of the list scrolls into view: the next 40.
    await popup.evaluate(
      (s) => document.querySelector(`${s} [data-testid="explore-list-end"]`)?.scrollIntoView(),
      browse,
    );
    await expect
      .poll(() => requests('/explore/projects').map((e) => param(e, 'offset')))
      .toEqual(['0', '40']);
    await popup.waitFor(
      (s) => document.querySelectorAll(`${s} [data-testid="project-card"]`).length === 80,
      browse,
    );
    expect(param(requests('/explore/projects')[1], 'limit')).toBe(String(PAGE));

    // Another sort is another list, from its first page.
    await chooseSort(popup, 'popular');
    await expect.poll(() => requests('/explore/projects').length).toBe(3);
    const popular = requests('/explore/projects')[2];
    expect([param(popular, 'q'), param(popular, 'mode'), param(popular, 'offset')]).toEqual([
      'games',
      'popular',
      '0',
    ]);
    // Studios by the same tag: the list the service answers.
    await popup.click('[data-testid="explore-kind-studios"]');
    await expect.poll(() => requests('/explore/studios').length).toBe(1);
    const studioQuery = requests('/explore/studios')[0];
    expect(param(studioQuery, 'q')).toBe('games');
    const studios = (await api<ApiItem[]>(`/explore/studios?${studioQuery?.query}`)).body.map((s) => s.id);
    if (studios.length > 0) {
      // The whole answer shows, not only its first card, before the list is read.
      await popup.waitFor(
        ({ s, n }) => document.querySelectorAll(`${s} [data-testid="studio-card"]`).length >= n,
        { s: browse, n: studios.length },
      );
      expect(await cardIds(popup, browse, 'studio-card')).toEqual(studios);
    } else {
      await popup.waitForText(`${browse} .empty`, 'Nothing here yet');
    }
    await popup.click('[data-testid="explore-kind-projects"]');
    await popup.waitFor(
      (s) => document.querySelectorAll(`${s} [data-testid="project-card"]`).length >= 40,
      browse,
    );
    const queries = requests('/explore/projects').map((e) => e.query);
    await popup.close();

    // Within five minutes, reopening shows the same page from the cache: nothing read again. What the
    // popup would read on opening it asks its background before the list of a sort never read, which
    // the member picks afterwards.
    const period = startQuietPeriod(sandbox().control);
    const again = await openExplore(browser, { keepSettings: true });
    await again.waitFor(
      (s) => document.querySelectorAll(`${s} [data-testid="project-card"]`).length >= 40,
      browse,
    );
    await chooseSort(again, 'recent');
    const recent = (entry: RequestLogEntry) =>
      entry.part === 'api' &&
      entry.path === '/explore/projects' &&
      isExtensionRead(entry) &&
      param(entry, 'mode') === 'recent';
    await period.observe({ what: 'the first page of the recent games', matches: recent, timeoutMs: 20_000 });
    const afterReopening = requests('/explore/projects');
    expect(afterReopening.slice(0, -1).map((e) => e.query)).toEqual(queries);
    expect([param(afterReopening.at(-1), 'q'), param(afterReopening.at(-1), 'mode')]).toEqual([
      'games',
      'recent',
    ]);
    await again.close();
  });

  it('sends one search for the settled text of fast typing and shows its results', async () => {
    const popup = await openExplore(browser);
    sandbox().control.clearLog();
    const period = startQuietPeriod(sandbox().control);
    await typeFast(popup, 'alice');
    const results = `${TOP} [data-testid="search-results"][data-query="alice"]`;
    await popup.waitFor((s) => document.querySelector(s) !== null, results);
    await expect.poll(() => requests('/search/projects').length).toBe(1);
    const sent = requests('/search/projects');
    expect(sent).toHaveLength(1);
    expect(param(sent[0], 'q')).toBe('alice');
    expect(param(sent[0], 'limit')).toBe(String(PAGE));
    const expected = (await api<ApiProject[]>(`/search/projects?${sent[0]?.query}`)).body.map((p) => p.id);
    expect(expected.length).toBeGreaterThan(0);
    // The whole answer shows, not only its first card, before the list is read.
    await popup.waitFor(
      ({ s, n }) => document.querySelectorAll(`${s} [data-testid="project-card"]`).length >= n,
      { s: results, n: expected.length },
    );
    expect(await cardIds(popup, results)).toEqual(expected);
    await screenshot(popup, `explore-search-${name}`);
    // Nothing more for the text typed fast (a prefix, the same text again): the popup would have
    // asked for it before the search for one more key, typed now.
    await typeFast(popup, 'x');
    const searches = (entry: RequestLogEntry) =>
      entry.part === 'api' && entry.path === '/search/projects' && isExtensionRead(entry);
    const asked = await period.observe({
      what: 'the search for "alicex"',
      matches: (entry) => searches(entry) && param(entry, 'q') === 'alicex',
      timeoutMs: 20_000,
    });
    expect(asked.filter(searches).map((entry) => param(entry, 'q'))).toEqual(['alice', 'alicex']);
    await popup.close();
  });

  it('opens a project, its author and a studio inside the popup; their lists page; Back and Escape return to where the member was', async () => {
    const popup = await openExplore(browser);
    const browse = `${TOP} [data-testid="explore-browse"]`;
    await popup.waitFor(
      (s) => document.querySelectorAll(`${s} [data-testid="project-card"]`).length >= 40,
      browse,
    );
    // Scroll down to the 31st card and open it.
    const card = `${browse} [data-testid="project-card"]:nth-child(31)`;
    await popup.evaluate((s) => document.querySelector(s)?.scrollIntoView({ block: 'center' }), card);
    const before = await scrollTop(popup);
    expect(before).toBeGreaterThan(500);
    const id = Number(
      await popup.evaluate((s) => document.querySelector<HTMLElement>(s)?.dataset.projectId, card),
    );
    const project = (await api<ApiProject>(`/projects/${id}`)).body;
    sandbox().control.clearLog();
    await popup.click(`${card} .x-card-link`);
    const view = `${TOP} [data-testid="project-view"][data-project-id="${id}"]`;
    expect(await popup.waitForText(`${view} h1`, project.title.trim().slice(0, 20))).toBe(
      project.title.trim(),
    );
    expect(
      await popup.evaluate(
        (s) => document.querySelector<HTMLElement>(`${s} [data-stat="views"]`)?.dataset.count,
        view,
      ),
    ).toBe(String(project.stats?.views));
    if ((project.instructions ?? '').trim() !== '') {
      const shown = await popup.text(`${view} [data-testid="project-instructions"] p`);
      expect(shown.replace(/…$/, '').slice(0, 100)).toBe((project.instructions ?? '').trim().slice(0, 100));
    }
    expect(await popup.text(`${view} .x-byline`)).toContain(project.author.username ?? '');
    // Whether demo loved and favorited it: the project-status service's reading, as the service says.
    const { token } = sandbox().control.signIn(DEMO_USERNAME);
    const loved = (await api<{ userLove: boolean }>(`/projects/${id}/loves/user/${DEMO_USERNAME}`, token))
      .body.userLove;
    const favorited = (
      await api<{ userFavorite: boolean }>(`/projects/${id}/favorites/user/${DEMO_USERNAME}`, token)
    ).body.userFavorite;
    await popup.waitFor(
      ({ v, l, f }) => {
        const marks = document.querySelector(`${v} [data-testid="project-status"]`);
        return (
          marks?.getAttribute('data-loved') === String(l) &&
          marks?.getAttribute('data-favorited') === String(f)
        );
      },
      { v: view, l: loved, f: favorited },
      { timeout: 20_000 },
    );
    // Its remixes and studios are read once the view opens, each a list of its own.
    await expect.poll(() => requests(`/projects/${id}/remixes`).length, { timeout: 20_000 }).toBe(1);
    await popup.click(`${view} [data-testid="project-list-studios"]`);
    await expect.poll(() => requests(`/projects/${id}/studios`).length, { timeout: 20_000 }).toBe(1);
    await screenshot(popup, `explore-project-${name}`);

    // Escape: back to the grid, scrolled where it was.
    await keyboard(popup, { press: 'Escape' });
    await popup.waitFor(
      () => document.querySelector('[data-testid="explore"]')?.getAttribute('data-depth') === '0',
    );
    // The grid's scroll is restored as it shows again: waited for, not read once.
    await expect.poll(async () => Math.abs((await scrollTop(popup)) - before)).toBeLessThanOrEqual(2);
    // The same view again costs nothing: it was read in this popup's life.
    await popup.click(`${card} .x-card-link`);
    await popup.waitForText(`${view} h1`, project.title.trim().slice(0, 20));
    expect(requests(`/projects/${id}`).filter((e) => e.path === `/projects/${id}`)).toHaveLength(1);

    // Its author: the person view, their projects as the site lists them (newest shared first).
    await popup.click(`${view} .x-byline a`);
    const author = project.author.username ?? '';
    const userView = `${TOP} [data-testid="user-view"][data-username="${author}"]`;
    await popup.waitForText(`${userView} h1`, author);
    const user = (await api<{ profile?: { bio?: string; country?: string } }>(`/users/${author}`)).body;
    if ((user.profile?.country ?? '') !== '') {
      expect(await popup.text(`${userView} [data-testid="user-country"]`)).toBe(user.profile?.country);
    }
    const theirs = (await api<ApiProject[]>(`/users/${author}/projects?limit=40`)).body;
    await popup.waitFor(
      (n) => document.querySelectorAll(`${n.s} [data-testid="project-card"]`).length === n.count,
      { s: userView, count: theirs.length },
    );
    expect(await cardIds(popup, userView)).toEqual(theirs.map((p) => p.id));
    // Back button twice: the project, then the grid where it was.
    await popup.click(`${userView} [data-testid="back"]`);
    await popup.waitForText(`${view} h1`, project.title.trim().slice(0, 20));
    await popup.click(`${view} [data-testid="back"]`);
    await popup.waitFor(
      () => document.querySelector('[data-testid="explore"]')?.getAttribute('data-depth') === '0',
    );
    // The grid's scroll is restored as it shows again: waited for, not read once.
    await expect.poll(async () => Math.abs((await scrollTop(popup)) - before)).toBeLessThanOrEqual(2);
    await popup.close();
  });

  it('pages a person’s lists (following by 40) and shows a studio with its comments and replies on demand', async () => {
    const popup = await openExplore(browser);
    const site = browser().profile.site;
    await keyboard(popup, { typeAtOnce: `${site}/users/${DEMO_USERNAME}/` });
    await popup.click('[data-testid="search-open-direct"]');
    const userView = `${TOP} [data-testid="user-view"][data-username="${DEMO_USERNAME}"]`;
    await popup.waitForText(`${userView} h1`, DEMO_USERNAME);
    // Demo shares more than a page of projects: the first page as the site lists it, the latest
    // shared first (as demo's profile shows them), then the older ones as the list scrolls.
    const own = (await api<ApiProject[]>(`/users/${DEMO_USERNAME}/projects?limit=40`)).body;
    const older = (await api<ApiProject[]>(`/users/${DEMO_USERNAME}/projects?limit=40&offset=40`)).body;
    expect(own.length).toBe(PAGE);
    expect(older.length).toBeGreaterThan(0);
    await popup.waitFor(
      (s) => document.querySelectorAll(`${s} [data-testid="project-card"]`).length === 40,
      userView,
    );
    expect(await cardIds(popup, userView)).toEqual(own.map((p) => p.id));
    // The first card is the project demo shared last (the sandbox's own dates, whatever its id).
    const store = sandbox().control.store;
    const sharedAt = (p: { shared: string | null }) => Date.parse(p.shared ?? '');
    const latest = store
      .sharedProjectsOf(store.getUser(DEMO_USERNAME)?.id ?? 0)
      .reduce((a, b) => (sharedAt(b) > sharedAt(a) ? b : a));
    expect((await cardIds(popup, userView))[0]).toBe(latest.id);
    await screenshot(popup, `explore-user-${name}`);
    sandbox().control.clearLog();
    await popup.evaluate(
      (s) => document.querySelector(`${s} [data-testid="explore-list-end"]`)?.scrollIntoView(),
      userView,
    );
    await popup.waitFor(
      (n) => document.querySelectorAll(`${n.s} [data-testid="project-card"]`).length === n.count,
      { s: userView, count: own.length + older.length },
    );
    expect(await cardIds(popup, userView)).toEqual([...own, ...older].map((p) => p.id));
    expect(requests(`/users/${DEMO_USERNAME}/projects`).map((e) => param(e, 'offset'))).toEqual(['40']);

    sandbox().control.clearLog();
    await popup.click(`${userView} [data-testid="user-list-following"]`);
    const following = (await api<{ username: string }[]>(`/users/${DEMO_USERNAME}/following?limit=40`)).body;
    await popup.waitFor(
      (s) => document.querySelectorAll(`${s} [data-testid="user-card"]`).length === 40,
      userView,
    );
    const names = await popup.evaluate(
      (s) =>
        [...document.querySelectorAll<HTMLElement>(`${s} [data-testid="user-card"]`)].map(
          (e) => e.dataset.username,
        ),
      userView,
    );
    expect(names).toEqual(following.map((u) => u.username));
    await popup.evaluate(
      (s) => document.querySelector(`${s} [data-testid="explore-list-end"]`)?.scrollIntoView(),
      userView,
    );
    await expect
      .poll(() => requests(`/users/${DEMO_USERNAME}/following`).map((e) => param(e, 'offset')))
      .toEqual(['0', '40']);
    await popup.waitFor(
      (s) => document.querySelectorAll(`${s} [data-testid="user-card"]`).length > 40,
      userView,
    );

    // A studio with comments that have replies.
    const studios = (await api<{ id: number }[]>('/explore/studios?q=*&mode=popular&limit=40')).body;
    let target: { studio: number; comment: number } | null = null;
    for (const studio of studios) {
      const comments = (
        await api<{ id: number; reply_count?: number }[]>(`/studios/${studio.id}/comments?limit=40`)
      ).body;
      const withReplies = comments.find((c) => (c.reply_count ?? 0) > 0);
      if (withReplies) {
        target = { studio: studio.id, comment: withReplies.id };
        break;
      }
    }
    expect(target).not.toBeNull();
    const studioId = target?.studio ?? 0;
    await keyboard(popup, { press: 'Escape' });
    await popup.waitFor(
      () => document.querySelector('[data-testid="explore"]')?.getAttribute('data-depth') === '0',
    );
    await popup.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('[data-testid="search-input"]');
      input?.focus();
      input?.select();
    });
    await keyboard(popup, { typeAtOnce: `${site}/studios/${studioId}/` });
    await popup.click('[data-testid="search-open-direct"]');
    const studioView = `${TOP} [data-testid="studio-view"][data-studio-id="${studioId}"]`;
    const studio = (await api<{ title: string }>(`/studios/${studioId}`)).body;
    await popup.waitForText(`${studioView} h1`, studio.title.trim().slice(0, 20));
    const comment = `${studioView} [data-testid="studio-comment"][data-comment-id="${target?.comment}"]`;
    await popup.waitFor((s) => document.querySelector(s) !== null, comment);
    await popup.click(`${comment} [data-testid="show-replies"]`);
    await popup.waitFor(
      (s) =>
        document.querySelector(`${s} [data-testid="comment-replies"] [data-testid="studio-comment"]`) !==
        null,
      comment,
    );
    expect(requests(`/studios/${studioId}/comments/${target?.comment}/replies`)).toHaveLength(1);
    await screenshot(popup, `explore-studio-${name}`);
    await popup.close();
  });

  it('reads an unshared project of the member’s own with the token, and says "not shared" for someone else’s', async () => {
    const { token } = sandbox().control.signIn(DEMO_USERNAME);
    let own: ApiProject | null = null;
    let others: number | null = null;
    for (let id = 800_000_001; id < 800_000_400 && (own === null || others === null); id++) {
      const { status, body } = await api<ApiProject>(`/projects/${id}`, token);
      if (status === 404 && others === null) others = id;
      if (status === 200 && body.public === false && own === null) own = body;
    }
    expect(own).not.toBeNull();
    expect(others).not.toBeNull();
    const popup = await openExplore(browser);
    await keyboard(popup, { typeAtOnce: String(own?.id) });
    await popup.click('[data-testid="search-open-direct"]');
    const ownView = `${TOP} [data-testid="project-view"][data-project-id="${own?.id}"]`;
    await popup.waitForText(`${ownView} h1`, (own?.title ?? '').trim().slice(0, 20));
    expect(await popup.text(`${ownView} [data-testid="project-unshared"]`)).toContain(
      'Only you can see this project',
    );
    await keyboard(popup, { press: 'Escape' });
    await popup.waitFor(
      () => document.querySelector('[data-testid="explore"]')?.getAttribute('data-depth') === '0',
    );
    await popup.evaluate(() =>
      document.querySelector<HTMLInputElement>('[data-testid="search-input"]')?.select(),
    );
    await keyboard(popup, { typeAtOnce: String(others) });
    await popup.click('[data-testid="search-open-direct"]');
    const otherView = `${TOP} [data-testid="project-view"][data-project-id="${others}"]`;
    expect(await popup.text(`${otherView} [data-testid="project-not-shared"] h1`)).toBe('Not shared');
    await popup.close();
  });

  it('works with the keyboard alone: Ctrl+K from another tab, Tab to a result, Enter, Escape', async () => {
    await browser().setStorage('local', { popupTab: 'feed' });
    const popup = await browser().openPopup();
    await popup.waitFor(
      () =>
        document.querySelector('[data-testid="popup-tab-feed"]')?.getAttribute('aria-selected') === 'true',
    );
    await keyboard(popup, { ctrl: 'k' });
    await popup.waitFor(() => document.activeElement?.getAttribute('data-testid') === 'search-input');
    expect(
      await popup.evaluate(() =>
        document.querySelector('[data-testid="popup-tab-explore"]')?.getAttribute('aria-selected'),
      ),
    ).toBe('true');
    await keyboard(popup, { type: 'alice' });
    const results = `${TOP} [data-testid="search-results"][data-query="alice"]`;
    await popup.waitFor((s) => document.querySelector(`${s} [data-testid="project-card"]`) !== null, results);
    let onCard = false;
    for (let i = 0; i < 12 && !onCard; i++) {
      await keyboard(popup, { press: 'Tab' });
      onCard = await popup.evaluate(() => document.activeElement?.classList.contains('x-card-link') ?? false);
    }
    expect(onCard).toBe(true);
    const id = await popup.evaluate(
      () => (document.activeElement?.closest('[data-project-id]') as HTMLElement | null)?.dataset.projectId,
    );
    await keyboard(popup, { press: 'Enter' });
    // The view takes the focus (named by its title): Tab goes on from there.
    await popup.waitFor(
      (v) =>
        document.activeElement ===
        document.querySelector(`[data-testid="project-view"][data-project-id="${v}"]`),
      id,
    );
    await popup.waitFor(
      (v) => document.querySelector(`[data-testid="project-view"][data-project-id="${v}"] h1`) !== null,
      id,
    );
    await keyboard(popup, { press: 'Escape' });
    await popup.waitFor(
      () => document.querySelector('[data-testid="explore"]')?.getAttribute('data-depth') === '0',
    );
    // The focus returns to the card as the grid shows again: waited for, not read once.
    await expect
      .poll(() =>
        popup.evaluate(
          () =>
            (document.activeElement?.closest('[data-project-id]') as HTMLElement | null)?.dataset.projectId,
        ),
      )
      .toBe(id);
    await popup.close();
  });

  it('axe-core finds nothing serious in the home, a project, a person and a studio, in light and dark', async () => {
    const popup = await openExplore(browser);
    const site = browser().profile.site;
    const views: [string, string][] = [['home', '']];
    const featured = (await api<Record<string, ApiItem[]>>('/proxy/featured')).body;
    const projectId = featured.community_featured_projects?.[0]?.id;
    const studioId = featured.community_featured_studios?.[0]?.id;
    views.push(['project', `${site}/projects/${projectId}/`], ['user', `${site}/users/${DEMO_USERNAME}/`]);
    views.push(['studio', `${site}/studios/${studioId}/`]);
    for (const [view, address] of views) {
      if (address !== '') {
        await popup.evaluate(() =>
          document.querySelector<HTMLInputElement>('[data-testid="search-input"]')?.select(),
        );
        await popup.evaluate(() =>
          document.querySelector<HTMLInputElement>('[data-testid="search-input"]')?.focus(),
        );
        await keyboard(popup, { typeAtOnce: address });
        await popup.click('[data-testid="search-open-direct"]');
        await popup.waitFor((v) => document.querySelector(`[data-testid="${v}-view"] h1`) !== null, view);
        await popup.waitFor(
          () => document.querySelector('[data-testid="explore"] > div:not([hidden]) .loading') === null,
        );
      } else {
        await popup.waitFor(() => document.querySelectorAll('[data-testid="featured-row"]').length > 0);
      }
      for (const scheme of ['light', 'dark'] as const) {
        await popup.emulateColorScheme(scheme);
        expect(await seriousAxeFindings(popup), `axe, ${view}, ${scheme}`).toEqual([]);
        if (view !== 'home' || scheme === 'dark')
          await screenshot(popup, `explore-${view}-${scheme}-${name}`);
      }
      await popup.emulateColorScheme('light');
      if (address !== '') {
        await keyboard(popup, { press: 'Escape' });
        await popup.waitFor(
          () => document.querySelector('[data-testid="explore"]')?.getAttribute('data-depth') === '0',
        );
      }
    }
    await popup.close();
  });

  it('declares the quick-search shortcut and the address-bar keyword', () => {
    const manifest = readBuiltManifest(name) as unknown as {
      commands?: Record<string, { suggested_key?: { default?: string } }>;
      omnibox?: { keyword?: string };
    };
    expect(manifest.commands?.['quick-search']?.suggested_key?.default).toBe('Alt+Shift+K');
    expect(manifest.omnibox?.keyword).toBe('scratch');
  });
});
