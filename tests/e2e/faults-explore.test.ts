/**
 * The popup's Explore tab and search under every fault of the sandbox's control interface (the
 * fault matrix, tests/e2e/harness/fault-matrix.ts), in real Chromium and Firefox: while explore and
 * search fail, the Explore tab opens on what it read before (featured rows, the explore grid), a new
 * search says what went wrong in a clear sentence with "Try again" (no spinner left turning, no
 * retry storm), and the popup still reads from the service (a project's view); when the fault ends,
 * the search answers again in the same popup, without a reload ("Try again", or by itself once the
 * service's Retry-After has passed). An expired session is renewed from the site's cookie.
 */
import { expect } from 'vitest';
import type { RequestLogEntry } from '@/sandbox/control';
import { DEMO_USERNAME } from '@/sandbox/index';
import { BROWSER_NAMES, type TestPage, withSandbox } from './harness';
import type { ExtensionBrowser } from './harness/extension-browser';
import { describeFaultMatrix, FAULTS, type FaultName, type FaultSurface } from './harness/fault-matrix';
import { mostRequests, popupOpensProjectView, someSharedProject } from './harness/still-works';

const sandbox = withSandbox();

/** The sentence by fault (locales/en.yml, feed.errors: the popup says each failure one way). */
const SENTENCES: Record<FaultName, RegExp | null> = {
  'server error': /^The site had a problem \(error 503\)\./,
  'rate limited': /^The site asked Companion to slow down\. It will try again in \d+ seconds?\./,
  timeout: /^The site did not answer in time\./,
  'malformed body': /^The site sent an answer Companion could not read\./,
  'truncated body': /^The site sent an answer Companion could not read\./,
  'network gone': /^You seem to be offline\./,
  'session expired': null,
};
/**
 * Search requests one search may cost while it fails (see faults-translate.test.ts); rate limited,
 * the view reads once more by itself after the Retry-After.
 */
const MOST_REQUESTS: Record<FaultName, number> = {
  'server error': 4,
  'rate limited': 8,
  timeout: 1,
  'malformed body': 1,
  'truncated body': 1,
  'network gone': 4,
  'session expired': 1,
};
const DEFAULT_SETTINGS = {
  kind: 'projects',
  tag: '*',
  mode: 'trending',
  searchMode: 'popular',
  language: '',
};
const RESULTS = (query: string) => `[data-testid="search-results"][data-query="${query}"]`;
const BROWSE = '[data-testid="explore"] > div:not([hidden]) [data-testid="explore-browse"]';

/** One search per fault: a word of a shared project's title (a search finds that project). */
let queries: string[] | null = null;
const queryOf = (fault: { name: FaultName }) => {
  const round = FAULTS.findIndex((row) => row.name === fault.name);
  if (queries === null) {
    const words = new Set<string>();
    for (const project of sandbox().control.store.projects()) {
      if (!project.isShared) continue;
      for (const word of project.title.toLowerCase().split(/\s+/))
        if (/^[a-z]{5,}$/.test(word)) words.add(word);
      if (words.size >= FAULTS.length) break;
    }
    queries = [...words];
  }
  const query = queries[round];
  if (query === undefined) throw new Error('not enough words to search for');
  return query;
};

const searches = (since: number, query: string): RequestLogEntry[] =>
  sandbox()
    .control.requestLog({ part: 'api', pattern: '/search/**' })
    .filter(
      (entry) => Date.parse(entry.time) >= since && new URLSearchParams(entry.query).get('q') === query,
    );

interface State {
  popup: TestPage | null;
  /** The explore grid as first read: shown again from the cache under every fault. */
  grid: number[];
}
const states = new WeakMap<ExtensionBrowser, State>();
const stateOf = (browser: ExtensionBrowser) => {
  const state = states.get(browser);
  if (!state) throw new Error('not primed');
  return state;
};

async function openExplore(browser: ExtensionBrowser): Promise<TestPage> {
  await browser.setStorage('local', { popupTab: 'explore' });
  await browser.setStorage('sync', { exploreSettings: DEFAULT_SETTINGS });
  const popup = await browser.openPopup();
  await popup.waitFor(() => document.activeElement?.getAttribute('data-testid') === 'search-input');
  return popup;
}

const gridOf = (popup: TestPage) =>
  popup.evaluate(
    (s) =>
      [...document.querySelectorAll<HTMLElement>(`${s} [data-testid="project-card"]`)].map((card) =>
        Number(card.dataset.projectId),
      ),
    BROWSE,
  );

