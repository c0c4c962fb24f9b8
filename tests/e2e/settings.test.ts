/**
 * The settings page in real Chromium (public build, live host names mapped onto the sandbox) and
 * Firefox (local build), signed in as the demo member: with a project page open (its
 * remix list holds projects the member loved or favorited, its comments have Translate buttons, a
 * translation is shown, its title starts with the message count) and the popup open on the feed's
 * marked cards, turning marks, Translate buttons, the title prefix and the toolbar badge off on the
 * options page changes the page, the popup and the toolbar without a reload; turning them on
 * brings everything back. The page is grouped by feature and passes axe.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERNAME } from '@/sandbox/index';
import type { Project } from '@/sandbox/model';
import { BROWSER_NAMES, seriousAxeFindings, type TestPage, useBrowser, withSandbox } from './harness';
import { openSettings, SETTINGS_GROUPS } from './harness/settings-page';
import { inFront } from './harness/still-works';

const sandbox = withSandbox();

const SITE_MARK = '[data-companion="project-status"]';
const SHOWN_SITE_MARK = `${SITE_MARK}[data-loved="true"], ${SITE_MARK}[data-favorited="true"]`;
const TRANSLATE = 'button[data-companion="translate"]';
const TRANSLATION = '[data-companion="translation"]';
const POPUP_CARD = '[data-testid="followed-projects"][data-feed="shared"] [data-testid="project-card"]';
const POPUP_MARK = `${POPUP_CARD} [data-testid="project-status"]`;

type ExtensionApi = typeof browser;

const countOf = (page: TestPage, selector: string) =>
  page.evaluate((s) => document.querySelectorAll(s).length, selector);
const titleOf = (page: TestPage) => page.evaluate(() => document.title);

/** Brings a tab to the front: a tab in the background sees no intersections (marks follow what is seen). */
async function bringToFront(page: TestPage): Promise<void> {
  await (page.raw.page as { bringToFront(): Promise<void> }).bringToFront();
}

