/**
 * A real browser restart: the browser closed with the demo member signed in, relaunched on the same
 * profile directory with the site's session cookie gone. The sandbox's `scratchsessionsid` has no
 * expiry (sandbox/session-routes.ts), so the browser drops it as it closes, as a browser set to
 * clear cookies on exit drops the live site's; the test checks it is gone. The popup's first frame
 * and the badge show signed out, before any read of the session (reads are held: none may be
 * needed), and nothing of the previous member shows in the popup at any moment.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_USERNAME } from '@/sandbox/index';
import { BROWSER_NAMES, type ExtensionBrowser, launchBrowser, type TestPage, withSandbox } from './harness';
import { ownKey } from './harness/own-keys';

const sandbox = withSandbox();

/**
 * Runs in the popup: what its first frame shows (the first render into #app) and whether the member
 * ever shows. Chromium runs it before the popup's scripts. Firefox runs no preload script in an
 * extension page (WebDriver BiDi's script.addPreloadScript skips moz-extension documents), so there
 * it runs as soon as the page has loaded and the first frame is the first one it sees; the unit test
 * entrypoints/popup/App.test.tsx covers the frame before the background's check.
 */
const WATCH_POPUP = `(() => {
  const seen = { firstFrame: null, memberEver: false };
  globalThis.__companionPopupSeen = seen;
  const look = () => {
    const app = document.getElementById('app');
    if (!app || app.childElementCount === 0) return;
    const member = app.querySelector('[data-testid="popup-member"]') !== null;
    seen.memberEver ||= member;
    seen.firstFrame ??= { member, signedOut: app.querySelector('[data-testid="signed-out"]') !== null };
  };
  look();
  new MutationObserver(look).observe(document, { childList: true, subtree: true });
})();`;

type Seen = { firstFrame: { member: boolean; signedOut: boolean } | null; memberEver: boolean };

/** Opens the popup with WATCH_POPUP running (before any of its scripts where the browser allows). */
async function openWatchedPopup(browser: ExtensionBrowser): Promise<TestPage> {
  const page = await browser.openPage('about:blank');
  await page.setViewport({ width: 380, height: 600 });
  if (page.raw.kind === 'playwright') {
    await page.raw.page.addInitScript(WATCH_POPUP);
    await page.goto(`${browser.extensionOrigin}/popup.html`);
  } else {
    await page.goto(`${browser.extensionOrigin}/popup.html`);
    await page.runScript(WATCH_POPUP);
  }
  return page;
}

type ExtensionApi = typeof browser;

/** The site's session cookie as the browser holds it (null: none). */
const sessionCookie = (target: ExtensionBrowser) =>
  target.evaluateInExtension(async (site) => {
    const api =
      (globalThis as { browser?: ExtensionApi }).browser ??
      (globalThis as unknown as { chrome: ExtensionApi }).chrome;
    const cookie = await api.cookies.get({ url: `${site}/`, name: 'scratchsessionsid' });
    return cookie === null ? null : { session: cookie.session };
  }, target.profile.site);

describe.each(BROWSER_NAMES)('%s', (name) => {
  it('after a restart without the session cookie: signed out in the popup’s first frame and on the badge, with no session read', async () => {
    const profileDir = await mkdtemp(join(tmpdir(), `companion-restart-${name}-`));
    let browser: ExtensionBrowser | undefined;
    try {
      // Signed in, the count read and shown: what the member had before closing the browser.
      browser = await launchBrowser(name, {
        sandbox: sandbox(),
        userDataDir: profileDir,
        signedInAs: DEMO_USERNAME,
      });
      sandbox().control.addMessage(DEMO_USERNAME, { type: 'followuser', actor: 'alice' });
      const before = await browser.openPopup();
      await before.waitForText('[data-testid="popup-member"]', DEMO_USERNAME);
      await before.waitFor(
        () => document.querySelector('[data-testid="popup-message-count"]')?.getAttribute('data-count'),
        undefined,
        { timeout: 20_000 },
      );
      // The badge is set from the stored count on its own, after the popup may show it.
      await expect.poll(async () => (await browser?.badge())?.text).toMatch(/^[1-9]/);
      // A cookie of the browser session: the browser does not keep it past closing.
      expect(await sessionCookie(browser)).toEqual({ session: true });
      await browser.close();
      browser = undefined;

      // Any session read is held from now on: the first frame may not wait for one.
      sandbox().control.clearLog();
      sandbox().control.addLatency({ pattern: '/session/', fixedMs: 60_000 });
      browser = await launchBrowser(name, { sandbox: sandbox(), userDataDir: profileDir });
      const popup = await openWatchedPopup(browser);
      const seen = await popup.waitFor(() => {
        const s = (globalThis as { __companionPopupSeen?: Seen }).__companionPopupSeen;
        return s?.firstFrame ? s : null;
      });
      expect(seen?.firstFrame).toEqual({ member: false, signedOut: true });
      expect(await sessionCookie(browser)).toBeNull();
      // The badge: the signed-out mark, not the previous member's count.
      await expect.poll(async () => (await browser?.badge())?.text, { interval: 100 }).toBe('?');
      const badge = await browser.badge();
      expect(badge.title).not.toContain(DEMO_USERNAME);
      expect(await popup.evaluate(() => document.body.textContent)).not.toContain(DEMO_USERNAME);
      expect(
        await popup.evaluate(() => (globalThis as { __companionPopupSeen?: Seen }).__companionPopupSeen),
      ).toMatchObject({ memberEver: false });
      // No session read was needed, and none was made.
      expect(sandbox().control.inFlight({ pattern: '/session/' })).toEqual([]);
      expect(sandbox().control.requestLog({ pattern: '/session/' })).toEqual([]);
    } finally {
      sandbox().control.clearFaults();
      sandbox().control.releaseDelayed();
      await browser?.close();
      await rm(profileDir, { recursive: true, force: true });
    }
  });
});

