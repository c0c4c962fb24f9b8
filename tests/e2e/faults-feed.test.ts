/**
 * The fault matrix for the popup's feed (What's Happening), in real Chromium and
 * Firefox. One popup stays open through every row of a browser. For every fault of
 * harness/fault-matrix.ts on the feed's route: someone the member follows shares a project, the
 * member refreshes; the cached items stay with the fault's sentence above them (in the member's
 * words, never a raw error, never a blank list), the new project does not show; the rest of the
 * popup works (the header's count, the Messages tab reads its list); once the fault ends a refresh
 * (after a 429, the popup's own retry when the Retry-After has passed) brings the new project and
 * the sentence goes, in the same popup. An expired session is renewed from the site's cookie: the
 * refresh just works.
 */
import { expect } from 'vitest';
import { DEMO_USERNAME } from '@/sandbox/index';
import { BROWSER_NAMES, type TestPage, withSandbox } from './harness';
import { attempts, listSentence, requestsSince } from './harness/fault-checks';
import { describeFaultMatrix, type FaultContext, RATE_LIMIT_RETRY_AFTER_S } from './harness/fault-matrix';
import { faultSentenceAfterRefresh } from './harness/refresh-under-fault';

const sandbox = withSandbox();

const FEED_ROUTE = { pattern: '/users/*/following/users/activity', part: 'api' } as const;
const MESSAGES_ROUTE = { pattern: '/users/*/messages', part: 'api' } as const;
const ITEM = '.feed [data-testid="feed-item"]';
const ERROR = '.feed [data-testid="feed-error"]';
const REFRESH = '.feed [data-testid="feed-refresh"]';
/**
 * A read under a fault: the client's retries (3, backing off up to ~2 s) or a 2 s timeout; the
 * bound every wait has, on a machine where a step can take seconds.
 */
const FAULT_MS = 20_000;

const popups = new Map<string, TestPage>();
/** The row's new event, the cached rows before it, and when the fault began. */
let fresh = '';
let cachedRows = 0;
let faultAt = 0;

const popupOf = ({ browser }: Pick<FaultContext, 'browser'>) => popups.get(browser.name) as TestPage;
const countOf = (popup: TestPage, selector: string) =>
  popup.evaluate((s) => document.querySelectorAll(s).length, selector);
const isThere = (popup: TestPage, selector: string) =>
  popup.evaluate((s) => document.querySelector(s) !== null, selector);
const freshRow = () => `${ITEM}[data-event-id="${fresh}"]`;

/** Clicks refresh (once it is enabled) and waits for that refresh to end. */
async function refresh(popup: TestPage): Promise<void> {
  await popup.click(`${REFRESH}:not([disabled])`, { timeout: FAULT_MS });
  await popup.waitFor((s) => document.querySelector(`${s}:not([disabled])`) !== null, REFRESH, {
    timeout: FAULT_MS,
  });
}

/**
 * Refreshes until the new project shows. A refresh that joined a read begun before the share ends
 * with that read's answer, without it: the member clicks again, as they would.
 */
async function refreshUntilFresh(popup: TestPage): Promise<void> {
  const deadline = Date.now() + FAULT_MS;
  while (!(await isThere(popup, freshRow())) && Date.now() < deadline) await refresh(popup);
}