describe.each(BROWSER_NAMES)('%s', (name) => {
  let project: Project;
  beforeAll(() => {
    const store = sandbox().control.store;
    const demoId = store.getUser(DEMO_USERNAME)?.id ?? 0;
    const marked = (id: number) => store.isLoved(id, demoId) || store.isFavorited(id, demoId);
    // A project page with a marked remix near the top of its remix list, and comments to translate.
    const found = store.projects().find(
      (p) =>
        p.isShared &&
        store.topLevelComments('project', p.id).length >= 3 &&
        store
          .remixesOf(p.id)
          .filter((r) => r.isShared)
          .slice(0, 4)
          .some((r) => marked(r.id)),
    );
    if (!found) throw new Error('The seed has no project with a marked remix and comments');
    project = found;
    // Messages to count (the browser before this one may have read every message).
    for (let i = store.unreadCount(DEMO_USERNAME); i < 3; i++) {
      sandbox().control.addMessage(DEMO_USERNAME, { type: 'followuser', actor: DEMO_USERNAME });
    }
  });
  // Firefox grants the notifications permission without its prompt and shows notifications where a
  // test sees them (harness/firefox.ts); Chromium's prompt cannot be answered by a test.
  const browser = useBrowser(name, { sandbox, signedInAs: DEMO_USERNAME, grantNotifications: true });
  const badgeText = async () => (await browser().badge()).text;

  it('turns marks, Translate buttons, the title prefix and the badge off and on, on the open page and popup, without a reload', async () => {
    // The site page: marks, a translation shown, the count in its title and on the toolbar.
    const site = await browser().openPage(`${browser().profile.site}/projects/${project.id}/`);
    await site.setViewport({ width: 1000, height: 700 });
    await site.waitFor(() => document.querySelector('.remix-list .thumbnail') !== null);
    await site.evaluate(() => document.querySelector('.remix-list')?.scrollIntoView({ block: 'center' }));
    await site.waitFor((s) => document.querySelector(s) !== null, SHOWN_SITE_MARK, { timeout: 20_000 });
    await site.waitFor((s) => document.querySelectorAll(s).length >= 3, TRANSLATE, { timeout: 20_000 });
    await site.evaluate(
      (s) => document.querySelector<HTMLButtonElement>(`div.comment ${s}`)?.click(),
      TRANSLATE,
    );
    await site.waitFor((s) => document.querySelector(s) !== null, TRANSLATION, { timeout: 15_000 });
    await expect.poll(() => titleOf(site), { timeout: 20_000 }).toMatch(/^\(\d+\) /);
    const count = /^\((\d+)\) /.exec(await titleOf(site))?.[1] ?? '';
    await expect.poll(badgeText, { timeout: 20_000 }).toBe(count);

    // The popup on the feed's Shared section: its cards carry marks.
    const popup = await browser().openPopup();
    await popup.click('[data-testid="feed-section-shared"]', { timeout: 20_000 });
    await popup.waitFor((s) => document.querySelectorAll(s).length > 0, POPUP_MARK, { timeout: 20_000 });

    // Neither may reload: a reload would lose these.
    for (const page of [site, popup])
      await page.evaluate(() => {
        (window as { settingsProbe?: boolean }).settingsProbe = true;
      });

    const options = await openSettings(browser());
    // One page, whose settings are whose under two headings, grouped by feature in this order.
    expect(
      await options.evaluate(() =>
        [...document.querySelectorAll('main > section')].map((section) => [
          section.querySelector('h2')?.id,
          [...section.querySelectorAll(':scope > fieldset')].map((f) => f.getAttribute('data-testid')),
        ]),
      ),
    ).toEqual(SETTINGS_GROUPS);
    const switches = [
      'setting-project-status-marks',
      'setting-translate-buttons',
      'setting-title-prefix',
      'setting-badge',
    ];
    const checked = () =>
      options.evaluate(
        (ids) =>
          ids.map((id) => document.querySelector<HTMLInputElement>(`[data-testid="${id}"]`)?.checked ?? null),
        switches,
      );
    expect(await checked()).toEqual([true, true, true, true]);
    expect(
      await options.evaluate(() =>
        [...document.querySelectorAll('main .setting:not(.setting-choices .setting)')].every((setting) => {
          const control = setting.querySelector('input, select');
          const help = document.getElementById(control?.getAttribute('aria-describedby') ?? '');
          return (help?.textContent ?? '').length > 20;
        }),
      ),
    ).toBe(true);
    await options.screenshot({ path: `.output/screens/options-${name}.png`, fullPage: true });
    expect(await seriousAxeFindings(options)).toEqual([]);

    // Off, one after the other, as a member would click them.
    for (const id of switches) await options.click(`[data-testid="${id}"]`);
    await expect.poll(checked).toEqual([false, false, false, false]);
    await site.waitFor((s) => document.querySelectorAll(s).length === 0, SITE_MARK);
    await site.waitFor(
      (s) => document.querySelectorAll(s).length === 0,
      `${TRANSLATE}, ${TRANSLATION}, [data-companion="translate-all"]`,
    );
    await expect.poll(() => titleOf(site)).not.toMatch(/^\(\d+\) /);
    await expect.poll(badgeText).toBe('');
    await popup.waitFor((s) => document.querySelectorAll(s).length === 0, POPUP_MARK);
    // The comments themselves stay.
    expect(await countOf(site, 'div.comment span.comment-content')).toBeGreaterThanOrEqual(3);

    // The Explore tab's language, the same choices as the popup's menu.
    await options.evaluate(() => {
      const select = document.querySelector<HTMLSelectElement>('[data-testid="setting-explore-language"]');
      if (!select) throw new Error('no Explore language setting');
      select.value = 'fr';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await expect
      .poll(async () => (await browser().readStorage('sync', ['exploreSettings'])).exploreSettings)
      .toMatchObject({ language: 'fr' });

    // On again: everything comes back, still without a reload.
    for (const id of switches) await options.click(`[data-testid="${id}"]`);
    await expect.poll(checked).toEqual([true, true, true, true]);
    await expect.poll(() => titleOf(site)).toMatch(new RegExp(`^\\(${count}\\) `));
    await expect.poll(badgeText).toBe(count);
    await popup.waitFor((s) => document.querySelectorAll(s).length > 0, POPUP_MARK);
    // The member looks at the site page again: the buttons are on its comments (a background tab
    // gets no intersections, and the buttons come as comments come near the screen).
    await inFront(site);
    await site.waitFor((s) => document.querySelectorAll(s).length >= 3, TRANSLATE);
    await bringToFront(site);
    await site.waitFor((s) => document.querySelector(s) !== null, SHOWN_SITE_MARK, { timeout: 20_000 });
    for (const page of [site, popup])
      expect(await page.evaluate(() => (window as { settingsProbe?: boolean }).settingsProbe)).toBe(true);

    await options.close();
    await popup.close();
    await site.close();
  });

  it('keeps a notification switch for each kind, and sends a test notification that says what to check', async () => {
    const KIND = '[data-testid="notify-kind"]';
    const kindsOn = (page: TestPage) =>
      page.evaluate(
        (s) =>
          [...document.querySelectorAll<HTMLInputElement>(s)]
            .filter((input) => !input.checked)
            .map((input) => [input.dataset.kind, input.dataset.commentType ?? null]),
        KIND,
      );
    const options = await browser().openExtensionPage('/options.html');
    // Every kind, each in its group as the site's messages filter groups them, all on at first.
    await options.waitFor((s) => document.querySelectorAll(s).length === 13, KIND);
    expect(
      await options.evaluate(() =>
        [...document.querySelectorAll('[data-testid="notify-kinds"] [data-group]')].map((group) => [
          group.getAttribute('data-group'),
          group.querySelectorAll('[data-testid="notify-kind"]').length,
        ]),
      ),
    ).toEqual([
      ['comments', 3],
      ['projects', 3],
      ['studios', 4],
      ['forums', 1],
      ['people', 1],
      ['other', 1],
    ]);
    expect(await kindsOn(options)).toEqual([]);

    // Loves and comments in my studios off: stored in sync, and still off on the next visit.
    await options.click(`${KIND}[data-kind="loveproject"]`);
    await options.click(`${KIND}[data-kind="addcomment"][data-comment-type="2"]`);
    const quietKinds = async () =>
      (
        (await browser().readStorage('sync', ['messageCountSettings'])).messageCountSettings as {
          quietKinds?: string[];
        }
      )?.quietKinds;
    await expect.poll(quietKinds).toEqual(['loveproject', 'addcomment:2']);
    await options.close();
    const again = await browser().openExtensionPage('/options.html');
    await again.waitFor((s) => document.querySelectorAll(s).length === 13, KIND);
    expect(await kindsOn(again)).toEqual([
      ['addcomment', '2'],
      ['loveproject', null],
    ]);

    // The test button, and what to check when nothing appears, there before any click.
    expect(await again.text('button[data-testid="test-notification"]')).toBe('Send a test notification');
    expect(
      await again.evaluate(() =>
        [...document.querySelectorAll('[data-testid="test-notification-checks"] li')].map(
          (li) => li.textContent,
        ),
      ),
    ).toEqual([
      "Your browser's notification settings for Companion.",
      "Your computer's Do Not Disturb or Focus mode (Focus assist on Windows, Focus on a Mac), which hides notifications.",
      "Your computer's settings must allow your browser to show notifications.",
    ]);
    if (name === 'firefox') {
      // Chromium asks for the permission in a prompt nothing here can answer: the click is
      // Firefox's only (the same component, lib/notifications/test-notification.ts).
      await again.click('button[data-testid="test-notification"]');
      const result = '[data-testid="test-notification-result"]';
      await again.waitFor((s) => document.querySelector(s)?.getAttribute('data-outcome') === 'sent', result);
      // Firefox reports it shown, and the page says so.
      await again.waitFor(
        (s) => document.querySelector(s)?.getAttribute('data-browser-says') === 'shown',
        result,
      );
      expect(await again.text('[data-testid="test-notification-browser-says"]')).toBe(
        'Your browser says it showed the notification. If you saw nothing, your computer is hiding it.',
      );
      const shown = await browser().evaluateInExtension(async () => {
        const api = (globalThis as { browser?: ExtensionApi }).browser;
        return (await api?.notifications.getAll()) ?? {};
      }, null);
      expect(shown).toMatchObject({
        'companion-test-notification': {
          title: 'Companion test',
          message: 'If you can read this, notifications work.',
        },
      });
    }
    await again.close();
  });
});
