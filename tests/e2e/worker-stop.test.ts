/**
 * The background stopped mid-task, as the browser may do at any moment (Chromium: DevTools'
 * `ServiceWorker.stopAllWorkers`; Firefox: the event page terminated as about:debugging does), each
 * time while a request of the task is held by the sandbox (a latency rule; `control.inFlight()`
 * says when it is out). Afterwards, what a member would notice:
 *
 * 1. a message-count read: the poller goes on by itself (only its alarm can start the background
 *    again) and the badge shows the new count;
 * 2. a feed refresh: the open popup gets the new item without being reopened, no progress mark left;
 * 3. a queue of love reads for a page of thumbnails: every mark appears, without a reload;
 * 4. a translation: shown after all, no error;
 * 5. a reply from the popup: posted exactly once (the site had taken it before the stop), shown in
 *    the conversation, the composer and the stored draft empty.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nextDelay } from '@/lib/message-count/message-count';
import type { MessageCountState } from '@/lib/message-count/message-count-model';
import { type PendingPosts, unresolvedPosts } from '@/lib/messages/pending-posts';
import type { InFlightRequest } from '@/sandbox/control';
import { translateText } from '@/sandbox/helpers/translator';
import { DEMO_USERNAME } from '@/sandbox/index';
import type { Comment, Message, Project, User } from '@/sandbox/model';
import { BROWSER_NAMES, useBrowser, withSandbox } from './harness';
import { typeInto } from './harness/type-into';

const COUNT_ROUTE = '/users/*/messages/count';
const ACTIVITY_ROUTE = '/users/*/following/users/activity';
const LOVE_READ = '/projects/*/loves/user/*';
const COMMENT_POST = '/proxy/comments/**';
/**
 * Longer than any test waits: the request is held until the background has been stopped, then let
 * through (`releaseDelayed`), so a busy machine cannot let the answer arrive before the stop.
 */
const HELD_MS = 60_000;
const PERIOD_SECONDS = 1;

const sandbox = withSandbox();
const store = () => sandbox().control.store;

/** Waits until the sandbox holds a request of this kind: the task is under way. */
const underWay = (match: { part: InFlightRequest['part']; pattern: string; method?: string }) =>
  expect
    .poll(() => sandbox().control.inFlight(match).length, { timeout: 20_000, interval: 25 })
    .toBeGreaterThan(0);

