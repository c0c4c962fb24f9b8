/**
 * Translate and read aloud in real Chromium (public build, live host names mapped onto the sandbox)
 * and Firefox (local build): a Translate button on every comment, reply, project note, studio
 * description and legacy profile comment (never the composer), translations from the sandbox's
 * helper shown as text with their language, one request per text and language ever, the member's
 * language from the site's cookie and the setting, a failure on one comment with its retry, "Translate
 * all" within the extension's rate, and read aloud in pieces of at most 128 characters, playing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '@/sandbox/control';
import { translateText } from '@/sandbox/helpers/translator';
import { DEMO_USERNAME } from '@/sandbox/index';
import type { Comment, Project, Studio } from '@/sandbox/model';
import { BROWSER_NAMES, scrollThrough, type TestPage, useBrowser, withSandbox } from './harness';
import { startQuietPeriod } from './harness/quiet-period';
import { untranslatedCommentInView } from './harness/untranslated-comment';

const sandbox = withSandbox();
/** "Translate all"'s pace where its test tunes it (a request every 250 ms). */
const PACE_MS = 250;
/** Comments with lower ids are the seed's; the tests add theirs (both browsers share the sandbox). */
let seededBelow = 0;
const HOSTILE =
  '<img src=x onerror="document.title=\'pwned\'"> hello <script>document.title="pwned"</script>';

/** Comments of a project page: each real comment (not the composer) with its Translate buttons. */
function commentButtons() {
  return [...document.querySelectorAll('div.comment')].map((comment) => ({
    id: comment.id,
    composer: comment.classList.contains('compose-row'),
    // Words to translate: letters besides links (@names, site links).
    words: /\p{L}/u.test(
      [...(comment.querySelector('.comment-content')?.childNodes ?? [])]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join(' '),
    ),
    buttons: comment.querySelectorAll(
      ':scope > .comment-body > .comment-bubble button[data-companion="translate"]',
    ).length,
    allButtons: comment.querySelectorAll('button[data-companion="translate"]').length,
  }));
}

