/**
 * The fault matrix for the message count: the toolbar badge, the site's navigation-bar
 * count and the tab title's `(N) ` prefix, in real Chromium and Firefox. For every fault of
 * harness/fault-matrix.ts on the count's route: a message arrives on the service while the fault
 * lasts; the badge, the bar and the title keep the last count they knew (never blank, never a
 * wrong 0), the popup still opens on that count and its feed still refreshes; once the fault ends
 * the poller's next read brings the new count everywhere without a reload. A session that expires
 * changes nothing for the count (its route is public) and the rest renews the token on its own.
 *
 * The poller runs on the development tuning's one-second period; the site's CDN copy of the count is off so
 * that a read after the fault sees the service's current value.
 */
import { expect } from 'vitest';
import type { RequestLogEntry } from '@/sandbox/control';
import { DEMO_USERNAME } from '@/sandbox/index';
import { BROWSER_NAMES, type TestPage, withSandbox } from './harness';
import { attempts } from './harness/fault-checks';
import { describeFaultMatrix, type FaultContext } from './harness/fault-matrix';

const sandbox = withSandbox();

const COUNT_ROUTE = { pattern: '/users/*/messages/count', part: 'api' } as const;
const PERIOD_SECONDS = 1;
/**
 * The poller backs off to at most 5 periods after failures; plus a read and the alarm's slack, which
 * take seconds on a loaded machine (the 20 s of expect.poll's default).
 */
const RECOVERY_MS = 20_000;
const NAV_COUNT = 'li.messages span.message-count';

interface CountState {
  username: string | null;
  count: number | null;
  failures: number;
  attemptAt?: number;
  readAt: number;
}

/** The site tab kept open through every row of one browser (no reload: it must follow on its own). */
const sitePages = new Map<string, TestPage>();
/** The count every surface showed before the row's fault, and when the fault started. */
let shown = 0;
let faultAt = 0;

const unread = () => sandbox().control.store.unreadCount(DEMO_USERNAME);
const state = async ({ browser }: Pick<FaultContext, 'browser'>) =>
  (await browser.readStorage('local', ['messageCount'])).messageCount as CountState;

/** Badge, navigation bar and title all show `count` (the badge says nothing at 0). */
async function expectCountEverywhere(
  { browser }: Pick<FaultContext, 'browser'>,
  count: number,
  timeout: number,
) {
  const page = sitePages.get(browser.name) as TestPage;
  await expect.poll(async () => (await browser.badge()).text, { timeout, interval: 100 }).toBe(String(count));
  // The title is set in a call of its own, which may land after the text's.
  await expect
    .poll(async () => (await browser.badge()).title, { timeout, interval: 100 })
    .toBe(`Companion: ${count} new message${count === 1 ? '' : 's'} for ${DEMO_USERNAME}`);
  await page.waitForText(`${NAV_COUNT}.show`, String(count), { timeout });
  await expect
    .poll(() => page.evaluate(() => document.title), { timeout, interval: 100 })
    .toMatch(new RegExp(`^\\(${count}\\) `));
}

/** The extension's own reads of the count since the fault began (the site tab's are left out). */
const extensionReads = ({ browser, sandbox }: Pick<FaultContext, 'browser' | 'sandbox'>) => {
  const site = new URL(browser.profile.site).origin;
  return sandbox.control
    .requestLog(COUNT_ROUTE)
    .filter((entry: RequestLogEntry) => Date.parse(entry.time) >= faultAt && entry.origin !== site);
};

describeFaultMatrix(
  BROWSER_NAMES,
  {
    name: 'the message count (badge, navigation bar, title)',
    routes: [COUNT_ROUTE],

    beforeLaunch(sandbox) {
      sandbox.control.messageCountCacheSeconds = 0;
    },

    async prime({ browser, sandbox }) {
      // Headless browsers get no input: without ignoreIdle the member would turn "away".
      await browser.tune({ pollPeriodSeconds: PERIOD_SECONDS, ignoreIdle: true });
      while (unread() < 3) sandbox.control.addMessage(DEMO_USERNAME, { type: 'followuser', actor: 'alice' });
      const page = await browser.openPage(`${browser.profile.site}/explore/projects/all/`);
      sitePages.set(browser.name, page);
      await expectCountEverywhere({ browser }, unread(), RECOVERY_MS);
    },

    async askAgain(context) {
      const { browser, sandbox, fault } = context;
      shown = Number((await browser.badge()).text);
      faultAt = Date.now();
      // Something new on the service that the fault keeps from the member until it ends.
      sandbox.control.addMessage(DEMO_USERNAME, { type: 'followuser', actor: 'bob' });
      if (fault.expect === 'works') return;
      // The poller's next read met the fault and gave up (after the client's retries).
      await expect
        .poll(
          async () => {
            const now = await state(context);
            return now.failures > 0 && (now.attemptAt ?? 0) >= faultAt;
          },
          { timeout: RECOVERY_MS, interval: 100 },
        )
        .toBe(true);
    },

    async expectDuringFault(context) {
      if (context.fault.expect === 'works') {
        // The count is public: an expired token changes nothing, the new message shows up.
        await expectCountEverywhere(context, unread(), RECOVERY_MS);
        return;
      }
      // The last count stays everywhere: not blank, not 0, not an error code.
      await expectCountEverywhere(context, shown, 1_000);
      expect(shown).toBeGreaterThan(0);
      const stored = await state(context);
      expect(stored.count).toBe(shown);
      // The poller backs off instead of hammering the failing route: the client's retries (3)
      // per attempt, attempts at most every period, doubling.
      const seconds = (Date.now() - faultAt) / 1000;
      expect(attempts(extensionReads(context), context.browser.name).length).toBeLessThanOrEqual(
        4 * Math.ceil(seconds / PERIOD_SECONDS + 1),
      );
    },

    async expectRestWorks({ browser, sandbox }) {
      // The popup opens on the same count, the member's name beside it, and its feed still reads.
      // From before it opens: opening on the feed reads it, and a refresh clicked while that read is
      // out (the button not disabled yet) joins it instead of starting another.
      const since = Date.now();
      const popup = await browser.openPopup();
      {
        const count = Number((await browser.badge()).text);
        const phrase = `${count} new message${count === 1 ? '' : 's'} for ${DEMO_USERNAME}`;
        await popup.waitForText('[data-testid="popup-message-count"]', phrase);
        await popup.click('[data-testid="popup-tab-feed"]');
        await popup.click('[data-testid="feed-refresh"]:not([disabled])');
        await expect
          .poll(
            () =>
              sandbox.control
                .requestLog({ pattern: '/users/*/following/users/activity', part: 'api' })
                .some((entry) => Date.parse(entry.time) >= since && entry.status === 200),
            { interval: 100 },
          )
          .toBe(true);
        await popup.waitFor(
          () => document.querySelector('[data-testid="feed-refresh"]:not([disabled])') !== null,
        );
        expect(
          await popup.evaluate(() => document.querySelector('[data-testid="feed-error"]') === null),
        ).toBe(true);
        await popup.close();
      }
    },

    async expectRecovered(context) {
      // The poller's next read, without a reload of the tab: the new count everywhere.
      await expectCountEverywhere(context, unread(), RECOVERY_MS);
      expect((await state(context)).failures).toBe(0);
    },
  },
  { sandbox, signedInAs: DEMO_USERNAME },
);