describe.each(BROWSER_NAMES)('%s', (name) => {
  let demo: User;
  let project: Project;
  let toDemo: Comment;
  let commentMessage: Message;
  // Before the browser starts (hooks run in order): no CDN copy of the count, and a conversation
  // on one of demo's projects with a question to demo, which is a message.
  beforeAll(() => {
    const { control } = sandbox();
    control.messageCountCacheSeconds = 0;
    demo = store().getUser(DEMO_USERNAME) as User;
    const projects = store()
      .sharedProjectsOf(demo.id)
      .filter((p) => p.commentsAllowed);
    project = projects[(BROWSER_NAMES.indexOf(name) + 3) % projects.length] as Project;
    const alice = store().getUser('alice') as User;
    const carol = store().getUser('carol') as User;
    const top = store().addComment({
      place: 'project',
      placeId: project.id,
      parentId: null,
      commenteeId: null,
      authorId: alice.id,
      content: `What a project (${name})!`,
    });
    toDemo = store().addComment({
      place: 'project',
      placeId: project.id,
      parentId: top.id,
      commenteeId: demo.id,
      authorId: carol.id,
      content: `@${DEMO_USERNAME} will you make a sequel (${name})?`,
    });
    commentMessage = control.addCommentMessage(DEMO_USERNAME, toDemo);
  });
  const browser = useBrowser(name, { sandbox, signedInAs: DEMO_USERNAME });
  const badgeText = async () => (await browser().badge()).text;
  const unread = () => store().unreadCount(DEMO_USERNAME);

  afterEach(() => {
    sandbox().control.clearFaults();
    sandbox().control.releaseDelayed();
  });

  it('during a message-count read: the poller goes on by itself and the badge follows', async () => {
    const { control } = sandbox();
    // A short period (the development tuning); headless browsers get no input, so never "away".
    await browser().tune({ pollPeriodSeconds: PERIOD_SECONDS, ignoreIdle: true });
    await expect.poll(badgeText).toBe(String(unread()));
    control.addLatency({ part: 'api', pattern: COUNT_ROUTE, fixedMs: HELD_MS });
    await underWay({ part: 'api', pattern: COUNT_ROUTE });
    await browser().stopBackground();
    const stoppedAt = Date.now();
    control.clearFaults();
    control.releaseDelayed();
    control.addMessage(DEMO_USERNAME, { type: 'followuser', actor: 'alice' });

    // Nothing in this test starts the background: only the poller's own alarm can. The read armed
    // it as if it would fail, a period or more away: more when earlier reads failed (a busy machine
    // can make one time out), as the poller backs off. The stored state says how far.
    const { messageCount } = await browser().readStorage('local', ['messageCount']);
    const state = messageCount as MessageCountState;
    const armedMs = nextDelay({ ...state, failures: state.failures + 1 }, 'watching', PERIOD_SECONDS * 1000);
    const readsSince = () =>
      control
        .requestLog({ part: 'api', pattern: COUNT_ROUTE })
        .filter((entry) => Date.parse(entry.time) > stoppedAt).length;
    await expect.poll(readsSince, { timeout: armedMs + 20_000, interval: 100 }).toBeGreaterThan(0);
    await expect.poll(badgeText).toBe(String(unread()));
  });

  it('during a feed refresh: the open popup gets the new item, no progress mark left', async () => {
    const { control } = sandbox();
    await browser().setStorage('local', { popupTab: 'feed' });
    const popup = await browser().openPopup();
    await popup.waitFor(
      () => document.querySelector('.activity-list[aria-busy="false"]') !== null,
      undefined,
      {
        timeout: 20_000,
      },
    );
    const { event } = control.shareProject({ author: 'alice', title: `Shared while stopping (${name})` });
    control.addLatency({ part: 'api', pattern: ACTIVITY_ROUTE, fixedMs: HELD_MS });
    await popup.click('[data-testid="feed-refresh"]:not([disabled])');
    await underWay({ part: 'api', pattern: ACTIVITY_ROUTE });
    await browser().stopBackground();
    control.clearFaults();
    control.releaseDelayed();

    await popup.waitFor(
      (s) => document.querySelector(s) !== null,
      `[data-testid="feed-item"][data-event-id="${event.id}"]`,
      { timeout: 20_000 },
    );
    await popup.waitFor(() => document.querySelector('.feed-progress .spinner') === null);
    expect(await popup.evaluate(() => document.querySelectorAll('[data-testid="feed-error"]').length)).toBe(
      0,
    );
    await popup.close();
  });

  it('during a queue of love reads: every thumbnail gets its mark without a reload', async () => {
    const { control } = sandbox();
    // The development tuning (lib/dev-tuning.ts): the whole client-wide rate for the marks, not
    // their share of it (the page shows a few dozen thumbnails, each read once), and the page asks
    // again for what stays unanswered after 1 s, not 4 s (then 2, 4, … as in real use).
    await browser().tune({ marksReadsPerSecond: 5, marksReaskAfterMs: 1_000 });
    control.addLatency({ part: 'api', pattern: LOVE_READ, fixedMs: HELD_MS });
    const page = await browser().openPage(`${browser().profile.site}/explore/projects/all/`);
    await underWay({ part: 'api', pattern: LOVE_READ });
    const unmarked = () =>
      page.evaluate(() => {
        const marks = [...document.querySelectorAll('[data-companion="project-status"]')];
        return { marks: marks.length, waiting: marks.filter((m) => !m.hasAttribute('data-loved')).length };
      });
    // The thumbnails' marks, waiting on reads the sandbox holds: counted before the stop, while
    // nothing can answer them (the page adds its marks as it goes).
    await expect.poll(async () => (await unmarked()).marks).toBeGreaterThan(4);
    expect((await unmarked()).waiting).toBeGreaterThan(0);
    await browser().stopBackground();
    control.clearFaults();
    control.releaseDelayed();

    await expect.poll(async () => (await unmarked()).waiting, { timeout: 30_000, interval: 250 }).toBe(0);
    await page.close();
  });

  it('during a translation: the translation is shown after all', async () => {
    const { control } = sandbox();
    const busy = store()
      .projects()
      .find(
        (p) => p.isShared && p.authorId !== demo.id && store().topLevelComments('project', p.id).length >= 3,
      );
    if (!busy) throw new Error('The seed has no project with comments');
    const page = await browser().openPage(`${browser().profile.site}/projects/${busy.id}/`);
    await page.waitFor(
      () => document.querySelector('button[data-companion="translate"]') !== null,
      undefined,
      {
        timeout: 20_000,
      },
    );
    control.addLatency({ part: 'translate', pattern: '/translate', fixedMs: HELD_MS });
    const target = store()
      .topLevelComments('project', busy.id)
      .find((c) => !c.content.includes('<'));
    if (!target) throw new Error('no plain comment');
    const comment = `#comments-${target.id}`;
    await page.waitFor(
      (s) => document.querySelector(s) !== null,
      `${comment} button[data-companion="translate"]`,
    );
    await page.evaluate(
      (s) => document.querySelector<HTMLButtonElement>(`${s} button[data-companion="translate"]`)?.click(),
      comment,
    );
    await underWay({ part: 'translate', pattern: '/translate' });
    await browser().stopBackground();
    control.clearFaults();
    control.releaseDelayed();

    const shown = await page.waitFor(
      (s) => document.querySelector(`${s} [data-companion="translation"]`)?.textContent ?? null,
      comment,
      { timeout: 20_000 },
    );
    expect(shown).toBe(translateText(target.content, 'en'));
    expect(
      await page.evaluate(() => document.querySelectorAll('[data-companion="translation-error"]').length),
    ).toBe(0);
    await page.close();
  });

  it('during a reply’s post: posted exactly once, shown, the draft gone', async () => {
    const { control } = sandbox();
    await browser().setStorage('local', { popupTab: 'messages' });
    const popup = await browser().openPopup();
    const thread = `[data-testid="message-item"][data-message-id="${commentMessage.id}"]`;
    await popup.waitFor((s) => document.querySelector(s) !== null, thread, { timeout: 20_000 });
    const toggle = `${thread} [data-testid="thread-toggle"]`;
    if (
      (await popup.evaluate((s) => document.querySelector(s)?.getAttribute('aria-expanded'), toggle)) !==
      'true'
    )
      await popup.click(toggle);
    const box = `${thread} [data-testid="comment"][data-comment-id="${toDemo.id}"] [data-testid="reply-box"]`;
    await popup.waitFor((s) => document.querySelector(s) !== null, box, { timeout: 20_000 });

    const text = `Yes, a sequel is coming (${name} ${Date.now()})`;
    await typeInto(popup, box, text);
    const since = Date.now();
    control.addLatency({ part: 'api', method: 'POST', pattern: COMMENT_POST, fixedMs: HELD_MS });
    await popup.click(`${thread} [data-testid="reply-send"]`);
    await underWay({ part: 'api', method: 'POST', pattern: COMMENT_POST });
    // The site takes the reply when the held request goes on; the background is gone before that.
    await browser().stopBackground();
    control.clearFaults();
    control.releaseDelayed();

    const mine = () =>
      store()
        .commentsBy(demo.id)
        .filter((c) => c.placeId === project.id && c.content.includes(text));
    await expect.poll(() => mine().length).toBe(1);
    const posted = mine()[0] as Comment;
    // The popup shows it posted, its composer empty, no error.
    await popup.waitFor(
      (s) => document.querySelector(s) !== null,
      `${thread} [data-testid="comment"][data-comment-id="${posted.id}"]`,
      { timeout: 25_000 },
    );
    expect(
      await popup.evaluate((s) => document.querySelector(`${s} [data-testid="comment-error"]`), thread),
    ).toBeNull();
    // The stored draft and pending post are cleared as the reply shows, written on their own.
    const stored = () => browser().readStorage('local', ['messageDrafts', 'messagePendingPosts']);
    await expect
      .poll(async () => {
        const drafts = ((await stored()).messageDrafts ?? {}) as Record<
          string,
          Record<string, { text: string }>
        >;
        return Object.values(drafts[DEMO_USERNAME] ?? {}).map((d) => d.text);
      })
      .not.toContain(text);
    // Nothing left whose outcome is unknown (the landed reply stays a moment for a page's second ask).
    await expect
      .poll(async () => unresolvedPosts(((await stored()).messagePendingPosts ?? {}) as PendingPosts))
      .toEqual([]);
    // Exactly one POST reached the site, and one reply is there.
    const posts = control
      .requestLog({ part: 'api', method: 'POST', pattern: COMMENT_POST })
      .filter((entry) => Date.parse(entry.time) >= since);
    expect(posts).toHaveLength(1);
    expect(mine()).toHaveLength(1);
    await popup.close();
  });
});
