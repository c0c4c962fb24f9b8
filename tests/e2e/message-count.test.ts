/**
 * The live message count in real Chromium (public build, live host names mapped onto the sandbox)
 * and Firefox (local build): badge, navigation bar, tab title and popup show the sandbox's count;
 * a new message shows up within one polling period; the messages page zeroes everything; ten site
 * tabs cost one poller; signed out, no authenticated request leaves the browser.
 *
 * The polling period is shortened through the development tuning (`pollPeriodSeconds`) and the
 * sandbox's CDN keeps counts for half of it, the ratio of the live site's cache to the real period.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '@/sandbox/control';
import { DEMO_USERNAME } from '@/sandbox/index';
import { BROWSER_NAMES, useBrowser, withSandbox } from './harness';
import { readAlarmDueInExtension, readInstallTypeInExtension } from './harness/extension-api';
import { startQuietPeriod } from './harness/quiet-period';
import { openSettings } from './harness/settings-page';
import { signInToEndQuietPeriod } from './harness/signed-out-period';

/** The poller's alarm (MESSAGE_COUNT_ALARM, lib/message-count/message-count-background.ts). */
const MESSAGE_COUNT_ALARM = 'message-count';

/** The words the extension uses for a count, in English (the browsers run in English). */
const messagesPhrase = (count: number) =>
  `${count.toLocaleString('en-US')} new message${count === 1 ? '' : 's'}`;
// Two seconds: short enough that waiting "a few periods" costs little, long enough that ten tabs'
// worth of pollers would be plain in the request log.
const PERIOD_SECONDS = 2;
const CDN_SECONDS = 1;
const PERIOD_MS = PERIOD_SECONDS * 1000;

const sandbox = withSandbox();

const COUNT_ROUTE = /^\/users\/[^/]+\/messages\/count$/;

