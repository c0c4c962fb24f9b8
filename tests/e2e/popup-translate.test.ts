/**
 * Translate and Read aloud inside the popup, in real Chromium (public build, live
 * host names mapped onto the sandbox) and Firefox (local build), signed in as demo: a comment
 * translated on a site page shows its translation in the popup's conversation with no request to
 * the translator (one cache for pages and popup); the popup reads it aloud itself; a project's notes
 * in Explore's project view, with the keyboard alone, cost one request and none again, in this
 * popup or the next; a project's title, a studio's description and comments, a profile's "About
 * me" have their buttons too; axe finds nothing serious with translations shown, light and dark.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '@/sandbox/control';
import { translateText } from '@/sandbox/helpers/translator';
import { DEMO_USERNAME } from '@/sandbox/index';
import type { Comment, Message, Project, User } from '@/sandbox/model';
import { BROWSER_NAMES, type TestPage, useBrowser, withSandbox } from './harness';
import { seriousAxeFindingsInEachScheme } from './harness/axe';

const sandbox = withSandbox();
const store = () => sandbox().control.store;

/** GET requests the translator received since `since` (ms), with their text. */
const translations = (since: number) =>
  sandbox()
    .control.requestLog({ part: 'translate', pattern: '/translate' })
    .filter((entry: RequestLogEntry) => Date.parse(entry.time) >= since && entry.method === 'GET')
    .map((entry) => new URLSearchParams(entry.query).get('text'));
const speechRequests = (since: number) =>
  sandbox()
    .control.requestLog({ part: 'synthesis', pattern: '/synth' })
    .filter((entry: RequestLogEntry) => Date.parse(entry.time) >= since);

/** Presses keys as a member does (real key events). */
async function press(page: TestPage, key: string) {
  await (page.raw.page.keyboard as { press(key: string): Promise<void> }).press(key);
}

