/**
 * The fault matrix for the popup's Messages tab and a reply, in real Chromium and
 * Firefox. One popup stays open on a conversation through every row of a browser. For every fault
 * of harness/fault-matrix.ts on the messages' routes (the list, the conversation's reads, the post):
 * a message arrives and the member refreshes the list and sends a reply; the list keeps its cached
 * messages under the fault's sentence, the reply stays in its box and in the drafts with a sentence
 * saying so, the rest works (the badge and the header's count follow the new message); once the
 * fault ends the list refreshes (after a 429 by itself) and sending again puts the reply on the site
 * exactly once — also when the first post reached the site but its answer was lost (timeout,
 * malformed or truncated body). An expired session is renewed from the site's cookie: the reply
 * and the list just work.
 */
import { expect } from 'vitest';
import { DEMO_USERNAME } from '@/sandbox/index';
import type { Comment, Message, Project, User } from '@/sandbox/model';
import { BROWSER_NAMES, type TestPage, withSandbox } from './harness';
import { attempts, listSentence, requestsSince } from './harness/fault-checks';
import { describeFaultMatrix, type FaultContext, type FaultName } from './harness/fault-matrix';
import { faultSentenceAfterRefresh } from './harness/refresh-under-fault';
import { typeInto } from './harness/type-into';

const sandbox = withSandbox();

const LIST_ROUTE = { pattern: '/users/*/messages', part: 'api' } as const;
const POST_ROUTE = { pattern: '/proxy/comments/**', part: 'api' } as const;
const ROUTES = [
  LIST_ROUTE,
  POST_ROUTE,
  // The conversation: its project, the comment, the replies.
  { pattern: '/projects/*', part: 'api' },
  { pattern: '/users/*/projects/*/comments/*', part: 'api' },
  { pattern: '/user/*/projects/*/comments/*/replies', part: 'api' },
] as const;
const ITEM = '[data-testid="message-item"]';
const LIST_ERROR = '.messages [data-testid="feed-error"]';
const LIST_REFRESH = '.messages [data-testid="feed-refresh"]';
/** A read or post under a fault; the bound every wait has, on a machine where a step can take seconds. */
const FAULT_MS = 20_000;
/**
 * The faults under which the post reaches the site and only its answer is lost: the sandbox finishes
 * a held post when the extension gives up on it (timeout), and spoils a body after the post landed.
 */
const ANSWER_LOST: ReadonlySet<FaultName> = new Set(['timeout', 'malformed body', 'truncated body']);

interface World {
  demo: User;
  project: Project;
  toDemo: Comment;
  message: Message;
  popup: TestPage;
}
const worlds = new Map<string, World>();
/** The row's reply, the new message, and when the fault began. */
let text = '';
let newMessage = 0;
let faultAt = 0;

const store = () => sandbox().control.store;
const worldOf = ({ browser }: Pick<FaultContext, 'browser'>) => worlds.get(browser.name) as World;
const isThere = (popup: TestPage, selector: string) =>
  popup.evaluate((s) => document.querySelector(s) !== null, selector);
/** The new follow's row: follows arriving together read as one group, which carries every id of it. */
const newRow = () => `:is(${ITEM}, [data-testid="message-group"])[data-message-ids~="${newMessage}"]`;
const threadOf = (world: World) => `${ITEM}[data-message-id="${world.message.id}"]`;
const box = (world: World) =>
  `${threadOf(world)} [data-testid="comment"][data-comment-id="${world.toDemo.id}"] [data-testid="reply-box"]`;
const sendButton = (world: World) => `${threadOf(world)} [data-testid="reply-send"]`;
const replyError = (world: World) => `${threadOf(world)} [data-testid="comment-error"]`;
const onSite = (world: World) =>
  store()
    .commentsBy(world.demo.id)
    .filter((c) => c.content.endsWith(text));
const boxText = (world: World) =>
  world.popup.evaluate((s) => document.querySelector<HTMLTextAreaElement>(s)?.value ?? null, box(world));
async function drafts(context: Pick<FaultContext, 'browser'>): Promise<string[]> {
  const stored = (await context.browser.readStorage('local', ['messageDrafts'])).messageDrafts as
    | Record<string, Record<string, { text: string }>>
    | undefined;
  return Object.values(stored?.[DEMO_USERNAME] ?? {}).map((draft) => draft.text);
}