describe.each(BROWSER_NAMES)('%s', (name) => {
  // Before the browser starts (hooks run in order): the CDN keeps counts for half a period, and the
  // member has a few messages (the browser before this one may have read every message).
  beforeAll(() => {
    sandbox().control.messageCountCacheSeconds = CDN_SECONDS;
    // Without the team's alerts and the invitation, which the messages page never clears (the
    // Messages tab's own tests have them): here it takes the count to 0.
    sandbox().control.clearAlerts(DEMO_USERNAME);
    for (let i = sandbox().control.store.unreadCount(DEMO_USERNAME); i < 3; i++) {
      sandbox().control.addMessage(DEMO_USERNAME, { type: 'followuser', actor: DEMO_USERNAME });
    }
  });
  const browser = useBrowser(name, { sandbox, signedInAs: DEMO_USERNAME });
  const unread = () => sandbox().control.store.unreadCount(DEMO_USERNAME);
  const badgeText = async () => (await browser().badge()).text;
  const expectedBadge = (count: number) => (count === 0 ? '' : count > 999 ? '1k+' : String(count));
  /** Count reads of the message count, split by who made them (the site's pages carry its origin). */
  const countReads = (since: number) => {
    const site = new URL(browser().profile.site).origin;
    const reads = sandbox()
      .control.requestLog({ part: 'api' })
      .filter((entry: RequestLogEntry) => Date.parse(entry.time) >= since && COUNT_ROUTE.test(entry.path));
    const fromPages = reads.filter((entry) => entry.origin === site);
    const fromExtension = reads.filter(madeByExtension);
    return { fromPages, fromExtension };
  };
  /** A request the extension made (the site's pages carry its origin). */
  const madeByExtension = (entry: RequestLogEntry) => entry.origin !== new URL(browser().profile.site).origin;

  describe('message count', () => {
    beforeAll(async () => {
      // Headless browsers get no input: without this the member would turn "away" after 5 minutes.
      await browser().tune({ pollPeriodSeconds: PERIOD_SECONDS, ignoreIdle: true });
    });

    it('runs as a development install, which obeys the tuning: it polls every few seconds, not every minute', async () => {
      // Chromium's --load-extension and Firefox's temporary add-on: the only installs that obey
      // the tuning (lib/dev-tuning.ts); a store or AMO install is "normal".
      expect(await browser().evaluateInExtension(readInstallTypeInExtension, undefined)).toBe('development');
      const since = Date.now();
      const page = await browser().openPage(`${browser().profile.site}/explore/projects/all/`);
      // Two reads of its own: a member's copy makes them a minute apart at the least; tuned, the
      // first comes 2.5 periods after the page's own reading (5 s) and the next a period later (within
      // the poll's 20 s default, on a loaded machine too, and never a minute apart).
      await expect.poll(() => countReads(since).fromExtension.length).toBeGreaterThanOrEqual(2);
      await page.close();
    });

    it('shows the count on the badge, in the navigation bar, the tab title and the popup', async () => {
      const count = unread();

      const page = await browser().openPage(`${browser().profile.site}/`);
      await expect.poll(badgeText).toBe(expectedBadge(count));
      // The title is set in a call of its own, which may land after the text's.
      await expect
        .poll(async () => (await browser().badge()).title)
        .toBe(`Companion: ${messagesPhrase(count)} for ${DEMO_USERNAME}`);
      expect(await page.waitForText('li.messages span.message-count.show', String(count))).toBe(
        String(count),
      );
      await expect.poll(() => page.evaluate(() => document.title)).toMatch(new RegExp(`^\\(${count}\\) `));

      const popup = await browser().openPopup();
      const line = await popup.waitForText('[data-testid="popup-message-count"]', /new message/);
      expect(line).toBe(`${messagesPhrase(count)} for ${DEMO_USERNAME}`);
      await popup.close();
      await page.close();
    });

    it('shows a message added on the service within one polling period, everywhere', async () => {
      const page = await browser().openPage(`${browser().profile.site}/explore/projects/all/`);
      await expect.poll(badgeText).toBe(expectedBadge(unread()));
      // The page's own reading stands in for a poll for a while (2.5 periods): start the clock at
      // the poller's next own read, so the test measures one polling period.
      const opened = Date.now();
      await expect
        .poll(
          async () => {
            const { messageCount } = await browser().readStorage('local', ['messageCount']);
            const state = messageCount as { source?: string; readAt?: number } | undefined;
            return state?.source === 'poll' && (state.readAt ?? 0) > opened;
          },
          // 2.5 periods of the page's reading, the alarm's own delay and a loaded machine's slack.
          { interval: 200 },
        )
        .toBe(true);
      // Within one period: the poller's alarm, as it stands when the message comes, is due at most one
      // period later (a read skipped, or a period stretched to the 2.5 periods after a page's
      // reading, would put it further), and its read shows the message everywhere. The alarm's own
      // schedule, not the time its read takes to arrive: a loaded machine fires alarms late, which
      // is the browser's doing, not the poller's.
      const scheduledFrom = Date.now();
      const scheduled = await browser().evaluateInExtension(readAlarmDueInExtension, MESSAGE_COUNT_ALARM);
      sandbox().control.addMessage(DEMO_USERNAME, { type: 'followuser', actor: 'demo' });
      const added = Date.now();
      const count = unread();
      expect(scheduled).not.toBeNull();
      expect((scheduled as number) - scheduledFrom).toBeLessThanOrEqual(PERIOD_MS);

      await expect.poll(badgeText, { interval: 250 }).toBe(expectedBadge(count));
      // The badge followed the poller's own read, the first after the message.
      expect(
        countReads(0).fromExtension.some(
          (entry) =>
            entry.path === `/users/${DEMO_USERNAME}/messages/count` && Date.parse(entry.time) >= added,
        ),
      ).toBe(true);
      // The page did not reload: the navigation bar and the title followed the background, no request of the tab.
      await page.waitForText('li.messages span.message-count.show', String(count));
      await expect.poll(() => page.evaluate(() => document.title)).toMatch(new RegExp(`^\\(${count}\\) `));
      await page.close();
    });

    it('opening the messages page zeroes the badge, the navigation bar and the titles of every tab', async () => {
      const other = await browser().openPage(`${browser().profile.site}/`);
      await other.waitForText('li.messages span.message-count.show', String(unread()));
      const messages = await browser().openPage(`${browser().profile.site}/messages/`);
      await messages.text('ul.messages-social-list li.social-message');
      // Tabs loaded after it: the site's page may still carry the CDN's copy of the old count.
      const loadedRightAfter = await browser().openPage(`${browser().profile.site}/explore/projects/all/`);

      await expect.poll(badgeText).toBe('');
      expect(unread()).toBe(0);
      const loadedLater = await browser().openPage(`${browser().profile.site}/`);
      for (const page of [messages, other, loadedRightAfter, loadedLater]) {
        await page.waitForText('li.messages span.message-count', /^0$/);
        // Its class may follow its number a moment later.
        await expect
          .poll(() => page.evaluate(() => document.querySelector('span.message-count')?.className))
          .toBe('message-count');
        await expect.poll(() => page.evaluate(() => document.title)).not.toMatch(/^\(\d+\) /);
      }
      const popup = await browser().openPopup();
      expect(await popup.waitForText('[data-testid="popup-message-count"]', /messages/)).toBe(
        `No new messages for ${DEMO_USERNAME}`,
      );
      await popup.close();
      // Still 0 once every page had long finished its own reading (the site writes after load).
      for (const page of [messages, other, loadedRightAfter, loadedLater]) {
        expect(await page.text('li.messages span.message-count')).toBe('0');
        await page.close();
      }
    });

    it("shows another user's message count on their profile page, read once and then cached", async () => {
      // A user whose name is plain text and who has unread messages.
      const other = sandbox()
        .control.store.users()
        .find(
          (user) =>
            user.username !== DEMO_USERNAME &&
            /^\w+$/.test(user.username) &&
            sandbox().control.store.unreadCount(user.username) > 1,
        );
      expect(other).toBeDefined();
      const username = other?.username ?? '';
      const expected = `${sandbox().control.store.unreadCount(username)} messages`;
      const since = Date.now();
      const selector = '[data-companion="profile-message-count"]';
      const page = await browser().openPage(`${browser().profile.site}/users/${username}/`);
      expect(await page.waitForText(selector, expected)).toBe(expected);
      await page.goto(`${browser().profile.site}/users/${username}/`);
      expect(await page.waitForText(selector, expected)).toBe(expected);
      const reads = countReads(since).fromExtension.filter((entry) =>
        entry.path.includes(`/users/${username}/`),
      );
      expect(reads).toHaveLength(1);
      expect(reads[0]?.hasToken).toBe(false);
      await page.close();
    });

    it('with 10 site tabs open, the service sees one poller, not ten', async () => {
      sandbox().control.addMessage(DEMO_USERNAME, { type: 'followuser', actor: 'demo' });
      const since = Date.now();
      // Not the messages page: it would clear the count the test watches.
      const paths = ['/', '/explore/projects/all/', '/explore/studios/all/', '/search/projects?q=cat'];
      const tabs = [];
      for (let i = 0; i < 10; i++) {
        const path = paths[i % paths.length] ?? '/';
        tabs.push(await browser().openPage(`${browser().profile.site}${path}`));
      }
      // The poller's own reads with all ten tabs open: the tabs' readings stand in for its polls for
      // 2.5 periods, then it reads twice, a period apart. The window the rate is measured over ends
      // at the second, and holds the polls it is about (a stuck poller never reads, and fails here).
      await startQuietPeriod(sandbox().control).observe({
        what: 'two polls of the count by the extension after the tenth tab opened',
        matches: (entry) => COUNT_ROUTE.test(entry.path) && entry.part === 'api' && madeByExtension(entry),
        count: 2,
        timeoutMs: (5 * PERIOD_SECONDS + 10) * 1000,
      });
      const elapsed = Date.now() - since;
      const { fromPages, fromExtension } = countReads(since);

      // Ten pages really loaded (their own count reads may come from the browser's HTTP cache)...
      const pageLoads = sandbox()
        .control.requestLog({ part: 'site', method: 'GET' })
        .filter(
          (entry) => Date.parse(entry.time) >= since && !/^\/(js|css|session|csrf_token)\b/.test(entry.path),
        );
      expect(pageLoads.length).toBeGreaterThanOrEqual(10);
      expect(fromPages.length).toBeGreaterThan(0);
      // ...while the extension read it at most once a period for the whole browser (often less: the
      // pages' own readings stand in for its polls), never per tab.
      expect(fromExtension.length).toBeLessThanOrEqual(Math.ceil(elapsed / (PERIOD_SECONDS * 1000)) + 1);
      expect(fromExtension.length).toBeLessThan(10);
      // And every tab shows the same, current number.
      const count = String(unread());
      for (const tab of tabs) await tab.waitForText('li.messages span.message-count', count);
      // A tab may show its own reading before the background sets the badge.
      await expect.poll(badgeText).toBe(count);
      for (const tab of tabs) await tab.close();
    });

    it('the settings page turns the title prefix off and on; notifications start off', async () => {
      const site = await browser().openPage(`${browser().profile.site}/`);
      const count = unread();
      expect(count).toBeGreaterThan(0);
      await expect.poll(() => site.evaluate(() => document.title)).toMatch(new RegExp(`^\\(${count}\\) `));

      // Every fieldset shown: the switches below are read once, each from its own stored item.
      const options = await openSettings(browser());
      const checked = (testId: string) =>
        options.evaluate(
          (id) => document.querySelector<HTMLInputElement>(`[data-testid="${id}"]`)?.checked,
          testId,
        );
      await expect.poll(() => checked('setting-title-prefix')).toBe(true);
      expect(await checked('setting-signed-out-mark')).toBe(true);
      expect(await checked('setting-notifications')).toBe(false);

      await options.click('[data-testid="setting-title-prefix"]');
      await expect.poll(() => site.evaluate(() => document.title)).not.toMatch(/^\(\d+\) /);
      await options.click('[data-testid="setting-title-prefix"]');
      await expect.poll(() => site.evaluate(() => document.title)).toMatch(new RegExp(`^\\(${count}\\) `));
      await options.close();
      await site.close();
    });

    it('signed out, shows the signed-out mark and no authenticated request reaches the service', async () => {
      const page = await browser().openPage(`${browser().profile.site}/logout/`);
      await expect.poll(badgeText).toBe('?');
      // The title is set in a call of its own, which may land after the text's.
      await expect.poll(async () => (await browser().badge()).title).toMatch(/signed out/);
      const period = startQuietPeriod(sandbox().control);
      await page.goto(`${browser().profile.site}/`);
      await page.goto(`${browser().profile.site}/explore/projects/all/`);
      // Signed out, the popup shows its signed-out view, which asks the member to sign in.
      const popup = await browser().openPopup();
      expect(await popup.waitForText('[data-testid="signed-out"]', /Sign in to the site/)).toMatch(/Sign in/);
      await popup.close();

      // The signed-out mark is a setting.
      const options = await browser().openExtensionPage('/options.html');
      await options.click('[data-testid="setting-signed-out-mark"]');
      await expect.poll(badgeText).toBe('');
      await options.click('[data-testid="setting-signed-out-mark"]');
      await expect.poll(badgeText).toBe('?');
      await options.close();

      // Everything while signed out: the pages loaded, no token, no read of the count by the extension.
      const { signedOut } = await signInToEndQuietPeriod(browser(), period, DEMO_USERNAME);
      expect(signedOut.length).toBeGreaterThan(0);
      expect(signedOut.filter((entry) => entry.hasToken)).toEqual([]);
      expect(signedOut.filter((entry) => COUNT_ROUTE.test(entry.path) && madeByExtension(entry))).toEqual([]);
      await page.close();
    });
  });
});
