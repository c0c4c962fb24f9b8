/**
 * Every context of the extension works in both real browsers, with the production builds:
 * the background starts, the popup renders its answer, the content script runs on site pages
 * (and only there), and the sandbox's signed-in user is what the site shows.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_USERNAME } from '@/sandbox/index';
import { BROWSER_NAMES, useBrowser, withSandbox } from './harness';
import { readBuiltManifest } from './harness/paths';

const sandbox = withSandbox();

describe.each(BROWSER_NAMES)('%s', (name) => {
  const browser = useBrowser(name, { sandbox, signedInAs: DEMO_USERNAME });
  const { version } = readBuiltManifest(name);

  it('starts the background, which answers the popup', async () => {
    const popup = await browser().openPopup();
    const status = await popup.waitForText('[data-testid="popup-status"]', 'Connected');
    expect(status).toBe(`Connected (version ${version}, ${browser().profile.name} site)`);
    await popup.close();
  });

  it('runs the content script on a site page, which round-trips the typed ping', async () => {
    const page = await browser().openPage(`${browser().profile.site}/`);
    const marker = await page.waitFor(() => document.documentElement.dataset.companion);
    expect(marker).toBe(`ready ${version}`);
    await page.close();
  });

  it('leaves a page that is not the site alone (the API origin)', async () => {
    // Two guards keep it so: the content script stops off the site's origin (the local build
    // matches every 127.0.0.1 port), and the background refuses pings from other tabs.
    // Open the API page first, then a site page: once the later page's content script has
    // answered, the earlier page's would have too, had it run.
    const apiPage = await browser().openPage(`${browser().profile.api}/users/${DEMO_USERNAME}`);
    const sitePage = await browser().openPage(`${browser().profile.site}/`);
    await sitePage.waitFor(() => document.documentElement.dataset.companion);
    expect(new URL(await apiPage.url()).origin).toBe(browser().profile.api);
    expect(await apiPage.evaluate(() => document.documentElement.dataset.companion ?? null)).toBeNull();
    await apiPage.close();
    await sitePage.close();
  });

  it('shows the signed-in demo user on the site, and nobody once signed out', async () => {
    const nameInNavigation = '#navigation .account-nav .profile-name';
    const page = await browser().openPage(`${browser().profile.site}/`);
    expect(await page.waitForText(nameInNavigation, DEMO_USERNAME)).toBe(DEMO_USERNAME);
    await browser().signOut();
    await page.goto(`${browser().profile.site}/`);
    expect(await page.text('#navigation .login-item')).toBe('Sign in');
    expect(await page.evaluate((selector) => document.querySelector(selector), nameInNavigation)).toBeNull();
    await browser().signIn(DEMO_USERNAME);
    await page.goto(`${browser().profile.site}/`);
    expect(await page.waitForText(nameInNavigation, DEMO_USERNAME)).toBe(DEMO_USERNAME);
    await page.close();
  });

  it('lets tests write and read extension storage and read the badge', async () => {
    await browser().setStorage('local', { 'e2e:probe': { written: name } });
    expect(await browser().readStorage('local', ['e2e:probe'])).toEqual({ 'e2e:probe': { written: name } });
    await browser().setStorage('local', { 'e2e:probe': null });
    const badge = await browser().badge();
    expect(typeof badge.text).toBe('string');
    expect(badge.title).toMatch(/Companion/);
  });

  it('saves a screenshot of each open page and the console log, as a failing test does', async () => {
    const page = await browser().openPage(`${browser().profile.site}/`);
    await page.evaluate((text) => console.log(text), `artifact probe ${name}`);
    const dir = await mkdtemp(join(tmpdir(), 'companion-artifacts-'));
    try {
      // Console lines reach the log asynchronously (Firefox: through its stdout).
      await expect
        .poll(() => browser().consoleLog().join('\n'), { timeout: 5_000 })
        .toContain(`artifact probe ${name}`);
      await browser().saveArtifacts(dir);
      const listed = readFileSync(join(dir, 'pages.txt'), 'utf8');
      expect(listed).toContain(`${browser().profile.site}/`);
      const firstShot = join(dir, 'page-1.png');
      expect(existsSync(firstShot)).toBe(true);
      expect(readFileSync(firstShot).subarray(1, 4).toString()).toBe('PNG');
      expect(readFileSync(join(dir, 'console.log'), 'utf8')).toContain(`artifact probe ${name}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
      await page.close();
    }
  });
});
