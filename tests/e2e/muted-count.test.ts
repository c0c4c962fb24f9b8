/**
 * The count after mutes in real Chromium (public build) and Firefox (local build), against the
 * sandbox: muting a kind changes the badge and the tab title at once while the site's navigation bar
 * keeps the site's number; the member's messages are read only when the count changes (the request
 * log); an alert from the site's team raises the count, and after the messages page is opened the
 * count stays at the alerts and the invitation, which the background reads along with the messages.
 *
 * Mutes are written to the member's own `sync:messageMutes.<user id>` from the extension, as the settings page stores them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '@/sandbox/control';
import { DEMO_USERNAME } from '@/sandbox/index';
import { BROWSER_NAMES, useBrowser, withSandbox } from './harness';
import { ownKey } from './harness/own-keys';
import { startQuietPeriod } from './harness/quiet-period';

const PERIOD_SECONDS = 2;
const CDN_SECONDS = 1;
const MESSAGES_ROUTE = /^\/users\/[^/]+\/messages$/;
const COUNT_ROUTE = /^\/users\/[^/]+\/messages\/count$/;
// The page's own reading stands in for 2.5 periods, then two polls a period apart, with a loaded
// machine's slack: only a stuck extension waits this out.
const TWO_POLLS_MS = (5 * PERIOD_SECONDS + 10) * 1000;

const sandbox = withSandbox();

describe.each(BROWSER_NAMES)('%s', (name) => {
  // Before the browser starts: the seeded world (the browser before this one opened the messages
  // page), a CDN that keeps counts for half a period.
  beforeAll(() => {
    sandbox().control.reset();
    sandbox().control.messageCountCacheSeconds = CDN_SECONDS;
  });
  const browser = useBrowser(name, { sandbox, signedInAs: DEMO_USERNAME });
  const store = () => sandbox().control.store;
  const unread = () => store().unreadCount(DEMO_USERNAME);
  /** The site's count less the unread loves: what the member should see with loves muted. */
  const withoutLoves = () =>
    unread() -
    store()
      .messagesFor(DEMO_USERNAME)
      .filter((m) => m.unread && m.type === 'loveproject').length;
  const badgeText = async () => (await browser().badge()).text;
  /** The extension's reads of the member's messages since `since`. */
  const messageReads = (since: number) =>
    sandbox()
      .control.requestLog({ part: 'api' })
      .filter((entry) => Date.parse(entry.time) >= since && isMessagesRead(entry));
  const fromExtension = (entry: RequestLogEntry) =>
    entry.part === 'api' && entry.origin !== new URL(browser().profile.site).origin;
  const isMessagesRead = (entry: RequestLogEntry) => fromExtension(entry) && MESSAGES_ROUTE.test(entry.path);
  /**
   * The poller's next two reads of the count: what the extension does about the first (a read of the
   * messages, when the count changed) has had a whole period to leave before the second arrives.
   */
  const twoPolls = {
    what: 'two polls of the count by the extension',
    matches: (entry: RequestLogEntry) => fromExtension(entry) && COUNT_ROUTE.test(entry.path),
    count: 2,
    timeoutMs: TWO_POLLS_MS,
  };
  const stored = async () =>
    (await browser().readStorage('local', ['messageCount'])).messageCount as {
      count: number | null;
      shown?: { count: number; of: number; over: boolean };
    };
  const title = (page: { evaluate<R>(fn: () => R): Promise<R> }) => page.evaluate(() => document.title);

  describe('count after mutes', () => {
    beforeAll(async () => {
      // Headless browsers get no input: without this the member would turn "away" after 5 minutes.
      await browser().tune({ pollPeriodSeconds: PERIOD_SECONDS, ignoreIdle: true });
    });

    it('muting a kind changes the badge and the title at once; the site’s bar keeps the site’s number', async () => {
      const count = unread();
      const expected = withoutLoves();
      expect(expected).toBeLessThan(count);
      expect(expected).toBeGreaterThan(0);
      const since = Date.now();
      const page = await browser().openPage(`${browser().profile.site}/explore/projects/all/`);
      await expect.poll(badgeText).toBe(String(count));
      await expect.poll(() => title(page)).toMatch(new RegExp(`^\\(${count}\\) `));
      // Nothing muted: the messages are never read for the count.
      expect(messageReads(since)).toEqual([]);

      await browser().setStorage('sync', {
        [ownKey(sandbox(), 'messageMutes', DEMO_USERNAME)]: { kinds: ['loveproject'], people: [] },
      });
      await expect.poll(badgeText, { interval: 100 }).toBe(String(expected));
      await expect.poll(() => title(page)).toMatch(new RegExp(`^\\(${expected}\\) `));
      // The title is set in a call of its own, which may land after the text's.
      await expect
        .poll(async () => (await browser().badge()).title)
        .toBe(
          `Companion: ${expected} new messages for ${DEMO_USERNAME} (${count - expected} muted messages not counted)`,
        );
      expect(await page.text('li.messages span.message-count')).toBe(String(count));
      // One page of messages told which of the unread are loves.
      expect(messageReads(since)).toHaveLength(1);
      // The popup's count line says what the badge says, and its Messages tab opens on the messages
      // that read put in its cache: nothing read twice.
      await browser().setStorage('local', { popupTab: 'messages' });
      const popup = await browser().openPopup();
      expect(await popup.waitForText('[data-testid="popup-message-count"]', /new message/)).toBe(
        `${expected} new messages for ${DEMO_USERNAME}`,
      );
      await popup.waitFor(
        (selector) => document.querySelectorAll(selector).length > 0,
        '[data-testid="message-item"]',
      );
      expect(messageReads(since)).toHaveLength(1);
      await popup.close();
      await page.close();
    });

    it('reads the messages only when the count changes: none while it stays, one for a new message', async () => {
      const page = await browser().openPage(`${browser().profile.site}/explore/projects/all/`);
      const since = Date.now();
      // Polls that find the same count.
      const unchanged = await startQuietPeriod(sandbox().control).observe(twoPolls);
      expect(unchanged.filter(isMessagesRead)).toEqual([]);

      // A message that counts: one read, and the badge shows it.
      const before = withoutLoves();
      sandbox().control.addMessage(DEMO_USERNAME, { type: 'followuser', actor: 'alice' });
      await expect.poll(badgeText, { interval: 200 }).toBe(String(before + 1));
      await expect.poll(() => messageReads(since).length).toBe(1);
      // A muted one raises the site's count, not the badge: one more read to know it is muted.
      sandbox().control.addMessage(DEMO_USERNAME, {
        type: 'loveproject',
        actor: 'bob',
        fields: { project_id: 1, title: 'Muted love' },
      });
      const count = unread();
      await page.waitForText('li.messages span.message-count.show', String(count));
      await expect.poll(async () => (await stored()).shown?.of).toBe(count);
      expect(await badgeText()).toBe(String(before + 1));
      expect(await title(page)).toMatch(new RegExp(`^\\(${before + 1}\\) `));
      expect(messageReads(since)).toHaveLength(2);
      // And nothing more while the count stays.
      const after = await startQuietPeriod(sandbox().control).observe(twoPolls);
      expect(after.filter(isMessagesRead)).toEqual([]);
      expect(messageReads(since)).toHaveLength(2);
      await page.close();
    });

    it('an alert from the site’s team raises the count; after the messages page the count is the alerts and the invitation', async () => {
      const page = await browser().openPage(`${browser().profile.site}/explore/projects/all/`);
      const count = unread();
      sandbox().control.addAdminMessage(DEMO_USERNAME, 'A message from the team');
      await expect.poll(async () => (await stored()).count).toBe(count + 1);

      // What the messages page never clears: demo's seeded alerts, this one, the invitation.
      const alerts = store().adminMessagesFor(DEMO_USERNAME).length;
      const left = alerts + (store().inviteFor(DEMO_USERNAME) === null ? 0 : 1);
      expect(left).toBeGreaterThan(1);
      const messages = await browser().openPage(`${browser().profile.site}/messages/`);
      await messages.text('section.messages-admin li.admin-message p.admin-message-content');
      await expect.poll(unread).toBe(left);
      await expect
        .poll(async () => {
          const state = await stored();
          return { count: state.count, shown: state.shown?.count };
        })
        // Nobody mutes the team's alerts: all of them count.
        .toEqual({ count: left, shown: left });
      await expect.poll(badgeText).toBe(String(left));
      await page.waitForText('li.messages span.message-count.show', String(left));
      // Read along with the messages, and kept with them: the alerts the site holds.
      const cachedAlerts = async () => {
        const cache = (await browser().readStorage('local', ['messagesCache'])).messagesCache as
          | Record<string, { alerts?: { items: unknown[]; invite: unknown } }>
          | undefined;
        return cache?.[DEMO_USERNAME]?.alerts?.items.length;
      };
      await expect.poll(cachedAlerts).toBe(alerts);

      // Dismissed on the site, every one: the count drops to 0.
      sandbox().control.clearAlerts(DEMO_USERNAME);
      await expect.poll(async () => (await stored()).count).toBe(0);
      await expect.poll(badgeText).toBe('');

      // Mutes turned off: the figure after mutes goes.
      await browser().setStorage('sync', {
        [ownKey(sandbox(), 'messageMutes', DEMO_USERNAME)]: { kinds: [], people: [] },
      });
      await expect.poll(async () => (await stored()).shown).toBeUndefined();
      await messages.close();
      await page.close();
    });
  });
});
