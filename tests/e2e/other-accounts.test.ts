/**
 * The member's other accounts in real Chromium (public build, live host names mapped onto the
 * sandbox) and Firefox (local build), signed in as demo: adding another sandbox user in the popup
 * shows its count (the sandbox's, read once, with no token), the count follows the sandbox after
 * the next due read, a dot on the badge when asked for, the settings list it too, a username that
 * does not exist gets its sentence and is not added, and one click removes an account.
 *
 * The 10 minutes between reads of an account are shortened through the development tuning
 * (`otherAccountsIntervalSeconds`), the member's own polling period too (the accounts are read
 * right after it), and the sandbox's CDN keeps counts for a second.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '@/sandbox/control';
import { DEMO_USERNAME } from '@/sandbox/index';
import { BROWSER_NAMES, type TestPage, useBrowser, withSandbox } from './harness';
import { ownKey } from './harness/own-keys';
import { typeInto } from './harness/type-into';

const PERIOD_SECONDS = 2;
const INTERVAL_SECONDS = 6;
// An account's next due read: its interval, then the member's next poll, the CDN's copy, and a loaded
// machine's slack (seconds): not less than expect.poll's 20 s default.
const DUE_READ_MS = Math.max((INTERVAL_SECONDS + 2 * PERIOD_SECONDS + 1 + 4) * 1000, 20_000);
const OTHER = 'alice';
const MISSING = 'no_such_user_xyz';

const sandbox = withSandbox();
const chip = (username: string) => `[data-testid="other-account"][data-username="${username}"]`;
const row = (username: string) => `[data-testid="account-row"][data-username="${username}"]`;

/** A marked element's `data-count`, or null when it is not there. */
const countShown = (page: TestPage, selector: string) =>
  page.evaluate((selector) => document.querySelector<HTMLElement>(selector)?.dataset.count ?? null, selector);

