/**
 * One member per browsing context, in real browsers. Firefox (local build), the member (demo)
 * signed in in the default container: a tab of another container (a WebDriver BiDi user context,
 * which Firefox makes a container), signed in there as someone else, shows the project page of a
 * project whose remixes the member loved or favorited. That tab shows none of Companion's count
 * (nav bar, title) nor marks, its site's own reading of that user's count does not reach the
 * member's count and badge, and a love click there does not enter the member's statuses; it still
 * translates (nothing of the member's in that). Meanwhile the member's own tab, in the same launch,
 * shows their count and marks. In both browsers the loaded build refuses private windows
 * (`incognito: not_allowed`): the browser itself offers no way to allow it there.
 */
import type { Page as PuppeteerPage } from 'puppeteer-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERNAME } from '@/sandbox/index';
import type { Project } from '@/sandbox/model';
import { type TestPage, useBrowser, withSandbox } from './harness';
import { FIREFOX_EXTENSION_ID } from './harness/firefox';
import { createTestPage } from './harness/test-page';

const sandbox = withSandbox();

const MARK = '[data-companion="project-status"]';
const SHOWN_MARK = `${MARK}[data-loved="true"], ${MARK}[data-favorited="true"]`;
const TRANSLATE = 'div.comment button[data-companion="translate"]';
const TRANSLATION = '[data-companion="translation"]';
const NAV_COUNT = 'li.messages span.message-count';
/** Anything Companion adds that carries the member's state. */
const MEMBER_MARKS = `${MARK}, [data-companion="editor-message-count"], [data-companion="profile-message-count"]`;

const titleOf = (page: TestPage) => page.evaluate(() => document.title);
const countOf = (page: TestPage, selector: string) =>
  page.evaluate((s) => document.querySelectorAll(s).length, selector);

/** What the checks below use of the extension API, inside the extension (serialised functions). */
interface FirefoxApi {
  browser: {
    tabs: { query(query: object): Promise<{ url?: string; cookieStoreId?: string }[]> };
    runtime: { getManifest(): { incognito?: string } };
  };
}

/** A Puppeteer page (Firefox) as the harness's TestPage. */
function asTestPage(page: PuppeteerPage): TestPage {
  return createTestPage({
    evaluate: (fn, arg) => page.evaluate(fn, arg),
    goto: (url) => page.goto(url, { waitUntil: 'load', timeout: 30_000 }).then(() => undefined),
    click: (selector) => page.click(selector),
    setViewport: (size) => page.setViewport(size),
    emulateColorScheme: async () => undefined,
    runScript: (source) => page.evaluate(source),
    screenshot: (options) => page.screenshot(options),
    close: () => page.close(),
    isClosed: () => page.isClosed(),
    raw: { kind: 'puppeteer', page },
  });
}

/** Brings the remix list into view: marks follow what is seen. */
const showRemixes = (page: TestPage) =>
  page.evaluate(() => document.querySelector('.remix-list')?.scrollIntoView({ block: 'center' }));

