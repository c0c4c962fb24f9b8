/**
 * The popup's Messages tab in real Chromium (public build, live host names mapped onto the sandbox)
 * and Firefox (local build), signed in as demo: every message type in the site's words, unread as
 * many as the count, grouping, the filter; a project comment's conversation with its parent and
 * replies; replying (addressing checked on the sandbox, the referer check turned on), rejections,
 * drafts across closing and a failed post, one post for a double click, deleting; and a site page
 * that cannot make the background post or delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERNAME } from '@/sandbox/index';
import type { Comment, Message, Project, User } from '@/sandbox/model';
import { BROWSER_NAMES, type TestPage, useBrowser, withSandbox } from './harness';
import { seriousAxeFindingsInEachScheme } from './harness/axe';
import { startQuietPeriod } from './harness/quiet-period';
import { typeInto } from './harness/type-into';

const sandbox = withSandbox();

const ITEM = '[data-testid="message-item"]';
const GROUP = '[data-testid="message-group"]';
/** The list's own rows: single messages and groups (a group's messages show only once it is opened). */
const ROW = `.messages > .message-list > :is(${ITEM}, ${GROUP})`;
const store = () => sandbox().control.store;
const userName = (id: number) => store().getUserById(id)?.username ?? '';
const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** The site's sentence for one message (docs/site-reference.md, messages page), as the popup must show it. */
function expectedSentence(message: Message): string {
  const actor = userName(message.actorId);
  const f = message.fields as Record<string, unknown>;
  switch (message.type) {
    case 'followuser':
      return `${actor} is now following you`;
    case 'loveproject':
      return `${actor} loved your project ${str(f.title) || str(f.project_title)}`;
    case 'favoriteproject':
      return `${actor} favorited your project ${str(f.project_title) || str(f.title)}`;
    case 'remixproject':
      return `${actor} remixed your project ${str(f.parent_title)}. Check out ${str(f.title)}!`;
    case 'addcomment': {
      const replied = f.commentee_username === DEMO_USERNAME;
      if (f.comment_type === 0)
        return `${actor} ${replied ? 'replied to your comment on' : 'commented on your project'} ${str(f.comment_obj_title)}`;
      if (f.comment_type === 1) {
        const where =
          f.comment_obj_title === DEMO_USERNAME ? 'your profile' : `${str(f.comment_obj_title)}'s profile`;
        return `${actor} ${replied ? 'replied to your comment on' : 'commented on'} ${where}`;
      }
      return `${actor} replied to your comment in ${str(f.comment_obj_title)}`;
    }
    case 'curatorinvite':
      return `${actor} invited you to curate the studio ${str(f.title) || str(f.gallery_title)}. Visit the curator tab on the studio to accept the invitation`;
    case 'becomeownerstudio':
      return `${actor} promoted you to manager for the studio ${str(f.gallery_title) || str(f.title)}`;
    case 'becomehoststudio':
      return `${f.admin_actor ? 'A Scratch Team member' : actor} made you the host of the studio ${str(f.gallery_title) || str(f.title)}`;
    case 'studioactivity':
      return `There was new activity in ${str(f.title) || str(f.gallery_title)} today`;
    case 'forumpost':
      return `There are new posts in the forum thread: ${str(f.topic_title)}`;
    case 'userjoin':
      return "Welcome to Scratch! After you make projects and comments, you'll get messages about them here.";
    default:
      return `${actor} sent a message of a kind Companion does not know yet`;
  }
}

const VERBS: Record<string, string> = {
  loveproject: 'loved',
  favoriteproject: 'favorited',
  remixproject: 'remixed',
};

/**
 * A row's sentence: one message, or a group: follows, loves, favorites or remixes of one project (two
 * people named, the others counted), a studio's activity or a forum topic's posts (with their count).
 */
