/**
 * Each member's own, in real Chromium (public build, live host names mapped onto the sandbox) and
 * Firefox (local build), with two members at one browser. A (demo) adds another account, mutes a
 * kind and a person and rings a bell, then signs out: signed out, the popup and the settings show
 * none of it. B (carol) signs in: no other accounts, a badge that counts every kind, settings with
 * none of A's mutes or bells. B mutes someone of its own; A signs back in and has exactly A's
 * choices again, none of B's. Last, a switch from A to B while the sandbox answers the session read
 * with 500: nothing of A shows once the cookie changed, read or no read.
 *
 * The bell is rung through storage, in A's own item (the bell's button is bell.test.ts's): what is
 * checked here is whose it is.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_USERNAME } from '@/sandbox/index';
import { BROWSER_NAMES, type TestPage, useBrowser, withSandbox } from './harness';
import { ownKey } from './harness/own-keys';
import { openSettings } from './harness/settings-page';
import { typeInto } from './harness/type-into';

const sandbox = withSandbox();
const A = DEMO_USERNAME;
const B = 'carol';
const A_OTHER = 'alice';
const A_MUTED = 'bully123';
const B_MUTED = 'spammer42';
const MUTED_KIND = 'loveproject';

const absent = (page: TestPage, selector: string) =>
  page.evaluate((s) => document.querySelector(s) === null, selector);
const mutedPeople = (page: TestPage) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="muted-person"]')].map((row) =>
      (row.dataset.username ?? row.textContent ?? '').trim(),
    ),
  );
const kindMuted = (page: TestPage) =>
  page.evaluate(
    (kind) =>
      document.querySelector<HTMLInputElement>(
        `[data-testid="mute-kind"][data-kind="${kind}"] input, input[data-testid="mute-kind"][data-kind="${kind}"]`,
      )?.checked ?? false,
    MUTED_KIND,
  );

describe.each(BROWSER_NAMES)('%s', (name) => {
  const browser = useBrowser(name, { sandbox, signedInAs: A });

  const muteFromSettings = async (person: string, kind: boolean) => {
    const options = await openSettings(browser());
    if (kind) {
      await options.click(`[data-testid="mute-kind"][data-kind="${MUTED_KIND}"]`);
      await expect.poll(() => kindMuted(options)).toBe(true);
    }
    await typeInto(options, '[data-testid="mute-person-input"]', person);
    await options.click('[data-testid="mute-person-add"]');
    await expect.poll(() => mutedPeople(options)).toContain(person);
    await options.close();
  };

  /**
   * The popup and the settings show none of A's choices, to `member` (null: nobody known). A member
   * signed in has the other accounts' button; its panel lists none of A's. (A's other account may
   * well appear in B's messages, as anyone may: the chips, rows and panel are what must not.)
   */
  const showsNothingOfA = async (member: string | null) => {
    const popup = await browser().openPopup();
    if (member === null) {
      await popup.waitFor(() => document.querySelector('[data-testid="signed-out"]') !== null);
      expect(await absent(popup, '[data-testid="other-accounts-open"]')).toBe(true);
      expect(await popup.evaluate(() => document.body.textContent ?? '')).not.toContain(A_OTHER);
    } else {
      await expect
        .poll(() =>
          popup.evaluate(() => document.querySelector('[data-testid="popup-member"]')?.textContent ?? ''),
        )
        .toContain(member);
      await popup.click('[data-testid="other-accounts-open"]');
      await popup.text('[data-testid="add-account"]');
      expect(await absent(popup, `[data-testid="account-row"][data-username="${A_OTHER}"]`)).toBe(true);
    }
    expect(await absent(popup, `[data-testid="other-account"][data-username="${A_OTHER}"]`)).toBe(true);
    await popup.close();
    const options = await openSettings(browser());
    await expect.poll(() => mutedPeople(options)).not.toContain(A_MUTED);
    expect(await kindMuted(options)).toBe(false);
    expect(await absent(options, '[data-testid="belled"]')).toBe(true);
    expect(await absent(options, `[data-testid="account-row"][data-username="${A_OTHER}"]`)).toBe(true);
    await options.close();
  };

  describe("each member's own choices", () => {
    it("A's other account, mutes and bell show to nobody once A signs out", async () => {
      const popup = await browser().openPopup();
      await popup.click('[data-testid="other-accounts-open"]');
      await popup.text('[data-testid="add-account"]');
      await typeInto(popup, '[data-testid="add-account"]', A_OTHER);
      await popup.click('[data-testid="add-account-button"]');
      await expect
        .poll(() => absent(popup, `[data-testid="other-account"][data-username="${A_OTHER}"]`))
        .toBe(false);
      await popup.close();
      await muteFromSettings(A_MUTED, true);
      await browser().setStorage('sync', {
        [ownKey(sandbox(), 'followingClosely', A)]: { people: ['alice'], studios: [] },
      });
      const options = await openSettings(browser());
      await expect.poll(() => absent(options, '[data-testid="belled"]')).toBe(false);
      await options.close();

      await browser().signOut();
      await showsNothingOfA(null);
    });

    it("B sees none of A's: no other accounts, every kind counted, no mutes nor bells", async () => {
      await browser().signIn(B);
      const popup = await browser().openPopup();
      await expect
        .poll(() =>
          popup.evaluate(() => document.querySelector('[data-testid="popup-member"]')?.textContent ?? ''),
        )
        .toContain(B);
      await popup.close();
      await showsNothingOfA(B);
      // Every kind: B's badge shows all of B's unread messages, A's muted kind included.
      await expect
        .poll(async () => (await browser().badge()).text)
        .toBe(String(sandbox().control.store.unreadCount(B)));
    });

    it("B's own mute stays B's: A signs back in to exactly A's choices", async () => {
      await muteFromSettings(B_MUTED, false);
      await browser().signIn(A);
      const options = await openSettings(browser());
      await expect.poll(() => mutedPeople(options)).toEqual([A_MUTED]);
      expect(await kindMuted(options)).toBe(true);
      expect(await absent(options, '[data-testid="belled"]')).toBe(false);
      await options.close();
      const popup = await browser().openPopup();
      await expect
        .poll(() => absent(popup, `[data-testid="other-account"][data-username="${A_OTHER}"]`))
        .toBe(false);
      await popup.close();
    });

    it('a switch while the session read answers 500 shows nothing of A once the cookie changed', async () => {
      sandbox().control.addFailure({ part: 'site', pattern: '/session/', rate: 1, status: 500 });
      try {
        await browser().signIn(B);
        // B is not known until a session read succeeds: the popup shows nobody (as signed out).
        await showsNothingOfA(null);
        const popup = await browser().openPopup();
        expect(await popup.evaluate(() => document.body.textContent ?? '')).not.toContain(A);
        await popup.close();
      } finally {
        sandbox().control.clearFaults();
      }
    });
  });
});