describe('firefox', () => {
  let project: Project;
  let other: string;
  let otherId: number;
  let memberCount: number;
  let otherCount: number;
  beforeAll(() => {
    const store = sandbox().control.store;
    const demoId = store.getUser(DEMO_USERNAME)?.id ?? 0;
    const marked = (id: number) => store.isLoved(id, demoId) || store.isFavorited(id, demoId);
    const user = store
      .users()
      .find((u) => u.id !== demoId && /^[A-Za-z0-9_-]+$/.test(u.username) && u.username !== DEMO_USERNAME);
    if (!user) throw new Error('The seed has no second user with a plain name');
    other = user.username;
    otherId = user.id;
    // A project page with a marked remix near the top of its remix list and comments to translate,
    // loved by neither member: the love click below is the other user's first.
    const found = store.projects().find(
      (p) =>
        p.isShared &&
        !store.isLoved(p.id, demoId) &&
        !store.isLoved(p.id, otherId) &&
        store.topLevelComments('project', p.id).length >= 3 &&
        store
          .remixesOf(p.id)
          .filter((r) => r.isShared)
          .slice(0, 4)
          .some((r) => marked(r.id)),
    );
    if (!found) throw new Error('The seed has no project with a marked remix and comments');
    project = found;
    // Two different counts: the member's, and a larger one for the other user.
    for (let i = store.unreadCount(DEMO_USERNAME); i < 3; i++)
      sandbox().control.addMessage(DEMO_USERNAME, { type: 'followuser', actor: DEMO_USERNAME });
    memberCount = store.unreadCount(DEMO_USERNAME);
    for (let i = store.unreadCount(other); i < memberCount + 4; i++)
      sandbox().control.addMessage(other, { type: 'followuser', actor: other });
    otherCount = store.unreadCount(other);
  });
  const browser = useBrowser('firefox', { sandbox, signedInAs: DEMO_USERNAME });
  const badgeText = async () => (await browser().badge()).text;
  const memberState = async () => {
    const { messageCount, projectStatuses } = await browser().readStorage('local', [
      'messageCount',
      'projectStatuses',
    ]);
    const statuses = projectStatuses as
      | { members: Record<string, { loves: Record<string, { loved: boolean }> }> }
      | undefined;
    return {
      count: (messageCount as { count?: number } | undefined)?.count,
      loved: statuses?.members[DEMO_USERNAME.toLowerCase()]?.loves[String(project.id)]?.loved ?? null,
    };
  };

  it("a container's tab signed in as someone else gets nothing of the member's and gives nothing; the member's tab keeps it all", async () => {
    const url = `${browser().profile.site}/projects/${project.id}/`;

    // Another container, signed in as the other user: first, so that the member's tab below is
    // the last to read the member's count (the background then takes a page's differing reading
    // as news, as it would from the member's own pages).
    const own = await browser().openPage(`${browser().profile.site}/csrf_token/`);
    const context = await (own.raw.page as PuppeteerPage).browser().createBrowserContext();
    const container = asTestPage(await context.newPage());
    try {
      await container.setViewport({ width: 1000, height: 700 });
      await container.goto(
        `${browser().profile.site}/login/?as=${other}&next=${encodeURIComponent('/csrf_token/')}`,
      );
      await container.waitFor(() => location.pathname === '/csrf_token/');

      // The member's own tab (the default container): count in the bar and the title, marks.
      await own.goto(url);
      await own.setViewport({ width: 1000, height: 700 });
      await own.waitForText(`${NAV_COUNT}.show`, String(memberCount), { timeout: 20_000 });
      await expect
        .poll(() => titleOf(own), { timeout: 20_000 })
        .toMatch(new RegExp(`^\\(${memberCount}\\) `));
      await own.waitFor(() => document.querySelector('.remix-list .thumbnail') !== null);
      await showRemixes(own);
      await own.waitFor((s) => document.querySelector(s) !== null, SHOWN_MARK, { timeout: 20_000 });
      await expect.poll(badgeText, { timeout: 20_000 }).toBe(String(memberCount));

      await container.goto(url);

      // It is a container as the extension sees it: its tab has a cookie store of its own.
      const stores = await browser().evaluateInExtension(async (address) => {
        const tabs = await (globalThis as unknown as FirefoxApi).browser.tabs.query({});
        return tabs.filter((tab) => tab.url === address).map((tab) => tab.cookieStoreId ?? 'none');
      }, url);
      expect(stores).toHaveLength(2);
      expect(stores).toContain('firefox-default');
      expect(stores.filter((store) => /^firefox-container-\d+$/.test(store))).toHaveLength(1);

      // Companion runs there (the round trip's marker, the Translate buttons), and the site shows
      // its own user's count.
      await container.waitFor(
        () => document.documentElement.dataset.companion?.startsWith('ready'),
        undefined,
        {
          timeout: 20_000,
        },
      );
      await container.waitForText(`${NAV_COUNT}.show`, String(otherCount), { timeout: 20_000 });
      await container.evaluate(() =>
        document.querySelector('div.comment')?.scrollIntoView({ block: 'center' }),
      );
      await container.waitFor((s) => document.querySelectorAll(s).length >= 2, TRANSLATE, {
        timeout: 20_000,
      });
      await showRemixes(container);
      await container.waitFor(() => document.querySelector('.remix-list .thumbnail') !== null);
      // A translation: a round trip to the background that follows whatever the tab sent before.
      await container.click(TRANSLATE);
      await container.waitFor((s) => document.querySelector(s) !== null, TRANSLATION);

      // Nothing of the member's shows there, and the site's reading of its own user's count
      // did not become the member's.
      expect(await countOf(container, MEMBER_MARKS)).toBe(0);
      expect(await titleOf(container)).not.toMatch(/^\(\d+\) /);
      expect(await container.text(NAV_COUNT)).toBe(String(otherCount));
      expect(await badgeText()).toBe(String(memberCount));
      expect((await memberState()).count).toBe(memberCount);

      // The other user loves the project there: not the member's love.
      await container.click('div.project-loves');
      await container.waitFor(() => document.querySelector('div.project-loves.loved') !== null);
      expect(sandbox().control.store.isLoved(project.id, otherId)).toBe(true);
      // Another round trip from that tab, after the love click.
      await container.evaluate((s) => document.querySelectorAll<HTMLButtonElement>(s)[1]?.click(), TRANSLATE);
      await container.waitFor((s) => document.querySelectorAll(s).length >= 2, TRANSLATION);
      expect((await memberState()).loved).not.toBe(true);
      expect(await countOf(container, MEMBER_MARKS)).toBe(0);
    } finally {
      await context.close().catch(() => undefined);
    }

    // The member's own tab, same launch: still their count and marks.
    expect(await own.text(NAV_COUNT)).toBe(String(memberCount));
    expect(await titleOf(own)).toMatch(new RegExp(`^\\(${memberCount}\\) `));
    expect(await countOf(own, SHOWN_MARK)).toBeGreaterThan(0);
    expect(await badgeText()).toBe(String(memberCount));
    await own.close();
  });

  it('is not allowed in private windows, and Firefox offers no switch to allow it', async () => {
    const incognito = await browser().evaluateInExtension(
      () => (globalThis as unknown as FirefoxApi).browser.runtime.getManifest().incognito,
      undefined,
    );
    expect(incognito).toBe('not_allowed');
    // What about:addons reads to offer "Run in Private Windows": the add-on's own permissions.
    const page = await browser().openPage(`${browser().profile.site}/csrf_token/`);
    const privileged = await (page.raw.page as PuppeteerPage).browser().newPage();
    try {
      privileged.goto('about:config').catch(() => undefined);
      const about = asTestPage(privileged);
      await about.waitFor(() => location.href === 'about:config' && document.readyState === 'complete');
      const access = await privileged.evaluate(async (id) => {
        const chromeUtils = (globalThis as { ChromeUtils?: { importESModule(url: string): unknown } })
          .ChromeUtils;
        if (!chromeUtils) throw new Error('about:config has no ChromeUtils: is system access allowed?');
        const { AddonManager } = chromeUtils.importESModule(
          'resource://gre/modules/AddonManager.sys.mjs',
        ) as {
          AddonManager: {
            PERM_CAN_CHANGE_PRIVATEBROWSING_ACCESS: number;
            getAddonByID(id: string): Promise<{ incognito: string; permissions: number }>;
          };
        };
        const addon = await AddonManager.getAddonByID(id);
        return {
          incognito: addon.incognito,
          canBeAllowed: (addon.permissions & AddonManager.PERM_CAN_CHANGE_PRIVATEBROWSING_ACCESS) !== 0,
        };
      }, FIREFOX_EXTENSION_ID);
      expect(access).toEqual({ incognito: 'not_allowed', canBeAllowed: false });
    } finally {
      await privileged.close().catch(() => undefined);
      await page.close();
    }
  });
});

