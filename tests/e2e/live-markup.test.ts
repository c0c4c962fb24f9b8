/**
 * Companion on the site as it really renders (docs/site-reference.md, "Page markup that content scripts
 * read" and "Legacy pages"), in real Chromium (public build, live host names mapped onto the
 * sandbox) and Firefox (local build):
 * - the navigation bar's count is two text nodes whose number React changes in place: after
 *   Companion has written there, the page's own later reading still shows, and reaches the badge
 *   with no read of Companion's own;
 * - a legacy page's count (`span.notificationsCount.none`) shows the member's count while the
 *   site's own is a stale 0;
 * - studio comments (no `.comments-list`) get one Translate button each and one "Translate all",
 *   also after Load more and with replies;
 * - a profile's "About me" and "What I'm working on" get Translate and read aloud, the member's own
 *   editable texts nothing;
 * - My Stuff's pictures carry the right marks, the featured-project picker none;
 * - the editor shows the count beside My Stuff, live, and no Translate button or mark, also after
 *   "See inside" switched to it without a reload.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '@/sandbox/control';
import { translateText } from '@/sandbox/helpers/translator';
import { DEMO_USERNAME } from '@/sandbox/index';
import type { Project, Studio, User } from '@/sandbox/model';
import { BROWSER_NAMES, scrollThrough, type TestPage, useBrowser, withSandbox } from './harness';
import { reuseThumbnailForUnreadProject } from './harness/status-mark-probe';

const sandbox = withSandbox();
const COUNT_ROUTE = /^\/users\/[^/]+\/messages\/count$/;

/** Every studio comment (not the composer) with its Translate buttons, and the page's "Translate all". */
const studioComments = (page: TestPage) =>
  page.evaluate(() => ({
    comments: [...document.querySelectorAll('.studio-compose-container div.comment[id^="comments-"]')].map(
      (comment) => ({
        id: comment.id,
        buttons: comment.querySelectorAll(
          ':scope > .comment-body > .comment-bubble button[data-companion="translate"]',
        ).length,
      }),
    ),
    composerButtons: document.querySelectorAll('.compose-row button[data-companion="translate"]').length,
    translateAll: document.querySelectorAll('[data-companion="translate-all"]').length,
  }));