describeFaultMatrix(
  BROWSER_NAMES,
  {
    name: "the popup's Messages tab and a reply",
    routes: ROUTES,

    beforeLaunch(sandbox) {
      sandbox.control.messageCountCacheSeconds = 0;
    },

    async prime({ browser, sandbox }) {
      const { control } = sandbox;
      await browser.tune({ pollPeriodSeconds: 1, ignoreIdle: true });
      await browser.setStorage('local', { popupTab: 'messages' });
      const demo = store().getUser(DEMO_USERNAME) as User;
      const projects = store()
        .sharedProjectsOf(demo.id)
        .filter((p) => p.commentsAllowed);
      const project = projects[(BROWSER_NAMES.indexOf(browser.name) + 5) % projects.length] as Project;
      const alice = store().getUser('alice') as User;
      const carol = store().getUser('carol') as User;
      const top = store().addComment({
        place: 'project',
        placeId: project.id,
        parentId: null,
        commenteeId: null,
        authorId: alice.id,
        content: `A question thread (${browser.name})`,
      });
      const toDemo = store().addComment({
        place: 'project',
        placeId: project.id,
        parentId: top.id,
        commenteeId: demo.id,
        authorId: carol.id,
        content: `@${DEMO_USERNAME} how does the ${browser.name} version work?`,
      });
      const message = control.addCommentMessage(DEMO_USERNAME, toDemo);
      const popup = await browser.openPopup();
      const world: World = { demo, project, toDemo, message, popup };
      worlds.set(browser.name, world);
      await popup.click(`${threadOf(world)} [data-testid="thread-toggle"]`, { timeout: 20_000 });
      // The conversation opens with the composer under the message's comment.
      await popup.waitFor((s) => document.querySelector(s) !== null, box(world), { timeout: FAULT_MS });
    },

    async askAgain(context) {
      const world = worldOf(context);
      const { popup } = world;
      // The site's flood rule allows 5 comments a minute: each row's reply comes "minutes" later.
      for (const comment of store().commentsBy(world.demo.id))
        comment.created = new Date(Date.parse(comment.created) - 120_000).toISOString();
      faultAt = Date.now();
      newMessage = context.sandbox.control.addMessage(DEMO_USERNAME, { type: 'followuser', actor: 'bob' }).id;
      text = `Reply sent during ${context.fault.name} (${context.browser.name} ${faultAt})`;
      await typeInto(popup, box(world), text);
      await popup.click(`${sendButton(world)}:not([disabled])`);
      await popup.click(`${LIST_REFRESH}:not([disabled])`);
    },

    async expectDuringFault(context) {
      const world = worldOf(context);
      const { popup } = world;
      const sentence = listSentence(context.fault.name);
      if (sentence === null) {
        // Renewed from the site's cookie: the reply is posted, once; the list brings the new message.
        await popup.waitForText(`${threadOf(world)} .thread-status`, 'Your reply is on the site.', {
          timeout: FAULT_MS,
        });
        expect(onSite(world)).toHaveLength(1);
        await popup.waitFor((s) => document.querySelector(s) !== null, newRow(), {
          timeout: FAULT_MS,
        });
        return;
      }
      // The list: its cached messages under the sentence, the new one not there (a refresh that
      // joined a read begun before the fault is clicked again, as a member would).
      const listShown = await faultSentenceAfterRefresh(
        {
          popup,
          error: LIST_ERROR,
          refresh: LIST_REFRESH,
          sandbox: context.sandbox,
          route: LIST_ROUTE,
          faultAt,
          timeoutMs: FAULT_MS,
        },
        sentence,
      );
      expect(listShown).toBe(`${sentence} Showing what Companion read before.`);
      expect(await isThere(popup, threadOf(world))).toBe(true);
      expect(await isThere(popup, newRow())).toBe(false);
      // The reply: a sentence, the text still in the box and in the drafts.
      const replyShown = await popup.waitForText(replyError(world), /\S/, { timeout: FAULT_MS });
      const expected =
        context.fault.name === 'rate limited' ? 'The site asked Companion to slow down.' : sentence;
      expect(replyShown).toBe(`${expected} Your reply is kept here as a draft.`);
      expect(await boxText(world)).toBe(text);
      expect(await drafts(context)).toContain(text);
      // Never twice on the site (it may be there once: the answer was lost, not the post).
      expect(onSite(world).length).toBeLessThanOrEqual(1);
      // No storm: one attempt per post (writes are never retried), the client's 4 per list read
      // (two reads: the member's refresh, and the one the new message count asks for).
      // (Under `timeout` the client gave up on the post: the sandbox stops holding it once the
      // browser has closed its connection, a moment after the sentence shows, and logs it then,
      // `abandoned`; the post itself lands, as on a slow server.)
      // (Answered posts count by burst, strictly. A post whose connection was dropped never reached the
      // site, and the browser itself sends it again (Chromium once, a busy machine can part the two by
      // 90 ms): those count per the browser's re-sends, as every dropped request does.)
      const posts = () =>
        attempts(
          requestsSince(context.sandbox, { ...POST_ROUTE, method: 'POST' }, faultAt),
          context.browser.name,
        );
      await expect.poll(() => posts().length, { timeout: FAULT_MS, interval: 100 }).toBeGreaterThan(0);
      expect(posts()).toHaveLength(1);
      expect(
        attempts(requestsSince(context.sandbox, LIST_ROUTE, faultAt), context.browser.name).length,
      ).toBeLessThanOrEqual(8);
    },

    async expectRestWorks(context) {
      const { browser } = context;
      const { popup } = worldOf(context);
      // The message count has its own route: the badge and the popup's header follow the new message.
      const count = store().unreadCount(DEMO_USERNAME);
      await expect
        .poll(async () => (await browser.badge()).text, { timeout: FAULT_MS, interval: 100 })
        .toBe(String(count));
      await popup.waitForText(
        '[data-testid="popup-message-count"]',
        `${count} new messages for ${DEMO_USERNAME}`,
      );
    },

    async expectRecovered(context) {
      const world = worldOf(context);
      const { popup } = world;
      if (context.fault.expect === 'cached-or-sentence') {
        // The list: a refresh (after a 429, the popup's own once the Retry-After has passed). The
        // service shares a read in flight with every caller: a refresh clicked while a read begun
        // under the fault is still retrying ends with that read's failure, so the member refreshes
        // again, as they would, until the new message shows.
        if (context.fault.name !== 'rate limited') {
          const deadline = Date.now() + FAULT_MS;
          while (!(await isThere(popup, newRow())) && Date.now() < deadline) {
            await popup.click(`${LIST_REFRESH}:not([disabled])`, { timeout: FAULT_MS });
            await popup.waitFor(
              (s) => document.querySelector(`${s}:not([disabled])`) !== null,
              LIST_REFRESH,
              {
                timeout: FAULT_MS,
              },
            );
          }
        }
        await popup.waitFor((s) => document.querySelector(s) !== null, newRow(), {
          timeout: FAULT_MS,
        });
        await popup.waitFor((s) => document.querySelector(s) === null, LIST_ERROR);
        // The reply: sent again from the same box, it is on the site once and the draft goes.
        const resent = Date.now();
        await popup.click(`${sendButton(world)}:not([disabled])`);
        await popup.waitForText(`${threadOf(world)} .thread-status`, 'Your reply is on the site.', {
          timeout: FAULT_MS,
        });
        expect(await isThere(popup, replyError(world))).toBe(false);
        // A post that reached the site during the fault (its answer lost) was found there, not posted
        // again; one that did not is posted now, once.
        const posts = requestsSince(context.sandbox, { ...POST_ROUTE, method: 'POST' }, resent);
        const landed = onSite(world).some((c) => Date.parse(c.created) < resent);
        expect(landed).toBe(ANSWER_LOST.has(context.fault.name));
        expect(posts).toHaveLength(landed ? 0 : 1);
      }
      await expect.poll(() => onSite(world).length, { timeout: FAULT_MS, interval: 200 }).toBe(1);
      const posted = onSite(world)[0] as Comment;
      expect(posted.content).toBe(`@carol ${text}`);
      await popup.waitFor(
        (s) => document.querySelector(s) !== null,
        `${threadOf(world)} [data-comment-id="${posted.id}"]`,
      );
      expect(await drafts(context)).not.toContain(text);
      // Ready for the next row: the composer again under carol's comment.
      await popup.click(
        `${threadOf(world)} [data-testid="comment"][data-comment-id="${world.toDemo.id}"] [data-testid="comment-reply"]`,
      );
      await popup.waitFor((s) => document.querySelector(s) !== null, box(world));
    },
  },
  { sandbox, signedInAs: DEMO_USERNAME },
);
