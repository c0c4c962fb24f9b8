/**
 * The client-rendered pages in real headless Chromium (no extension), against the sandbox on random
 * ports: the hooks content scripts read appear once the scripts have run, love toggles through the
 * REST interface, opening the messages page clears the count, and hostile remote text stays text;
 * the navigation counts render as the live site's scripts do (React's text node held and written in
 * place), studio comments have no list class, the own profile's featured-project dialog, My Stuff,
 * and the editor with its switches to and from the project page.
 */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_QUIET_ARGS, chromiumLauncher } from '../../tests/e2e/harness/browsers';
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
    executablePath: chromiumLauncher(),
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
/** Forgets the count responses the browser kept (their max-age): the page's next read reaches the sandbox. */
async function clearHttpCache(): Promise<void> {
  await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
}
/** The messages page test reads every message: tests that need an unread count add one first. */
function ensureUnread(): void {
  if (store().unreadCount(DEMO_USERNAME) === 0)
    sandbox.control.addMessage(DEMO_USERNAME, { type: 'followuser', actor: 'alice' });
}

describe('client-rendered site pages in Chromium', () => {
  // In every test, the shared page ran no script payload, no page script failed and nothing failed
  // to load (what arrives after a test ended counts for the next one).
  afterEach(() => {
    expect(dialogs.splice(0), 'script payloads that ran').toEqual([]);
    expect(pageErrors.splice(0), 'page script errors').toEqual([]);
    expect(consoleErrors.splice(0), 'console errors').toEqual([]);
  });

  it('home: the message count shows for the demo user, What’s Happening and carousel thumbnails appear', async () => {
    // A count to show, read from the store: no copy kept by the sandbox's CDN or the browser.
    ensureUnread();
    sandbox.control.messageCountCacheSeconds = 0;
    await clearHttpCache();
    try {
      await page.goto(`${sandbox.urls.site}/`);
      const count = page.locator(
        'nav#navigation li.link.right.messages > a[href="/messages/"] > span.message-count.show',
      );
      await count.waitFor();
      expect(Number(await count.textContent())).toBe(store().unreadCount(DEMO_USERNAME));
    } finally {
      sandbox.control.messageCountCacheSeconds = 30;
    }
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

  it('a thread shows three replies in div.replies until a.expand-thread expands it, then loads 25 more', async () => {
    const thread = store()
      .projects()
      .filter((p) => p.isShared)
      .flatMap((p) => store().topLevelComments('project', p.id).slice(0, 20))
      .find((c) => store().replies(c.id).length > 25);
    if (!thread) throw new Error('no thread with more than 25 replies on a first page');
    const total = store().replies(thread.id).length;
    await page.goto(`${sandbox.urls.site}/projects/${thread.placeId}/`);
    // top-level-comment.jsx: the replies are comments directly in div.replies, after the top-level one.
    const container = page.locator(`div.comments-list > div.comment-container:has(> #comments-${thread.id})`);
    const replies = container.locator('> div.flex-row.replies.column > div.comment');
    await replies.first().waitFor();
    expect(await replies.count()).toBe(3);
    const first = store().replies(thread.id)[0];
    const firstReply = container.locator(`div.replies > div.comment#comments-${first?.id}`);
    // comment.jsx: a reply's text starts with the name of the member it answers.
    expect(await firstReply.locator('span.comment-content').textContent()).toMatch(/^@\S+ /);
    const expand = container.locator('> div.replies > a.expand-thread');
    await expand.click();
    await expect.poll(() => replies.count()).toBe(25);
    await expand.click();
    await expect.poll(() => replies.count()).toBe(Math.min(50, total));
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
    await page.locator(`div.studio-compose-container div.comment#comments-${firstComment?.id}`).waitFor();
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
    // Without the team's alerts and the invitation (the next test has them).
    store().clearAlerts(DEMO_USERNAME);
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

  it('messages page: the invitation and the site team’s alerts above the list, kept by the page, dismissed one by one', async () => {
    store().clearAlerts(DEMO_USERNAME);
    store().addMessage(DEMO_USERNAME, { type: 'followuser', actor: 'alice' });
    const hostile = '<img src=x onerror="alert(1)"> please read';
    store().addAdminMessage(DEMO_USERNAME, 'Welcome from the team');
    store().addAdminMessage(DEMO_USERNAME, hostile);
    store().addInvite(DEMO_USERNAME);
    const unread = store().unreadCount(DEMO_USERNAME);
    await page.goto(`${sandbox.urls.site}/messages/`);
    const alerts = page.locator('section.messages-admin ul.messages-admin-list > li.admin-message');
    await page.locator('ul.messages-social-list > li.social-message').first().waitFor();
    expect(await alerts.count()).toBe(3);
    expect(
      await page.locator('section.messages-admin h4.messages-header > .messages-header-unread').textContent(),
    ).toBe('3');
    // The invitation first (scratcher-invite.jsx), then the alerts, newest first; remote text stays text.
    expect(await alerts.first().locator('p.admin-message-content').textContent()).toBe(
      'You are invited to become a Scratcher! Click here to learn more!',
    );
    expect(await alerts.nth(1).locator('p.admin-message-content').textContent()).toBe(hostile);
    // The social list marks only what the count has beyond the alerts and the invitation.
    expect(await page.locator('li.social-message.mod-unread').count()).toBe(Math.min(unread - 3, 40));
    // Opening the page clears the social messages, not the alerts: the bar shows them.
    await expect.poll(() => store().unreadCount(DEMO_USERNAME)).toBe(3);
    await page.locator('span.message-count.show', { hasText: '3' }).waitFor();
    await alerts.first().locator('button.mod-scratcher-invite-dismiss > img[alt="close-icon"]').click();
    await expect.poll(() => store().inviteFor(DEMO_USERNAME)).toBeNull();
    await expect.poll(() => alerts.count()).toBe(2);
    await page.locator('span.message-count.show', { hasText: '2' }).waitFor();
    await alerts.first().locator('button.mod-admin-message-dismiss > img[alt="close-icon"]').click();
    await expect.poll(() => store().unreadCount(DEMO_USERNAME)).toBe(1);
    await expect.poll(() => alerts.count()).toBe(1);
    await page.locator('span.message-count.show', { hasText: '1' }).waitFor();
    await alerts.first().locator('button.mod-admin-message-dismiss').click();
    await expect.poll(() => store().unreadCount(DEMO_USERNAME)).toBe(0);
    await page.locator('section.messages-admin').waitFor({ state: 'detached' });
    await page.locator('span.message-count:not(.show)').waitFor({ state: 'attached' });
    expect(dialogs).toEqual([]);
  });

  it('nav count: two text nodes; the page’s read writes the number node in place; text put over it hides later counts', async () => {
    sandbox.control.messageCountCacheSeconds = 0;
    ensureUnread();
    await clearHttpCache();
    try {
      await page.goto(`${sandbox.urls.site}/explore/projects/all/`);
      const selector =
        'nav#navigation li.link.right.messages > a[href="/messages/"][title="Messages"] > span.message-count';
      await page.locator(`${selector}.show`).waitFor();
      const unread = store().unreadCount(DEMO_USERNAME);
      const read = () =>
        page.evaluate((sel) => {
          const span = document.querySelector(sel) as HTMLElement;
          const held = (window as unknown as { held?: Text }).held;
          return {
            nodes: [...span.childNodes].map((n) => [n.nodeType, n.nodeValue]),
            label: span.nextSibling?.nodeValue,
            className: span.className,
            text: span.textContent,
            heldIsFirst: held === undefined ? null : span.firstChild === held,
            heldValue: held?.nodeValue ?? null,
            heldConnected: held?.isConnected ?? null,
          };
        }, selector);
      expect(await read()).toMatchObject({
        nodes: [
          [3, String(unread)],
          [3, ' '],
        ],
        label: 'Messages',
        className: 'message-count show',
      });
      await page.evaluate((sel) => {
        (window as unknown as { held: ChildNode | null }).held = (
          document.querySelector(sel) as HTMLElement
        ).firstChild;
      }, selector);

      // The page's own read (the one its timers make), now: the same node gets the new number.
      sandbox.control.addMessage(DEMO_USERNAME, { type: 'followuser', actor: 'alice' });
      await clearHttpCache();
      await page.evaluate(() =>
        (
          window as unknown as { sandboxSite: { readMessageCount(): Promise<void> } }
        ).sandboxSite.readMessageCount(),
      );
      expect(await read()).toMatchObject({
        nodes: [
          [3, String(unread + 1)],
          [3, ' '],
        ],
        heldIsFirst: true,
      });

      // Someone replaces the span's text: the site keeps writing into its detached node, unseen.
      await page.evaluate((sel) => {
        (document.querySelector(sel) as HTMLElement).textContent = '99';
      }, selector);
      sandbox.control.addMessage(DEMO_USERNAME, { type: 'followuser', actor: 'alice' });
      await clearHttpCache();
      await page.evaluate(() =>
        (
          window as unknown as { sandboxSite: { readMessageCount(): Promise<void> } }
        ).sandboxSite.readMessageCount(),
      );
      expect(await read()).toMatchObject({
        text: '99',
        heldIsFirst: false,
        heldValue: String(unread + 2),
        heldConnected: false,
        className: 'message-count show',
      });
    } finally {
      sandbox.control.messageCountCacheSeconds = 30;
    }
  });

  it('legacy count: the number without class none above 0, none back at 0 (readMessageCount)', async () => {
    sandbox.control.messageCountCacheSeconds = 0;
    ensureUnread();
    await clearHttpCache();
    try {
      const other = store()
        .users()
        .find((u) => u.username !== DEMO_USERNAME);
      await page.goto(`${sandbox.urls.site}/users/${other?.username}/`);
      const count = page.locator(
        '#pagewrapper > #topnav li.messages > a.messages-icon[href="/messages"] > span.notificationsCount',
      );
      const unread = store().unreadCount(DEMO_USERNAME);
      expect(unread).toBeGreaterThan(0);
      await expect.poll(() => count.textContent()).toBe(String(unread));
      expect(await count.getAttribute('class')).toBe('notificationsCount');
      expect(await count.getAttribute('style')).toBeNull();
      expect(await count.isVisible()).toBe(true);
      const trigger = () =>
        page.evaluate(() =>
          (
            window as unknown as { sandboxSite: { readMessageCount(): Promise<void> } }
          ).sandboxSite.readMessageCount(),
        );
      store().markMessagesRead(DEMO_USERNAME);
      store().clearAlerts(DEMO_USERNAME);
      await clearHttpCache();
      await trigger();
      expect(await count.textContent()).toBe('0');
      expect(await count.getAttribute('class')).toBe('notificationsCount none');
      expect(await count.isVisible()).toBe(false);
      sandbox.control.addMessage(DEMO_USERNAME, { type: 'followuser', actor: 'alice' });
      await clearHttpCache();
      await trigger();
      expect(await count.textContent()).toBe('1');
      expect(await count.getAttribute('class')).toBe('notificationsCount');
    } finally {
      sandbox.control.messageCountCacheSeconds = 30;
    }
  });

  it('studio comments: no .comments-list; threads in the unnamed div after the composer; load more and replies work', async () => {
    const studio = store()
      .studios()
      .find(
        (s) =>
          s.commentsAllowed &&
          store().topLevelComments('studio', s.id).length > 20 &&
          store()
            .topLevelComments('studio', s.id)
            .slice(0, 20)
            .some((c) => store().replies(c.id).length > 3),
      );
    if (!studio)
      throw new Error('no open studio with more than 20 comments and a thread with more than 3 replies');
    const threads = store().topLevelComments('studio', studio.id);
    await page.goto(`${sandbox.urls.site}/studios/${studio.id}/comments`);
    const box = page.locator('div.studio-compose-container > div:not([class])');
    const top = box.locator('> div.comment-container > div.comment[id^="comments-"]');
    await top.first().waitFor();
    expect(await page.locator('.comments-list, .comments-container').count()).toBe(0);
    expect(
      await page.locator('div.studio-compose-container > div.studio-header-container > h2').textContent(),
    ).toBe('Comments');
    expect(await box.locator('> div.comments-root-reply > div.comment.compose-row').count()).toBe(1);
    // The composer first, the threads, then the button.
    const order = await box.evaluate((element) => [...element.children].map((c) => c.className));
    expect(order[0]).toBe('comments-root-reply');
    expect(order.at(-1)).toBe('button load-more-button');
    expect(await top.count()).toBe(20);
    await box.locator('> button.button.load-more-button').click();
    await expect.poll(() => top.count()).toBe(Math.min(40, threads.length));

    const long = threads.slice(0, 20).find((c) => store().replies(c.id).length > 3);
    const thread = page.locator(
      `div.studio-compose-container > div:not([class]) > div.comment-container:has(> #comments-${long?.id})`,
    );
    const replies = thread.locator('> div.replies > div.comment');
    expect(await replies.count()).toBe(3);
    await thread.locator('> div.replies > a.expand-thread').click();
    await expect.poll(() => replies.count()).toBe(Math.min(25, store().replies(long?.id ?? -1).length));

    // A new comment goes first (after the composer); a reply to it lands in its div.replies.
    const text = `Studio comment from Chromium ${Date.now()}`;
    await box.locator('> div.comments-root-reply textarea').fill(text);
    await box.locator('> div.comments-root-reply button.compose-post').click();
    const posted = box.locator('> div.comment-container').first();
    await expect.poll(() => posted.locator('> div.comment span.comment-content').textContent()).toBe(text);
    await posted.locator('> div.comment span.comment-reply').click();
    const replyRow = posted.locator('div.comment-reply-row > div.comment.compose-row');
    await replyRow.locator('textarea').fill('A studio reply');
    await replyRow.locator('button.compose-post').click();
    await posted
      .locator('> div.replies > div.comment span.comment-content', { hasText: 'A studio reply' })
      .waitFor();
    expect(await posted.locator('div.comment-reply-row').count()).toBe(0);
  });

  it('own profile: the featured-project dialog lists shared projects as li.project.thumb.item choices; a pick features it', async () => {
    const me = store().getUser(DEMO_USERNAME);
    if (!me) throw new Error('no demo user');
    const shared = store().sharedProjectsOf(me.id);
    await page.goto(`${sandbox.urls.site}/users/${DEMO_USERNAME}/`);
    expect(await page.locator('textarea#bio').count()).toBe(1);
    expect(await page.locator('#bio-readonly .overview').count()).toBe(0);
    expect(await page.locator('#featured-project-modal').count()).toBe(0);
    await page.locator('.player [data-control="change-featured-project"]').click();
    const items = page.locator('#featured-project-modal li.project.thumb.item');
    await items.first().waitFor();
    expect(await items.count()).toBe(shared.length);
    // In the REST list's order (newest shared first), as the profile's carousel.
    expect(await items.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-id'))))).toEqual(
      store()
        .sharedProjectsNewestFirst(me.id)
        .map((p) => p.id),
    );
    expect(await items.first().locator('> a[href^="/projects/"] > img').count()).toBe(1);
    expect(await items.first().locator('> span.title > a[href^="/projects/"]').count()).toBe(1);
    const current = store().featuredProjectOf(me.id);
    const pick = shared.find((p) => p.id !== current?.id);
    await page
      .locator(`#featured-project-modal li.project.thumb.item[data-id="${pick?.id}"] span.title a`)
      .click();
    await page.locator('#featured-project-modal').waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${sandbox.urls.site}/users/${DEMO_USERNAME}/`);
    expect(await page.locator('.player a.project-name').textContent()).toBe(pick?.title);
    expect(await page.locator('.player a.project-name').getAttribute('href')).toBe(`/projects/${pick?.id}/`);
    expect(store().featuredProjectOf(me.id)?.id).toBe(pick?.id);

    const other = store()
      .users()
      .find((u) => u.id !== me.id && store().sharedProjectsOf(u.id).length > 0);
    await page.goto(`${sandbox.urls.site}/users/${other?.username}/`);
    await page.locator('.player a.project-name').waitFor();
    expect(await page.locator('[data-control="change-featured-project"], textarea#bio').count()).toBe(0);
    expect(await page.locator('#bio-readonly .viewport > .overview').count()).toBe(1);
  });

  it('My Stuff: the list loads, load-more appends, the hash switches tabs', async () => {
    const me = store().getUser(DEMO_USERNAME);
    if (!me) throw new Error('no demo user');
    const all = store().allProjectsOf(me.id);
    expect(all.length).toBeGreaterThan(20);
    await page.goto(`${sandbox.urls.site}/mystuff/`);
    const items = page.locator('ul.media-list > li > .media-item-content');
    await items.first().waitFor();
    expect(await items.count()).toBe(20);
    const first = items.first();
    const href = await first.locator('.media-thumb > a').getAttribute('href');
    expect(href).toMatch(/^\/projects\/\d+\/$/);
    expect(await first.locator('.media-thumb > a > img').count()).toBe(1);
    expect(await first.locator('.media-info-item.title > a').getAttribute('href')).toBe(href);
    const more = page.locator('[data-control="load-more"]');
    // Load more, page after page of 20, until the button goes (demo has more than three pages).
    for (let shown = 20; shown < all.length; shown += 20) {
      await more.click();
      await expect.poll(() => items.count()).toBe(Math.min(shown + 20, all.length));
    }
    expect(await more.isVisible()).toBe(false);
    const ids = async () =>
      (await page
        .locator('ul.media-list .media-info-item.title > a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')))) as string[];
    expect(new Set(await ids())).toEqual(new Set(all.map((p) => `/projects/${p.id}/`)));

    await page.locator('.tabs-index a[href="#unshared"]').click();
    const unshared = all.filter((p) => !p.isShared).map((p) => `/projects/${p.id}/`);
    await expect.poll(async () => (await ids()).sort()).toEqual(unshared.sort());
    expect(await page.locator('.tabs-index li.active').getAttribute('data-tab')).toBe('unshared');
    await page.evaluate(() => {
      location.hash = '#shared';
    });
    await expect.poll(() => items.count()).toBe(Math.min(20, store().sharedProjectsOf(me.id).length));
    expect(await page.locator('.media-item-content.not-shared').count()).toBe(0);
    await page.evaluate(() => {
      location.hash = '#galleries';
    });
    await expect.poll(() => items.count()).toBe(Math.min(20, store().curatedStudiosOf(me.id).length));
    expect(await items.first().locator('.media-thumb > a').getAttribute('href')).toMatch(
      /^\/studios\/\d+\/$/,
    );
  });

  it('the editor: the GUI menu bar with CSS-module classes, My Stuff and the account; no navigation, comments or thumbnails', async () => {
    const project = store()
      .projects()
      .find((p) => p.isShared && p.authorId !== store().getUser(DEMO_USERNAME)?.id);
    if (!project) throw new Error('no project');
    await page.goto(`${sandbox.urls.site}/projects/${project.id}/editor`);
    const group = page.locator('div[class^="menu-bar_account-info-group"]');
    const mystuff = group.locator(
      '> a[href="/mystuff/"] > div[class*="menu-bar_menu-bar-item_"][class*="menu-bar_hoverable_"][class*="menu-bar_mystuff-button_"] > img[class^="menu-bar_mystuff-icon_"]',
    );
    await mystuff.waitFor();
    expect(
      await page.locator('#app div.menu-bar_menu-bar_3U1ps div.menu-bar_account-info-group_2_tsh').count(),
    ).toBe(1);
    expect(await group.evaluate((g) => g.firstElementChild?.className)).toMatch(
      /^menu-bar_menu-bar-item_\S+$/,
    );
    expect(await group.locator('span[class^="account-nav_profile-name_"]').textContent()).toBe(DEMO_USERNAME);
    expect(await page.locator('span[class*="author-info_project-title_"]').textContent()).toBe(project.title);
    expect(
      await page
        .locator('nav#navigation, #view, .comments-container, .comment, .thumbnail, img.project-thumbnail')
        .count(),
    ).toBe(0);
    expect(await page.locator('.message-count, .notificationsCount').count()).toBe(0);
    // The editor's DOM keeps changing while it is open.
    const mutations = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let seen = 0;
          const observer = new MutationObserver((records) => {
            seen += records.length;
          });
          observer.observe(document.getElementById('app') as HTMLElement, {
            subtree: true,
            childList: true,
            attributes: true,
            characterData: true,
          });
          setTimeout(() => {
            observer.disconnect();
            resolve(seen);
          }, 600);
        }),
    );
    expect(mutations).toBeGreaterThan(10);
  });

  it('"See inside" switches to the editor without a reload, "See Project Page" and back return to a new page frame', async () => {
    const project = store()
      .projects()
      .find((p) => p.isShared && p.commentsAllowed && store().topLevelComments('project', p.id).length > 0);
    if (!project) throw new Error('no project with comments');
    const firstComment = store().topLevelComments('project', project.id)[0];
    const pagePath = `${sandbox.urls.site}/projects/${project.id}/`;
    ensureUnread();
    await clearHttpCache();
    sandbox.control.messageCountCacheSeconds = 0;
    await page.goto(pagePath);
    await page.locator(`div.comments-list div.comment#comments-${firstComment?.id}`).waitFor();
    await page.locator('nav#navigation span.message-count.show').waitFor();
    await page.evaluate(() => {
      const w = window as unknown as { stayed: boolean; firstNav: Element | null };
      w.stayed = true;
      w.firstNav = document.querySelector('nav#navigation');
    });

    await page.locator('button.button.see-inside-button').click();
    await page.locator('div[class^="menu-bar_account-info-group"] > a[href="/mystuff/"]').waitFor();
    expect(page.url()).toBe(`${pagePath}editor/`);
    expect(await page.locator('nav#navigation, .comments-container, #view').count()).toBe(0);

    await page
      .locator('span[class*="community-button_community-button_"]', { hasText: 'See Project Page' })
      .click();
    await page.locator(`div.comments-list div.comment#comments-${firstComment?.id}`).waitFor();
    expect(page.url()).toBe(pagePath);
    const state = await page.evaluate(() => {
      const w = window as unknown as { stayed?: boolean; firstNav: Element | null };
      const span = document.querySelector('nav#navigation li.link.right.messages > a > span.message-count');
      return {
        stayed: w.stayed,
        newNav: document.querySelector('nav#navigation') !== w.firstNav,
        nodes: span ? [...span.childNodes].map((n) => [n.nodeType, n.nodeValue]) : null,
        className: span?.className,
        gui: document.querySelectorAll('[class*="menu-bar_menu-bar_"]').length,
      };
    });
    // navigation.jsx's componentWillUnmount set the count to 0; the new bar shows it until a read.
    expect(state).toEqual({
      stayed: true,
      newNav: true,
      nodes: [
        [3, '0'],
        [3, ' '],
      ],
      className: 'message-count',
      gui: 0,
    });
    try {
      await clearHttpCache();
      await page.evaluate(() =>
        (
          window as unknown as { sandboxSite: { readMessageCount(): Promise<void> } }
        ).sandboxSite.readMessageCount(),
      );
      expect(await page.locator('nav#navigation span.message-count').textContent()).toBe(
        `${store().unreadCount(DEMO_USERNAME)} `,
      );
    } finally {
      sandbox.control.messageCountCacheSeconds = 30;
    }

    // Back and forward switch modes too (handlePopState).
    await page.locator('button.button.see-inside-button').click();
    await page.locator('div[class^="menu-bar_account-info-group"]').waitFor();
    await page.goBack();
    await page.locator('nav#navigation').waitFor();
    await page.locator(`div.comments-list div.comment#comments-${firstComment?.id}`).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  it('full screen keeps the page (project-view.jsx renders Page): div.guiPlayer.fullscreen', async () => {
    const project = store()
      .projects()
      .find((p) => p.isShared);
    await page.goto(`${sandbox.urls.site}/projects/${project?.id}/fullscreen`);
    await page.locator('div.guiPlayer.fullscreen').waitFor();
    expect(await page.locator('nav#navigation').count()).toBe(1);
    await page.locator('div.guiPlayer .stage-fullscreen-button').click();
    await page.locator('div.guiPlayer:not(.fullscreen)').waitFor();
    expect(page.url()).toBe(`${sandbox.urls.site}/projects/${project?.id}/`);
  });

  it('signed out: /mystuff/ sends to sign in; the editor has "Join Scratch" and "Sign in" instead of My Stuff', async () => {
    const own = await browser.newContext();
    try {
      const tab = await own.newPage();
      await tab.goto(`${sandbox.urls.site}/mystuff/`);
      expect(tab.url()).toBe(`${sandbox.urls.site}/login/?next=/mystuff/`);
      const project = store()
        .projects()
        .find((p) => p.isShared);
      await tab.goto(`${sandbox.urls.site}/projects/${project?.id}/editor/`);
      const group = tab.locator('div[class^="menu-bar_account-info-group"]');
      await group.locator('div[class*="menu-bar_hoverable_"]', { hasText: 'Sign in' }).waitFor();
      expect(
        await group.locator('div[class*="menu-bar_hoverable_"]', { hasText: 'Join Scratch' }).count(),
      ).toBe(1);
      expect(await group.locator('a[href="/mystuff/"]').count()).toBe(0);
      expect(await tab.locator('nav#navigation').count()).toBe(0);
      // The new-project editor has no "See Project Page".
      await tab.goto(`${sandbox.urls.site}/projects/editor/`);
      await tab.locator('div[class^="menu-bar_account-info-group"]').waitFor();
      expect(await tab.locator('span[class*="community-button_community-button_"]').count()).toBe(0);
    } finally {
      await own.close();
    }
  });

  // Its own context: the dropped request logs a console error the check after each test would count.
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
        await expect.poll(() => count.textContent()).toBe('0 ');
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
