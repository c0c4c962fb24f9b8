/**
 * The Messages tab's actions on the site in real Chromium (public build, live host names mapped onto
 * the sandbox) and Firefox (local build), signed in as demo, with the sandbox checking what the live
 * site checks (the CSRF token, `X-Requested-With`, and the referer check turned on):
 * - "Mark all as read" sends the site's own request, and the count, the badge, the navigation bar
 *   and the popup's "New" marks go to 0; with the site answering 403 a sentence says so and nothing
 *   changes;
 * - a curator invitation is accepted with the studio page's own request, the sandbox lists the member
 *   among the studio's curators and the message says so; accepting an invitation accepted already
 *   (a second accept) shows the sentence, with the studio's link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERNAME } from '@/sandbox/index';
import type { Message, Studio, User } from '@/sandbox/model';
import { BROWSER_NAMES, type TestPage, useBrowser, withSandbox } from './harness';
import { seriousAxeFindingsInEachScheme } from './harness/axe';

const sandbox = withSandbox();
const store = () => sandbox().control.store;

const ITEM = '[data-testid="message-item"]';
const MARK = 'button[data-testid="mark-all-read"]';
const MARK_ERROR = '[data-testid="mark-all-read-error"]';
const ACCEPT = 'button[data-testid="accept-curator-invite"]';
const CLEAR_PATH = '/site-api/messages/messages-clear/';
// A wait's bound for the count to reach the badge and the pages: it follows the stored count, which
// one read past the CDN confirms (not what the button promises: it shows at once). It bounds a hang
// on a machine where a step can take seconds, as expect.poll's default does.
const COUNT_UPDATE_MS = 20_000;
const CDN_SECONDS = 2;

describe.each(BROWSER_NAMES)('%s', (name) => {
  let demo: User;
  /** The studios of this browser's two invitations: accepted here, and accepted on the site first. */
  let invited: Studio;
  let acceptedElsewhere: Studio;
  let invitation: Message;
  let secondInvitation: Message;
  // Before the browser starts (hooks run in order).
  beforeAll(() => {
    const { control } = sandbox();
    // Without the team's alerts and the invitation, which marking read never clears: here it takes
    // the count to 0. The CDN keeps its copy a little (not the browser before this one's 0 for long).
    control.clearAlerts(DEMO_USERNAME);
    control.messageCountCacheSeconds = CDN_SECONDS;
    demo = store().getUser(DEMO_USERNAME) as User;
    // Two studios demo neither curates nor is invited to, one pair per browser.
    const free = store()
      .studios()
      .filter(
        (studio) =>
          !store().studioCurators(studio.id).includes(demo.id) &&
          !store().hasPendingCuratorInvite(DEMO_USERNAME, studio.id),
      );
    const index = BROWSER_NAMES.indexOf(name) * 2;
    invited = free[index] as Studio;
    acceptedElsewhere = free[index + 1] as Studio;
    const invite = (studio: Studio) =>
      control.addMessage(DEMO_USERNAME, {
        type: 'curatorinvite',
        actor: 'alice',
        fields: { gallery_id: studio.id, title: studio.title },
      });
    secondInvitation = invite(acceptedElsewhere);
    invitation = invite(invited);
    // A few unread messages besides (the browser before this one marked everything read).
    for (let i = store().unreadCount(DEMO_USERNAME); i < 4; i++)
      control.addMessage(DEMO_USERNAME, { type: 'followuser', actor: 'bob' });
  });
  const browser = useBrowser(name, { sandbox, signedInAs: DEMO_USERNAME });
  let popup: TestPage;

  const unread = () => store().unreadCount(DEMO_USERNAME);
  const badgeText = async () => (await browser().badge()).text;
  const unreadRows = () =>
    popup.evaluate((s) => document.querySelectorAll(`${s}[data-unread="true"]`).length, ITEM);
  const openMessages = async () => {
    await browser().setStorage('local', { popupTab: 'messages' });
    popup = await browser().openPopup();
    await popup.waitFor((s) => document.querySelectorAll(s).length > 0, ITEM, { timeout: 20_000 });
    return popup;
  };
  const rowOf = (message: Message) => `${ITEM}[data-message-id="${message.id}"]`;

  afterAll(() => {
    sandbox().control.clearFaults();
    sandbox().control.refererCheck = false;
    sandbox().control.messageCountCacheSeconds = 30;
  });

  describe('mark all as read', () => {
    beforeAll(async () => {
      // Reads every few seconds (headless browsers get no input: never "away"), so the badge shows
      // this browser's count soon after the CDN's copy of the one before has aged.
      await browser().tune({ pollPeriodSeconds: 2, ignoreIdle: true });
    });

    it('with the site answering 403: a sentence, and the count, the badge, the bar and the marks stay', async () => {
      const count = unread();
      expect(count).toBeGreaterThanOrEqual(4);
      const page = await browser().openPage(`${browser().profile.site}/explore/projects/all/`);
      await expect.poll(badgeText, { timeout: COUNT_UPDATE_MS }).toBe(String(count));
      await page.waitForText('li.messages span.message-count.show', String(count));
      await openMessages();
      await popup.waitFor((s) => document.querySelector(s) !== null, MARK);
      const marked = await unreadRows();
      expect(marked).toBeGreaterThan(0);
      // Its words say it marks everything, what came since included.
      expect(await popup.evaluate((s) => document.querySelector(s)?.getAttribute('title'), MARK)).toBe(
        'Marks every message read on the site, including any that came after this list was read.',
      );

      sandbox().control.addFailure({ part: 'site', pattern: CLEAR_PATH, rate: 1, status: 403 });
      const since = Date.now();
      await popup.click(MARK);
      expect(await popup.waitForText(MARK_ERROR, /did not mark/)).toContain(
        'The site did not mark your messages read; they are still unread.',
      );
      sandbox().control.clearFaults();
      const posts = sandbox()
        .control.requestLog({ part: 'site', method: 'POST' })
        .filter((entry) => entry.path === CLEAR_PATH && Date.parse(entry.time) >= since);
      expect(posts.map((entry) => entry.status)).toEqual([403]);
      expect(unread()).toBe(count);
      expect(await unreadRows()).toBe(marked);
      expect(await badgeText()).toBe(String(count));
      expect(await page.text('li.messages span.message-count.show')).toBe(String(count));
      await page.close();
    });

    it('sends the site’s request (token, header, referer checked) and the count, badge, bar and marks go to 0', async () => {
      sandbox().control.refererCheck = true;
      const page = await browser().openPage(`${browser().profile.site}/explore/projects/all/`);
      await page.waitForText('li.messages span.message-count.show', String(unread()));
      const since = Date.now();
      await popup.click(MARK);
      // The sandbox took it: the CSRF token, X-Requested-With and the site as referer were there.
      await expect.poll(unread, { timeout: COUNT_UPDATE_MS }).toBe(0);
      // The sandbox logs a request once its answer is made, a moment after the store changed.
      const posts = () =>
        sandbox()
          .control.requestLog({ part: 'site', method: 'POST' })
          .filter((entry) => entry.path === CLEAR_PATH && Date.parse(entry.time) >= since);
      await expect.poll(() => posts().map((entry) => [entry.status, entry.hasToken])).toEqual([[200, false]]);

      await expect.poll(badgeText, { timeout: COUNT_UPDATE_MS }).toBe('');
      await page.waitForText('li.messages span.message-count', '0', { timeout: COUNT_UPDATE_MS });
      expect(await page.evaluate(() => document.querySelector('span.message-count')?.className)).toBe(
        'message-count',
      );
      // The popup: no "New" mark left, no button (nothing to mark), no sentence of failure.
      await popup.waitFor((s) => document.querySelectorAll(`${s}[data-unread="true"]`).length === 0, ITEM, {
        timeout: COUNT_UPDATE_MS,
      });
      await popup.waitFor((s) => document.querySelector(s) === null, MARK);
      expect(await popup.evaluate((s) => document.querySelector(s) === null, MARK_ERROR)).toBe(true);
      // The change is one Companion knows of: its read of the count after it went past the CDN (a
      // neutral parameter), which plain reads never do. It confirms what already shows, so it may
      // come a moment after everything above (it follows the count's other work in its queue).
      const site = new URL(browser().profile.site).origin;
      const reads = () =>
        sandbox()
          .control.requestLog({ part: 'api' })
          .filter(
            (entry) =>
              Date.parse(entry.time) >= since &&
              /\/messages\/count$/.test(entry.path) &&
              entry.origin !== site,
          );
      const confirmed = () => reads().some((entry) => entry.query.startsWith('cachebust='));
      await expect
        .poll(confirmed, { timeout: COUNT_UPDATE_MS })
        .toBe(true)
        .catch(async (error: unknown) => {
          const state = (await browser().readStorage('local', ['messageCount'])).messageCount;
          throw new Error(
            `${(error as Error).message}: the reads of the count since the click: ${JSON.stringify(reads().map((entry) => [entry.time, entry.query, entry.origin]))}; the count's state: ${JSON.stringify(state)}`,
          );
        });
      await page.close();
      sandbox().control.refererCheck = false;
    });
  });

  describe('accepting a curator invitation', () => {
    it('sends the studio page’s request (token and headers checked): the sandbox lists demo among the curators', async () => {
      sandbox().control.refererCheck = true;
      if (popup === undefined || popup.isClosed()) await openMessages();
      const since = Date.now();
      await popup.click(`${rowOf(invitation)} ${ACCEPT}`);
      const said = await popup.waitForText(
        `${rowOf(invitation)} [data-testid="curator-invite-accepted"]`,
        /curator of/,
      );
      expect(said).toBe(`You’re a curator of ${invited.title}`);
      const link = await popup.evaluate(
        (s) =>
          document.querySelector<HTMLAnchorElement>(`${s} [data-testid="curator-invite-accepted"] a`)?.href,
        rowOf(invitation),
      );
      expect(link).toBe(`${browser().profile.site}/studios/${invited.id}/`);
      // The button is gone: accepted once.
      expect(
        await popup.evaluate((s) => document.querySelector(s) === null, `${rowOf(invitation)} ${ACCEPT}`),
      ).toBe(true);
      const puts = sandbox()
        .control.requestLog({ part: 'site', method: 'PUT' })
        .filter((entry) => Date.parse(entry.time) >= since);
      expect(puts.map((entry) => [entry.path, entry.query, entry.status])).toEqual([
        [`/site-api/users/curators-in/${invited.id}/add/`, `usernames=${DEMO_USERNAME}`, 200],
      ]);
      // The studio's curators, as its Curators tab reads them.
      const curators = (await (
        await fetch(`${sandbox().urls.api}/studios/${invited.id}/curators?limit=40`)
      ).json()) as { username: string }[];
      expect(curators.map((user) => user.username)).toContain(DEMO_USERNAME);

      // Another popup says so too (the service kept it).
      await popup.close();
      await openMessages();
      expect(await popup.text(`${rowOf(invitation)} [data-testid="curator-invite-accepted"]`)).toBe(
        `You’re a curator of ${invited.title}`,
      );
    });

    it('a second accept of an invitation accepted already shows the sentence, with the studio’s link', async () => {
      // Accepted on the site first (the studio page): the invitation is no longer pending.
      expect(store().acceptCuratorInvite(DEMO_USERNAME, acceptedElsewhere.id)).toBe(true);
      const curatorsBefore = store().studioCurators(acceptedElsewhere.id);
      await popup.click(`${rowOf(secondInvitation)} ${ACCEPT}`);
      const sentence = await popup.waitForText(
        `${rowOf(secondInvitation)} [data-testid="curator-invite-error"]`,
        /no longer valid/,
      );
      expect(sentence).toBe(`This invitation to ${acceptedElsewhere.title} is no longer valid.`);
      expect(
        await popup.evaluate(
          (s) =>
            document.querySelector<HTMLAnchorElement>(`${s} [data-testid="curator-invite-error"] a`)?.href,
          rowOf(secondInvitation),
        ),
      ).toBe(`${browser().profile.site}/studios/${acceptedElsewhere.id}/`);
      // The sandbox answered without success: nothing changed there.
      expect(store().studioCurators(acceptedElsewhere.id)).toEqual(curatorsBefore);
      sandbox().control.refererCheck = false;
    });

    it('has no serious or critical accessibility finding, light and dark', async () => {
      const findings = await seriousAxeFindingsInEachScheme(popup);
      expect(findings).toEqual({ light: [], dark: [] });
      await popup.close();
    });
  });
});