function expectedRow(messages: Message[]): string {
  const first = messages[0] as Message;
  const f = first.fields as Record<string, unknown>;
  if (messages.length > 1 && first.type === 'studioactivity')
    return `There was new activity in ${str(f.title) || str(f.gallery_title)} (${messages.length} messages)`;
  if (messages.length > 1 && first.type === 'forumpost')
    return `There are new posts in the forum thread: ${str(f.topic_title)} (${messages.length} messages)`;
  const actors = [...new Set(messages.map((m) => userName(m.actorId)))];
  if (messages.length === 1 || actors.length === 1) return expectedSentence(first);
  if (first.type === 'followuser') {
    if (actors.length === 2) return `${actors[0]} and ${actors[1]} followed you`;
    const others = actors.length - 2;
    return `${actors[0]}, ${actors[1]} and ${others} other${others === 1 ? '' : 's'} followed you`;
  }
  const title =
    first.type === 'remixproject'
      ? str(f.parent_title)
      : first.type === 'loveproject'
        ? str(f.title) || str(f.project_title)
        : str(f.project_title) || str(f.title);
  const verb = VERBS[first.type];
  if (actors.length === 2) return `${actors[0]} and ${actors[1]} ${verb} your project ${title}`;
  const others = actors.length - 2;
  return `${actors[0]}, ${actors[1]} and ${others} other${others === 1 ? '' : 's'} ${verb} your project ${title}`;
}

interface RowInfo {
  type: string;
  ids: number[];
  unread: boolean;
  text: string;
}

const readRows = (popup: TestPage) =>
  popup.evaluate(
    (selector) =>
      [...document.querySelectorAll<HTMLElement>(selector)].map((item) => ({
        type: item.dataset.type ?? '',
        ids: (item.dataset.messageIds ?? '').split(' ').map(Number),
        unread: item.dataset.unread === 'true',
        text: (item.querySelector('.message-sentence')?.textContent ?? '').trim(),
      })),
    ROW,
  ) as Promise<RowInfo[]>;

/** Types into a textarea as a member would (the input event Preact listens to). */