describe.each(BROWSER_NAMES)('%s', (name) => {
  beforeAll(() => {
    sandbox().control.messageCountCacheSeconds = 1;
    // The other account has messages (the browser before this one may have changed them).
    for (let i = sandbox().control.store.unreadCount(OTHER); i < 2; i++) {
      sandbox().control.addMessage(OTHER, { type: 'followuser', actor: DEMO_USERNAME });
    }
  });
  const browser = useBrowser(name, { sandbox, signedInAs: DEMO_USERNAME });
  const unread = (username: string) => sandbox().control.store.unreadCount(username);
  const countReads = (username: string, since: number) =>
    sandbox()
      .control.requestLog({ part: 'api' })
      .filter(
        (entry: RequestLogEntry) =>
          Date.parse(entry.time) >= since && entry.path === `/users/${username}/messages/count`,
      );
  /** The member's own list of other accounts, as stored. */
  const ownAccounts = async () => {
    const key = ownKey(sandbox(), 'otherAccounts', DEMO_USERNAME);
    return (await browser().readStorage('sync', [key]))[key];
  };
  /** The popup with the other accounts' panel open. */
  const popupWithPanel = async () => {
    const popup = await browser().openPopup();
    await popup.click('[data-testid="other-accounts-open"]');
    await popup.text('[data-testid="add-account"]');
    return popup;
  };
  const add = async (popup: TestPage, username: string) => {
    await typeInto(popup, '[data-testid="add-account"]', username);
    await popup.click('[data-testid="add-account-button"]');
  };

  describe('other accounts', () => {
    /** When the first test added the account: its reads are counted from then. */
    let addedAt = 0;
    beforeAll(async () => {
      await browser().tune({
        pollPeriodSeconds: PERIOD_SECONDS,
        ignoreIdle: true,
        otherAccountsIntervalSeconds: INTERVAL_SECONDS,
      });
      // A site tab in front: the member is active, so the counts are read.
      await browser().openPage(`${browser().profile.site}/explore/projects/all/`);
    });

    it("adds another user in the popup: the header shows the sandbox's count, read once, with no token", async () => {
      const since = Date.now();
      addedAt = since;
      const popup = await popupWithPanel();
      await add(popup, OTHER);
      await expect.poll(() => countShown(popup, chip(OTHER))).toBe(String(unread(OTHER)));
      expect(await popup.text(`${chip(OTHER)} b`)).toBe(String(unread(OTHER)));
      // It links to the site's messages page, and says whose messages it shows.
      const link = await popup.evaluate((selector) => {
        const anchor = document.querySelector<HTMLAnchorElement>(selector);
        return { href: anchor?.href, title: anchor?.title, target: anchor?.target };
      }, chip(OTHER));
      expect(link).toEqual({
        href: `${browser().profile.site}/messages/`,
        title: `Sign in as ${OTHER} to read them.`,
        target: '_blank',
      });
      const reads = countReads(OTHER, since);
      expect(reads).toHaveLength(1);
      expect(reads[0]?.hasToken).toBe(false);
      await popup.close();

      // The settings list it too.
      const options = await browser().openExtensionPage('/options.html');
      expect(await options.text(`[data-testid="settings-other-accounts"] ${row(OTHER)} .account-name`)).toBe(
        OTHER,
      );
      await options.close();
    });

    it("follows the sandbox: a new message for that user shows after the account's next due read, with a dot on the badge", async () => {
      const popup = await popupWithPanel();
      await popup.text(`${row(OTHER)} .account-name`);
      // A dot on the badge while the account has messages.
      await popup.evaluate((selector) => {
        const select = document.querySelector<HTMLSelectElement>(`${selector} [data-testid="account-alert"]`);
        if (select === null) throw new Error('no alert choice');
        select.value = 'dot';
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }, row(OTHER));
      await expect.poll(async () => (await browser().badge()).text).toMatch(/•$/);
      // The title is set in a call of its own, which may land after the text's.
      await expect
        .poll(async () => (await browser().badge()).title)
        .toContain(`New messages for ${OTHER} too`);

      const since = Date.now();
      sandbox().control.addMessage(OTHER, { type: 'followuser', actor: DEMO_USERNAME });
      const count = unread(OTHER);
      await expect
        .poll(() => countShown(popup, chip(OTHER)), { timeout: DUE_READ_MS, interval: 250 })
        .toBe(String(count));
      await popup.close();

      // Request economy: the account was read at most once per interval (less the schedule's second
      // of tolerance and the requests' own travel, which the log times on arrival; demo's count is
      // polled every 2 s, so reads on every poll would be plain), and never more often than demo's own count.
      const reads = countReads(OTHER, addedAt).map((entry) => Date.parse(entry.time));
      expect(reads.length).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < reads.length; i++) {
        expect((reads[i] as number) - (reads[i - 1] as number)).toBeGreaterThanOrEqual(
          (INTERVAL_SECONDS - 2.5) * 1000,
        );
      }
      const site = new URL(browser().profile.site).origin;
      const ownReads = countReads(DEMO_USERNAME, since).filter((entry) => entry.origin !== site);
      expect(countReads(OTHER, since).length).toBeLessThanOrEqual(ownReads.length);
    });

    it('says so for a username that does not exist, and adds nothing', async () => {
      const popup = await popupWithPanel();
      await add(popup, MISSING);
      expect(await popup.text('[data-testid="add-account-problem"]')).toBe(
        `There is no account called ${MISSING}. Check the spelling.`,
      );
      expect(
        await popup.evaluate((selector) => document.querySelector(selector) === null, chip(MISSING)),
      ).toBe(true);
      const otherAccounts = await ownAccounts();
      expect(otherAccounts).toEqual([{ username: OTHER, alert: 'dot' }]);
      await popup.close();
    });

    it('removes an account with one click', async () => {
      const popup = await popupWithPanel();
      await popup.click(`${row(OTHER)} [data-testid="remove-account"]`);
      await expect
        .poll(() => popup.evaluate((selector) => document.querySelector(selector) === null, chip(OTHER)))
        .toBe(true);
      // Saved a moment after the row goes.
      await expect.poll(ownAccounts).toEqual([]);
      // Nothing of it on the badge any more.
      await expect.poll(async () => (await browser().badge()).text).not.toMatch(/•/);
      await popup.close();
    });
  });
});
