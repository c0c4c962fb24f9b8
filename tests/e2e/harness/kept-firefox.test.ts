/**
 * The Firefox a worker keeps from one file to the next (kept-firefox.ts) reaches the next file as a
 * new one would: the same browser process, but nothing of the last file in it. The last file here
 * signs in, writes every storage area of the extension, darkens pages and leaves a popup and a site
 * page open; the next finds none of it.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_USERNAME } from '@/sandbox/index';
import { type ExtensionBrowser, launchBrowser, type TestPage, withSandbox } from '.';

const sandbox = withSandbox();

const processOf = (page: TestPage) => (page.raw.page as Page).browser().process()?.pid;

/** The site's own answer to who is signed in, from a page of the site. */
const signedInUser = (page: TestPage) =>
  page.evaluate(async () => {
    const answer = await fetch('/session/', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    return ((await answer.json()) as { user?: { username: string } }).user?.username ?? null;
  });

const prefersDark = (page: TestPage) =>
  page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);

describe('a Firefox kept for the next file', () => {
  let next: ExtensionBrowser | undefined;
  afterAll(async () => {
    await next?.close();
  });

  it('is the same browser, with nothing of the last file: no session, storage, tab or preference', async () => {
    const last = await launchBrowser('firefox', { sandbox: sandbox(), signedInAs: DEMO_USERNAME });
    const site = await last.openPage(`${last.profile.site}/`);
    const lastProcess = processOf(site);
    expect(await signedInUser(site)).toBe(DEMO_USERNAME);
    await last.setStorage('local', { leftByLast: 1 });
    await last.setStorage('sync', { leftByLast: 2 });
    await last.setStorage('session', { leftByLast: 3 });
    await site.emulateColorScheme('dark');
    await expect.poll(() => prefersDark(site)).toBe(true);
    await last.openPopup();
    await last.close();

    next = await launchBrowser('firefox', { sandbox: sandbox() });
    const page = await next.openPage(`${next.profile.site}/`);
    expect(processOf(page)).toBe(lastProcess);
    expect(await signedInUser(page)).toBeNull();
    expect(await prefersDark(page)).toBe(false);
    for (const area of ['local', 'sync', 'session'] as const) {
      expect(await next.readStorage(area, ['leftByLast']), area).toEqual({});
    }
    // The new file's page and the kept ones (the first, blank tab and about:config): no popup left.
    // (Puppeteer lists a closed tab a while, and names an extension page about:blank: so each is asked.)
    const tabs = await (page.raw.page as Page).browser().pages();
    const open = await Promise.all(tabs.map((tab) => tab.evaluate(() => location.href).catch(() => '')));
    expect(open.filter((url) => url.startsWith('moz-extension:'))).toEqual([
      `${next.extensionOrigin}/manifest.json`,
    ]);
  });
});