const selectFilter = (popup: TestPage, value: string) =>
  popup.evaluate((value) => {
    const select = document.querySelector<HTMLSelectElement>('[data-testid="message-filter"]');
    if (select === null) throw new Error('no filter');
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);

describe.each(BROWSER_NAMES)('%s', (name) => {
  // The world of this browser's checks, made before the browser starts (hooks run in order).
  let demo: User;
  let project: Project;
  let top: Comment;
  let fromBob: Comment;
  let toDemo: Comment;
  let commentMessage: Message;
  let grouped: Message[];
  beforeAll(() => {
    const { control } = sandbox();
    control.messageCountCacheSeconds = 0;
    demo = store().getUser(DEMO_USERNAME) as User;
    const projects = store()
      .sharedProjectsOf(demo.id)
      .filter((p) => p.commentsAllowed);
    project = projects[BROWSER_NAMES.indexOf(name) % projects.length] as Project;
    const alice = store().getUser('alice') as User;
    const bob = store().getUser('bob') as User;
    const carol = store().getUser('carol') as User;
    // A conversation on demo's project: alice's comment (with a link to the site), bob's reply to
    // alice, and carol's question to demo, which is the message.
    const site = name === 'chromium' ? 'https://scratch.mit.edu' : sandbox().urls.site;
    top = store().addComment({
      place: 'project',
      placeId: project.id,
      parentId: null,
      commenteeId: null,
      authorId: alice.id,
      content: `Great work (${name})! Mine is at ${site}/projects/${project.id}/ <b>not bold</b>`,
    });
    fromBob = store().addComment({
      place: 'project',
      placeId: project.id,
      parentId: top.id,
      commenteeId: alice.id,
      authorId: bob.id,
      content: '@alice agreed',
    });
    toDemo = store().addComment({
      place: 'project',
      placeId: project.id,
      parentId: top.id,
      commenteeId: demo.id,
      authorId: carol.id,
      content: `@${DEMO_USERNAME} how did you make the ${name} version?`,
    });
    // Three people loved another of demo's projects: one row.
    const loved = projects[(BROWSER_NAMES.indexOf(name) + 2) % projects.length] as Project;
    grouped = ['bob', 'alice', 'carol'].map((actor) =>
      control.addMessage(DEMO_USERNAME, {
        type: 'loveproject',
        actor,
        fields: { project_id: loved.id, title: loved.title },
      }),
    );
    commentMessage = control.addCommentMessage(DEMO_USERNAME, toDemo);
  });
  const browser = useBrowser(name, { sandbox, signedInAs: DEMO_USERNAME });
  let popup: TestPage;

  const openMessages = async () => {
    // A reply after a failed post (500: its outcome unknown) first looks whether the failed one
    // landed after all, until the request's timeout and a margin have passed: 4 s + 2 s here, not
    // 10 s + 2 s (the development tuning, lib/dev-tuning.ts; the sandbox answers in milliseconds).
    await browser().tune({ requestTimeoutMs: 4_000 });
    await browser().setStorage('local', { popupTab: 'messages' });
    popup = await browser().openPopup();
    await popup.waitFor((selector) => document.querySelectorAll(selector).length > 0, ITEM, {
      timeout: 20_000,
    });
    return popup;
  };
  const threadOf = (message: Message) => `${ITEM}[data-message-id="${message.id}"]`;
  const openThread = async (message: Message) => {
    const toggle = `${threadOf(message)} [data-testid="thread-toggle"]`;
    const expanded = await popup.evaluate(
      (s) => document.querySelector(s)?.getAttribute('aria-expanded') === 'true',
      toggle,
    );
    if (!expanded) await popup.click(toggle);
    await popup.waitFor(
      (s) => document.querySelector(s) !== null,
      `${threadOf(message)} [data-testid="comment"]`,
    );
  };
  const box = () =>
    `${threadOf(commentMessage)} [data-testid="comment"][data-comment-id="${toDemo.id}"] [data-testid="reply-box"]`;
  const send = () => `${threadOf(commentMessage)} [data-testid="reply-send"]`;
  const error = () => `${threadOf(commentMessage)} [data-testid="comment-error"]`;
  /** demo's drafts' texts as stored. */
  const storedDrafts = async () => {
    const { messageDrafts } = await browser().readStorage('local', ['messageDrafts']);
    const drafts = messageDrafts as Record<string, Record<string, { text: string }>> | undefined;
    return Object.values(drafts?.[DEMO_USERNAME] ?? {}).map((d) => d.text);
  };
  const demoComments = () =>
    store()
      .commentsBy(demo.id)
      .filter((c) => c.placeId === project.id);

  afterAll(() => {
    sandbox().control.clearFaults();
    sandbox().control.refererCheck = false;
  });

  it('shows every message type in the site’s words, unread as many as the count, loves of one project grouped', async () => {
    await openMessages();
    const count = store().unreadCount(DEMO_USERNAME);
    await popup.waitForText('[data-testid="messages-unread-count"]', String(count), { timeout: 20_000 });
    // The list of this open is the service's (the freshly added messages on top).
    await popup.waitFor((selector) => document.querySelector(selector) !== null, threadOf(commentMessage), {
      timeout: 20_000,
    });
    const rows = await readRows(popup);
    const byId = new Map(
      store()
        .messagesFor(DEMO_USERNAME)
        .map((m) => [m.id, m]),
    );
    for (const row of rows) {
      const messages = row.ids.map((id) => byId.get(id) as Message);
      expect(row.type).toBe(messages[0]?.type);
      expect(row.text).toBe(expectedRow(messages));
    }
    const seenTypes = new Set(rows.map((row) => row.type));
    for (const type of new Set(
      store()
        .messagesFor(DEMO_USERNAME)
        .map((m) => m.type),
    ))
      expect(seenTypes).toContain(type);
    // The first `count - alerts - invitation` messages are the unread ones, however they are
    // grouped (the site's messages page counts them so): the rest of the count shows above the list.
    const unlisted =
      store().adminMessagesFor(DEMO_USERNAME).length + (store().inviteFor(DEMO_USERNAME) === null ? 0 : 1);
    const unreadIds = rows.filter((row) => row.unread).flatMap((row) => row.ids);
    const newest = store()
      .messagesFor(DEMO_USERNAME)
      .slice(0, count - unlisted)
      .map((m) => m.id);
    expect(unreadIds.sort()).toEqual(newest.sort());
    // The three loves: one row, newest actor first.
    const group = rows.find((row) => row.ids.includes(grouped[0]?.id as number));
    expect(group?.ids.sort()).toEqual(grouped.map((m) => m.id).sort());
    expect(group?.text).toMatch(/^carol, alice and 1 other loved your project /);
    // Hostile titles stay text: nothing from the service became an element in a sentence.
    expect(
      await popup.evaluate(
        () => document.querySelectorAll('.message-list script, .message-list img:not(.avatar)').length,
      ),
    ).toBe(0);
  });

  it('filters like the site and remembers the filter', async () => {
    await selectFilter(popup, 'comments');
    await popup.waitFor((selector) => {
      const items = [...document.querySelectorAll<HTMLElement>(selector)];
      return items.length > 0 && items.every((item) => item.dataset.type === 'addcomment');
    }, ROW);
    await selectFilter(popup, 'studios');
    await popup.waitFor((selector) => {
      const items = [...document.querySelectorAll<HTMLElement>(selector)];
      const studio = ['curatorinvite', 'becomeownerstudio', 'becomehoststudio', 'studioactivity'];
      return items.length > 0 && items.every((item) => studio.includes(item.dataset.type ?? ''));
    }, ROW);
    await popup.close();
    await openMessages();
    expect(
      await popup.evaluate(
        () => document.querySelector<HTMLSelectElement>('[data-testid="message-filter"]')?.value,
      ),
    ).toBe('studios');
    await selectFilter(popup, 'all');
    await popup.waitFor((selector) => document.querySelector(selector) !== null, threadOf(commentMessage));
  });

  it('searches the cached messages from the keyboard: by person, by a comment’s words, none, Escape clears', async () => {
    // Every page read into the cache (up to 200), every message listed or in the muted fold.
    const every = Math.min(store().messagesFor(DEMO_USERNAME).length, 200);
    expect(every).toBeGreaterThan(80);
    const cached = async () => {
      const { messagesCache } = await browser().readStorage('local', ['messagesCache']);
      const mine = (messagesCache as Record<string, { list: { items: unknown[] } }>)[DEMO_USERNAME];
      return mine?.list.items.length ?? 0;
    };
    const listed = () =>
      popup.evaluate(
        (selector) =>
          [...document.querySelectorAll<HTMLElement>(selector)].flatMap((item) =>
            (item.dataset.messageIds ?? '').split(' '),
          ).length +
          Number(document.querySelector<HTMLElement>('[data-testid="muted-fold"]')?.dataset.count ?? 0),
        ROW,
      );
    await expect
      .poll(
        async () => {
          // Scrolled to its end, the list reads the next page (one page is 40).
          await popup.evaluate(() => document.querySelector('.list-end')?.scrollIntoView());
          return { cached: await cached(), listed: await listed() };
        },
        { timeout: 20_000 },
      )
      .toSatisfy(
        ({ cached, listed }: { cached: number; listed: number }) => cached === every && listed === cached,
      );
    const total = await cached();
    const all = await readRows(popup);
    const actorOf = new Map(
      store()
        .messagesFor(DEMO_USERNAME)
        // Its actor's names (a few seeded messages carry their own).
        .map((m) => [
          m.id,
          `${str((m.fields as Record<string, unknown>).actor_username)} ${userName(m.actorId)}`,
        ]),
    );
    const keys = popup.raw.page.keyboard;
    const shown = () =>
      popup.evaluate(
        (selector) =>
          [...document.querySelectorAll<HTMLElement>(selector)].map((item) => ({
            ids: item.dataset.messageIds ?? '',
            match: item.dataset.match,
            marks: [...item.querySelectorAll('mark')].map((mark) => mark.textContent),
          })),
        ITEM,
      );
    // "/" goes to the box; carol's messages only, each marked, a group holding only hers (opened).
    await popup.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await keys.press('/');
    await popup.waitFor(() => document.activeElement?.getAttribute('data-testid') === 'messages-search');
    await keys.type('Carol', { delay: 20 });
    // Whose name holds "carol" (carol, Carole65…), whatever the case.
    const carols = all.flatMap((row) => row.ids).filter((id) => /carol/i.test(actorOf.get(id) ?? ''));
    expect(carols.length).toBeGreaterThan(1);
    await popup.waitFor((n) => document.querySelectorAll('[data-match="true"]').length === n, carols.length);
    // Every message shown is one of hers: a row of its own, or in a group shown opened.
    const rows = await shown();
    expect(rows.map((row) => row.ids).sort()).toEqual(carols.map(String).sort());
    expect(rows.every((row) => row.match === 'true')).toBe(true);
    // Her name is marked where the sentence shows it (a group may name her among "others").
    expect(rows.find((row) => row.ids === String(commentMessage.id))?.marks).toContain('carol');
    expect(await popup.text('[data-testid="messages-search-note"]')).toBe(
      `Searches the ${total} messages Companion keeps (up to 200)`,
    );
    // Escape clears: every row is back, none marked.
    await keys.press('Escape');
    await popup.waitFor(({ row, n }) => document.querySelectorAll(row).length === n, {
      row: ROW,
      n: all.length,
    });
    expect(await popup.evaluate(() => document.querySelectorAll('[data-match], mark').length)).toBe(0);
    // Words of the comment's fragment find it, marked in the fragment.
    await keys.type('did you MAKE', { delay: 20 });
    await popup.waitFor(
      (selector) => document.querySelector(`${selector}[data-match="true"] .message-fragment mark`) !== null,
      threadOf(commentMessage),
    );
    // Nothing matches: it says so, with the messages page.
    await keys.press('Escape');
    await keys.type('zzqx nothing', { delay: 20 });
    const empty = await popup.text('[data-testid="messages-search-empty"]');
    expect(empty).toBe('No messages match “zzqx nothing”');
    expect(
      await popup.evaluate(
        () => document.querySelector<HTMLAnchorElement>('[data-testid="messages-search-empty"] + a')?.href,
      ),
    ).toMatch(/\/messages\/?$/);
    expect(await popup.evaluate((selector) => document.querySelectorAll(selector).length, ITEM)).toBe(0);
    // Escape clears; a second Escape leaves the box.
    await keys.press('Escape');
    await popup.waitFor(({ row, n }) => document.querySelectorAll(row).length === n, {
      row: ROW,
      n: all.length,
    });
    expect(
      await popup.evaluate(
        () => document.querySelector<HTMLInputElement>('[data-testid="messages-search"]')?.value,
      ),
    ).toBe('');
    await keys.press('Escape');
    // Leaving the box follows the key (a re-render): waited for, not read once.
    await expect
      .poll(() => popup.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null))
      .not.toBe('messages-search');
  });

  it('opens a project comment’s conversation with its parent and replies, in a handful of requests', async () => {
    const since = Date.now();
    await openThread(commentMessage);
    for (const comment of [top, fromBob, toDemo]) {
      await popup.waitFor(
        (s) => document.querySelector(s) !== null,
        `${threadOf(commentMessage)} [data-testid="comment"][data-comment-id="${comment.id}"]`,
      );
    }
    const order = await popup.evaluate(
      (s) => [...document.querySelectorAll<HTMLElement>(s)].map((c) => Number(c.dataset.commentId)),
      `${threadOf(commentMessage)} [data-testid="comment"]`,
    );
    expect(order).toEqual([top.id, fromBob.id, toDemo.id]);
    // The link to the site is a link; the markup in the text is text.
    const topSelector = `${threadOf(commentMessage)} [data-testid="comment"][data-comment-id="${top.id}"]`;
    const link = await popup.evaluate(
      (s) => document.querySelector(`${s} .comment-content a`)?.getAttribute('href'),
      topSelector,
    );
    expect(link).toBe(`${browser().profile.site}/projects/${project.id}/`);
    expect(await popup.text(`${topSelector} .comment-content`)).toContain('<b>not bold</b>');
    const reads = sandbox()
      .control.requestLog({ part: 'api' })
      .filter((e) => Date.parse(e.time) >= since && /comments|^\/projects\/\d+$/.test(e.path));
    expect(reads.length).toBeLessThanOrEqual(4);
    // The member's own project: they may delete any comment of it.
    expect(
      await popup.evaluate(
        (s) => document.querySelector(`${s} [data-testid="delete-comment"]`) !== null,
        topSelector,
      ),
    ).toBe(true);
  });

  it('shows each rejection’s sentence and keeps the draft', async () => {
    const muteEnds = Math.floor(Date.now() / 1000) + 3600;
    const cases: [string, string | RegExp, Record<string, unknown>?][] = [
      ['isEmpty', 'The comment is empty. Write something before posting.'],
      ['isFlood', "You're commenting too fast. Wait a little, then try again."],
      ['isBad', 'The comment was blocked by the filter for words that are not allowed.'],
      ['hasChatSite', 'The comment links to a chat site, which is not allowed.'],
      ['isSpam', 'You already posted this comment. Write something different.'],
      [
        'isMuted',
        /^You are muted from commenting until .*\d{4}.*\.$/,
        { status: { mute_status: { muteExpiresAt: muteEnds, offenses: [] } } },
      ],
      ['isUnconstructive', 'The comment looks unconstructive or mean, so it was not posted.'],
      ['isDisallowed', 'Comments are turned off here.'],
      ['isIPMuted', 'Commenting is blocked from your network for now.'],
      ['isTooLong', 'The comment is too long. Keep it to 500 characters.'],
      ['isNotPermitted', 'Confirm your email address before commenting.'],
      [
        'replyLimitReached',
        'This thread has reached its reply limit. Start a new comment on the site instead.',
      ],
      ['isSomethingNew', 'The comment could not be posted. Try again later.'],
    ];
    const before = demoComments().length;
    for (const [code, sentence, extra] of cases) {
      sandbox().control.forceCommentRejection({ code, count: 1, ...(extra ? { extra } : {}) });
      const text = `A reply that will meet ${code} (${name})`;
      await typeInto(popup, box(), text);
      await popup.click(send());
      const shown = await popup.waitForText(error(), sentence);
      if (typeof sentence === 'string') expect(shown).toBe(sentence);
      expect(await popup.evaluate((s) => document.querySelector<HTMLTextAreaElement>(s)?.value, box())).toBe(
        text,
      );
      const drafts = (await browser().readStorage('local', ['messageDrafts'])).messageDrafts as Record<
        string,
        Record<string, { text: string }>
      >;
      expect(Object.values(drafts[DEMO_USERNAME] ?? {}).map((d) => d.text)).toContain(text);
    }
    expect(demoComments().length).toBe(before);
  });

  it('keeps a draft across closing the popup and a failed post (500)', async () => {
    const text = `Draft that must survive (${name}) ${Date.now()}`;
    // The first words are stored (the conversation with a draft opens by itself from storage);
    // the last ones are typed and the popup closed at once, without waiting for their storage write
    // (a round trip a closing page may never finish): each keystroke is kept in page storage first.
    await typeInto(popup, box(), text.slice(0, 10));
    await expect.poll(storedDrafts).toContain(text.slice(0, 10));
    await typeInto(popup, box(), text);
    await popup.close();
    await openMessages();
    // The conversation with a draft opens by itself, the draft in its composer.
    await popup.waitFor((s) => document.querySelector<HTMLTextAreaElement>(s)?.value !== undefined, box(), {
      timeout: 20_000,
    });
    expect(await popup.evaluate((s) => document.querySelector<HTMLTextAreaElement>(s)?.value, box())).toBe(
      text,
    );

    sandbox().control.addFailure({ pattern: '/proxy/comments/**', method: 'POST', rate: 1, status: 500 });
    await popup.click(send());
    expect(await popup.waitForText(error(), 'The site had a problem (error 500).')).toContain(
      'Your reply is kept here as a draft.',
    );
    sandbox().control.clearFaults();
    expect(await popup.evaluate((s) => document.querySelector<HTMLTextAreaElement>(s)?.value, box())).toBe(
      text,
    );
    const drafts = (await browser().readStorage('local', ['messageDrafts'])).messageDrafts as Record<
      string,
      Record<string, { text: string }>
    >;
    expect(Object.values(drafts[DEMO_USERNAME] ?? {}).map((d) => d.text)).toContain(text);
  });

  it('posts one reply for a double click, addressed as the site does, past the referer check, and shows it', async () => {
    sandbox().control.refererCheck = true;
    const since = Date.now();
    const text = `Thanks! I used lists (${name} ${since})`;
    await typeInto(popup, box(), text);
    // The counter is the composer's re-render after the input: waited for, not read once.
    await expect
      .poll(async () =>
        Number(
          await popup.evaluate(
            (s) => document.querySelector<HTMLElement>(s)?.dataset.length,
            `${threadOf(commentMessage)} [data-testid="reply-counter"]`,
          ),
        ),
      )
      .toBe(`@carol ${text}`.length);
    await popup.evaluate((s) => {
      const button = document.querySelector<HTMLButtonElement>(s);
      button?.click();
      button?.click();
    }, send());
    await expect.poll(() => demoComments().filter((c) => c.content.includes(text)).length).toBe(1);
    const posted = demoComments().find((c) => c.content.includes(text)) as Comment;
    expect(posted.parentId).toBe(top.id);
    expect(posted.commenteeId).toBe(toDemo.authorId);
    expect(posted.content).toBe(`@carol ${text}`);
    await popup.waitFor(
      (s) => document.querySelector(s) !== null,
      `${threadOf(commentMessage)} [data-testid="comment"][data-comment-id="${posted.id}"]`,
    );
    // Exactly one POST reached the sandbox, and the referer check let it through.
    const posts = sandbox()
      .control.requestLog({ part: 'api', method: 'POST', pattern: '/proxy/comments/**' })
      .filter((e) => Date.parse(e.time) >= since);
    expect(posts.map((e) => e.status)).toEqual([200]);
    // Posted: the draft is gone (the background's storage write, not ordered with the thread's render).
    await expect.poll(storedDrafts).not.toContain(text);
  });

  it('deletes the member’s own comment after a confirmation, on the sandbox and in the thread', async () => {
    const mine = demoComments().at(-1) as Comment;
    const row = `${threadOf(commentMessage)} [data-testid="comment"][data-comment-id="${mine.id}"]`;
    await popup.click(`${row} [data-testid="delete-comment"]`);
    // Nothing is deleted before the confirmation (read once it asks, not before the click did anything).
    await popup.waitFor((s) => document.querySelector(s) !== null, `${row} [data-testid="delete-confirm"]`);
    expect(store().getComment(mine.id)).toBeDefined();
    await popup.click(`${row} [data-testid="delete-confirm"]`);
    await popup.waitFor((s) => document.querySelector(s) === null, row);
    await expect.poll(() => store().getComment(mine.id)).toBeUndefined();
    sandbox().control.refererCheck = false;
  });

  it('has no serious or critical accessibility finding, light and dark, with a conversation open', async () => {
    if (popup === undefined || popup.isClosed()) await openMessages();
    await openThread(commentMessage);
    // The composer open too (after a posted reply it closes).
    const replyButton = `${threadOf(commentMessage)} [data-testid="comment"][data-comment-id="${toDemo.id}"] [data-testid="comment-reply"]`;
    if (!(await popup.evaluate((s) => document.querySelector(s) !== null, box())))
      await popup.click(replyButton);
    await popup.waitFor((s) => document.querySelector(s) !== null, box());
    expect(await seriousAxeFindingsInEachScheme(popup), 'axe').toEqual({ light: [], dark: [] });
  });

  it('takes no post or delete from a site page’s script: nothing reaches the sandbox', async () => {
    // A comment whose text was never translated: its Translate button is the probe below.
    const probe = store().addComment({
      place: 'project',
      placeId: project.id,
      parentId: null,
      commenteeId: null,
      authorId: (store().getUser('carol') as User).id,
      content: `Encore une question (${name})`,
    });
    const period = startQuietPeriod(sandbox().control);
    const page = await browser().openPage(`${browser().profile.site}/projects/${project.id}/`);
    const attempts = await page.evaluate(
      async ({ projectId, commentId, topId }) => {
        const results: string[] = [];
        const message = (type: string, data: unknown) => ({ id: 1, type, data, timestamp: Date.now() });
        const post = message('postReply', {
          kind: 'project',
          objectId: projectId,
          commentId,
          repliedId: commentId,
          text: 'forged',
        });
        const remove = message('deleteMessageComment', {
          kind: 'project',
          objectId: projectId,
          commentId,
          targetId: topId,
        });
        // What a page can reach: the extension APIs (absent without externally_connectable), and
        // window messages a content script might relay. Each attempt records what became of it.
        const runtime = (
          globalThis as { chrome?: { runtime?: { sendMessage?: (...args: unknown[]) => Promise<unknown> } } }
        ).chrome?.runtime;
        results.push(typeof runtime?.sendMessage);
        for (const m of [post, remove]) {
          window.postMessage(m, '*');
          if (typeof runtime?.sendMessage !== 'function') {
            results.push('no API');
            continue;
          }
          try {
            await runtime.sendMessage(m);
            results.push('sent');
          } catch {
            results.push('refused');
          }
        }
        return results;
      },
      { projectId: project.id, commentId: toDemo.id, topId: top.id },
    );
    // No extension API in the page, so neither the post nor the delete could be sent through one.
    expect(attempts).toEqual(['undefined', 'no API', 'no API']);
    // A content script that relayed them would have handed them to the background before a Translate
    // clicked now, whose request leaves after theirs.
    const translate = `#comments-${probe.id} button[data-companion="translate"]`;
    await page.evaluate(
      (id) => document.querySelector(`#comments-${id}`)?.scrollIntoView({ block: 'center' }),
      probe.id,
    );
    await page.waitFor((s) => document.querySelector(s) !== null, translate);
    await page.click(translate);
    const asked = await period.observe({
      what: `the translation of comment ${probe.id}, clicked after the forged messages`,
      matches: (e) =>
        e.part === 'translate' &&
        e.path === '/translate' &&
        new URLSearchParams(e.query).get('text') === probe.content,
      timeoutMs: 20_000,
    });
    const writes = asked.filter(
      (e) => e.part === 'api' && e.path.startsWith('/proxy/') && e.method !== 'GET' && e.method !== 'OPTIONS',
    );
    expect(writes).toEqual([]);
    expect(store().getComment(top.id)).toBeDefined();
    await page.close();
  });
});