describeFaultMatrix(
  BROWSER_NAMES,
  {
    name: "the popup's feed",
    routes: [FEED_ROUTE],

    async prime({ browser }) {
      await browser.setStorage('local', { popupTab: 'feed' });
      const popup = await browser.openPopup();
      popups.set(browser.name, popup);
      await popup.waitFor((s) => document.querySelectorAll(s).length > 0, ITEM, { timeout: 20_000 });
      await popup.waitFor((s) => document.querySelector(`${s}:not([disabled])`) !== null, REFRESH);
    },

    async askAgain(context) {
      const popup = popupOf(context);
      cachedRows = await countOf(popup, ITEM);
      faultAt = Date.now();
      const { event } = context.sandbox.control.shareProject({
        author: 'alice',
        title: `Shared during ${context.fault.name} (${context.browser.name})`,
      });
      fresh = String(event.id);
      await popup.click(`${REFRESH}:not([disabled])`);
    },

    async expectDuringFault(context) {
      const popup = popupOf(context);
      const sentence = listSentence(context.fault.name);
      if (sentence === null) {
        // Renewed from the site's cookie: the refresh brings the new project, no sentence.
        await refreshUntilFresh(popup);
        await popup.waitFor((s) => document.querySelector(s) !== null, freshRow(), { timeout: FAULT_MS });
        expect(await isThere(popup, ERROR)).toBe(false);
        return;
      }
      // The fault's sentence, with the promise that the items below are the ones read before.
      const shown = await faultSentenceAfterRefresh(
        {
          popup,
          error: ERROR,
          refresh: REFRESH,
          sandbox: context.sandbox,
          route: FEED_ROUTE,
          faultAt,
          timeoutMs: FAULT_MS,
        },
        sentence,
      );
      expect(shown).toBe(`${sentence} Showing what Companion read before.`);
      expect(await countOf(popup, ITEM)).toBe(cachedRows);
      expect(await isThere(popup, freshRow())).toBe(false);
      expect(await popup.text('.feed [data-testid="feed-updated"]')).toMatch(/^Updated /);
      // No storm: at most the client's 4 attempts per read (here: the click, and after a 429 the
      // popup's own retry once Retry-After has passed, never sooner).
      const tries = attempts(requestsSince(context.sandbox, FEED_ROUTE, faultAt), context.browser.name);
      const seconds = (Date.now() - faultAt) / 1000;
      if (context.fault.name === 'rate limited') {
        for (let i = 1; i < tries.length; i++)
          expect((tries[i] as number) - (tries[i - 1] as number)).toBeGreaterThanOrEqual(
            RATE_LIMIT_RETRY_AFTER_S * 1000 - 100,
          );
      } else {
        expect(tries.length).toBeLessThanOrEqual(4);
      }
      expect(tries.length).toBeLessThanOrEqual(4 * Math.ceil(seconds / RATE_LIMIT_RETRY_AFTER_S + 1));
    },

    async expectRestWorks(context) {
      const { browser, sandbox } = context;
      const popup = popupOf(context);
      // The header still shows the member and the badge's count.
      expect(await popup.text('[data-testid="popup-member"]')).toContain(DEMO_USERNAME);
      const badge = (await browser.badge()).text;
      expect(await popup.text('[data-testid="popup-message-count"]')).toContain(
        badge === '' ? 'No new messages' : `${badge} new message`,
      );
      // The Messages tab reads its own list while the feed fails. The tab asks for a read as it
      // opens, which the member's refresh may join: a read since the tab opened is the one.
      const since = Date.now();
      await popup.click('[data-testid="popup-tab-messages"]');
      await popup.waitFor((s) => document.querySelectorAll(s).length > 0, '[data-testid="message-item"]', {
        timeout: FAULT_MS,
      });
      await popup.click('.messages [data-testid="feed-refresh"]:not([disabled])');
      await expect
        .poll(() => requestsSince(sandbox, MESSAGES_ROUTE, since).some((entry) => entry.status === 200), {
          timeout: FAULT_MS,
          interval: 100,
        })
        .toBe(true);
      await popup.waitFor(
        () => document.querySelector('.messages [data-testid="feed-refresh"]:not([disabled])') !== null,
      );
      expect(await isThere(popup, '.messages [data-testid="feed-error"]')).toBe(false);
      // Back to the feed: still its cached items and the sentence.
      await popup.click('[data-testid="popup-tab-feed"]');
      await popup.waitFor((s) => document.querySelectorAll(s).length > 0, ITEM);
      const sentence = listSentence(context.fault.name);
      if (sentence !== null) await popup.waitForText(ERROR, sentence);
    },

    async expectRecovered(context) {
      const popup = popupOf(context);
      if (context.fault.name === 'rate limited') {
        // "It will try again in 1 second": it does, with no click.
        await popup.waitFor((s) => document.querySelector(s) !== null, freshRow(), { timeout: FAULT_MS });
      } else {
        // The member refreshes the same popup, without a reload.
        await refreshUntilFresh(popup);
      }
      await popup.waitFor((s) => document.querySelector(s) !== null, freshRow());
      await popup.waitFor((s) => document.querySelector(s) === null, ERROR);
      expect(await countOf(popup, ITEM)).toBeGreaterThan(0);
    },
  },
  { sandbox, signedInAs: DEMO_USERNAME },
);