describe('chromium', () => {
  const browser = useBrowser('chromium', { sandbox, signedInAs: DEMO_USERNAME });

  it('is not allowed in incognito windows, and Chromium offers no switch to allow it', async () => {
    const incognito = await browser().evaluateInExtension(
      () =>
        (globalThis as unknown as { chrome: FirefoxApi['browser'] }).chrome.runtime.getManifest().incognito,
      undefined,
    );
    expect(incognito).toBe('not_allowed');
    // The extensions page's own API: whether "Allow in Incognito" is offered, and whether turning
    // it on takes.
    const extensions = await browser().openPage('chrome://extensions/');
    const id = new URL(browser().extensionOrigin).host;
    const access = await extensions.evaluate(async (extensionId) => {
      type Private = {
        getExtensionInfo(id: string): Promise<{ incognitoAccess: { isEnabled: boolean; isActive: boolean } }>;
        updateExtensionConfiguration(update: {
          extensionId: string;
          incognitoAccess: boolean;
        }): Promise<void>;
      };
      const api = (globalThis as unknown as { chrome: { developerPrivate: Private } }).chrome
        .developerPrivate;
      // As the switch would: Chromium takes the call, and turns it on only where the manifest lets it.
      await api.updateExtensionConfiguration({ extensionId, incognitoAccess: true });
      const info = await api.getExtensionInfo(extensionId);
      return { offered: info.incognitoAccess.isEnabled, active: info.incognitoAccess.isActive };
    }, id);
    expect(access).toEqual({ offered: false, active: false });
    await extensions.close();
  });
});
