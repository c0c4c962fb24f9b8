/**
 * The live service as the site's own front end reads it, in real Chromium (public build, live host
 * names mapped onto the sandbox) and Firefox (local build), signed in as demo:
 *
 * - the sandbox's two alerts from the site team (one with a link to the site, one with a link
 *   elsewhere, a script and a picture) and the Scratcher invitation show above the Messages tab's
 *   list with only their words and the site's link; a dismissal sends the site's own request (its
 *   CSRF check passes), and the count and the badge drop by one at once; the sentence about what
 *   cannot be shown counts none of them;
 * - a project added to a belled studio, which only the studio's own activity tells (never What's
 *   Happening), reaches "Following closely" within a minute (the notifier's period tuned down);
 * - replies load with the interface's singular path turned off, and with the site's plural one off;
 * - five popup opens with no change known send no read of the count that bypasses the CDN;
 * - the editor shows the count in both of the sandbox's menu bars (2024's, and the 2026 one whose
 *   account group is another element with another class first).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERNAME } from '@/sandbox/index';
import type { Comment, Message, Project, Studio, User } from '@/sandbox/model';
import { BROWSER_NAMES, type TestPage, useBrowser, withSandbox } from './harness';
import { ownKey } from './harness/own-keys';

const sandbox = withSandbox();
const store = () => sandbox().control.store;
const ITEM = '[data-testid="message-item"]';
const ALERT = '[data-testid="team-alert"]';
const INVITE = '[data-testid="scratcher-invite"]';
const SECTION = '[data-testid="following-closely"]';

describe.each(BROWSER_NAMES)('%s', (name) => {
  let demo: User;
  /** Two conversations on demo's projects, each with a reply and a message to demo. */
  const threads: { message: Message; reply: Comment }[] = [];
  let studio: Studio;
  let added: Project;

  // The world of this browser's checks, before the browser starts: the seeded alerts and invitation,
  // two replied conversations, a studio and a project that is not in it yet.
  beforeAll(() => {
    const { control } = sandbox();
    control.reset();
    control.messageCountCacheSeconds = 1;
    demo = store().getUser(DEMO_USERNAME) as User;
    const projects = store()
      .sharedProjectsOf(demo.id)
      .filter((p) => p.commentsAllowed);
    const alice = store().getUser('alice') as User;
    const bob = store().getUser('bob') as User;
    const carol = store().getUser('carol') as User;
    for (const project of projects.slice(0, 2)) {
      const top = store().addComment({
        place: 'project',
        placeId: project.id,
        parentId: null,
        commenteeId: null,
        authorId: alice.id,
        content: `A question (${name})`,
      });
      const reply = store().addComment({
        place: 'project',
        placeId: project.id,
        parentId: top.id,
        commenteeId: alice.id,
        authorId: bob.id,
        content: '@alice an answer',
      });
      const toDemo = store().addComment({
        place: 'project',
        placeId: project.id,
        parentId: top.id,
        commenteeId: demo.id,
        authorId: carol.id,
        content: `@${DEMO_USERNAME} and yours?`,
      });
      threads.push({ message: control.addCommentMessage(DEMO_USERNAME, toDemo), reply });
    }
    studio = store()
      .studios()
      .find((s) => store().studioProjects(s.id).length > 0) as Studio;
    const inStudio = new Set(
      store()
        .studioProjects(studio.id)
        .map((d) => d.project.id),
    );
    added = store()
      .projects()
      .find((p) => p.isShared && !inStudio.has(p.id) && p.authorId !== demo.id) as Project;
  });
  const browser = useBrowser(name, { sandbox, signedInAs: DEMO_USERNAME });
  const site = () => browser().profile.site;
  const badgeText = async () => (await browser().badge()).text;
  const storedCount = async () =>
    ((await browser().readStorage('local', ['messageCount'])).messageCount as { count: number | null })
      ?.count ?? null;

  const openMessages = async (): Promise<TestPage> => {
    await browser().setStorage('local', { popupTab: 'messages' });
    const popup = await browser().openPopup();
    await popup.waitFor((s) => document.querySelectorAll(s).length > 0, ITEM, { timeout: 20_000 });
    return popup;
  };

  describe('as the site reads it', () => {
    beforeAll(async () => {
      // Headless browsers get no input: without ignoreIdle the member would turn "away".
      await browser().tune({ pollPeriodSeconds: 2, ignoreIdle: true, notifierPeriodSeconds: 10 });
    });

    it('shows the team’s alerts and the invitation with only their words and the site’s link', async () => {
      const alerts = store().adminMessagesFor(DEMO_USERNAME);
      expect(alerts).toHaveLength(2);
      const popup = await openMessages();
      await popup.waitFor((s) => document.querySelectorAll(s).length === 2, ALERT, { timeout: 20_000 });
      const shown = await popup.evaluate(
        (s) =>
          [...document.querySelectorAll<HTMLElement>(s)].map((row) => ({
            id: row.dataset.alertId,
            text: row.querySelector('.alert-text')?.textContent,
            links: [...row.querySelectorAll<HTMLAnchorElement>('.alert-text a')].map((a) => a.href),
            // Nothing of the HTML but words and the site's link: no element it could have brought.
            elements: row.querySelectorAll('.alert-text :not(a, bdi)').length,
            pictures: row.querySelectorAll('img, script, iframe').length,
          })),
        ALERT,
      );
      const [outside, guidelines] = alerts.map((alert) => shown.find((row) => row.id === String(alert.id)));
      expect(outside).toEqual({
        id: String(alerts[0]?.id),
        text: 'Your account is safe. Claim your prize & have fun.',
        links: [],
        elements: 0,
        pictures: 0,
      });
      expect(guidelines).toMatchObject({
        text: 'Thanks for sharing! Please read the Community Guidelines before your next project.',
        links: [`${site()}/community_guidelines/`],
        elements: 0,
        pictures: 0,
      });
      // The invitation, with the site's page about it.
      expect(
        await popup.evaluate((s) => document.querySelector<HTMLAnchorElement>(`${s} a`)?.href, INVITE),
      ).toBe(`${site()}/become-a-scratcher`);
      // Everything the count holds beyond the list is shown: no sentence about what cannot be. The
      // popup knows the count (which that sentence needs) once the list marks its unread: not before.
      await popup.waitFor((s) => document.querySelector(`${s}[data-unread="true"]`) !== null, ITEM);
      expect(await popup.evaluate(() => document.querySelector('[data-testid="honest-count"]'))).toBeNull();
      // The listed unread are the count less the alerts and the invitation, as the site counts them.
      const listedUnread = store()
        .messagesFor(DEMO_USERNAME)
        .filter((m) => m.unread).length;
      await expect
        .poll(() => popup.evaluate((s) => document.querySelectorAll(`${s}[data-unread="true"]`).length, ITEM))
        .toBeLessThanOrEqual(listedUnread);
      await popup.close();
    });

    it('dismisses an alert with the site’s own request; the count and the badge drop by one at once', async () => {
      const [alert] = store().adminMessagesFor(DEMO_USERNAME);
      const count = store().unreadCount(DEMO_USERNAME);
      await expect.poll(storedCount, { timeout: 20_000 }).toBe(count);
      await expect.poll(badgeText).toBe(String(count));
      const popup = await openMessages();
      const row = `${ALERT}[data-alert-id="${alert?.id}"]`;
      await popup.waitFor((s) => document.querySelector(s) !== null, row, { timeout: 20_000 });
      const since = Date.now();
      await popup.click(`${row} button[data-testid="dismiss-alert"]`);
      await popup.waitFor((s) => document.querySelector(s) === null, row, { timeout: 20_000 });
      // The site's request, its CSRF check passed (the sandbox answers 403 without the token's header).
      const posts = sandbox()
        .control.requestLog({ part: 'site', method: 'POST' })
        .filter((e) => Date.parse(e.time) >= since);
      expect(posts.map((e) => [e.path, e.status])).toEqual([['/site-api/messages/messages-delete/', 200]]);
      expect(
        store()
          .adminMessagesFor(DEMO_USERNAME)
          .map((a) => a.id),
      ).not.toContain(alert?.id);
      await expect.poll(storedCount).toBe(count - 1);
      await expect.poll(badgeText).toBe(String(count - 1));
      expect(await popup.evaluate((s) => document.querySelectorAll(s).length, ALERT)).toBe(1);
      await popup.close();
    });

    it('five popup opens with no change known send no read of the count past the CDN', async () => {
      // No change known: the dismissal above keeps reads past the CDN for the CDN's window after it
      // (a change Companion knows of). A new session knows of none.
      const countState = async () => {
        const { messageCount } = await browser().readStorage('local', ['messageCount']);
        return messageCount as { username: string | null; count: number | null } | undefined;
      };
      await browser().signOut();
      await expect.poll(async () => (await countState())?.username ?? null).toBe(null);
      await browser().signIn(DEMO_USERNAME);
      await expect
        .poll(async () => {
          const state = await countState();
          return state?.username === DEMO_USERNAME && state.count !== null;
        })
        .toBe(true);
      sandbox().control.clearLog();
      for (let i = 0; i < 5; i++) {
        const popup = await browser().openPopup();
        await popup.waitFor(
          (s) => document.querySelector(s) !== null,
          '[data-testid="popup-message-count"]',
          {
            timeout: 20_000,
          },
        );
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await popup.close();
      }
      const reads = sandbox().control.requestLog({ part: 'api', pattern: '/users/*/messages/count' });
      // The poller (every 2 s here) and the popups read it: at the bare address, every time.
      expect(reads.length).toBeGreaterThan(0);
      expect(reads.filter((e) => e.query !== '')).toEqual([]);
    });

    it('loads replies with the singular path turned off, then with the plural one off', async () => {
      const repliesRead = (since: number) =>
        sandbox()
          .control.requestLog({ part: 'api' })
          .filter(
            (e) =>
              Date.parse(e.time) >= since &&
              /^\/users?\/[^/]+\/projects\/\d+\/comments\/\d+\/replies$/.test(e.path),
          )
          .map((e) => `${e.path.split('/')[1]} ${e.status}`);
      const popup = await openMessages();
      for (const [index, paths] of [
        { users: true, user: false },
        { users: false, user: true },
      ].entries()) {
        const { message, reply } = threads[index] as { message: Message; reply: Comment };
        sandbox().control.repliesPaths = paths;
        const since = Date.now();
        const thread = `${ITEM}[data-message-id="${message.id}"]`;
        await popup.click(`${thread} [data-testid="thread-toggle"]`);
        await popup.waitFor(
          (s) => document.querySelector(s) !== null,
          `${thread} [data-testid="comment"][data-comment-id="${reply.id}"]`,
          { timeout: 20_000 },
        );
        // The site's path first; after a 404 there, the interface's, remembered from then on.
        expect(repliesRead(since)).toEqual(index === 0 ? ['users 200'] : ['users 404', 'user 200']);
      }
      sandbox().control.repliesPaths = { users: true, user: true };
      await popup.close();
    });

    it('reaches Following closely with a project added to a belled studio, which only the studio’s activity tells', async () => {
      // The bell is demo's own (the member's own item, `followingClosely.<demo's id>`).
      await browser().setStorage('sync', {
        [ownKey(sandbox(), 'followingClosely', DEMO_USERNAME)]: {
          people: [],
          studios: [{ id: studio.id, title: studio.title }],
        },
      });
      // The bell just rung: the studio's activity is read at once, where the project is not yet.
      await expect
        .poll(
          async () =>
            Object.keys(
              ((await browser().readStorage('local', ['studioNews'])).studioNews as { studios?: object })
                ?.studios ?? {},
            ),
          { timeout: 20_000 },
        )
        .toEqual([String(studio.id)]);
      sandbox().control.addProjectToStudio({ studioId: studio.id, projectId: added.id, actor: 'alice' });
      // What's Happening never carries it (the site renders eight types there, this is not one).
      expect(
        store()
          .followingActivity(demo.id)
          .some((event) => event.type === 'addprojecttostudio'),
      ).toBe(false);
      // Within a period (10 s here), the studio's activity is read again.
      await expect
        .poll(
          async () => {
            const news = (await browser().readStorage('local', ['studioNews'])).studioNews as {
              studios: Record<string, { projects: { id: number }[] }>;
            };
            return news?.studios?.[String(studio.id)]?.projects.map((p) => p.id) ?? [];
          },
          { timeout: 60_000, interval: 1_000 },
        )
        .toContain(added.id);
      await browser().setStorage('local', { popupTab: 'feed' });
      const popup = await browser().openPopup();
      const card = `${SECTION} [data-testid="project-card"][data-project-id="${added.id}"]`;
      await popup.waitFor((s) => document.querySelector(s) !== null, card, { timeout: 20_000 });
      expect(await popup.text(`${card} .card-sub`)).toBe(`in ${studio.title}`);
      // The feed's own What's Happening holds no such event either.
      const { feedCache } = await browser().readStorage('local', ['feedCache']);
      const activity =
        (feedCache as Record<string, { activity?: { items: { type: string }[] } }> | undefined)?.[
          DEMO_USERNAME
        ]?.activity?.items ?? [];
      expect(activity.some((event) => event.type === 'addprojecttostudio')).toBe(false);
      await popup.close();
      await browser().setStorage('sync', {
        [ownKey(sandbox(), 'followingClosely', DEMO_USERNAME)]: { people: [], studios: [] },
      });
    });

    it('shows the editor’s count in both menu bars: 2024’s and the one whose group is another element', async () => {
      const project = store()
        .projects()
        .find((p) => p.isShared && p.authorId !== demo.id) as Project;
      await expect.poll(badgeText, { timeout: 20_000 }).toMatch(/^\d+$/);
      const count = await badgeText();
      for (const [variant, group] of [
        ['', 'DIV'],
        ['?menubar=2026', 'ASIDE'],
      ] as const) {
        const editor = await browser().openPage(`${site()}/projects/${project.id}/editor/${variant}`);
        await expect
          .poll(
            () =>
              editor.evaluate(() => {
                const shown = document.querySelector('[data-companion="editor-message-count"]');
                return shown instanceof HTMLElement
                  ? {
                      text: shown.textContent,
                      hidden: shown.hidden,
                      besideMyStuff: shown.previousElementSibling?.getAttribute('href') === '/mystuff/',
                      group: shown.parentElement?.tagName,
                    }
                  : null;
              }),
            { timeout: 20_000 },
          )
          .toEqual({ text: count, hidden: false, besideMyStuff: true, group });
        await editor.close();
      }
    });
  });
});
