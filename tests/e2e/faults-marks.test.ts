/**
 * Loved and favorited marks on site pages under every fault of the sandbox's control interface (the
 * fault matrix, tests/e2e/harness/fault-matrix.ts), in real Chromium and Firefox: while the status
 * reads fail, the marks already known stay as they were, thumbnails that come into view show no
 * mark rather than a wrong one, the failed reads are not repeated in a storm, and the popup still
 * reads from the service; when the fault ends, the marks arrive for the thumbnails that failed, on
 * the same page, without a reload. An expired session is renewed from the site's cookie and the
 * marks keep coming.
 */
import { expect } from 'vitest';
import type { RequestLogEntry } from '@/sandbox/control';
import { DEMO_USERNAME } from '@/sandbox/index';
import { BROWSER_NAMES, type TestPage, withSandbox } from './harness';
import type { ExtensionBrowser } from './harness/extension-browser';
import {
  describeFaultMatrix,
  type FaultName,
  type FaultSurface,
  MATRIX_RETRY_BACKOFF_SCALE,
} from './harness/fault-matrix';
import { inFront, mostRequests, popupOpensProjectView, someSharedProject } from './harness/still-works';

const sandbox = withSandbox();

/** The service's first wait before it tries a failed read again (2 s), as the matrix scales it. */
const FIRST_RETRY_MS = 2000 * MATRIX_RETRY_BACKOFF_SCALE;

/** The explore page's project thumbnails (one kind of lib/site/selectors.ts `projectThumbnail`). */
const THUMBNAIL = '#projectBox div.thumbnail.project';
const LOVE_READ = /^\/projects\/(\d+)\/loves\/user\/([^/]+)$/;
/**
 * Love reads one project may cost while the reads fail: the client's attempts (4 after a 5xx or a
 * 429, 1 otherwise; a dropped connection the browser's own stack tries again: mostRequests), twice:
 * the service tries once more by itself (after 2 s, scaled by the matrix) if the fault is still on.
 */
const MOST_READS: Record<FaultName, number> = {
  'server error': 8,
  'rate limited': 8,
  timeout: 2,
  'malformed body': 2,
  'truncated body': 2,
  'network gone': 8,
  'session expired': 2,
};

interface Shown {
  id: number | null;
  loved: string | null;
  favorited: string | null;
  marks: number;
  inView: boolean;
}

function readThumbnails(page: TestPage): Promise<Shown[]> {
  return page.evaluate((selector) => {
    const idOf = (href: string | null | undefined) => {
      const match = /\/projects\/(\d+)/.exec(href ?? '');
      return match ? Number(match[1]) : null;
    };
    return [...document.querySelectorAll(selector)].map((host) => {
      const marks = host.querySelectorAll('[data-companion="project-status"]');
      const box = host.getBoundingClientRect();
      return {
        id: idOf(host.querySelector('a[href*="/projects/"]')?.getAttribute('href')),
        loved: marks[0]?.getAttribute('data-loved') ?? null,
        favorited: marks[0]?.getAttribute('data-favorited') ?? null,
        marks: marks.length,
        inView: box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth,
      };
    });
  }, THUMBNAIL);
}

interface State {
  page: TestPage;
  /** Marks known before the fault (id → what they showed): they must stay. */
  known: Map<number, { loved: string; favorited: string | null }>;
  /** Thumbnails that came into view under the fault. */
  pending: number[];
  seen: Set<number>;
}
const states = new WeakMap<ExtensionBrowser, State>();
const stateOf = (browser: ExtensionBrowser) => {
  const state = states.get(browser);
  if (!state) throw new Error('not primed');
  return state;
};

const store = () => sandbox().control.store;
const demoId = () => store().getUser(DEMO_USERNAME)?.id ?? 0;
const truth = (id: number) => ({
  loved: String(store().isLoved(id, demoId())),
  favorited: String(store().isFavorited(id, demoId())),
});

/** The extension's love reads (not the site page's own, which carry the site's origin) since `since`. */
const loveReads = (browser: ExtensionBrowser, since: number): RequestLogEntry[] => {
  const site = new URL(browser.profile.site).origin;
  return sandbox()
    .control.requestLog({ part: 'api' })
    .filter(
      (entry) => Date.parse(entry.time) >= since && entry.origin !== site && LOVE_READ.test(entry.path),
    );
};
const readsOf = (entries: RequestLogEntry[], id: number) =>
  entries.filter((entry) => LOVE_READ.exec(entry.path)?.[1] === String(id)).length;

/** Waits until each of `ids` shows its project's truth (loved and favorited known). */
async function marksArrive(page: TestPage, ids: number[]) {
  await expect
    .poll(
      async () => {
        const shown = await readThumbnails(page);
        return ids.map((id) => {
          const thumbnail = shown.find((t) => t.id === id);
          return { id, loved: thumbnail?.loved ?? null, favorited: thumbnail?.favorited ?? null };
        });
      },
      { timeout: 40_000, interval: 250 },
    )
    .toEqual(ids.map((id) => ({ id, ...truth(id) })));
}

