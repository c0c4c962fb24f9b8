/**
 * Loved and favorited marks in real Chromium (public build, live host names mapped onto the
 * sandbox) and Firefox (local build), signed in as the demo member, whose loves and favorites the
 * sandbox seeds: marks are right on every kind of list page (explore and Load more, home carousels
 * and their late slides, a project's remix list, a studio's tiles, a legacy profile's carousels, a
 * gallery page), and the sandbox's request log shows what they cost: at most one love read per
 * project that became visible, none for the others, favorites in pages of 40, nothing on a reload.
 * Loving a project on its page moves the mark in another tab with no request; a thumbnail reused
 * for another project shows that project's mark; signed out, nothing is shown or asked.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '@/sandbox/control';
import { DEMO_USERNAME } from '@/sandbox/index';
import { BROWSER_NAMES, type TestPage, useBrowser, withSandbox } from './harness';
import { startQuietPeriod } from './harness/quiet-period';
import { openSettings } from './harness/settings-page';
import { signInToEndQuietPeriod } from './harness/signed-out-period';
import { reuseThumbnailForUnreadProject } from './harness/status-mark-probe';

const sandbox = withSandbox();

/** Every kind of project thumbnail (lib/site/selectors.ts `projectThumbnail`). */
const THUMBNAIL = 'div.thumbnail.project, div.studio-project-tile, li.project.thumb.item';
const LOVE_READ = /^\/projects\/(\d+)\/loves\/user\/([^/]+)$/;
const FAVORITE_READ = /^\/projects\/(\d+)\/favorites\/user\/([^/]+)$/;
const FAVORITES_LIST = /^\/users\/([^/]+)\/favorites$/;

interface ShownThumbnail {
  /** The project its link names. */
  linkId: number | null;
  marks: number;
  markId: string | null;
  loved: string | null;
  favorited: string | null;
  label: string | null;
  hidden: boolean;
  /** Whether it is in the viewport now (and not clipped by a scrolling row). */
  inView: boolean;
  late: boolean;
}

/** What every thumbnail inside `scope` shows, read in the page. */
function readThumbnails(page: TestPage, scope: string): Promise<ShownThumbnail[]> {
  return page.evaluate(
    ({ scope, selector }) => {
      const idOf = (href: string | null | undefined) => {
        const match = /\/projects\/(\d+)/.exec(href ?? '');
        return match ? Number(match[1]) : null;
      };
      const clipped = (element: Element) => {
        const box = element.getBoundingClientRect();
        if (box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth)
          return true;
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const style = getComputedStyle(parent);
          if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
          const outer = parent.getBoundingClientRect();
          if (
            box.right <= outer.left ||
            box.left >= outer.right ||
            box.bottom <= outer.top ||
            box.top >= outer.bottom
          )
            return true;
        }
        return false;
      };
      return [...document.querySelectorAll(scope)].flatMap((root) =>
        [...root.querySelectorAll(selector)].map((host) => {
          const marks = host.querySelectorAll('[data-companion="project-status"]');
          const mark = marks[0];
          return {
            linkId: idOf(host.querySelector('a[href*="/projects/"]')?.getAttribute('href')),
            marks: marks.length,
            markId: mark?.getAttribute('data-project-id') ?? null,
            loved: mark?.getAttribute('data-loved') ?? null,
            favorited: mark?.getAttribute('data-favorited') ?? null,
            label: mark?.getAttribute('aria-label') ?? null,
            hidden: (mark as HTMLElement | undefined)?.hidden ?? true,
            inView: !clipped(host),
            late: Number(host.closest('.slick-slide')?.getAttribute('data-index') ?? 0) >= 4,
          };
        }),
      );
    },
    { scope, selector: THUMBNAIL },
  );
}

