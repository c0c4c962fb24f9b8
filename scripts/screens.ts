/**
 * The pictures `npm start -- --headless` saves (and the README shows, from docs/screenshots/): the
 * popup's three views at the toolbar's width, the settings page, and two site pages with what
 * Companion adds (loved/favorited marks on thumbnails; a comment with its translation shown). All
 * of the sandbox's seeded data, as the demo member sees it.
 */
import { join } from 'node:path';
import { translateText } from '../sandbox/helpers/translator';
import { DEMO_USERNAME, type RunningSandbox } from '../sandbox/index';
import type { ExtensionBrowser } from '../tests/e2e/harness/extension-browser';
import type { TestPage } from '../tests/e2e/harness/test-page';

/** Browsers size a popup to its content, up to this height. */
const POPUP_MAX_HEIGHT = 600;
/** The popup's own width (entrypoints/popup/style.css). */
const POPUP_WIDTH = 380;
/**
 * Before a screenshot, a page has settled when its pictures in view have loaded, its fonts are
 * ready and nothing in it has changed for QUIET_MS (what it fetches has been filled in); a page
 * that keeps changing is taken after SETTLE_MAX_MS all the same. `within` narrows "nothing
 * changed" to one part of a page whose other parts never stop (the editor's running project).
 */
const QUIET_MS = 400;
const SETTLE_MAX_MS = 5_000;
/** Site pages: a laptop window, cut to what the picture is about. */
const SITE_VIEW = { width: 1000, height: 640 };
/** The language the translation picture translates into (the site's language cookie). */
const TRANSLATION_LANGUAGE = 'es';

export function settle(page: TestPage, within?: string): Promise<void> {
  // (No named functions in here: tsx would wrap them in a helper the page does not have.)
  return page.evaluate(
    ({ quietMs, maxMs, within }) =>
      new Promise<void>((resolve) => {
        const deadline = Date.now() + maxMs;
        let changed = Date.now();
        const observer = new MutationObserver(() => {
          changed = Date.now();
        });
        const root = (within ? document.querySelector(within) : null) ?? document;
        observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
        void document.fonts.ready.then(() => {
          const timer = setInterval(() => {
            const picturesLoaded = [...document.images].every((image) => {
              const box = image.getBoundingClientRect();
              const inView =
                box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
              return !inView || image.complete;
            });
            if ((picturesLoaded && Date.now() - changed >= quietMs) || Date.now() > deadline) {
              clearInterval(timer);
              observer.disconnect();
              resolve();
            }
          }, 50);
        });
      }),
    { quietMs: QUIET_MS, maxMs: SETTLE_MAX_MS, within },
  );
}

/** The popup as the toolbar shows it: 380 px wide, as tall as its content (up to the limit). */
async function shootPopup(popup: TestPage, path: string): Promise<string> {
  await settle(popup);
  // The body's own height: the document's would be at least the tab's viewport.
  const height = await popup.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
  await popup.setViewport({ width: POPUP_WIDTH, height: Math.min(Math.max(height, 1), POPUP_MAX_HEIGHT) });
  await popup.screenshot({ path });
  // Back to full height, so the next view lays out as it would in the toolbar.
  await popup.setViewport({ width: POPUP_WIDTH, height: POPUP_MAX_HEIGHT });
  return path;
}

/**
 * The popup as it opens (`popup.png`), and each of its views. Leaves the popup on its first view,
 * as a member's next open would find it.
 */
export async function screenshotPopupViews(browser: ExtensionBrowser, dir: string): Promise<string[]> {
  const popup = await browser.openPopup();
  await popup.waitFor(() => document.querySelector('#app')?.childElementCount);
  const paths = [await shootPopup(popup, join(dir, 'popup.png'))];
  const signedIn = await popup.evaluate(
    () => document.querySelector('[data-testid="popup-tab-feed"]') !== null,
  );
  if (signedIn) {
    const views: [tab: string, ready: string][] = [
      ['feed', '[data-testid="feed-item"]'],
      ['messages', '[data-testid="message-item"]'],
      ['explore', '[data-testid="project-card"]'],
      ['mystuff', '[data-testid="mystuff-list"] [data-testid="project-card"]'],
    ];
    for (const [tab, ready] of views) {
      await popup.click(`[data-testid="popup-tab-${tab}"]`);
      await popup.waitFor((selector) => document.querySelector(selector) !== null, ready, {
        timeout: 15_000,
      });
      paths.push(await shootPopup(popup, join(dir, `popup-${tab}.png`)));
    }
    await popup.click('[data-testid="popup-tab-feed"]');
  }
  await popup.close();
  return paths;
}

/** The settings page, whole, at a width where its groups read well. */
export async function screenshotSettings(browser: ExtensionBrowser, dir: string): Promise<string> {
  const page = await browser.openExtensionPage('options.html');
  await page.setViewport({ width: 720, height: 800 });
  await page.waitFor(() => document.querySelector('#app fieldset, #app input') !== null);
  await settle(page);
  const height = await page.evaluate(() => Math.ceil(document.documentElement.scrollHeight));
  await page.setViewport({ width: 720, height: Math.min(height, 1600) });
  const path = join(dir, 'settings.png');
  await page.screenshot({ path });
  await page.close();
  return path;
}

/** Scrolls `selector` to the middle of the window (below the site's fixed bar). */
async function centre(page: TestPage, selector: string): Promise<void> {
  await page.evaluate((s) => document.querySelector(s)?.scrollIntoView({ block: 'center' }), selector);
}

/**
 * Marks on thumbnails: the site's list of all projects, at the row with the most projects the
 * demo member loved or favorited.
 */