/** Tab (at most `limit` times) until the focused element matches `selector`. */
async function tabTo(page: TestPage, selector: string, limit = 60) {
  for (let presses = 0; presses < limit; presses++) {
    await press(page, 'Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) === true, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

async function expectNothingSerious(page: TestPage, where: string) {
  expect(await seriousAxeFindingsInEachScheme(page), `axe, ${where}`).toEqual({ light: [], dark: [] });
}

describe.each(BROWSER_NAMES)('%s', (name) => {
  let project: Project;
  let top: Comment;
  let message: Message;
  let notesProject: Project;
  beforeAll(() => {
    sandbox().control.messageCountCacheSeconds = 0;
    const demo = store().getUser(DEMO_USERNAME) as User;
    const own = store()
      .sharedProjectsOf(demo.id)
      .filter((p) => p.commentsAllowed);
    project = own[(BROWSER_NAMES.indexOf(name) + 1) % own.length] as Project;
    const alice = store().getUser('alice') as User;
    const carol = store().getUser('carol') as User;
    // alice's comment on demo's project, and carol's reply to demo under it: the message.
    top = store().addComment({
      place: 'project',
      placeId: project.id,
      parentId: null,
      commenteeId: null,
      authorId: alice.id,
      content: `Bonjour, j'adore ce projet (${name}) & merci <3`,
    });
    const reply = store().addComment({
      place: 'project',
      placeId: project.id,
      parentId: top.id,
      commenteeId: demo.id,
      authorId: carol.id,
      content: `@${DEMO_USERNAME} wie hast du das gemacht?`,
    });
    message = sandbox().control.addCommentMessage(DEMO_USERNAME, reply);
    // Someone else's shared project with notes in one piece (the helper's 1,000 characters).
    const found = store()
      .projects()
      .find(
        (p) =>
          p.isShared &&
          p.authorId !== demo.id &&
          p.description.trim().length > 40 &&
          p.description.length < 400 &&
          /\p{L}/u.test(p.description),
      );
    if (!found) throw new Error('The seed has no project with short notes');
    notesProject = found;
  });
  const browser = useBrowser(name, { sandbox, signedInAs: DEMO_USERNAME });
  const site = () => browser().profile.site;

  const thread = () => `[data-testid="message-item"][data-message-id="${message.id}"]`;
  const inThread = (comment: Comment) =>
    `${thread()} [data-testid="comment"][data-comment-id="${comment.id}"]`;

  it('shows a comment translated on a site page in the popup’s conversation with no request, and reads it aloud there', async () => {
    const page = await browser().openPage(`${site()}/projects/${project.id}/`);
    const onPage = `#comments-${top.id}`;
    await page.waitFor((s) => document.querySelector(s) !== null, onPage, { timeout: 20_000 });
    await page.evaluate((s) => document.querySelector(s)?.scrollIntoView({ block: 'center' }), onPage);
    const since = Date.now();
    await page.click(`${onPage} button[data-companion="translate"]`);
    const expected = translateText(top.content, 'en');
    expect(await page.text(`${onPage} [data-companion="translation"]`)).toBe(expected);
    expect(translations(since)).toEqual([top.content]);
    await page.close();

    const opened = Date.now();
    await browser().setStorage('local', { popupTab: 'messages' });
    const popup = await browser().openPopup();
    await popup.click(`${thread()} [data-testid="thread-toggle"]`, { timeout: 20_000 });
    const button = `${inThread(top)} button[data-companion="translate"]`;
    await popup.waitFor((s) => document.querySelector(s) !== null, button, { timeout: 20_000 });
    // Nothing translated before a click.
    expect(
      await popup.evaluate(() => document.querySelectorAll('[data-companion="translation"]').length),
    ).toBe(0);
    await popup.click(button);
    const shown = await popup.waitFor((s) => {
      const element = document.querySelector(`${s} [data-companion="translation"]`);
      return element
        ? { text: element.textContent, lang: element.getAttribute('lang'), dir: element.getAttribute('dir') }
        : null;
    }, inThread(top));
    expect(shown).toEqual({ text: expected, lang: 'en', dir: 'ltr' });
    expect(translations(opened)).toEqual([]);
    await expectNothingSerious(popup, 'a conversation with a translation');

    // Read aloud, in the popup itself: the translation shown, in pieces from the speech helper.
    await browser().setStorage('sync', {
      translationSettings: { buttons: true, language: '', readAloud: true, voice: 'female' },
    });
    const reader = `${inThread(top)} button[data-companion="read-aloud"]`;
    const spoken = Date.now();
    await popup.click(reader);
    await popup.waitFor((s) => document.querySelector(s)?.getAttribute('data-state') === 'playing', reader);
    const pieces = speechRequests(spoken).map((entry) => new URLSearchParams(entry.query));
    expect(pieces.length).toBeGreaterThanOrEqual(1);
    expect(expected.startsWith(pieces[0]?.get('text') ?? 'x')).toBe(true);
    expect(pieces[0]?.get('locale')).toBe('en-US');
    await popup.click(reader);
    await popup.waitFor((s) => document.querySelector(s)?.getAttribute('data-state') === 'idle', reader);
    // The setting that hides Translate buttons hides them here too, with what they showed.
    await browser().setStorage('sync', {
      translationSettings: { buttons: false, language: '', readAloud: false, voice: 'female' },
    });
    await popup.waitFor(
      () =>
        document.querySelectorAll('[data-companion="translate"], [data-companion="translation"]').length ===
        0,
    );
    await browser().setStorage('sync', {
      translationSettings: { buttons: true, language: '', readAloud: false, voice: 'female' },
    });
    await popup.waitFor((s) => document.querySelector(s) !== null, button);
    await popup.close();
  });

  /** Opens the notes' project in Explore with the keyboard: its number, Tab to "Open project", Enter. */
  const openNotesProject = async () => {
    await browser().setStorage('local', { popupTab: 'explore' });
    const popup = await browser().openPopup();
    await popup.waitFor(() => document.activeElement?.getAttribute('data-testid') === 'search-input');
    await (popup.raw.page.keyboard as { type(text: string): Promise<void> }).type(String(notesProject.id));
    await popup.waitFor(() => document.querySelector('[data-testid="search-open-direct"]') !== null);
    await tabTo(popup, '[data-testid="search-open-direct"]');
    await press(popup, 'Enter');
    const view = `[data-testid="project-view"][data-project-id="${notesProject.id}"]`;
    // The buttons come once the settings are read (a few milliseconds after the view).
    await popup.waitFor(
      (s) =>
        document.querySelector(`${s} [data-testid="project-notes"] button[data-companion="translate"]`) !==
        null,
      view,
      { timeout: 20_000 },
    );
    return { popup, notes: `${view} [data-testid="project-notes"]` };
  };

  it('translates a project’s notes in Explore with the keyboard alone: one request, none again, in the next popup neither', async () => {
    const since = Date.now();
    const { popup, notes } = await openNotesProject();
    const button = `${notes} button[data-companion="translate"]`;
    // The title has its own button (titles are texts too), there once the settings are read.
    await popup.waitFor(
      () =>
        document.querySelectorAll('[data-testid="project-view"] h1 + * button[data-companion="translate"]')
          .length === 1,
    );
    await tabTo(popup, button);
    await press(popup, 'Enter');
    const expected = translateText(notesProject.description.trim(), 'en');
    expect(await popup.text(`${notes} [data-companion="translation"]`)).toBe(expected.trim());
    expect(translations(since)).toEqual([notesProject.description.trim()]);
    // Enter again hides it, and once more shows it: the focus stayed on the button, no request.
    await press(popup, 'Enter');
    await popup.waitFor((s) => document.querySelector(`${s} [data-companion="translation"]`) === null, notes);
    await press(popup, 'Enter');
    await popup.text(`${notes} [data-companion="translation"]`);
    await expectNothingSerious(popup, 'a project view with its notes translated');
    await popup.close();

    const again = await openNotesProject();
    await tabTo(again.popup, `${again.notes} button[data-companion="translate"]`);
    await press(again.popup, 'Enter');
    expect(await again.popup.text(`${again.notes} [data-companion="translation"]`)).toBe(expected.trim());
    expect(translations(since)).toHaveLength(1);
    await again.popup.close();
  });

  it('translates a studio’s description and has Translate on its comments, and a profile’s texts', async () => {
    const demo = store().getUser(DEMO_USERNAME) as User;
    const studio = store()
      .studios()
      .find(
        (s) =>
          s.description.trim().length > 10 &&
          s.description.length < 400 &&
          store().topLevelComments('studio', s.id).length > 0,
      );
    const person = store()
      .users()
      .find((u) => !u.banned && u.id !== demo.id && u.bio.trim().length > 10 && u.bio.length < 400);
    if (!studio || !person)
      throw new Error('The seed has no studio with a description and comments, or no bio');
    await browser().setStorage('local', { popupTab: 'explore' });
    const popup = await browser().openPopup();
    /** Opens the view of a site address typed into the search field. */
    const open = async (address: string, view: string) => {
      await popup.waitFor(() => document.querySelector('[data-testid="search-input"]') !== null);
      await popup.evaluate(() => {
        const input = document.querySelector<HTMLInputElement>('[data-testid="search-input"]');
        input?.focus();
        input?.select();
      });
      await (popup.raw.page.keyboard as { type(text: string): Promise<void> }).type(address);
      await popup.click('[data-testid="search-open-direct"]');
      await popup.waitFor((v) => document.querySelector(`[data-testid="${v}"] h1`) !== null, view, {
        timeout: 20_000,
      });
    };
    const since = Date.now();

    await open(`${site()}/studios/${studio.id}/`, 'studio-view');
    const description = '[data-testid="studio-view"] [data-testid="studio-description"]';
    await popup.click(`${description} button[data-companion="translate"]`);
    expect(await popup.text(`${description} [data-companion="translation"]`)).toBe(
      translateText(studio.description.trim(), 'en').trim(),
    );
    await popup.waitFor(
      () =>
        document.querySelectorAll('[data-testid="studio-comment"] button[data-companion="translate"]')
          .length > 0,
      undefined,
      { timeout: 20_000 },
    );
    await press(popup, 'Escape');
    await popup.waitFor(
      () => document.querySelector('[data-testid="explore"]')?.getAttribute('data-depth') === '0',
    );

    await open(`${site()}/users/${person.username}/`, 'user-view');
    const bio = '[data-testid="user-view"] [data-testid="user-bio"]';
    await popup.click(`${bio} button[data-companion="translate"]`);
    expect(await popup.text(`${bio} [data-companion="translation"]`)).toBe(
      translateText(person.bio.trim(), 'en').trim(),
    );
    // One request per text: the description and the bio.
    expect(translations(since)).toEqual([studio.description.trim(), person.bio.trim()]);
    await popup.close();
  });
});