describe.each(BROWSER_NAMES)('%s', (name) => {
  // Before the browser starts (hooks run in order): its whole session is in the log from here.
  let launched = 0;
  beforeAll(() => {
    launched = Date.now();
    // The signed-out check ends its quiet period on the count's first read after signing in again,
    // which must reach the service: no CDN copy, which Firefox would also keep in its HTTP cache.
    sandbox().control.messageCountCacheSeconds = 0;
  });
  const browser = useBrowser(name, { sandbox, signedInAs: DEMO_USERNAME });
  // The whole client-wide rate for the marks, not their share of it: the pages here show a hundred
  // thumbnails and more, each read once (the development tuning, lib/dev-tuning.ts).
  beforeEach(() => browser().tune({ marksReadsPerSecond: 5 }));
  const store = () => sandbox().control.store;
  const demoId = () => store().getUser(DEMO_USERNAME)?.id ?? 0;
  const truth = (id: number) => ({
    loved: String(store().isLoved(id, demoId())),
    favorited: String(store().isFavorited(id, demoId())),
  });
  const siteOrigin = () => new URL(browser().profile.site).origin;
  /** Requests the extension made for statuses (the site's own pages carry the site's origin). */
  const isStatusRequest = (entry: RequestLogEntry) =>
    entry.part === 'api' &&
    entry.origin !== siteOrigin() &&
    (LOVE_READ.test(entry.path) || FAVORITE_READ.test(entry.path) || FAVORITES_LIST.test(entry.path));
  const statusRequests = (since: number) =>
    sandbox()
      .control.requestLog({ part: 'api' })
      .filter((entry: RequestLogEntry) => Date.parse(entry.time) >= since && isStatusRequest(entry));
  /** A thumbnail in view reused for a project never asked about: the marks' proof of a quiet period. */
  const probe = (page: TestPage, thumbnails: string) =>
    reuseThumbnailForUnreadProject(page, sandbox(), { thumbnails, siteOrigin: siteOrigin() });
  const loveReadIds = (entries: RequestLogEntry[]) =>
    entries.flatMap((entry) => {
      const match = LOVE_READ.exec(entry.path);
      return match ? [Number(match[1])] : [];
    });

  /**
   * Opens `url` in a window of `size` from the start: a page opened in the browser's larger window
   * and then made smaller would first ask for thumbnails the smaller window never shows.
   */
  const openAt = async (url: string, size: { width: number; height: number }) => {
    const page = await browser().openPage('about:blank');
    await page.setViewport(size);
    await page.goto(url);
    return page;
  };

  /** Waits until every thumbnail in view inside `scope` shows a known status, and returns them all. */
  const settled = async (page: TestPage, scope: string, atLeast = 1) => {
    let last: ShownThumbnail[] = [];
    await expect
      .poll(
        async () => {
          last = await readThumbnails(page, scope);
          const inView = last.filter((t) => t.inView);
          return inView.length >= atLeast && inView.every((t) => t.loved !== null && t.favorited !== null);
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(true);
    return last;
  };

  /** Every mark shown is the truth of its own project, and every thumbnail holds exactly one. */
  const expectRight = (thumbnails: ShownThumbnail[]) => {
    for (const thumbnail of thumbnails) {
      // A thumbnail gets its mark when it first comes into view: never more than one.
      if (thumbnail.inView) expect(thumbnail.marks).toBe(1);
      else expect(thumbnail.marks).toBeLessThanOrEqual(1);
      if (thumbnail.marks === 0) continue;
      expect(thumbnail.markId).toBe(String(thumbnail.linkId));
      if (thumbnail.loved === null || thumbnail.linkId === null) continue;
      expect({ id: thumbnail.linkId, loved: thumbnail.loved, favorited: thumbnail.favorited }).toEqual({
        id: thumbnail.linkId,
        ...truth(thumbnail.linkId),
      });
      const label =
        thumbnail.loved === 'true' && thumbnail.favorited === 'true'
          ? 'You loved and favorited this project'
          : thumbnail.loved === 'true'
            ? 'You loved this project'
            : thumbnail.favorited === 'true'
              ? 'You favorited this project'
              : null;
      expect(thumbnail.label).toBe(label);
      expect(thumbnail.hidden).toBe(label === null);
    }
  };

  /** At most one love read per project over the browser's whole session. */
  const expectOneLoveReadEach = () => {
    const ids = loveReadIds(statusRequests(launched));
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
  };

  it('marks the explore grid and what Load more adds, reading only what was seen, favorites in pages of 40', async () => {
    const start = Date.now();
    const page = await openAt(`${browser().profile.site}/explore/projects/all/`, { width: 900, height: 600 });
    const first = await settled(page, '#projectBox', 4);
    expectRight(first);
    expect(first.some((t) => t.loved === 'true')).toBe(true);

    // Load more, twice, scrolling down to the end each time.
    for (let round = 0; round < 2; round++) {
      const before = (await readThumbnails(page, '#projectBox')).length;
      await page.evaluate(() =>
        document.querySelector<HTMLButtonElement>('#projectBox > button.button')?.click(),
      );
      await expect
        .poll(async () => (await readThumbnails(page, '#projectBox')).length)
        .toBeGreaterThan(before);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const after = await settled(page, '#projectBox');
      expectRight(after);
    }
    const all = await readThumbnails(page, '#projectBox');
    expect(all.some((t) => t.favorited === 'true')).toBe(true);
    // For people to look at (the marks' look is reviewed by eye, not asserted).
    await page.screenshot({ path: `.output/screens/status-marks-explore-${name}.png` });
    // Every love read of this page was for a thumbnail of it; none twice over the whole session.
    const requests = statusRequests(start);
    const shown = new Set(all.map((t) => t.linkId));
    for (const id of loveReadIds(requests)) expect(shown.has(id)).toBe(true);
    expectOneLoveReadEach();

    // Favorites (since the browser started: its first site page may have read them): one walk in
    // pages of 40, every offset once, the last page short.
    const favorites = statusRequests(launched).filter((entry) => FAVORITES_LIST.test(entry.path));
    const total = store().favoritesOf(demoId()).length;
    expect(favorites.length).toBe(Math.floor(total / 40) + 1);
    expect(favorites.map((entry) => new URLSearchParams(entry.query).get('limit'))).toEqual(
      favorites.map(() => '40'),
    );
    expect(
      favorites
        .map((entry) => Number(new URLSearchParams(entry.query).get('offset') ?? 0))
        .sort((a, b) => a - b),
    ).toEqual(favorites.map((_, i) => i * 40));
    // No per-project favorite read: the favorites list is complete.
    expect(requests.filter((entry) => FAVORITE_READ.test(entry.path))).toHaveLength(0);
    await page.close();
  });

  it('reads nothing for thumbnails that never come into view', async () => {
    // A gallery page of 60, in a short window, not scrolled: the lower ones are never seen.
    const owner = store()
      .users()
      .find((user) => user.username !== DEMO_USERNAME && store().sharedProjectsOf(user.id).length >= 40);
    expect(owner).toBeDefined();
    const period = startQuietPeriod(sandbox().control);
    const page = await openAt(`${browser().profile.site}/users/${owner?.username}/projects/`, {
      width: 900,
      height: 600,
    });
    const shown = await settled(page, '.media-grid', 2);
    expectRight(shown);
    const unseen = new Set(shown.filter((t) => !t.inView).map((t) => t.linkId));
    expect(unseen.size).toBeGreaterThan(10);
    // A stray read the page asked for would be ahead of the probe's.
    const reused = await probe(page, '.media-grid li.project.thumb.item');
    const requests = await period.observe(reused.loveRead);
    const loveIds = loveReadIds(requests.filter(isStatusRequest));
    expect(loveIds).toContain(reused.projectId);
    for (const id of loveIds) expect(unseen.has(id)).toBe(false);
    // Far below the window: not even a mark was added to them.
    const far = await page.evaluate(
      (selector) =>
        [...document.querySelectorAll(`.media-grid ${selector}`)]
          .filter((host) => host.getBoundingClientRect().top > innerHeight + 200)
          .map((host) => host.querySelectorAll('[data-companion="project-status"]').length),
      THUMBNAIL,
    );
    expect(far.length).toBeGreaterThan(0);
    expect(far.every((n) => n === 0)).toBe(true);
    await page.close();
  });

  it('asks for nothing when the same page is loaded again', async () => {
    const url = `${browser().profile.site}/explore/projects/all/`;
    // Both in the same window from the start: what the second shows, the first has shown.
    const warm = await openAt(url, { width: 900, height: 600 });
    await settled(warm, '#projectBox', 4);
    await warm.close();
    const period = startQuietPeriod(sandbox().control);
    const page = await openAt(url, { width: 900, height: 600 });
    expectRight(await settled(page, '#projectBox', 4));
    // A read the reload asked for would be ahead of the probe's.
    const reused = await probe(page, '#projectBox div.thumbnail.project');
    const requests = await period.observe(reused.loveRead);
    expect(requests.filter((entry) => isStatusRequest(entry) && !reused.isLoveRead(entry))).toEqual([]);
    await page.close();
  });

  it('marks the home carousels, slides rendered late included', async () => {
    const page = await openAt(`${browser().profile.site}/`, { width: 1000, height: 700 });
    await page.waitFor(() => document.querySelectorAll('.slick-slider').length > 2);
    // Each row scrolled to its end (its late slides render when they come into view), then a window
    // tall enough for every row at once: all the rows' thumbnails are read together, with no pause
    // between rows.
    await page.evaluate(() => {
      for (const list of document.querySelectorAll('.carousel-box .slick-list'))
        list.scrollLeft = list.scrollWidth;
    });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewport({ width: 1000, height: Math.max(700, height) });
    await page.evaluate(() => window.scrollTo(0, 0));
    // Each row in view, and the slides in its visible part rendered.
    const rows = (await page.waitFor(() => {
      const lists = [...document.querySelectorAll('.carousel-box .slick-list')];
      const ready = lists.every((list) => {
        const row = list.getBoundingClientRect();
        if (row.top < 0 || row.bottom > innerHeight) return false;
        return [...list.querySelectorAll('.slick-slide')]
          .filter((slide) => {
            const box = slide.getBoundingClientRect();
            return box.right > row.left && box.left < row.right;
          })
          .every((slide) => slide.childElementCount > 0);
      });
      return ready && lists.length;
    })) as number;
    expect(rows).toBeGreaterThan(2);
    const shown = await settled(page, '.carousel-box', rows);
    expectRight(shown);
    // Every row of projects (not the studios row) has its marks, and late slides are among them.
    const marksPerRow = await page.evaluate(
      (selector) =>
        [...document.querySelectorAll('.carousel-box .slick-list')]
          .filter((list) => list.querySelector(selector) !== null)
          .map(
            (list) =>
              list.querySelectorAll(`${selector} [data-companion="project-status"][data-loved]`).length,
          ),
      THUMBNAIL,
    );
    expect(marksPerRow.length).toBeGreaterThan(2);
    expect(
      marksPerRow.every((n) => n > 0),
      `marks per row: ${marksPerRow.join(', ')}`,
    ).toBe(true);
    expect(shown.filter((t) => t.late && t.inView && t.loved !== null).length).toBeGreaterThan(0);
    expect(shown.some((t) => t.loved === 'true' || t.favorited === 'true')).toBe(true);
    await page.close();
  });

  it("marks a project page's remix list, a studio's tiles (not the add-projects dialog), a legacy profile and a gallery", async () => {
    const s = store();
    const lovedOrFavorited = (id: number) => s.isLoved(id, demoId()) || s.isFavorited(id, demoId());
    // A project whose first remixes include one the member loved or favorited.
    const parent = s.projects().find(
      (p) =>
        p.isShared &&
        s
          .remixesOf(p.id)
          .filter((r) => r.isShared)
          .slice(0, 6)
          .some((r) => lovedOrFavorited(r.id)),
    );
    expect(parent).toBeDefined();
    const project = await openAt(`${browser().profile.site}/projects/${parent?.id}/`, {
      width: 1000,
      height: 700,
    });
    await project.waitFor(() => document.querySelector('.remix-list .thumbnail') !== null);
    await project.evaluate(() => document.querySelector('.remix-list')?.scrollIntoView({ block: 'center' }));
    const remixes = await settled(project, '.remix-list');
    expectRight(remixes);
    expect(remixes.some((t) => t.loved === 'true' || t.favorited === 'true')).toBe(true);
    await project.close();

    // A studio the member curates, whose newest tiles include one they loved or favorited.
    const studio =
      s.curatedStudiosOf(demoId()).find((st) =>
        s
          .studioProjects(st.id)
          .slice(0, 8)
          .some((d) => lovedOrFavorited(d.project.id)),
      ) ??
      s.studios().find((st) =>
        s
          .studioProjects(st.id)
          .slice(0, 8)
          .some((d) => lovedOrFavorited(d.project.id)),
      );
    expect(studio).toBeDefined();
    const studioPage = await openAt(`${browser().profile.site}/studios/${studio?.id}/`, {
      width: 1000,
      height: 800,
    });
    await studioPage.waitFor(() => document.querySelector('.studio-project-tile') !== null);
    const tiles = await settled(studioPage, '.studio-projects-grid');
    expectRight(tiles);
    expect(tiles.some((t) => t.loved === 'true' || t.favorited === 'true')).toBe(true);
    const curates = s.curatedStudiosOf(demoId()).some((st) => st.id === studio?.id);
    if (curates) {
      await studioPage.click('button.studio-adder-browse');
      await studioPage.waitFor(
        () => document.querySelectorAll('.user-projects-modal .studio-project-tile').length > 0,
      );
      // The page's observers told of the dialog's tiles before the probe: they are past them once
      // the probe's mark shows.
      await (await probe(studioPage, '.studio-projects-grid div.studio-project-tile')).marked();
      expect(
        await studioPage.evaluate(
          () => document.querySelectorAll('.user-projects-modal [data-companion="project-status"]').length,
        ),
      ).toBe(0);
    }
    await studioPage.close();

    // The member's own legacy profile: its "Favorite Projects" carousel is all favorites.
    const profile = await openAt(`${browser().profile.site}/users/${DEMO_USERNAME}/`, {
      width: 1000,
      height: 900,
    });
    await profile.evaluate(() => {
      const boxes = [...document.querySelectorAll('.slider-carousel-container')];
      boxes.find((box) => box.querySelector('a[href$="/favorites/"]'))?.scrollIntoView({ block: 'center' });
    });
    const carousels = await settled(profile, '.slider-carousel-container');
    expectRight(carousels);
    const favoritesRow = await profile.evaluate(
      (selector) =>
        [...document.querySelectorAll('.slider-carousel-container')]
          .find((box) => box.querySelector('a[href$="/favorites/"]'))
          ?.querySelectorAll(`${selector} [data-favorited="true"]`).length ?? 0,
      THUMBNAIL,
    );
    expect(favoritesRow).toBeGreaterThan(0);
    await profile.close();

    const gallery = await openAt(`${browser().profile.site}/users/${DEMO_USERNAME}/favorites/`, {
      width: 1000,
      height: 800,
    });
    const items = await settled(gallery, '.media-grid', 2);
    expectRight(items);
    expect(items.filter((t) => t.inView).every((t) => t.favorited === 'true')).toBe(true);
    await gallery.close();
  });

  it('follows a love given on the project page in another tab, with no request', async () => {
    const list = await openAt(`${browser().profile.site}/explore/projects/all/`, { width: 900, height: 600 });
    const shown = await settled(list, '#projectBox', 4);
    const target = shown.find((t) => t.inView && t.loved === 'false');
    expect(target).toBeDefined();
    const id = target?.linkId as number;

    const project = await browser().openPage(`${browser().profile.site}/projects/${id}/`);
    await project.waitFor(() => document.querySelector('div.project-loves') !== null);
    // The page's own read of the love state has come back (the button is ready).
    await expect
      .poll(() =>
        sandbox()
          .control.requestLog({ part: 'api' })
          .some((e) => e.origin === siteOrigin() && e.path === `/projects/${id}/loves/user/${DEMO_USERNAME}`),
      )
      .toBe(true);
    // And the page applied it (a click before that would be undone by the late answer): the body is
    // in once the page's resource timing lists the read, and the page's handler of it, queued then,
    // runs before a task the test queues after that.
    await project.waitFor(
      (path) =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).some(
          (entry) => entry.name.includes(path) && entry.responseEnd > 0,
        ),
      `/projects/${id}/loves/user/`,
    );
    await project.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
    const start = Date.now();
    await project.click('div.project-loves');
    await project.waitFor(() => document.querySelector('div.project-loves.loved') !== null);
    expect(store().isLoved(id, demoId())).toBe(true);

    await expect
      .poll(
        () =>
          list.evaluate(
            (projectId) =>
              document
                .querySelector(`[data-companion="project-status"][data-project-id="${projectId}"]`)
                ?.getAttribute('data-loved'),
            id,
          ),
        // Page → background → storage → the other tab: seconds on a loaded machine (the 20 s default).
      )
      .toBe('true');
    expect(
      await list.evaluate(
        (projectId) =>
          document
            .querySelector(`[data-companion="project-status"][data-project-id="${projectId}"]`)
            ?.getAttribute('aria-label'),
        id,
      ),
    ).toMatch(/^You loved/);
    expect(statusRequests(start)).toEqual([]);
    await project.close();
    await list.close();
  });

  it("shows the new project's mark when a thumbnail node is reused for another project", async () => {
    const page = await openAt(`${browser().profile.site}/explore/projects/all/`, { width: 900, height: 600 });
    const shown = await settled(page, '#projectBox', 4);
    const first = shown[0];
    // Another project the member loved, not on this page.
    const onPage = new Set(shown.map((t) => t.linkId));
    const loved = store()
      .projects()
      .find((p) => p.isShared && !onPage.has(p.id) && store().isLoved(p.id, demoId()));
    expect(first && loved).toBeTruthy();
    // What React does when it reuses the node: the links change in place.
    await page.evaluate((id) => {
      const host = document.querySelector('#projectBox div.thumbnail.project');
      for (const link of host?.querySelectorAll('a[href*="/projects/"]') ?? [])
        link.setAttribute('href', `/projects/${id}/`);
    }, loved?.id);
    await expect
      .poll(
        async () => {
          const [host] = await readThumbnails(page, '#projectBox');
          return host && { id: host.markId, loved: host.loved, marks: host.marks };
        },
        // The new project's love is read through the background's rate-limited queue: seconds on a
        // loaded machine (the 20 s default).
      )
      .toEqual({ id: String(loved?.id), loved: 'true', marks: 1 });
    await page.close();
  });

  it('shows no marks with the setting off, and none and asks nothing signed out', async () => {
    expectOneLoveReadEach();
    const page = await browser().openPage(`${browser().profile.site}/explore/projects/all/`);
    await settled(page, '#projectBox', 4);
    // The options page's switch: off takes every mark away in open tabs, on brings them back.
    // Every fieldset shown: each its own item read, the switch's state among them.
    const options = await openSettings(browser());
    const toggle = '[data-testid="setting-project-status-marks"]';
    expect(
      await options.evaluate(
        (selector) => document.querySelector<HTMLInputElement>(selector)?.checked,
        toggle,
      ),
    ).toBe(true);
    await options.click(toggle);
    await page.waitFor(() => document.querySelectorAll('[data-companion="project-status"]').length === 0);
    expect(await browser().readStorage('sync', ['projectStatusSettings'])).toEqual({
      projectStatusSettings: { marks: false },
    });
    await options.click(toggle);
    // The page saves the switch a moment after the click: closed before, the choice could be lost.
    await expect
      .poll(() => browser().readStorage('sync', ['projectStatusSettings']))
      .toEqual({ projectStatusSettings: { marks: true } });
    await options.close();
    // Back in front (a hidden tab sees no intersections): its thumbnails in view get their marks again.
    await (page.raw.page as { bringToFront(): Promise<void> }).bringToFront();
    await page.waitFor(() => document.querySelectorAll('[data-companion="project-status"]').length > 0);
    await page.close();

    await browser().signOut();
    const period = startQuietPeriod(sandbox().control);
    const signedOut = await browser().openPage(`${browser().profile.site}/explore/projects/all/`);
    await signedOut.waitFor(() => document.querySelectorAll('#projectBox div.thumbnail').length > 0);
    // When the page first shows a mark, from now on.
    await signedOut.evaluate(() => {
      const seen = window as unknown as { firstMarkAt: number | null };
      const shown = () => document.querySelector('[data-companion="project-status"]') !== null;
      seen.firstMarkAt = shown() ? Date.now() : null;
      const watch = new MutationObserver(() => {
        if (seen.firstMarkAt === null && shown()) seen.firstMarkAt = Date.now();
      });
      watch.observe(document.documentElement, { childList: true, subtree: true });
    });
    await signedOut.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    // Signing in again ends the period: the same page then shows its marks (it followed the member
    // all along), none before.
    const { signingInAt, signedOut: asked } = await signInToEndQuietPeriod(browser(), period, DEMO_USERNAME);
    expect(asked.filter(isStatusRequest)).toEqual([]);
    await (signedOut.raw.page as { bringToFront(): Promise<void> }).bringToFront();
    const firstMarkAt = await signedOut.waitFor(
      () => (window as unknown as { firstMarkAt: number | null }).firstMarkAt,
      undefined,
      { timeout: 20_000 },
    );
    expect(firstMarkAt).toBeGreaterThanOrEqual(signingInAt);
    await signedOut.close();
  });
});