/** What the search shows: its cards, its error sentence and "Try again", a spinner. */
const searchShows = (popup: TestPage, query: string) =>
  popup.evaluate((s) => {
    const section = document.querySelector(s);
    const error = section?.querySelector('[data-testid="explore-error"]');
    return {
      cards: section?.querySelectorAll('[data-testid="project-card"]').length ?? 0,
      sentence: error?.firstChild?.textContent ?? null,
      retry: error?.querySelector('button')?.textContent ?? null,
      spinning: section?.querySelector('.x-progress, .spinner') !== null && section !== null,
      loading: section?.querySelector('.loading') !== null && section !== null,
    };
  }, RESULTS(query));

async function search(popup: TestPage, query: string) {
  await popup.evaluate((text) => {
    const input = document.querySelector<HTMLInputElement>('[data-testid="search-input"]');
    if (!input) throw new Error('no search field');
    input.value = text;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, query);
  await popup.waitFor((s) => document.querySelector(s) !== null, RESULTS(query));
}

const surface: FaultSurface = {
  name: 'the popup’s Explore tab and search',
  routes: [
    { part: 'api', pattern: '/explore/**' },
    { part: 'api', pattern: '/search/**' },
    { part: 'api', pattern: '/proxy/featured' },
    { part: 'api', pattern: '/projects/count/all' },
  ],

  async prime({ browser }) {
    const popup = await openExplore(browser);
    await popup.waitFor(() => document.querySelectorAll('[data-testid="featured-row"]').length > 0);
    await popup.waitFor(
      (s) => document.querySelectorAll(`${s} [data-testid="project-card"]`).length >= 40,
      BROWSE,
    );
    const grid = await gridOf(popup);
    await popup.close();
    states.set(browser, { popup: null, grid });
  },

  async askAgain({ browser, fault }) {
    const state = stateOf(browser);
    // The Explore tab opens from its cache, whatever the service does.
    const popup = await openExplore(browser);
    state.popup = popup;
    await popup.waitFor(() => document.querySelectorAll('[data-testid="featured-row"]').length > 0);
    await popup.waitFor(
      (n) =>
        document.querySelectorAll(
          '[data-testid="explore"] > div:not([hidden]) [data-testid="explore-browse"] [data-testid="project-card"]',
        ).length >= n,
      state.grid.length,
    );
    expect(await gridOf(popup)).toEqual(state.grid);
    // A search it never made: it must ask the service.
    await search(popup, queryOf(fault));
  },

  async expectDuringFault({ browser, fault, appliedAt }) {
    const state = stateOf(browser);
    const popup = state.popup as TestPage;
    const query = queryOf(fault);
    const sentence = SENTENCES[fault.name];
    if (sentence === null) {
      await popup.waitFor(
        (s) => document.querySelector(`${s} [data-testid="project-card"]`) !== null,
        RESULTS(query),
      );
    } else {
      await popup.waitFor(
        (s) => document.querySelector(`${s} [data-testid="explore-error"]`) !== null,
        RESULTS(query),
      );
      // The sentence and the end of the search's progress may come in separate renders: the whole
      // settled state is waited for.
      await expect
        .poll(() => searchShows(popup, query))
        .toMatchObject({
          cards: 0,
          retry: 'Try again',
          spinning: false,
          loading: false,
          sentence: expect.stringMatching(sentence),
        });
    }
    expect(searches(appliedAt ?? 0, query).length).toBeLessThanOrEqual(
      mostRequests(browser, fault, MOST_REQUESTS[fault.name]),
    );
  },

  async expectRestWorks({ browser, sandbox }) {
    await popupOpensProjectView(browser, someSharedProject(sandbox));
  },

  async expectRecovered({ browser, fault, appliedAt }) {
    const state = stateOf(browser);
    const popup = state.popup as TestPage;
    const query = queryOf(fault);
    if (fault.name === 'rate limited') {
      // Once the service's wait is over, the search answers by itself (its sentence said so).
      await popup.waitFor(
        (s) => document.querySelector(`${s} [data-testid="project-card"]`) !== null,
        RESULTS(query),
      );
    } else if (SENTENCES[fault.name] !== null) {
      await popup.click(`${RESULTS(query)} [data-testid="explore-error"] button`);
      await popup.waitFor(
        (s) => document.querySelector(`${s} [data-testid="project-card"]`) !== null,
        RESULTS(query),
      );
    }
    // The cards and the end of the progress may come in separate renders: the settled state is waited for.
    await expect.poll(() => searchShows(popup, query)).toMatchObject({ sentence: null, spinning: false });
    expect((await searchShows(popup, query)).cards).toBeGreaterThan(0);
    // One answered request, no more (one the extension gave up on under the timeout is logged
    // `abandoned`: the sandbox let it go when the browser closed its connection, unanswered).
    const answered = searches(appliedAt ?? 0, query).filter(
      (entry) => entry.status === 200 && entry.fault === undefined,
    );
    expect(answered).toHaveLength(1);
    await popup.close();
    state.popup = null;
  },
};

describeFaultMatrix(BROWSER_NAMES, surface, { sandbox, signedInAs: DEMO_USERNAME });