/**
 * While you were away, in Firefox, which can grant the notifications permission without a prompt
 * and show notifications where a test sees them (harness/firefox.ts, `grantNotifications`).
 * Chromium asks in a prompt no test can answer, so there the notifier is unit-tested with the
 * browser faked (lib/message-count/message-notifications.test.ts, "while you were away", and
 * message-count-background.test.ts for the long absence with the browser open).
 */
describe('firefox', () => {
  /** Runs in the options page: every notification Firefox reports shown, with what it said. */
  const RECORD_SHOWN = `(() => {
    globalThis.__companionShown = [];
    browser.notifications.onShown.addListener(async (id) => {
      const shown = await browser.notifications.getAll();
      globalThis.__companionShown.push({ id, title: shown[id]?.title, message: shown[id]?.message });
    });
  })();`;
  type Shown = { id: string; title?: string; message?: string };

  it('after a restart, one notification for what came while the browser was closed, leaving out what is muted; then today’s for a new arrival', async () => {
    const profileDir = await mkdtemp(join(tmpdir(), 'companion-away-firefox-'));
    const { control } = sandbox();
    const store = control.store;
    // The count's CDN (simulated: 30 s) is left out. With it, a poll between the first notification
    // and the new love is served the count from before the love, by the CDN and then by the
    // browser's own HTTP cache (max-age), for 30 s: the love is announced at the first read after
    // that, about 30 s later, which is right (plain polls honour the CDN, as the site's operators
    // ask) but beyond this test's window. CI, slow, had such a poll (the first notification came
    // more than a poll after sign-in) and failed. The CDN's delay is message-count.test.ts's.
    const cdnSeconds = control.messageCountCacheSeconds;
    control.messageCountCacheSeconds = 0;
    let browser: ExtensionBrowser | undefined;
    try {
      browser = await launchBrowser('firefox', {
        sandbox: sandbox(),
        userDataDir: profileDir,
        signedInAs: DEMO_USERNAME,
        grantNotifications: true,
      });
      // The member turns notifications on (what is unread now is not news) and mutes follows.
      const options = await browser.openExtensionPage('/options.html');
      await options.click('[data-testid="setting-notifications"]');
      await expect
        .poll(async () => (await browser?.readStorage('local', ['lastNotifiedMessage']))?.lastNotifiedMessage)
        .toMatchObject({ username: DEMO_USERNAME });
      await browser.setStorage('sync', {
        [ownKey(sandbox(), 'messageMutes', DEMO_USERNAME)]: { kinds: ['followuser'], people: [] },
      });
      await browser.close();
      browser = undefined;

      // While the browser is closed: two comments, a love and a (muted) follow.
      const demo = store.getUser(DEMO_USERNAME);
      const project = demo && store.sharedProjectsOf(demo.id)[0];
      const alice = store.getUser('alice');
      if (!demo || !project || !alice) throw new Error('The seed has no demo project or alice');
      for (const content of ['Cool game!', 'How did you make the cat jump?']) {
        const comment = store.addComment({
          place: 'project',
          placeId: project.id,
          parentId: null,
          commenteeId: null,
          authorId: alice.id,
          content,
        });
        sandbox().control.addCommentMessage(DEMO_USERNAME, comment);
      }
      sandbox().control.addMessage(DEMO_USERNAME, {
        type: 'loveproject',
        actor: 'alice',
        fields: { project_id: project.id, title: project.title },
      });
      sandbox().control.addMessage(DEMO_USERNAME, { type: 'followuser', actor: 'alice' });

      // The browser starts again (its session cookie gone); the member signs in.
      browser = await launchBrowser('firefox', {
        sandbox: sandbox(),
        userDataDir: profileDir,
        grantNotifications: true,
      });
      await browser.tune({ pollPeriodSeconds: 2, ignoreIdle: true });
      const recorder = await browser.openExtensionPage('/options.html');
      await recorder.runScript(RECORD_SHOWN);
      await browser.signIn(DEMO_USERNAME);
      const shown = () =>
        recorder.evaluate(() =>
          ((globalThis as { __companionShown?: Shown[] }).__companionShown ?? []).filter((n) =>
            n.id.startsWith('companion-messages|'),
          ),
        );
      await expect.poll(shown, { timeout: 20_000 }).toHaveLength(1);
      expect((await shown())[0]).toMatchObject({
        title: '3 new messages while you were away',
        message: '2 comments and 1 love',
      });

      // A message arrives now: today's notification, for it alone; the three are not announced again.
      sandbox().control.addMessage(DEMO_USERNAME, {
        type: 'loveproject',
        actor: 'alice',
        fields: { project_id: project.id, title: 'Space Maze' },
      });
      await expect.poll(shown, { timeout: 20_000 }).toHaveLength(2);
      expect((await shown())[1]).toMatchObject({
        title: 'New message',
        message: 'alice loved your project “Space Maze”',
      });
    } finally {
      control.messageCountCacheSeconds = cdnSeconds;
      await browser?.close();
      await rm(profileDir, { recursive: true, force: true });
    }
  });
});