/** No mark shows anything but its project's truth; thumbnails never hold two marks. */
function expectNothingWrong(shown: Shown[]) {
  for (const thumbnail of shown) {
    expect(thumbnail.marks).toBeLessThanOrEqual(1);
    if (thumbnail.id === null) continue;
    const real = truth(thumbnail.id);
    if (thumbnail.loved !== null) expect(thumbnail.loved).toBe(real.loved);
    if (thumbnail.favorited !== null) expect(thumbnail.favorited).toBe(real.favorited);
  }
}

const surface: FaultSurface = {
  name: 'loved and favorited marks',
  routes: [
    { part: 'api', pattern: '/projects/*/loves/user/*' },
    { part: 'api', pattern: '/projects/*/favorites/user/*' },
    { part: 'api', pattern: '/users/*/favorites' },
  ],

  async prime({ browser }) {
    // The marks' whole share of the client's rate limit (5 reads a second, not 3): each row reads
    // a dozen thumbnails twice over (under the fault, then after it).
    await browser.tune({ marksReadsPerSecond: 5 });
    const page = await browser.openPage(`${browser.profile.site}/explore/projects/all/`);
    await page.setViewport({ width: 900, height: 600 });
    let inView: Shown[] = [];
    await expect
      .poll(
        async () => {
          inView = (await readThumbnails(page)).filter((t) => t.inView && t.id !== null);
          return inView.length >= 4 && inView.every((t) => t.loved !== null && t.favorited !== null);
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(true);
    await marksArrive(
      page,
      inView.map((t) => t.id as number),
    );
    const known = new Map(
      inView.map((t) => [t.id as number, { loved: t.loved as string, favorited: t.favorited }]),
    );
    const seen = new Set((await readThumbnails(page)).map((t) => t.id as number));
    // A shorter window from here on: fewer new thumbnails come into view each row (each is read).
    await page.setViewport({ width: 900, height: 400 });
    states.set(browser, { page, known, pending: [], seen });
  },

  async askAgain({ browser }) {
    // "Load More", then down to the new thumbnails: they come into view while the reads fail.
    const state = stateOf(browser);
    await inFront(state.page);
    const before = (await readThumbnails(state.page)).length;
    await state.page.click('#projectBox > button.button');
    await expect.poll(async () => (await readThumbnails(state.page)).length).toBeGreaterThan(before);
    await state.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect
      .poll(async () => {
        const fresh = (await readThumbnails(state.page)).filter(
          (t) => t.inView && t.id !== null && !state.seen.has(t.id) && t.marks === 1,
        );
        state.pending = fresh.map((t) => t.id as number);
        return state.pending.length;
      })
      .toBeGreaterThanOrEqual(2);
    for (const t of await readThumbnails(state.page)) if (t.id !== null) state.seen.add(t.id);
  },

  async expectDuringFault({ browser, fault, appliedAt }) {
    const state = stateOf(browser);
    if (fault.expect === 'works') {
      // The token was renewed from the site's cookie: the new thumbnails get their marks.
      await marksArrive(state.page, state.pending);
    } else {
      // The reads go out a few at a time (the marks' share of the rate limit): wait for failed ones...
      await expect
        .poll(() => state.pending.filter((id) => readsOf(loveReads(browser, appliedAt ?? 0), id) > 0).length)
        .toBeGreaterThan(0);
      const shown = await readThumbnails(state.page);
      // ...whose love stays unknown: no mark claims anything it does not know.
      for (const id of state.pending.filter((id) => readsOf(loveReads(browser, appliedAt ?? 0), id) > 0)) {
        const thumbnail = shown.find((t) => t.id === id);
        expect(thumbnail, `thumbnail ${id}`).toMatchObject({ marks: 1, loved: null });
      }
      expectNothingWrong(shown);
    }
    // The marks known before stay as they were (off screen now, still on the page).
    const shown = await readThumbnails(state.page);
    for (const [id, mark] of state.known) {
      expect(shown.find((t) => t.id === id)).toMatchObject({ id, marks: 1, ...mark });
    }
    // No storm: a few reads per project at most, none again for what was known.
    const reads = loveReads(browser, appliedAt ?? 0);
    // The service tries again after its first wait, then twice as long each time: the tries the
    // fault's length allows.
    const tries = 1 + Math.floor(Math.log2((Date.now() - (appliedAt ?? 0)) / FIRST_RETRY_MS + 1));
    const most = mostRequests(browser, fault, (MOST_READS[fault.name] / 2) * tries);
    for (const id of state.pending) expect(readsOf(reads, id)).toBeLessThanOrEqual(most);
    for (const id of state.known.keys()) expect(readsOf(reads, id)).toBe(0);
  },

  async expectRestWorks({ browser, sandbox }) {
    await popupOpensProjectView(browser, someSharedProject(sandbox));
  },

  async expectRecovered({ browser }) {
    const state = stateOf(browser);
    await inFront(state.page);
    // The thumbnails whose reads failed get their marks, on the same page, without a reload.
    await marksArrive(state.page, state.pending);
    expectNothingWrong(await readThumbnails(state.page));
    for (const id of state.pending) state.known.set(id, truth(id));
  },
};

describeFaultMatrix(BROWSER_NAMES, surface, { sandbox, signedInAs: DEMO_USERNAME });
