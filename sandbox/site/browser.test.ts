/**
 * The client-rendered pages in real headless Chromium (no extension), against the sandbox on random
 * ports: the hooks content scripts read appear once the scripts have run, love toggles through the
 * REST interface, opening the messages page clears the count, and hostile remote text stays text.
 */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_QUIET_ARGS, chromiumExecutable } from '../../tests/e2e/harness/browsers';
import { DEMO_USERNAME, type RunningSandbox, startSandbox } from '../index';

const SCREENSHOT = '/tmp/companion-sandbox-project-page.png';

let sandbox: RunningSandbox;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Dialogs a page opened: a script payload that ran would open one (`alert(...)`). */
const dialogs: string[] = [];
const pageErrors: string[] = [];
/** Console errors, failed loads included (a missing thumbnail or script shows here). */
const consoleErrors: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
  browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: [...CHROMIUM_QUIET_ARGS],
  });
  context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  page = await context.newPage();
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${message.text()} ${message.location().url}`);
  });
  await page.goto(`${sandbox.urls.site}/login/?as=${DEMO_USERNAME}&next=/`);
}, 30_000);

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});

const store = () => sandbox.control.store;

describe('client-rendered site pages in Chromium', () => {
  it('home: the message count shows for the demo user, What’s Happening and carousel thumbnails appear', async () => {
    await page.goto(`${sandbox.urls.site}/`);
    const count = page.locator(
      'nav#navigation li.link.right.messages > a[href="/messages/"] > span.message-count.show',
    );
    await count.waitFor();
    expect(Number(await count.textContent())).toBe(store().unreadCount(DEMO_USERNAME));
    await page.locator('div.box.activity ul.activity-ul > li.activity-li').first().waitFor();
    expect(await page.locator('li.activity-li').count()).toBeGreaterThan(5);
    const rendered = page.locator(
      'div.box > div.box-content > div.slick-slider div.slick-slide > div > div.thumbnail',
    );
    await rendered.first().waitFor();
    // Slides render when they scroll into view: rows below the fold are still empty.
    const slides = page.locator('div.slick-slide');
    expect(await rendered.count()).toBeLessThan(await slides.count());
    const lastSlide = slides.last();
    expect(await lastSlide.locator('div.thumbnail').count()).toBe(0);
    await lastSlide.scrollIntoViewIfNeeded();
    await lastSlide.locator('div > div.thumbnail').waitFor();
  });

  it('project page: hostile title and comments render as text, replies, stats, lists', async () => {
    const project = store()
      .projects()
      .find(
        (p) =>
          p.isShared &&
          p.commentsAllowed &&
          /<script|<img/.test(p.title) &&
          store().topLevelComments('project', p.id).length > 0,
      );
    if (!project) throw new Error('the seed has no shared project with a markup title and comments');
    const first = store().topLevelComments('project', project.id)[0];
    if (!first) throw new Error('no comment');
    await page.goto(`${sandbox.urls.site}/projects/${project.id}/`);

    await page.locator(`div.comments-container > .comments-list div.comment#comments-${first.id}`).waitFor();
    expect(await page.locator('h1.project-title').textContent()).toBe(project.title);
    expect(
      await page.locator(`#comments-${first.id} div.comment-bubble > span.comment-content`).textContent(),
    ).toBe(first.content);
    expect(await page.locator(`#comments-${first.id} a.username`).count()).toBe(1);
    expect(
      await page
        .locator(`#comments-${first.id} div.comment-bottom-row > span.comment-time + span.comment-reply`)
        .count(),
    ).toBe(1);
    for (const stat of ['project-loves', 'project-favorites', 'project-remixes', 'project-views']) {
      expect(await page.locator(`div.stats > div.${stat}`).count()).toBe(1);
    }
    // No remote markup became elements: the only scripts are the shell's own.
    expect(await page.locator('#view script, #view img[onerror], #view svg').count()).toBe(0);
    await page.locator('div.remix-list, div.studio-list').first().waitFor();
    await page.screenshot({ path: SCREENSHOT, fullPage: false });
  });

  it('a thread with more than 20 replies shows them in div.replies and loads more on demand', async () => {
    const thread = store()
      .projects()
      .filter((p) => p.isShared)
      .flatMap((p) => store().topLevelComments('project', p.id).slice(0, 20))
      .find((c) => store().replies(c.id).length > 20);
    if (!thread) throw new Error('no thread with more than 20 replies on a first page');
    await page.goto(`${sandbox.urls.site}/projects/${thread.placeId}/`);
    const replies = page.locator(
      `div.comment-container:has(> #comments-${thread.id}) > div.replies > div.comment-container > div.comment`,
    );
    await replies.first().waitFor();
    expect(await replies.count()).toBe(20);
    await page.locator(`div.comment-container:has(> #comments-${thread.id}) button.see-more-replies`).click();
    await expect.poll(() => replies.count()).toBe(Math.min(40, store().replies(thread.id).length));
  });

  it('the love button writes through the REST interface', async () => {
    const me = store().getUser(DEMO_USERNAME);
    const project = store()
      .projects()
      .find((p) => p.isShared && me && !store().isLoved(p.id, me.id));
    if (!project || !me) throw new Error('no project to love');
    await page.goto(`${sandbox.urls.site}/projects/${project.id}/`);
    const love = page.locator('div.stats > div.project-loves');
    await love.waitFor();
    const before = Number(await love.textContent());
    await love.click();
    await page.locator('div.stats > div.project-loves.loved').waitFor();
    expect(store().isLoved(project.id, me.id)).toBe(true);
    expect(Number(await love.textContent())).toBe(before + 1);
    await love.click();
    await page.locator('div.stats > div.project-loves:not(.loved)').waitFor();
    expect(store().isLoved(project.id, me.id)).toBe(false);
  });

  it('the composer posts a comment, and a rejection is shown as a sentence', async () => {
    const project = store()
      .projects()
      .find((p) => p.isShared && p.commentsAllowed);
    if (!project) throw new Error('no project open to comments');
    await page.goto(`${sandbox.urls.site}/projects/${project.id}/`);
    const composer = page.locator('div.comments-container div.comment.compose-row').first();
    await composer.waitFor();

    await composer.locator('button.compose-post').click();
    await expect
      .poll(() => composer.locator('.compose-error-row').textContent())
      .toBe("You can't post an empty comment.");

    const text = `Posted from Chromium <b>not bold</b> & "quoted" ${Date.now()}`;
    await composer.locator('textarea').fill(text);
    await composer.locator('button.compose-post').click();
    const posted = page.locator('div.comments-list > div.comment-container').first().locator('div.comment');
    await expect.poll(() => posted.first().locator('span.comment-content').textContent()).toBe(text);
    expect(await posted.first().locator('span.comment-content b').count()).toBe(0);
    const stored = store()
      .topLevelComments('project', project.id)
      .find((c) => c.content === text);
    expect(stored).toBeTruthy();
    expect(await posted.first().getAttribute('id')).toBe(`comments-${stored?.id}`);
    expect(await posted.first().locator('a.username').textContent()).toBe(DEMO_USERNAME);

    // Replying opens a second composer under the thread; the reply lands in its div.replies.
    const thread = page.locator('div.comments-list > div.comment-container').first();
    await thread.locator('span.comment-reply').first().click();
    const replyComposer = thread.locator('div.comment.compose-row');
    await replyComposer.locator('textarea').fill('A reply from Chromium');
    await replyComposer.locator('button.compose-post').click();
    await thread
      .locator('div.replies div.comment span.comment-content', { hasText: 'A reply from Chromium' })
      .waitFor();
    expect(await thread.locator('div.comment.compose-row').count()).toBe(0);
    const reply = store()
      .replies(stored?.id ?? -1)
      .find((c) => c.content === 'A reply from Chromium');
    expect(reply?.commenteeId).toBe(store().getUser(DEMO_USERNAME)?.id);
  });

  it('explore grid: thumbnails, and Load More appends', async () => {
    await page.goto(`${sandbox.urls.site}/explore/projects/all/`);
    const thumbs = page.locator('#projectBox > div.grid > div.flex-row > div.thumbnail.project');
    await thumbs.first().waitFor();
    const firstPage = await thumbs.count();
    expect(firstPage).toBe(16);
    expect(
      await thumbs.first().locator('div.thumbnail-info div.thumbnail-title > a[href][title]').count(),
    ).toBe(1);
    expect(await thumbs.first().locator('div.thumbnail-creator > a[href^="/users/"]').count()).toBe(1);
    await page.locator('#projectBox > button.button').click();
    await expect.poll(() => thumbs.count()).toBe(32);
  });

  it('studio tiles, and the comments tab without a reload', async () => {
    const studio = store()
      .studios()
      .find(
        (s) =>
          store().studioProjects(s.id).length > 24 && store().topLevelComments('studio', s.id).length > 0,
      );
    if (!studio) throw new Error('no studio with more than 24 projects and comments');
    await page.goto(`${sandbox.urls.site}/studios/${studio.id}/`);
    const tiles = page.locator('div.studio-projects-grid > div.studio-project-tile');
    await tiles
      .locator('div.studio-project-info > a.studio-project-title + a.studio-project-username')
      .first()
      .waitFor();
    expect(await tiles.count()).toBe(24);
    await page.locator('div.studio-grid-load-more > button').click();
    await expect.poll(() => tiles.count()).toBe(Math.min(48, store().studioProjects(studio.id).length));
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await page.locator('a.studio-tab-nav', { hasText: 'Comments' }).click();
    const firstComment = store().topLevelComments('studio', studio.id)[0];
    await page.locator(`div.comments-container div.comment#comments-${firstComment?.id}`).waitFor();
    expect(page.url()).toBe(`${sandbox.urls.site}/studios/${studio.id}/comments`);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  it("a curator's add-projects dialog reuses the studio tile without links; others have no button", async () => {
    const demoId = store().getUser(DEMO_USERNAME)?.id ?? 0;
    const curated = store().curatedStudiosOf(demoId)[0];
    const notCurated = store()
      .studios()
      .find(
        (s) =>
          !store().studioCurators(s.id).includes(demoId) && !store().studioManagers(s.id).includes(demoId),
      );
    if (!curated || !notCurated) throw new Error('the demo member curates no studio, or every studio');
    await page.goto(`${sandbox.urls.site}/studios/${notCurated.id}/`);
    await page.locator('div.studio-project-tile').first().waitFor();
    expect(await page.locator('button.studio-adder-browse').count()).toBe(0);

    await page.goto(`${sandbox.urls.site}/studios/${curated.id}/`);
    await page.locator('div.studio-adder-section > button.studio-adder-browse').click();
    const tiles = page.locator('.user-projects-modal .user-projects-modal-grid > div.studio-project-tile');
    await tiles.first().waitFor();
    expect(await tiles.count()).toBe(Math.min(20, store().sharedProjectsOf(demoId).length));
    expect(await page.locator('.user-projects-modal a').count()).toBe(0);
    await tiles.first().click();
    await page.locator('.user-projects-modal .studio-tile-dynamic-remove').first().waitFor();
    await page.locator('.studio-projects-done-row > button').click();
    expect(await page.locator('.user-projects-modal').count()).toBe(0);
  });

  it('legacy profile: carousels and comments load after the page', async () => {
    const owner = [...store().users()].sort(
      (a, b) => store().topLevelComments('user', b.id).length - store().topLevelComments('user', a.id).length,
    )[0];
    if (!owner) throw new Error('no users');
    await page.goto(`${sandbox.urls.site}/users/${owner.username}/`);
    await page
      .locator(
        '#pagewrapper > #topnav li.messages > a.messages-icon[href="/messages"] > span.notificationsCount',
      )
      .waitFor({ state: 'attached' });
    await page.locator('div.box.slider-carousel-container ul.scroll-content > li.item').first().waitFor();
    const top = store().topLevelComments('user', owner.id)[0];
    await page
      .locator(
        `#comments ul.comments > li.top-level-reply > div.comment#comments-${top?.id}[data-comment-id]`,
      )
      .waitFor();
    expect(await page.locator('#comments-loading').count()).toBe(0);
  });

  it('messages page: unread rows, then the count drops to 0', async () => {
    const unread = store().unreadCount(DEMO_USERNAME);
    expect(unread).toBeGreaterThan(0);
    await page.goto(`${sandbox.urls.site}/messages/`);
    await page.locator('ul.messages-social-list > li.social-message').first().waitFor();
    expect(await page.locator('li.social-message.mod-unread').count()).toBe(Math.min(unread, 40));
    expect(await page.locator('li.social-message.mod-sandboxunknownmessage').count()).toBeGreaterThanOrEqual(
      0,
    );
    await expect.poll(() => store().unreadCount(DEMO_USERNAME)).toBe(0);
    await page.locator('span.message-count:not(.show)').waitFor({ state: 'attached' });
  });

  it('no script payload ran, no page script failed, nothing failed to load', () => {
    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  // Its own context: the dropped request logs a console error the check above would count.
  it("a refresh of the count that gets no answer writes 0 into the bar, as scratch-www's getCount does", async () => {
    const own = await browser.newContext();
    try {
      // The messages page above read them all.
      sandbox.control.addMessage(DEMO_USERNAME, { type: 'followuser', actor: 'alice' });
      const tab = await own.newPage();
      await tab.clock.install();
      await tab.goto(`${sandbox.urls.site}/login/?as=${DEMO_USERNAME}&next=/`);
      const count = tab.locator('nav#navigation li.messages span.message-count');
      await tab.locator('nav#navigation li.messages span.message-count.show').waitFor();
      // (Through the CDN-like cache: possibly the count from before the messages page read them.)
      expect(Number(await count.textContent())).toBeGreaterThan(0);
      const route = { part: 'api', pattern: '/users/*/messages/count' } as const;
      const reads = sandbox.control.requestLog(route).length;
      sandbox.control.addOutage(route);
      try {
        // The page's next read is 2 minutes after load; the browser would answer it from its cache
        // (the count's max-age) as the fake clock moves faster than the cache's.
        await (await own.newCDPSession(tab)).send('Network.clearBrowserCache');
        await tab.clock.runFor('02:01');
        await expect.poll(() => sandbox.control.requestLog(route).length).toBeGreaterThan(reads);
        await expect.poll(() => count.textContent()).toBe('0');
        expect(await count.getAttribute('class')).not.toContain('show');
        expect(sandbox.control.requestLog(route).length).toBeGreaterThan(reads);
      } finally {
        sandbox.control.clearFaults();
      }
    } finally {
      await own.close();
    }
  });
});