describe.each(BROWSER_NAMES)('%s', (name) => {
  const store = () => sandbox().control.store;
  const site = () => browser().profile.site;
  const unread = () => store().unreadCount(DEMO_USERNAME);
  const badgeText = async () => (await browser().badge()).text;
  let studio: Studio;
  let other: User;
  let mine: Project[];

  beforeAll(() => {
    // The site's own reads must see each new message at once (no CDN copy), and the member has some.
    sandbox().control.messageCountCacheSeconds = 0;
    // Without the team's alerts and the invitation: the messages page takes the count to 0 here.
    sandbox().control.clearAlerts(DEMO_USERNAME);
    for (let i = unread(); i < 3; i++)
      sandbox().control.addMessage(DEMO_USERNAME, { type: 'followuser', actor: 'alice' });
    const demo = store().getUser(DEMO_USERNAME);
    const studioFound = store()
      .studios()
      .find((s) => {
        const top = store().topLevelComments('studio', s.id);
        return top.length > 20 && top.slice(0, 20).some((c) => store().replyCount(c.id) > 0);
      });
    if (!studioFound) throw new Error('The seed has no studio with more than a page of comments and replies');
    studio = studioFound;
    const otherFound = store()
      .users()
      .find((u) => u.id !== demo?.id && /\p{L}{3}/u.test(u.bio) && /\p{L}{3}/u.test(u.status));
    if (!otherFound) throw new Error('The seed has no member with an "About me" and a status');
    other = otherFound;
    // My Stuff lists the member's projects, newest change first: one loved, one favorited, one neither.
    mine = store()
      .allProjectsOf(demo?.id ?? 0)
      .filter((p) => p.isShared)
      .sort((a, b) => b.modified.localeCompare(a.modified) || b.id - a.id)
      .slice(0, 3);
    if (mine.length < 3) throw new Error('The demo member has fewer than three shared projects');
    const [loved, favorited, neither] = mine as [Project, Project, Project];
    store().setLove(loved.id, DEMO_USERNAME, true);
    store().setFavorite(loved.id, DEMO_USERNAME, false);
    store().setLove(favorited.id, DEMO_USERNAME, false);
    store().setFavorite(favorited.id, DEMO_USERNAME, true);
    store().setLove(neither.id, DEMO_USERNAME, false);
    store().setFavorite(neither.id, DEMO_USERNAME, false);
  });
  // After the hook above (hooks run in order), so that the browser's first read of the count
  // already finds no CDN copy, which a browser would also keep in its HTTP cache.
  const browser = useBrowser(name, { sandbox, signedInAs: DEMO_USERNAME });

  it("the site's own later reading shows in its navigation bar after Companion wrote there, and reaches the badge with no read of Companion's own", async () => {
    // Companion's own first read (the sign-in's) has landed before the page opens: the page's reading
    // then comes after it and is the newer one. Opened first, the page could hand its reading over
    // before that read's answer, which would then stand as a fresh poll of Companion's own, read
    // again every minute while the page is in front (never a minute old).
    const before = unread();
    await expect.poll(badgeText, { timeout: 20_000 }).toBe(String(before));
    const page = await browser().openPage(`${site()}/explore/projects/all/`);
    await page.waitForText('li.messages span.message-count.show', String(before));
    // Within a minute of the poller's own read, a page that disagrees may be showing the CDN's older
    // copy and is not taken as a reading (lib/message-count/message-count.ts, CDN_STALE_MS): the
    // page's readings count once the stored count is the page's own, or the poll is older than that.
    await expect
      .poll(
        async () => {
          const { messageCount } = await browser().readStorage('local', ['messageCount']);
          const state = messageCount as { source?: string; readAt?: number } | undefined;
          return state?.source !== 'poll' || Date.now() - (state.readAt ?? 0) > 61_000;
        },
        { timeout: 75_000, interval: 500 },
      )
      .toBe(true);
    // Companion has written there (its count, into the number's node): the page's renderer reads again.
    for (const added of [1, 2]) {
      sandbox().control.addMessage(DEMO_USERNAME, { type: 'followuser', actor: 'alice' });
      const count = unread();
      expect(count).toBe(before + added);
      const since = Date.now();
      await page.evaluate(async () => {
        await (
          window as unknown as { sandboxSite: { readMessageCount(): Promise<void> } }
        ).sandboxSite.readMessageCount();
      });
      // The member sees it in the bar: the renderer's node is still the one on screen...
      await page.waitForText('li.messages span.message-count.show', String(count));
      expect(
        await page.evaluate(() =>
          [...(document.querySelector('span.message-count')?.childNodes ?? [])].map((n) => n.textContent),
        ),
      ).toEqual([String(count), ' ']);
      // ...and the badge follows the page's reading, with no read of the count by the extension.
      await expect.poll(badgeText).toBe(String(count));
      const reads = sandbox()
        .control.requestLog({ part: 'api' })
        .filter((entry: RequestLogEntry) => Date.parse(entry.time) >= since && COUNT_ROUTE.test(entry.path));
      const siteOrigin = new URL(site()).origin;
      // (The page's own first read may land here too: it starts once the page knows the session.)
      expect(reads.filter((entry) => entry.origin === siteOrigin).length).toBeGreaterThanOrEqual(1);
      expect(reads.filter((entry) => entry.origin !== siteOrigin)).toEqual([]);
    }
    await page.close();
  });

  it("a legacy page shows the member's count while the site's own count is a stale 0", async () => {
    // The member's count, as Companion knows it.
    await expect.poll(badgeText, { timeout: 20_000 }).toMatch(/^\d+$/);
    const count = Number(await badgeText());
    // The page's own read hangs: its count stays the template's hidden 0.
    sandbox().control.addLatency({ part: 'api', pattern: '/users/*/messages/count', fixedMs: 60_000 });
    try {
      const page = await browser().openPage(`${site()}/users/${other.username}/`);
      const shown = () =>
        page.evaluate(() => {
          const span = document.querySelector('#topnav li.messages span.notificationsCount');
          return span
            ? {
                text: span.textContent?.trim(),
                hidden: span.classList.contains('none'),
                displayed: getComputedStyle(span).display !== 'none',
              }
            : null;
        });
      await expect.poll(shown).toEqual({ text: String(count), hidden: false, displayed: true });
      await page.close();
    } finally {
      sandbox().control.clearFaults();
      sandbox().control.releaseDelayed();
    }
  });

  it('studio comments get one Translate button each and one "Translate all", after Load more and with replies', async () => {
    const page = await browser().openPage(`${site()}/studios/${studio.id}/comments`);
    await page.waitFor(
      () => document.querySelectorAll('.studio-compose-container div.comment[id^="comments-"]').length > 0,
    );
    // The page has no comment list element: the comments sit in an unnamed div (studio-comments.jsx).
    expect(await page.evaluate(() => document.querySelectorAll('.comments-list').length)).toBe(0);
    // A comment gets its button in the feature's next batch after it nears the screen, not at the
    // scroll itself: wait until every comment has one (a second button would never go away). A
    // comment the scroll passed before the feature watched it (a busy machine) gets its button when
    // it nears the screen again: the reader scrolls through again, as a member would.
    const eachHasOne = async () => {
      await scrollThrough(page);
      const now = await studioComments(page);
      return {
        many: now.comments.length > 20,
        withoutOne: now.comments.filter((c) => c.buttons !== 1).map((c) => c.id),
        composerButtons: now.composerButtons,
        translateAll: now.translateAll,
      };
    };
    await expect
      .poll(eachHasOne, { timeout: 20_000 })
      .toEqual({ many: true, withoutOne: [], composerButtons: 0, translateAll: 1 });
    let shown = await studioComments(page);

    const first = shown.comments.length;
    await page.click('.studio-compose-container button.load-more-button');
    await page.waitFor(
      (n) =>
        document.querySelectorAll('.studio-compose-container div.comment[id^="comments-"]').length >
        (n as number),
      first,
    );
    // Open a collapsed thread's further replies where there is one.
    const beforeExpand = await page.evaluate(
      () => document.querySelectorAll('.studio-compose-container div.comment[id^="comments-"]').length,
    );
    const expanded = await page.evaluate(() => {
      const link = document.querySelector('a.expand-thread') as HTMLElement | null;
      link?.click();
      return link !== null;
    });
    if (expanded) {
      await page.waitFor(
        (n) =>
          document.querySelectorAll('.studio-compose-container div.comment[id^="comments-"]').length >
          (n as number),
        beforeExpand,
      );
    }
    await expect
      .poll(
        async () => {
          await scrollThrough(page);
          const now = await studioComments(page);
          return {
            more: now.comments.length > first,
            withoutOne: now.comments.filter((c) => c.buttons !== 1).map((c) => c.id),
            translateAll: now.translateAll,
          };
        },
        { timeout: 20_000 },
      )
      .toEqual({ more: true, withoutOne: [], translateAll: 1 });
    shown = await studioComments(page);
    expect(new Set(shown.comments.map((c) => c.id)).size).toBe(shown.comments.length);
    await page.close();
  });

  it('"About me" and "What I\'m working on" get Translate and read aloud; the member\'s own editable texts none', async () => {
    await browser().setStorage('sync', { translationSettings: { buttons: true, readAloud: true } });
    const page = await browser().openPage(`${site()}/users/${other.username}/`);
    for (const block of ['#bio-readonly', '#status-readonly']) {
      await page.waitFor(
        (b) => document.querySelectorAll(`${b} [data-companion="translate"]`).length === 1,
        block,
      );
      await page.waitFor(
        (b) => document.querySelectorAll(`${b} [data-companion="read-aloud"]`).length === 1,
        block,
      );
    }
    await page.click('#bio-readonly button[data-companion="translate"]');
    expect(await page.text('#bio-readonly [data-companion="translation"]')).toBe(
      translateText(other.bio, 'en').trim(),
    );
    // Below the texts' scrolling boxes, where they are seen whole, with "Show original".
    expect(
      await page.evaluate(
        () =>
          document.querySelectorAll(
            '#bio-readonly .viewport [data-companion], #status-readonly .viewport [data-companion]',
          ).length,
      ),
    ).toBe(0);
    expect(await page.text('#bio-readonly button[data-companion="translate"]')).toBe('Show original');
    await page.close();

    const own = await browser().openPage(`${site()}/users/${DEMO_USERNAME}/`);
    await own.waitFor(() => document.querySelector('textarea#bio') !== null);
    // The comments below get their buttons: the feature runs, and leaves the member's own texts alone.
    await own.waitFor(() => document.querySelectorAll('#comments div.comment').length > 0);
    await scrollThrough(own);
    await own.waitFor(() => document.querySelectorAll('#comments [data-companion="translate"]').length > 0);
    expect(
      await own.evaluate(
        () => document.querySelectorAll('#user-details [data-companion], #bio-readonly').length,
      ),
    ).toBe(0);
    await own.close();
    await browser().setStorage('sync', { translationSettings: { buttons: true, readAloud: false } });
  });

  it("My Stuff's pictures carry the right marks; the featured-project picker none", async () => {
    const page = await browser().openPage(`${site()}/mystuff/`);
    const [loved, favorited, neither] = mine as [Project, Project, Project];
    const markOf = (id: number) =>
      page.evaluate((projectId) => {
        const picture = [...document.querySelectorAll('ul.media-list > li .media-thumb')].find((thumb) =>
          thumb.querySelector(`a[href="/projects/${projectId}/"]`),
        );
        const marks = picture?.querySelectorAll('[data-companion="project-status"]') ?? [];
        const mark = marks[0];
        return picture
          ? {
              marks: marks.length,
              id: mark?.getAttribute('data-project-id') ?? null,
              loved: mark?.getAttribute('data-loved') ?? null,
              favorited: mark?.getAttribute('data-favorited') ?? null,
              visible: mark instanceof HTMLElement && !mark.hidden && mark.offsetWidth > 0,
            }
          : null;
      }, id);
    await expect
      .poll(() => markOf(loved.id))
      .toEqual({ marks: 1, id: String(loved.id), loved: 'true', favorited: 'false', visible: true });
    await expect
      .poll(() => markOf(favorited.id))
      .toEqual({ marks: 1, id: String(favorited.id), loved: 'false', favorited: 'true', visible: true });
    await expect
      .poll(() => markOf(neither.id))
      .toEqual({ marks: 1, id: String(neither.id), loved: 'false', favorited: 'false', visible: false });
    await page.close();

    const profile = await browser().openPage(`${site()}/users/${DEMO_USERNAME}/`);
    // The carousels are marked...
    await profile.waitFor(
      (id) =>
        document.querySelector(
          `li.project.thumb.item [data-companion="project-status"][data-project-id="${id}"][data-loved="true"]`,
        ) !== null,
      loved.id,
    );
    // ...the dialog's choices are not, though the same projects are in it.
    await profile.click('[data-control="change-featured-project"]');
    await profile.waitFor(
      () => document.querySelectorAll('#featured-project-modal li.project.thumb.item').length > 0,
    );
    // The page's observers told of the dialog's choices before the probe: they are past them once
    // the probe's mark shows.
    const probe = await reuseThumbnailForUnreadProject(profile, sandbox(), {
      thumbnails: '.slider-carousel-container li.project.thumb.item',
      siteOrigin: new URL(site()).origin,
    });
    await probe.marked();
    expect(
      await profile.evaluate(() => ({
        choices: document.querySelectorAll('#featured-project-modal li.project.thumb.item').length > 2,
        marks: document.querySelectorAll('#featured-project-modal [data-companion="project-status"]').length,
      })),
    ).toEqual({ choices: true, marks: 0 });
    await profile.close();
  });

  it('the editor shows the count beside My Stuff, live, and no Translate button or mark, also after "See inside"', async () => {
    // Someone's project with notes and comments (Translate buttons on its page).
    const project = store()
      .projects()
      .find(
        (p) =>
          p.isShared && p.instructions.length > 20 && store().topLevelComments('project', p.id).length > 3,
      );
    if (!project) throw new Error('The seed has no project with notes and comments');
    await expect.poll(badgeText, { timeout: 20_000 }).toMatch(/^\d+$/);
    const count = Number(await badgeText());
    const editorCount = (page: TestPage) =>
      page.evaluate(() => {
        const shown = document.querySelector('[data-companion="editor-message-count"]');
        return shown instanceof HTMLElement
          ? {
              text: shown.textContent,
              hidden: shown.hidden,
              besideMyStuff: shown.previousElementSibling?.getAttribute('href') === '/mystuff/',
              inAccountGroup:
                shown.parentElement?.className.startsWith('menu-bar_account-info-group') ?? false,
            }
          : null;
      });
    const companionOnPage = (page: TestPage) =>
      page.evaluate(() => ({
        translate: document.querySelectorAll('[data-companion="translate"], [data-companion="translate-all"]')
          .length,
        marks: document.querySelectorAll('[data-companion="project-status"]').length,
      }));

    const editor = await browser().openPage(`${site()}/projects/${project.id}/editor/`);
    await expect
      .poll(() => editorCount(editor))
      .toEqual({ text: String(count), hidden: false, besideMyStuff: true, inAccountGroup: true });
    expect(await companionOnPage(editor)).toEqual({ translate: 0, marks: 0 });

    // The member reads their messages in another tab: the editor's count follows, hidden at 0.
    const messages = await browser().openPage(`${site()}/messages/`);
    await expect
      .poll(() => editorCount(editor), { timeout: 20_000 })
      .toMatchObject({ text: '0', hidden: true });
    await messages.close();
    await editor.close();

    // From the project page, "See inside" switches to the editor without a reload, and back.
    sandbox().control.addMessage(DEMO_USERNAME, { type: 'followuser', actor: 'alice' });
    const page = await browser().openPage(`${site()}/projects/${project.id}/`);
    // The page's comments and notes get their buttons; its own count read reaches Companion (the
    // number may be a copy the browser kept: what matters here is that the editor shows the badge's).
    await page.waitFor(() => document.querySelector('[data-companion="translate"]') !== null);
    await expect.poll(badgeText).not.toBe('');
    await page.click('button.see-inside-button');
    await expect.poll(() => page.url()).toMatch(/\/editor\/?$/);
    await expect
      .poll(async () => ({ shown: await editorCount(page), badge: await badgeText() }))
      .toSatisfy(
        ({ shown, badge }) =>
          shown !== null &&
          shown.text === badge &&
          !shown.hidden &&
          shown.besideMyStuff &&
          shown.inAccountGroup,
      );
    await expect.poll(() => companionOnPage(page)).toEqual({ translate: 0, marks: 0 });
    await page.click('[class*="community-button_community-button_"]');
    await expect.poll(() => page.url()).not.toMatch(/\/editor\/?$/);
    await page.waitFor(() => document.querySelector('li.messages span.message-count') !== null);
    await expect.poll(() => editorCount(page)).toBeNull();
    await page.close();
  });
});