describe.each(BROWSER_NAMES)('%s', (name) => {
  const browser = useBrowser(name, { sandbox, signedInAs: DEMO_USERNAME });
  const store = () => sandbox().control.store;
  const site = () => browser().profile.site;
  let busy: Project;
  let studio: Studio;
  let hostile: Comment;

  /** Translation requests the sandbox received since `since` (ms). */
  const isTranslation = (entry: RequestLogEntry) =>
    entry.part === 'translate' && entry.path === '/translate' && entry.method === 'GET';
  const translations = (since = 0) =>
    sandbox()
      .control.requestLog({ part: 'translate', pattern: '/translate' })
      .filter((entry: RequestLogEntry) => Date.parse(entry.time) >= since && isTranslation(entry));
  const queryOf = (entry: RequestLogEntry) => new URLSearchParams(entry.query);

  beforeAll(() => {
    const demo = store().getUser(DEMO_USERNAME);
    // A project someone else owns (its notes are text, not the owner's textarea), with more than
    // 60 top-level comments, some with replies, and both notes.
    const found = store()
      .projects()
      .find(
        (p) =>
          p.isShared &&
          p.authorId !== demo?.id &&
          p.instructions.length > 20 &&
          p.description.length > 140 &&
          p.description.length < 900 &&
          store().topLevelComments('project', p.id).length >= 70 &&
          store()
            .topLevelComments('project', p.id)
            .slice(0, 20)
            .some((c) => store().replyCount(c.id) > 0),
      );
    if (!found) throw new Error('The seed has no busy project with notes and replies');
    busy = found;
    const studioFound = store()
      .studios()
      .find(
        (s) =>
          s.commentsAllowed &&
          s.hostId !== demo?.id &&
          s.description.length > 10 &&
          store().topLevelComments('studio', s.id).length >= 3,
      );
    if (!studioFound) throw new Error('The seed has no studio with comments');
    studio = studioFound;
    // The newest comment (first on the page) is a hostile one.
    const mallory = store().getUser('mallory');
    hostile = store().addComment({
      place: 'project',
      placeId: busy.id,
      parentId: null,
      commenteeId: null,
      authorId: mallory?.id ?? 0,
      content: HOSTILE,
    });
    seededBelow ||= hostile.id;
  });

  /** The project page, ready: the list's "Translate all" and the buttons of the texts near the screen. */
  const openProject = async () => {
    const page = await browser().openPage(`${site()}/projects/${busy.id}/`);
    await page.waitFor(
      () =>
        document.querySelector('[data-companion="translate-all"]') !== null &&
        document.querySelectorAll('.comments-list button[data-companion="translate"]').length >= 3,
    );
    return page;
  };
  const commentSelector = (id: number) => `#comments-${id}`;
  /**
   * A member's click on an element inside `container`, with the container in the middle of the
   * screen first (not under the fixed nav bar; a comment's buttons come when it is near the screen).
   */
  const clickCentered = async (page: TestPage, selector: string, container = selector) => {
    await page.waitFor((s) => document.querySelector(s) !== null, container);
    await page.evaluate((s) => document.querySelector(s)?.scrollIntoView({ block: 'center' }), container);
    await page.waitFor((s) => document.querySelector(s) !== null, selector);
    await page.click(selector);
  };
  /** Clicks the Translate button of comment `id`, scrolled to as a member would. */
  const clickTranslate = (page: TestPage, id: number) =>
    clickCentered(page, `${commentSelector(id)} button[data-companion="translate"]`, commentSelector(id));
  /** Points at comment `id`'s Translate button (scrolled to) until its title reads `title`. */
  const pointAtTranslate = async (page: TestPage, id: number, title: string) => {
    await page.waitFor((s) => document.querySelector(s) !== null, commentSelector(id));
    await page.evaluate(
      (s) => document.querySelector(s)?.scrollIntoView({ block: 'center' }),
      commentSelector(id),
    );
    await page.waitFor(
      ({ button, title }) => {
        const element = document.querySelector(button);
        element?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
        return element?.getAttribute('title') === title;
      },
      { button: `${commentSelector(id)} button[data-companion="translate"]`, title },
    );
  };
  const translationIn = (page: TestPage, id: number) =>
    page.waitFor((selector) => {
      const element = document.querySelector(`${selector} [data-companion="translation"]`);
      return element ? { text: element.textContent, lang: element.getAttribute('lang') } : null;
    }, commentSelector(id));

  /**
   * Scrolls through the page until every comment with words has its one button: a comment gets it
   * when it comes near the screen (an observer's turn, later under load), and replies arrive after
   * their thread. Returns the comments as that last look found them (a reply arriving later has
   * not been near the screen yet).
   */
  const everyCommentHasItsButton = async (page: TestPage) => {
    let comments: ReturnType<typeof commentButtons> = [];
    await expect
      .poll(async () => {
        await scrollThrough(page);
        comments = await page.evaluate(commentButtons);
        return comments.every((c) => c.composer || c.buttons === (c.words ? 1 : 0));
      })
      .toBe(true);
    return comments;
  };

  it('puts one Translate button on every comment and reply, after Load more and posting too, none on the composer', async () => {
    const page = await openProject();
    const check = async () => {
      const comments = await everyCommentHasItsButton(page);
      const real = comments.filter((c) => !c.composer);
      expect(real.length).toBeGreaterThan(0);
      for (const comment of real)
        expect(comment, comment.id).toMatchObject({ buttons: comment.words ? 1 : 0 });
      for (const composer of comments.filter((c) => c.composer)) expect(composer.allButtons).toBe(0);
      return real.length;
    };
    // Replies load after their thread: wait until the page settles, then read it all.
    await expect
      .poll(() => page.evaluate(() => document.querySelectorAll('.replies div.comment').length))
      .toBeGreaterThan(0);
    const first = await check();
    await page.click('button.load-more-button');
    await page.waitFor(
      (count) => document.querySelectorAll('div.comment:not(.compose-row)').length > count,
      first,
    );
    // Every comment with words has its button (the replies of new threads arrive a little later).
    expect(await check()).toBeGreaterThan(first);

    // The member posts: one of only digits and emoji gets no button; the new comment after it gets
    // one, and shows when the emoji's has been looked at (texts are looked at in the order they came).
    for (const text of ['12345 🎉🎉 :)', 'Merci pour ce projet magnifique']) {
      await page.evaluate((value) => {
        const input = document.querySelector<HTMLTextAreaElement>('.comments-root-reply textarea');
        if (!input) throw new Error('no composer');
        input.value = value;
        input.dispatchEvent(new Event('input'));
      }, text);
      await clickCentered(page, '.comments-root-reply button.compose-post');
      // It shows at the top of the list (the other browser's run posted the same texts further down).
      await page.waitFor(
        (value) =>
          document.querySelector('.comments-list div.comment .comment-content')?.textContent === value,
        text,
      );
    }
    // The new comments are near the screen: their buttons come with the next look (a frame or two).
    await page.waitFor(() =>
      [...document.querySelectorAll('.comments-list div.comment')].some(
        (c) =>
          c.querySelector('.comment-content')?.textContent === 'Merci pour ce projet magnifique' &&
          c.querySelector('button[data-companion="translate"]'),
      ),
    );
    const posted = await page.evaluate(() =>
      [...document.querySelectorAll('.comments-list div.comment')].slice(0, 2).map((c) => ({
        text: c.querySelector('.comment-content')?.textContent,
        buttons: c.querySelectorAll('button[data-companion="translate"]').length,
      })),
    );
    expect(posted).toEqual([
      { text: 'Merci pour ce projet magnifique', buttons: 1 },
      { text: '12345 🎉🎉 :)', buttons: 0 },
    ]);
    await check();
    await page.close();
  });

  it('shows the helper’s translation of the decoded text as text, once per text and language ever', async () => {
    const page = await openProject();
    const before = Date.now();
    const target = store()
      .topLevelComments('project', busy.id)
      .find((c) => c.id < seededBelow && !c.content.includes('<'));
    if (!target) throw new Error('no plain comment');
    const button = `${commentSelector(target.id)} button[data-companion="translate"]`;
    await clickTranslate(page, target.id);
    const shown = await translationIn(page, target.id);
    expect(shown).toEqual({ text: translateText(target.content, 'en'), lang: 'en' });
    expect(translations(before).map((e) => queryOf(e).get('text'))).toEqual([target.content]);
    expect(queryOf(translations(before)[0] as RequestLogEntry).get('language')).toBe('en');

    // Second click: the original alone, no request; third: the translation again, no request.
    await page.click(button);
    await page.waitFor(
      (s) => !document.querySelector(`${s} [data-companion="translation"]`),
      commentSelector(target.id),
    );
    await page.click(button);
    await translationIn(page, target.id);

    // Another page with the same text: no request either.
    const other = await openProject();
    await clickTranslate(other, target.id);
    expect(await translationIn(other, target.id)).toEqual(shown);
    expect(translations(before)).toHaveLength(1);

    // A hostile comment translates as text: nothing of it runs or becomes an element.
    await clickTranslate(other, hostile.id);
    const hostileShown = await translationIn(other, hostile.id);
    expect(hostileShown?.text).toBe(translateText(HOSTILE, 'en'));
    expect(
      await other.evaluate(
        (s) => ({
          title: document.title,
          elements: document.querySelectorAll(`${s} img:not(.avatar), ${s} script`).length,
        }),
        commentSelector(hostile.id),
      ),
    ).toEqual({ title: expect.not.stringContaining('pwned'), elements: 0 });
    await other.close();
    await page.close();
  });

  it('translates project notes, studio comments and description, and legacy profile comments', async () => {
    const page = await openProject();
    // The notes get their buttons in their own turn, not with the comments' that openProject waited for.
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll('.project-notes .description-block')].map(
            (block) => block.querySelectorAll('button[data-companion="translate"]').length,
          ),
        ),
      )
      .toEqual([1, 1]);
    await page.click('.project-notes .description-block:nth-child(2) button[data-companion="translate"]');
    expect(await page.text('.project-notes [data-companion="translation"]')).toBe(
      translateText(busy.description, 'en').trim(),
    );
    await page.close();

    const studioPage = await browser().openPage(`${site()}/studios/${studio.id}/comments`);
    await studioPage.waitFor(
      () => document.querySelectorAll('.studio-compose-container div.comment').length > 0,
    );
    await expect
      .poll(() =>
        studioPage.evaluate(() => ({
          comments: document.querySelectorAll('.studio-compose-container div.comment[id^="comments-"]')
            .length,
          buttons: document.querySelectorAll('.studio-compose-container button[data-companion="translate"]')
            .length,
          description: document.querySelectorAll('.studio-info-section button[data-companion="translate"]')
            .length,
          all: document.querySelectorAll('[data-companion="translate-all"]').length,
        })),
      )
      .toMatchObject({ description: 1, all: 1 });
    // A comment gets its button when it comes near the screen, an observer's turn after the scroll.
    await expect
      .poll(async () => {
        await scrollThrough(studioPage);
        return studioPage.evaluate(() => [
          document.querySelectorAll('.studio-compose-container div.comment[id^="comments-"]').length,
          document.querySelectorAll('.studio-compose-container button[data-companion="translate"]').length,
        ]);
      })
      .toSatisfy(([comments, buttons]) => comments === buttons);
    await studioPage.click('.studio-info-section button[data-companion="translate"]');
    expect(await studioPage.text('.studio-info-section [data-companion="translation"]')).toBe(
      translateText(studio.description, 'en').trim(),
    );
    await studioPage.close();

    const profile = await browser().openPage(`${site()}/users/${DEMO_USERNAME}/`);
    await profile.waitFor(() => document.querySelectorAll('#comments div.comment').length > 0);
    await expect
      .poll(async () => {
        await scrollThrough(profile);
        return profile.evaluate(() => [
          document.querySelectorAll('#comments div.comment').length,
          document.querySelectorAll('#comments button[data-companion="translate"]').length,
        ]);
      })
      .toSatisfy(([comments, buttons]) => comments === buttons);
    const first = await profile.evaluate(() => {
      const comment = document.querySelector('#comments div.comment');
      return { id: comment?.id ?? '', text: comment?.querySelector('.content')?.textContent?.trim() ?? '' };
    });
    await clickCentered(profile, `#${first.id} button[data-companion="translate"]`, `#${first.id}`);
    expect(await profile.text(`#${first.id} [data-companion="translation"]`)).toBe(
      translateText(first.text, 'en'),
    );
    await profile.close();
  });

  it('translates into the site’s language (its cookie), or the setting’s', async () => {
    const page = await openProject();
    const [a, b] = store()
      .topLevelComments('project', busy.id)
      .filter((c) => c.id < seededBelow)
      .slice(1, 3);
    if (!a || !b) throw new Error('not enough comments');
    await page.evaluate(() => {
      // biome-ignore lint/suspicious/noDocumentCookie: the site sets its language cookie this way.
      document.cookie = 'scratchlanguage=pt-br; path=/';
    });
    await page.goto(`${site()}/projects/${busy.id}/`);
    await clickTranslate(page, a.id);
    expect(await translationIn(page, a.id)).toEqual({ text: translateText(a.content, 'pt'), lang: 'pt' });

    await browser().setStorage('sync', {
      translationSettings: { language: 'de', readAloud: false, voice: 'female' },
    });
    // The open page hears of the setting through storage, a moment later: the member points at the
    // button and reads the language it now translates into before clicking.
    await pointAtTranslate(page, b.id, 'Translate into German');
    await clickTranslate(page, b.id);
    expect(await translationIn(page, b.id)).toEqual({ text: translateText(b.content, 'de'), lang: 'de' });

    await browser().setStorage('sync', {
      translationSettings: { language: '', readAloud: false, voice: 'female' },
    });
    await page.evaluate(() => {
      // biome-ignore lint/suspicious/noDocumentCookie: the site clears its language cookie this way.
      document.cookie = 'scratchlanguage=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    });
    await page.close();
  });

  it('shows a helper failure on that comment only, and its retry works', async () => {
    const page = await openProject();
    const [a] = store()
      .topLevelComments('project', busy.id)
      .filter((c) => c.id < seededBelow)
      .slice(3, 4);
    if (!a) throw new Error('not enough comments');
    sandbox().control.addFailure({ pattern: '/translate', part: 'translate', rate: 1, status: 503 });
    try {
      await clickTranslate(page, a.id);
      await page.waitFor(
        () => document.querySelector('[data-companion="translation-error"]') !== null,
        undefined,
        {
          timeout: 20_000,
        },
      );
      expect(
        await page.evaluate(
          (s) => ({
            all: document.querySelectorAll('[data-companion="translation-error"]').length,
            here: document.querySelectorAll(`${s} [data-companion="translation-error"]`).length,
            text: document.querySelector('[data-companion="translation-error"]')?.textContent,
            translations: document.querySelectorAll(`${s} [data-companion="translation"]`).length,
          }),
          commentSelector(a.id),
        ),
      ).toEqual({ all: 1, here: 1, text: 'This text could not be translated.Try again', translations: 0 });
    } finally {
      sandbox().control.clearFaults();
    }
    await page.click(`${commentSelector(a.id)} [data-companion="translation-error"] button`);
    expect(await translationIn(page, a.id)).toEqual({ text: translateText(a.content, 'en'), lang: 'en' });
    expect(
      await page.evaluate(() => document.querySelectorAll('[data-companion="translation-error"]').length),
    ).toBe(0);
    await page.close();
  });

  it('translates all of 60 comments as they scroll into view, within the extension’s rate, until stopped', async () => {
    // "Translate all" paced at 4 a second instead of 2.5 (the development tuning, which a store
    // install never obeys): the extension's 5 a second, asserted below, still holds; the pace
    // itself is unit-tested.
    await browser().tune({ translateAllPaceMs: PACE_MS });
    const page = await openProject();
    await page.setViewport({ width: 1280, height: 800 });
    // More than 60 comments and replies on the page: Load more until there are (how many the first
    // pages hold depends on the seed's replies).
    const onPage = () => page.evaluate(() => document.querySelectorAll('.comments-list div.comment').length);
    for (let loaded = 20; (await onPage()) < 70 && loaded < 120; loaded += 20) {
      await page.click('button.load-more-button');
      await page.waitFor(
        (count) => document.querySelectorAll('.comments-list > .comment-container').length >= count,
        loaded + 20,
      );
    }
    expect(await onPage()).toBeGreaterThanOrEqual(70);
    const since = Date.now();
    await page.click('[data-companion="translate-all"]');
    // Scroll down the list, a screen at a time, as a reader would.
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollBy(0, 500));
          return page.evaluate(
            () =>
              document.querySelectorAll('.comments-list div.comment [data-companion="translation"]').length,
          );
        },
        { timeout: 80_000, interval: 700 },
      )
      .toBeGreaterThanOrEqual(60);
    await page.click('[data-companion="translate-all"]');
    const stoppedAt = Date.now();
    const afterStop = startQuietPeriod(sandbox().control);
    const requests = translations(since).map((e) => Date.parse(e.time));
    expect(requests.length).toBeGreaterThan(30);
    // No window of one second holds more than 5 requests (the extension's whole budget).
    for (const start of requests) {
      expect(requests.filter((time) => time >= start && time < start + 1000).length).toBeLessThanOrEqual(5);
    }
    // Stopped: nothing more leaves, however far the member scrolls (what it asked before the stop may
    // still arrive in the first 600 ms). Still running, it would ask for a text now in view one pace
    // after that at the latest: a text's own Translate, clicked once that turn was due, goes through
    // the same page and background, and its request proves they went past the turn.
    const quietFrom = stoppedAt + 600;
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const probe = await untranslatedCommentInView(page, sandbox());
    await page.waitFor((due) => Date.now() >= due, quietFrom + PACE_MS);
    await clickTranslate(page, probe.id);
    const isProbe = (entry: RequestLogEntry) => queryOf(entry).get('text') === probe.content;
    const asked = await afterStop.observe({
      what: `the translation of comment ${probe.id}, clicked after the stop`,
      matches: (entry) => isTranslation(entry) && isProbe(entry),
      timeoutMs: 20_000,
    });
    expect(asked.filter((e) => isTranslation(e) && Date.parse(e.time) >= quietFrom && !isProbe(e))).toEqual(
      [],
    );
    await page.close();
    await browser().tune({ translateAllPaceMs: null });
  }, 120_000);

  it('reads aloud in pieces of at most 128 characters, playing, and stops on a second click', async () => {
    await browser().setStorage('sync', {
      translationSettings: { language: '', readAloud: true, voice: 'male' },
    });
    const page = await openProject();
    await page.waitFor(() => document.querySelectorAll('button[data-companion="read-aloud"]').length >= 3);
    const since = Date.now();
    const notes = '.project-notes .description-block:nth-child(2) button[data-companion="read-aloud"]';
    await page.click(notes);
    await page.waitFor((s) => document.querySelector(s)?.getAttribute('data-state') === 'playing', notes);
    // The next piece is fetched while the first plays.
    await expect
      .poll(
        () =>
          sandbox()
            .control.requestLog({ part: 'synthesis', pattern: '/synth' })
            .filter((e) => Date.parse(e.time) >= since).length,
      )
      .toBeGreaterThanOrEqual(2);
    const pieces = sandbox()
      .control.requestLog({ part: 'synthesis', pattern: '/synth' })
      .filter((e) => Date.parse(e.time) >= since)
      .map((e) => queryOf(e));
    for (const piece of pieces) {
      expect((piece.get('text') ?? '').length).toBeLessThanOrEqual(128);
      expect(piece.get('locale')).toBe('en-US');
      expect(piece.get('gender')).toBe('male');
    }
    expect(busy.description.startsWith(pieces[0]?.get('text') ?? 'x')).toBe(true);
    if (name === 'chromium') {
      // Chrome plays in its offscreen document (the site's page policy cannot refuse it).
      const contexts = await browser().evaluateInExtension(
        () =>
          (
            globalThis as unknown as { chrome: { runtime: { getContexts(f: object): Promise<unknown[]> } } }
          ).chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'] }),
        undefined,
      );
      expect(contexts).toHaveLength(1);
    }
    await page.click(notes);
    await page.waitFor((s) => document.querySelector(s)?.getAttribute('data-state') === 'idle', notes);
    await browser().setStorage('sync', {
      translationSettings: { language: '', readAloud: false, voice: 'female' },
    });
    await page.waitFor(() => document.querySelectorAll('button[data-companion="read-aloud"]').length === 0);
    await page.close();
  });
});