export async function screenshotMarks(browser: ExtensionBrowser, dir: string): Promise<string> {
  const page = await browser.openPage(`${browser.profile.site}/explore/projects/all/`);
  await page.setViewport(SITE_VIEW);
  await page.waitFor(
    () => document.querySelectorAll('[data-companion="project-status"]').length >= 3,
    undefined,
    {
      timeout: 15_000,
    },
  );
  await settle(page);
  // The thumbnail that starts the run of thumbnails with the most marks goes to the middle.
  // (No named functions in here: tsx would wrap them in a helper the page does not have.)
  await page.evaluate(() => {
    const thumbnails = [...document.querySelectorAll('.thumbnail')];
    const marked = thumbnails.map((thumbnail) =>
      thumbnail.querySelector('[data-companion="project-status"]') ? 1 : 0,
    );
    let best = 0;
    let bestCount = -1;
    for (let index = 0; index < thumbnails.length; index++) {
      let count = 0;
      for (const one of marked.slice(index, index + 10)) count += one;
      if (count > bestCount) {
        best = index;
        bestCount = count;
      }
    }
    thumbnails[best]?.scrollIntoView({ block: 'center' });
  });
  const path = join(dir, 'site-marks.png');
  await settle(page);
  await page.screenshot({ path });
  await page.close();
  return path;
}

/**
 * A comment with its translation: a project page in the seed, with the member's site language set
 * to Spanish (the site's cookie), after a click on the comment's Translate button. The comment is
 * the one among the first ones the offline translator changes most (it knows a few words).
 */
export async function screenshotTranslation(
  browser: ExtensionBrowser,
  sandbox: RunningSandbox,
  dir: string,
): Promise<string> {
  const store = sandbox.control.store;
  const changedWords = (text: string) => {
    const before = text.split(/\s+/);
    const after = translateText(text, TRANSLATION_LANGUAGE).split(/\s+/).slice(1);
    return before.filter((word, index) => word !== after[index]).length;
  };
  const candidates = store
    .projects()
    .filter((project) => project.isShared)
    .flatMap((project) =>
      store
        .topLevelComments('project', project.id)
        .slice(0, 5)
        .filter((comment) => comment.content.length > 30 && comment.content.length < 160)
        .map((comment) => ({ project, comment, score: changedWords(comment.content) })),
    )
    .sort((a, b) => b.score - a.score);
  const chosen = candidates[0];
  if (!chosen) throw new Error('The seed has no project with comments to translate');
  const url = `${browser.profile.site}/projects/${chosen.project.id}/`;
  const page = await browser.openPage(url);
  await page.evaluate((language) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the site keeps the member's language this way.
    document.cookie = `scratchlanguage=${language}; path=/`;
  }, TRANSLATION_LANGUAGE);
  await page.goto(url);
  await page.setViewport(SITE_VIEW);
  const comment = `#comments-${chosen.comment.id}`;
  const button = `${comment} button[data-companion="translate"]`;
  await page.waitFor((s) => document.querySelector(s) !== null, button, { timeout: 15_000 });
  await centre(page, comment);
  await page.click(button);
  await page.waitFor((s) => document.querySelector(s) !== null, `${comment} [data-companion="translation"]`, {
    timeout: 15_000,
  });
  await centre(page, comment);
  await settle(page);
  const path = join(dir, 'site-translation.png');
  await page.screenshot({ path });
  // The cookie is the browser's: a member of this session gets the site in their own language back.
  await page.evaluate(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the site clears its language cookie this way.
    document.cookie = 'scratchlanguage=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });
  await page.close();
  return path;
}

/**
 * The editor: its menu bar with the member's message count beside My Stuff (the editor has none of
 * its own), on a project of the demo member's.
 */
export async function screenshotEditor(
  browser: ExtensionBrowser,
  sandbox: RunningSandbox,
  dir: string,
): Promise<string> {
  const store = sandbox.control.store;
  const member = store.getUser(DEMO_USERNAME);
  const project = member ? store.sharedProjectsOf(member.id)[0] : undefined;
  const page = await browser.openPage(`${browser.profile.site}/projects/${project?.id ?? ''}/editor/`);
  await page.setViewport(SITE_VIEW);
  await page.waitFor(
    () => {
      const count = document.querySelector('[data-companion="editor-message-count"]');
      return count instanceof HTMLElement && !count.hidden;
    },
    undefined,
    { timeout: 15_000 },
  );
  // The project plays on its stage (as the editor's does) and never stops changing: the menu bar,
  // where Companion's count is, settles.
  await settle(page, '[class*="menu-bar_menu-bar_"]');
  const path = join(dir, 'site-editor.png');
  await page.screenshot({ path });
  await page.close();
  return path;
}

/** A visitor's view of a profile: "About me" and "What I'm working on" with their Translate buttons. */
export async function screenshotProfileTexts(
  browser: ExtensionBrowser,
  sandbox: RunningSandbox,
  dir: string,
): Promise<string> {
  const someone = sandbox.control.store
    .users()
    .find((user) => user.username !== DEMO_USERNAME && user.bio.length > 20 && user.status.length > 10);
  const page = await browser.openPage(`${browser.profile.site}/users/${someone?.username ?? DEMO_USERNAME}/`);
  await page.setViewport(SITE_VIEW);
  await page.waitFor(
    () => document.querySelector('#bio-readonly [data-companion="translate"]') !== null,
    undefined,
    {
      timeout: 15_000,
    },
  );
  await page.click('#bio-readonly button[data-companion="translate"]');
  await page.waitFor(
    () => document.querySelector('#bio-readonly [data-companion="translation"]') !== null,
    undefined,
    {
      timeout: 15_000,
    },
  );
  await settle(page);
  const path = join(dir, 'site-profile.png');
  await page.screenshot({ path });
  await page.close();
  return path;
}
