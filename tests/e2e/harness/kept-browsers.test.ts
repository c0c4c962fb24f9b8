/**
 * The browser a test worker keeps from one file to the next (kept-firefox.ts, kept-chromium.ts)
 * reaches the next file as a new one would: the same browser, but nothing of the last file in it.
 * The last file here signs in, writes every storage area of the extension and the page storage of
 * the site and of the popup, darkens pages and leaves a popup and a site page open; the next finds
 * none of it.
 */
import type { BrowserContext, Page as PlaywrightPage } from 'playwright-core';
import type { Page as PuppeteerPage } from 'puppeteer-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_USERNAME } from '@/sandbox/index';
import { BROWSER_NAMES, type ExtensionBrowser, launchBrowser, type TestPage, withSandbox } from '.';

const sandbox = withSandbox();

/** What identifies the browser a page is in: Firefox's process, Chromium's (persistent) context. */
function browserOf(page: TestPage): number | BrowserContext | undefined {
  return page.raw.kind === 'puppeteer'
    ? (page.raw.page as PuppeteerPage).browser().process()?.pid
    : (page.raw.page as PlaywrightPage).context();
}

/** The address of every open tab (each asked: Puppeteer names an extension page about:blank). */
async function openTabs(page: TestPage): Promise<string[]> {
  const tabs =
    page.raw.kind === 'puppeteer'
      ? await (page.raw.page as PuppeteerPage).browser().pages()
      : (page.raw.page as PlaywrightPage).context().pages();
  // (Puppeteer lists a closed tab a while: it answers nothing.)
  return Promise.all(
    tabs.map((tab) => (tab as PuppeteerPage).evaluate(() => location.href).catch(() => 'closed')),
  );
}

/** The site's own answer to who is signed in, from a page of the site. */
const signedInUser = (page: TestPage) =>
  page.evaluate(async () => {
    const answer = await fetch('/session/', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    return ((await answer.json()) as { user?: { username: string } }).user?.username ?? null;
  });

const prefersDark = (page: TestPage) =>
  page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);

describe.each(BROWSER_NAMES)('a %s kept for the next file', (name) => {
  let next: ExtensionBrowser | undefined;
  afterAll(async () => {
    await next?.close();
    next = undefined;
    sandbox().control.reset();
  });

  it('is the same browser, with nothing of the last file: no session, storage, tab or preference', async () => {
    const last = await launchBrowser(name, { sandbox: sandbox(), signedInAs: DEMO_USERNAME, reuse: true });
    const site = await last.openPage(`${last.profile.site}/`);
    const lastBrowser = browserOf(site);
    expect(await signedInUser(site)).toBe(DEMO_USERNAME);
    await site.evaluate(() => localStorage.setItem('leftByLast', 'site'));
    for (const area of ['local', 'sync', 'session'] as const)
      await last.setStorage(area, { leftByLast: area });
    await site.emulateColorScheme('dark');
    await expect.poll(() => prefersDark(site)).toBe(true);
    const popup = await last.openPopup();
    await popup.evaluate(() => localStorage.setItem('leftByLast', 'popup'));
    await last.close();

    next = await launchBrowser(name, { sandbox: sandbox(), reuse: true });
    const page = await next.openPage(`${next.profile.site}/`);
    expect(browserOf(page)).toBe(lastBrowser);
    expect(await signedInUser(page)).toBeNull();
    expect(await prefersDark(page)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('leftByLast'))).toBeNull();
    for (const area of ['local', 'sync', 'session'] as const) {
      expect(await next.readStorage(area, ['leftByLast']), area).toEqual({});
    }
    const extensionPage = await next.openExtensionPage('/options.html');
    expect(await extensionPage.evaluate(() => localStorage.getItem('leftByLast'))).toBeNull();
    await extensionPage.close();
    // No popup left: only the extension page Firefox's harness reads storage in.
    const extensionTabs = (await openTabs(page)).filter((url) =>
      url.startsWith(next?.extensionOrigin ?? '-'),
    );
    expect(extensionTabs).toEqual(name === 'firefox' ? [`${next.extensionOrigin}/manifest.json`] : []);
  });
});
