/**
 * The ledger's test: every selector of `selectors.ts` and every page predicate of `pages.ts`, run in
 * real headless Chromium against the sandbox's pages (which follow the same live sources), must find
 * exactly what it is meant to and nothing else: composers, pickers and studio pictures included.
 *
 * What "meant to" is never comes from the selector itself. It comes from the sandbox's store (the
 * comments a page shows, a studio's projects, a profile's lists and texts, the unread count), from
 * the REST interface's own answer to the request the page made (explore grid, home rows, remixes),
 * or from fixed facts of the page (one navigation count, both notes blocks, none on the owner's
 * page). Identities are compared, not only counts: project ids from the thumbnails' links, comment
 * ids from `#comments-<id>`, texts. On every page visited, every selector is counted, and whatever
 * the page is not expected to hold must be absent. `commentListOf` runs in the page itself (the
 * ledger's own code, bundled and injected before the page's scripts).
 *
 * The page predicates run over every URL a test visits (after redirects and tab switches), where it
 * visits it, and over a table of tricky paths; where they claim a page kind, the rendered page must
 * agree (the editor has the menu bar and no navigation bar, a profile's header names the user, ...).
 * No page script may fail during a test. Each test visits what it checks: run alone, it checks the same.
 *
 * One Chromium for the file: a member's context (demo), a visitor's (signed out) and one without
 * JavaScript (the server's markup before any script). Needs /usr/bin/chromium (COMPANION_CHROMIUM).
 */
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERNAME, type RunningSandbox, startSandbox } from '@/sandbox/index';
import type { CommentPlace } from '@/sandbox/model';
import { signIn } from '@/sandbox/site/test-helpers';
import { CHROMIUM_QUIET_ARGS, chromiumLauncher } from '@/tests/e2e/harness/browsers';
import {
  isEditorPage,
  isMessagesPage,
  isProfilePage,
  isSitePage,
  isStudioPage,
  profileUsername,
  projectPageId,
  sitePage,
} from './pages';
import {
  anyNavMessageCount,
  commentBottomRow,
  commentList,
  commentText,
  commentThread,
  editorAccountGroup,
  editorMenuBar,
  editorMyStuffLink,
  legacyCommentList,
  legacyCommentText,
  legacyFrame,
  legacyNavMessageCount,
  legacyNavMessageCountHiddenClass,
  legacyProfileHeader,
  messagesList,
  navMessageCount,
  navMessageCountShownClass,
  notAProjectList,
  profileText,
  profileTextFrame,
  projectFavoriteButton,
  projectIdOfHref,
  projectLoveButton,
  projectNotesText,
  projectThumbnail,
  projectThumbnailLink,
  studioDescriptionText,
  translatableText,
} from './selectors';

// ---------------------------------------------------------------------------------------------------
// The ledger's code in the page: `commentListOf` walks the DOM, so it runs there.

const LEDGER_GLOBAL = '__companionLedger';
const LEDGER_SCRIPT = buildSync({
  stdin: {
    contents: "export { commentListOf } from './selectors';",
    resolveDir: fileURLToPath(new URL('.', import.meta.url)),
    loader: 'ts',
    sourcefile: 'ledger-in-page.ts',
  },
  bundle: true,
  format: 'iife',
  globalName: LEDGER_GLOBAL,
  target: 'es2022',
  write: false,
  // Init scripts may run wrapped in a function: the bundle's `var` would stay local.
  footer: { js: `globalThis.${LEDGER_GLOBAL} = ${LEDGER_GLOBAL};` },
}).outputFiles[0]?.text;

let sandbox: RunningSandbox;
let browser: Browser;
/** The demo member's tab. */
let member: Page;
/** A signed-out visitor's tab. */
let visitor: Page;
let token: string;
const pageErrors: string[] = [];

const store = () => sandbox.control.store;
const me = () => {
  const user = store().getUser(DEMO_USERNAME);
  if (!user) throw new Error('no demo user');
  return user;
};

async function newTab(context: BrowserContext): Promise<Page> {
  if (!LEDGER_SCRIPT) throw new Error('the ledger did not bundle');
  await context.addInitScript({ content: LEDGER_SCRIPT });
  const tab = await context.newPage();
  tab.on('pageerror', (error) => pageErrors.push(`${tab.url()}: ${error.message}`));
  return tab;
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
  // Every count read reaches the store: the nav count must equal the unread count now.
  sandbox.control.messageCountCacheSeconds = 0;
  browser = await chromium.launch({ executablePath: chromiumLauncher(), args: [...CHROMIUM_QUIET_ARGS] });
  const options = { viewport: { width: 1100, height: 900 }, locale: 'en-US' };
  member = await newTab(await browser.newContext(options));
  visitor = await newTab(await browser.newContext(options));
  await member.goto(`${sandbox.urls.site}/login/?as=${DEMO_USERNAME}&next=/`);
  token = (await signIn(sandbox, DEMO_USERNAME)).token;
}, 30_000);

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});

/** A JSON answer of the REST interface, as the page's own request got it. */
async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${sandbox.urls.api}${path}`, { headers: { 'X-Token': token } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

const byNumber = (a: number, b: number) => a - b;
const sorted = (ids: readonly number[]) => [...ids].sort(byNumber);

// ---------------------------------------------------------------------------------------------------
// Counting every selector on a page: what a page is not expected to hold must be absent.

const COUNTED = {
  navMessageCount,
  legacyNavMessageCount,
  anyNavMessageCount,
  editorMenuBar,
  editorAccountGroup,
  messagesList,
  legacyFrame,
  projectLoveButton,
  projectFavoriteButton,
  projectThumbnail,
  commentText,
  commentBottomRow,
  commentThread,
  commentList,
  legacyCommentText,
  legacyCommentList,
  projectNotesText,
  studioDescriptionText,
  profileText,
  translatableText,
} as const;
type Counted =
  | keyof typeof COUNTED
  /** The My Stuff link inside the editor's account group, as the editor feature looks it up. */
  | 'editorMyStuffLink'
  /** Project thumbnails outside the pickers (`notAProjectList`): the ones marks go on. */
  | 'listedThumbnail'
  /** The first of `legacyProfileHeader` that matches, how many it finds. */
  | 'legacyProfileHeader';
type Counts = Record<Counted, number>;

async function counts(tab: Page): Promise<{ counts: Counts; translatableIsTheUnion: boolean }> {
  return tab.evaluate(
    ({ selectors, group, link, pickers, headers, parts }) => {
      const all = (selector: string) => [...document.querySelectorAll(selector)];
      const found: Record<string, number> = {};
      for (const [name, selector] of Object.entries(selectors)) found[name] = all(selector).length;
      found.editorMyStuffLink = all(group).reduce((n, g) => n + g.querySelectorAll(link).length, 0);
      found.listedThumbnail = all(selectors.projectThumbnail).filter((e) => !e.closest(pickers)).length;
      const header = headers.find((selector) => document.querySelector(selector) !== null);
      found.legacyProfileHeader = header === undefined ? 0 : all(header).length;
      const union = new Set(parts.flatMap(all));
      const translatable = all(selectors.translatableText);
      return {
        counts: found as Counts,
        translatableIsTheUnion: translatable.length === union.size && translatable.every((e) => union.has(e)),
      };
    },
    {
      selectors: COUNTED,
      group: editorAccountGroup,
      link: editorMyStuffLink,
      pickers: notAProjectList,
      headers: legacyProfileHeader,
      parts: [commentText, legacyCommentText, projectNotesText, studioDescriptionText, profileText],
    },
  );
}

/**
 * Every selector's count on the page: `expected` for the ones given, 0 for the rest. The sums
 * (`anyNavMessageCount`, `translatableText`) and `listedThumbnail` follow from their parts unless given.
 */
async function expectCounts(tab: Page, expected: Partial<Counts>): Promise<void> {
  const want = Object.fromEntries(Object.keys(COUNTED).map((name) => [name, 0])) as Counts;
  Object.assign(want, { editorMyStuffLink: 0, listedThumbnail: 0, legacyProfileHeader: 0 }, expected);
  want.anyNavMessageCount = expected.anyNavMessageCount ?? want.navMessageCount + want.legacyNavMessageCount;
  want.listedThumbnail = expected.listedThumbnail ?? want.projectThumbnail;
  want.translatableText =
    expected.translatableText ??
    want.commentText +
      want.legacyCommentText +
      want.projectNotesText +
      want.studioDescriptionText +
      want.profileText;
  const found = await counts(tab);
  expect(found.counts, tab.url()).toEqual(want);
  expect(found.translatableIsTheUnion, `${tab.url()}: translatableText is its parts`).toBe(true);
}

// ---------------------------------------------------------------------------------------------------
// Identities: the thumbnails' projects, the texts and the lists they belong to.

interface Thumbnail {
  listed: boolean;
  kind: string;
  href: string | null;
}

async function thumbnails(tab: Page): Promise<Thumbnail[]> {
  return tab.evaluate(
    ({ thumbnail, pickers, link }) =>
      [...document.querySelectorAll(thumbnail)].map((element) => ({
        listed: element.closest(pickers) === null,
        kind: element.matches('div.thumbnail.project')
          ? 'www'
          : element.matches('div.studio-project-tile')
            ? 'tile'
            : element.matches('li.project.thumb.item')
              ? 'legacy'
              : element.matches('ul.media-list > li .media-thumb')
                ? 'mystuff'
                : element.outerHTML.slice(0, 80),
        href: element.querySelector(link)?.getAttribute('href') ?? null,
      })),
    { thumbnail: projectThumbnail, pickers: notAProjectList, link: projectThumbnailLink },
  );
}

/** The project ids of the thumbnails marks go on (projectThumbnailLink + projectIdOfHref), sorted. */
const listedIds = (items: Thumbnail[]) =>
  sorted(items.filter((item) => item.listed).map((item) => projectIdOfHref(item.href) ?? -1));

interface TextMatch {
  /** `id` of the comment holding the text (`comments-<id>`), or null. */
  comment: string | null;
  /** The comment id of its thread's top-level comment (`commentThread`), or null. */
  thread: string | null;
  /** What `commentListOf` gives, described. */
  list: string;
  /** The text's next sibling is a `commentBottomRow`. */
  rowNext: boolean;
  text: string;
}

async function texts(tab: Page, selector: string): Promise<{ matches: TextMatch[]; lists: number }> {
  return tab.evaluate(
    ({ selector, thread, row, ledger }) => {
      const api = (window as unknown as Record<string, { commentListOf(e: Element): Element | null }>)[
        ledger
      ];
      if (!api) throw new Error('the ledger is not in the page');
      const { commentListOf } = api;
      const lists = new Set<Element | null>();
      const describeList = (list: Element | null): string => {
        if (list === null) return 'null';
        if (list.matches('div.comments-container > div.comments-list')) return 'project: .comments-list';
        if (list.matches('#comments ul.comments')) return 'profile: #comments ul.comments';
        if (list.matches('div.studio-compose-container > div:not([class])'))
          return 'studio: unnamed div in .studio-compose-container';
        return `other: ${list.outerHTML.slice(0, 80)}`;
      };
      const matches = [...document.querySelectorAll(selector)].map((element) => {
        const list = commentListOf(element);
        lists.add(list);
        return {
          comment: element.closest('div.comment')?.id ?? null,
          thread: element.closest(thread)?.querySelector(':scope > div.comment')?.id ?? null,
          list: describeList(list),
          rowNext: element.nextElementSibling?.matches(row) ?? false,
          text: element.textContent ?? '',
        };
      });
      return { matches, lists: lists.size };
    },
    { selector, thread: commentThread, row: commentBottomRow, ledger: LEDGER_GLOBAL },
  );
}

/** The comments a scratch-www page shows (client/comments.ts): the first 20 threads, 3 replies each. */
function shownComments(place: CommentPlace, placeId: number): { ids: string[]; threads: string[] } {
  const threads = store().topLevelComments(place, placeId).slice(0, 20);
  const shown = threads.flatMap((thread) =>
    [thread, ...store().replies(thread.id).slice(0, 3)].map((c) => ({ id: c.id, thread: thread.id })),
  );
  return {
    ids: shown.map((c) => `comments-${c.id}`),
    threads: shown.map((c) => `comments-${c.thread}`),
  };
}

/**
 * `commentText`, `commentBottomRow`, `commentThread` and `commentListOf` on a scratch-www page: the
 * comments the store says it shows, each in its thread, each with its row, one list for all.
 */
async function expectComments(tab: Page, place: 'project' | 'studio', placeId: number): Promise<number> {
  const expected = shownComments(place, placeId);
  await expect
    .poll(async () => (await texts(tab, commentText)).matches.map((m) => m.comment), { timeout: 5_000 })
    .toEqual(expected.ids);
  const found = await texts(tab, commentText);
  expect(found.matches.map((m) => m.thread)).toEqual(expected.threads);
  expect(found.matches.every((m) => m.rowNext)).toBe(true);
  expect(found.lists).toBe(1);
  expect(found.matches[0]?.list).toBe(
    place === 'project' ? 'project: .comments-list' : 'studio: unnamed div in .studio-compose-container',
  );
  const rows = await tab.evaluate(
    (row) => [...document.querySelectorAll(row)].map((r) => r.closest('div.comment')?.id ?? null),
    commentBottomRow,
  );
  expect(rows).toEqual(expected.ids);
  const threads = await tab.evaluate(
    (thread) =>
      [...document.querySelectorAll(thread)].map((t) => t.querySelector(':scope > div.comment')?.id ?? null),
    commentThread,
  );
  expect(threads).toEqual(
    store()
      .topLevelComments(place, placeId)
      .slice(0, 20)
      .map((c) => `comments-${c.id}`),
  );
  return expected.ids.length;
}

/** The legacy profile's comments (client/profile.ts): the first 20 threads with all their replies. */
async function expectLegacyComments(tab: Page, userId: number): Promise<number> {
  const expected = store()
    .topLevelComments('user', userId)
    .slice(0, 20)
    .flatMap((thread) => [thread, ...store().replies(thread.id)])
    .map((c) => `comments-${c.id}`);
  await tab.locator('#comments-loading').waitFor({ state: 'detached' });
  const found = await texts(tab, legacyCommentText);
  expect(found.matches.map((m) => m.comment)).toEqual(expected);
  if (expected.length > 0) {
    expect(found.lists).toBe(1);
    expect(found.matches[0]?.list).toBe('profile: #comments ul.comments');
  }
  return expected.length;
}

/** Texts that are no comments: what they say, and that they belong to no comment list. */
async function expectTexts(tab: Page, selector: string, expected: string[]): Promise<void> {
  const found = await texts(tab, selector);
  expect(found.matches.map((m) => m.text)).toEqual(expected);
  for (const match of found.matches) expect(match.list).toBe('null');
}

// ---------------------------------------------------------------------------------------------------
// Navigation counts

/** The scratch-www count: the unread count now (and `show` when above 0). */
async function expectNavCount(tab: Page): Promise<void> {
  const count = tab.locator(navMessageCount);
  await expect
    .poll(() => count.textContent(), { timeout: 5_000 })
    .toBe(`${store().unreadCount(DEMO_USERNAME)} `);
  const classes = ((await count.getAttribute('class')) ?? '').split(/\s+/);
  expect(classes.includes(navMessageCountShownClass)).toBe(store().unreadCount(DEMO_USERNAME) > 0);
}

/** The legacy count: the unread count now (`none` only while it is 0). */
async function expectLegacyNavCount(tab: Page): Promise<void> {
  const count = tab.locator(legacyNavMessageCount);
  await expect
    .poll(() => count.textContent(), { timeout: 5_000 })
    .toBe(`${store().unreadCount(DEMO_USERNAME)}`);
  const classes = ((await count.getAttribute('class')) ?? '').split(/\s+/);
  expect(classes.includes(legacyNavMessageCountHiddenClass)).toBe(store().unreadCount(DEMO_USERNAME) === 0);
}

// ---------------------------------------------------------------------------------------------------
// Page predicates: what they say of a URL, and that the page rendered there agrees.

/** The kind of page a URL is, written down independently of pages.ts. */
interface Kind {
  editor?: true;
  messages?: true;
  profile?: string;
  project?: number;
  studio?: true;
}

function predicates(url: string) {
  const page = sitePage(url);
  return {
    isSitePage: isSitePage(page),
    isEditorPage: isEditorPage(page),
    isMessagesPage: isMessagesPage(page),
    profileUsername: profileUsername(page),
    isProfilePage: isProfilePage(page),
    projectPageId: projectPageId(page),
    isStudioPage: isStudioPage(page),
  };
}

function predicatesOf(kind: Kind): ReturnType<typeof predicates> {
  return {
    isSitePage: kind.editor !== true,
    isEditorPage: kind.editor === true,
    isMessagesPage: kind.messages === true,
    profileUsername: kind.profile ?? null,
    isProfilePage: kind.profile !== undefined,
    projectPageId: kind.project ?? null,
    isStudioPage: kind.studio === true,
  };
}

/** The predicates of the tab's URL match `kind`, and what the page rendered agrees with them. */
async function expectKind(tab: Page, kind: Kind): Promise<void> {
  const url = tab.url();
  const claimed = predicates(url);
  expect(claimed, url).toEqual(predicatesOf(kind));
  const rendered = await tab.evaluate(
    ({ menuBar, messages, headers }) => ({
      menuBar: document.querySelectorAll(menuBar).length,
      header: headers.map((h) => document.querySelector(h)).find((e) => e !== null)?.textContent ?? null,
      frames: document.querySelectorAll('nav#navigation, #pagewrapper > #topnav').length,
      view: document.querySelectorAll('main#view, #content').length,
      messages: document.querySelectorAll(messages).length,
      profileName: document.querySelector('#profile-data .header-text h2')?.textContent ?? null,
      projectTitle: document.querySelector('h1.project-title')?.textContent ?? null,
      studio: document.querySelectorAll('div.studio-shell').length,
    }),
    { menuBar: editorMenuBar, messages: messagesList, headers: legacyProfileHeader },
  );
  if (claimed.isEditorPage) expect(rendered, url).toMatchObject({ menuBar: 1, frames: 0, view: 0 });
  if (claimed.isSitePage) expect(rendered, url).toMatchObject({ menuBar: 0, frames: 1, view: 1 });
  if (claimed.isMessagesPage) expect(rendered.messages, url).toBe(1);
  expect(rendered.profileName, url).toBe(claimed.profileUsername);
  // On a profile, the ledger's header (its first selector that matches) names the user too.
  if (claimed.profileUsername !== null) expect(rendered.header, url).toBe(claimed.profileUsername);
  if (claimed.projectPageId !== null)
    expect(rendered.projectTitle, url).toBe(store().getProject(claimed.projectPageId)?.title);
  expect(rendered.studio, url).toBe(claimed.isStudioPage ? 1 : 0);
}

async function visit(tab: Page, path: string, ready: string, kind: Kind): Promise<void> {
  await tab.goto(`${sandbox.urls.site}${path}`);
  await tab.locator(ready).first().waitFor();
  await expectKind(tab, kind);
}

// ---------------------------------------------------------------------------------------------------
// The places the test visits, picked from the store.

function places() {
  const s = store();
  const demo = me();
  const project = s.projects().find(
    (p) =>
      p.isShared &&
      p.commentsAllowed &&
      p.authorId !== demo.id &&
      p.instructions !== '' &&
      p.description !== '' &&
      s.remixesOf(p.id).length > 0 &&
      s.studiosOfProject(p.id).length > 0 &&
      s.topLevelComments('project', p.id).length > 20 &&
      s
        .topLevelComments('project', p.id)
        .slice(0, 20)
        .some((c) => s.replyCount(c.id) > 3),
  );
  const own = s
    .sharedProjectsOf(demo.id)
    .find(
      (p) => p.instructions !== '' && p.description !== '' && s.topLevelComments('project', p.id).length > 0,
    );
  const hosted = s
    .studios()
    .find(
      (st) =>
        st.hostId === demo.id &&
        s.studioProjects(st.id).length > 24 &&
        s.topLevelComments('studio', st.id).some((c) => s.replyCount(c.id) > 3),
    );
  // Not a manager either: on the live site managers get the description's textarea too.
  const other = s.studios().find(
    (st) =>
      st.hostId !== demo.id &&
      !s.studioManagers(st.id).includes(demo.id) &&
      st.description !== '' &&
      s.topLevelComments('studio', st.id).length > 20 &&
      s
        .topLevelComments('studio', st.id)
        .slice(0, 20)
        .some((c) => s.replyCount(c.id) > 3),
  );
  const person = s
    .users()
    .find(
      (u) =>
        u.id !== demo.id &&
        /^[a-z]+$/.test(u.username) &&
        s.sharedProjectsOf(u.id).length > 60 &&
        s.favoritesOf(u.id).length > 20 &&
        s.curatedStudiosOf(u.id).length > 0,
    );
  const dashed = s.users().find((u) => /^[A-Za-z0-9]+-[A-Za-z0-9-]*$/.test(u.username));
  const underscored = s.users().find((u) => /^[A-Za-z0-9]+_[A-Za-z0-9_]*$/.test(u.username));
  if (!project || !own || !hosted || !other || !person || !dashed || !underscored)
    throw new Error('the seed lacks a place this test needs');
  return { project, own, hosted, other, person, dashed, underscored };
}

let at: ReturnType<typeof places>;
beforeAll(() => {
  at = places();
});

/** A legacy profile's carousels: newest 20 shared projects and 20 latest favorites (profile-page.ts). */
function profileCarouselIds(userId: number): number[] {
  return sorted([
    ...store()
      .sharedProjectsOf(userId)
      .slice()
      .reverse()
      .slice(0, 20)
      .map((p) => p.id),
    ...store()
      .favoritesOf(userId)
      .slice(0, 20)
      .map((p) => p.id),
  ]);
}

// ---------------------------------------------------------------------------------------------------

describe('the ledger against the sandbox pages', () => {
  // What a page script threw while a test ran is that test's failure (pages keep their scripts
  // running between tests: an error after a test ended is the next one's).
  afterEach(() => {
    expect(pageErrors.splice(0), 'page script errors').toEqual([]);
  });

  it('home: one nav count (the unread count); the carousels’ project thumbnails, once scrolled in, are the REST rows’ projects; studio thumbnails are not', async () => {
    await visit(member, '/', 'div.slick-slide', {});
    await expectNavCount(member);
    // Slides render when they come into view (client/carousel.ts): bring each one in.
    await member.evaluate(async () => {
      const frame = () =>
        new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      for (const slide of document.querySelectorAll('div.slick-slide')) {
        if (slide.firstElementChild) continue;
        slide.scrollIntoView({ block: 'center', inline: 'center' });
        await frame();
      }
    });
    await expect.poll(() => member.locator('div.slick-slide:empty').count()).toBe(0);

    type Item = { id?: number; type?: string };
    const featured = await api<Record<string, Item[]>>('/proxy/featured');
    const featuredItems = Object.values(featured).flatMap((row) => (Array.isArray(row) ? row : []));
    const following = await Promise.all(
      ['users/projects', 'users/loves', 'studios/projects'].map((path) =>
        api<Item[]>(`/users/${DEMO_USERNAME}/following/${path}?limit=20`),
      ),
    );
    const expected = sorted(
      [...featuredItems.filter((item) => item.type !== 'gallery'), ...following.flat()].map((item) =>
        Number(item.id),
      ),
    );
    expect(featuredItems.some((item) => item.type === 'gallery')).toBe(true);
    expect(await member.locator('div.thumbnail.gallery').count()).toBeGreaterThan(0);

    const found = await thumbnails(member);
    expect(found.every((item) => item.kind === 'www')).toBe(true);
    expect(listedIds(found)).toEqual(expected);
    await expectCounts(member, { navMessageCount: 1, projectThumbnail: expected.length });
  }, 30_000);

  it('explore: the grid’s thumbnails are the REST page’s projects, in order', async () => {
    await visit(member, '/explore/projects/all/', '#projectBox div.thumbnail', {});
    await expectNavCount(member);
    const page = await api<{ id: number }[]>(
      '/explore/projects?q=*&mode=trending&language=en&limit=16&offset=0',
    );
    const found = await thumbnails(member);
    expect(found.map((item) => projectIdOfHref(item.href))).toEqual(page.map((p) => p.id));
    expect(found.every((item) => item.listed && item.kind === 'www')).toBe(true);
    await expectCounts(member, { navMessageCount: 1, projectThumbnail: page.length });
  });

  it('a project page: comments per the store (composers never), both notes blocks, love and favorite, the remix list’s projects (not the studio list)', async () => {
    const { project } = at;
    await visit(member, `/projects/${project.id}/`, 'div.remix-list div.thumbnail', { project: project.id });
    await expectNavCount(member);
    const comments = await expectComments(member, 'project', project.id);
    expect(await member.locator('div.comments-root-reply div.comment.compose-row').count()).toBe(1);
    await expectTexts(member, projectNotesText, [project.instructions, project.description]);

    const remixes = await api<{ id: number }[]>(`/projects/${project.id}/remixes?limit=20`);
    const found = await thumbnails(member);
    expect(listedIds(found)).toEqual(sorted(remixes.map((p) => p.id)));
    await member.locator('div.studio-list div.thumbnail.gallery').first().waitFor();
    expect(await member.locator(`div.studio-list :is(${projectThumbnail})`).count()).toBe(0);

    const expected = {
      navMessageCount: 1,
      projectLoveButton: 1,
      projectFavoriteButton: 1,
      projectThumbnail: remixes.length,
      commentText: comments,
      commentBottomRow: comments,
      commentThread: 20,
      commentList: 1,
      projectNotesText: 2,
    };
    await expectCounts(member, expected);

    // A reply composer opens inside the comment replied to: still the same comments, rows and threads.
    await member.locator(`div.comments-list > div.comment-container span.comment-reply`).first().click();
    await member.locator('div.comment-reply-row div.comment.compose-row').waitFor();
    expect(await member.locator('div.comment.compose-row').count()).toBe(2);
    await expectComments(member, 'project', project.id);
    await expectCounts(member, expected);
  });

  it('full screen is a site page: navigation bar, comments, notes and buttons as on the project page', async () => {
    const { project } = at;
    await visit(member, `/projects/${project.id}/fullscreen`, 'div.guiPlayer.fullscreen', {});
    await member.locator('div.remix-list div.thumbnail').first().waitFor();
    await expectNavCount(member);
    const comments = await expectComments(member, 'project', project.id);
    await expectCounts(member, {
      navMessageCount: 1,
      projectLoveButton: 1,
      projectFavoriteButton: 1,
      projectThumbnail: store().remixesOf(project.id).slice(0, 20).length,
      commentText: comments,
      commentBottomRow: comments,
      commentThread: 20,
      commentList: 1,
      projectNotesText: 2,
    });
  });

  it('the editor, signed in: one menu bar, account group and My Stuff link, and nothing of the site', async () => {
    const { project } = at;
    // Both menu bars: 2024's, and the 2026 one whose account group is another element, another class first.
    for (const path of [
      `/projects/${project.id}/editor`,
      '/projects/editor/',
      `/projects/${project.id}/editor/?menubar=2026`,
      '/projects/editor/?menubar=2026',
    ]) {
      await visit(member, path, `:is(${editorAccountGroup}) ${editorMyStuffLink}`, { editor: true });
      await expectCounts(member, { editorMenuBar: 1, editorAccountGroup: 1, editorMyStuffLink: 1 });
      // Outside the group the link is the navigation bar's on every other page: here it is the only one.
      expect(await member.locator(editorMyStuffLink).count()).toBe(1);
    }
  });

  it('the owner’s project page: textareas instead of notes; comments per the store', async () => {
    const { own } = at;
    await visit(member, `/projects/${own.id}/`, 'div.remix-list > *:not(.notice-loading)', {
      project: own.id,
    });
    await expectNavCount(member);
    const comments = await expectComments(member, 'project', own.id);
    expect(await member.locator('div.project-notes textarea.project-description-edit').count()).toBe(2);
    const remixes = await api<{ id: number }[]>(`/projects/${own.id}/remixes?limit=20`);
    expect(listedIds(await thumbnails(member))).toEqual(sorted(remixes.map((p) => p.id)));
    await expectCounts(member, {
      navMessageCount: 1,
      projectLoveButton: 1,
      projectFavoriteButton: 1,
      projectThumbnail: remixes.length,
      commentText: comments,
      commentBottomRow: comments,
      commentThread: Math.min(20, store().topLevelComments('project', own.id).length),
      commentList: 1,
    });
  });

  it('a project’s remixes gallery (legacy): its items are the shared remixes', async () => {
    const { project } = at;
    await visit(member, `/projects/${project.id}/remixes/`, '.media-grid', {});
    await expectLegacyNavCount(member);
    const expected = sorted(
      store()
        .remixesOf(project.id)
        .slice(0, 60)
        .map((p) => p.id),
    );
    const found = await thumbnails(member);
    expect(found.every((item) => item.kind === 'legacy')).toBe(true);
    expect(listedIds(found)).toEqual(expected);
    // The header list's last fallback, `#content h2`, finds the gallery's heading: the profile
    // feature runs on profiles only (profileUsername).
    await expectCounts(member, {
      legacyNavMessageCount: 1,
      legacyFrame: 1,
      legacyProfileHeader: 1,
      projectThumbnail: expected.length,
    });
  });

  it('a studio its member hosts: tiles per the store, no description (textarea); the "add projects" dialog’s tiles are pickers; then its comments tab', async () => {
    const { hosted } = at;
    await visit(member, `/studios/${hosted.id}/`, 'div.studio-projects-grid > div.studio-project-tile', {
      studio: true,
    });
    await expectNavCount(member);
    const tiles = sorted(
      store()
        .studioProjects(hosted.id)
        .slice(0, 24)
        .map((d) => d.project.id),
    );
    let found = await thumbnails(member);
    expect(found.every((item) => item.kind === 'tile')).toBe(true);
    expect(listedIds(found)).toEqual(tiles);
    expect(await member.locator('div.studio-info-section > textarea.studio-description').count()).toBe(1);
    await expectCounts(member, { navMessageCount: 1, projectThumbnail: tiles.length });

    await member.locator('button.studio-adder-browse').click();
    const shared = store().sharedProjectsOf(me().id).slice(0, 20);
    await expect
      .poll(() => member.locator('.user-projects-modal div.studio-project-tile').count())
      .toBe(shared.length);
    found = await thumbnails(member);
    expect(listedIds(found)).toEqual(tiles);
    expect(found.filter((item) => !item.listed).map((item) => item.href)).toEqual(shared.map(() => null));
    await expectCounts(member, {
      navMessageCount: 1,
      projectThumbnail: tiles.length + shared.length,
      listedThumbnail: tiles.length,
    });
    await member.locator('.user-projects-modal .studio-projects-done-row button').click();

    // The tab switches without a reload (pushState).
    await member.locator('a.studio-tab-nav', { hasText: 'Comments' }).click();
    await member.locator('div.studio-compose-container').waitFor();
    expect(member.url()).toBe(`${sandbox.urls.site}/studios/${hosted.id}/comments`);
    await expectKind(member, { studio: true });
    const comments = await expectComments(member, 'studio', hosted.id);
    expect(await member.locator('div.comments-root-reply div.comment.compose-row').count()).toBe(1);
    await expectCounts(member, {
      navMessageCount: 1,
      commentText: comments,
      commentBottomRow: comments,
      commentThread: Math.min(20, store().topLevelComments('studio', hosted.id).length),
    });
  });

  it('another studio’s comments tab: its description, comments per the store in the unnamed div', async () => {
    const { other } = at;
    await visit(member, `/studios/${other.id}/comments`, 'div.studio-compose-container', { studio: true });
    await expectNavCount(member);
    const comments = await expectComments(member, 'studio', other.id);
    await expectTexts(member, studioDescriptionText, [other.description]);
    await expectCounts(member, {
      navMessageCount: 1,
      commentText: comments,
      commentBottomRow: comments,
      commentThread: 20,
      studioDescriptionText: 1,
    });
  });

  it('the member’s own profile: textareas instead of texts, comments per the store, carousels; the featured-project dialog’s choices are pickers', async () => {
    const demo = me();
    await visit(member, `/users/${DEMO_USERNAME}/`, '#profile-data', { profile: DEMO_USERNAME });
    await expectLegacyNavCount(member);
    const comments = await expectLegacyComments(member, demo.id);
    expect(comments).toBeGreaterThan(0);
    expect(await member.locator('textarea#bio, textarea#status').count()).toBe(2);
    const carousels = profileCarouselIds(demo.id);
    let found = await thumbnails(member);
    expect(found.every((item) => item.kind === 'legacy')).toBe(true);
    expect(listedIds(found)).toEqual(carousels);
    const expected = {
      legacyNavMessageCount: 1,
      legacyFrame: 1,
      legacyProfileHeader: 1,
      legacyCommentText: comments,
      legacyCommentList: 1,
      projectThumbnail: carousels.length,
    };
    await expectCounts(member, expected);

    await member.locator('.player [data-control="change-featured-project"]').click();
    const shared = store().sharedProjectsOf(demo.id);
    const choices = member.locator('#featured-project-modal li.project.thumb.item');
    await expect.poll(() => choices.count()).toBe(shared.length);
    found = await thumbnails(member);
    expect(listedIds(found)).toEqual(carousels);
    const picked = found.filter((item) => !item.listed).map((item) => projectIdOfHref(item.href) ?? -1);
    expect(sorted(picked)).toEqual(sorted(shared.map((p) => p.id)));
    await expectCounts(member, {
      ...expected,
      projectThumbnail: carousels.length + shared.length,
      listedThumbnail: carousels.length,
    });
    await member.locator('#featured-project-modal [data-control="close"]').click();
  });

  it('another member’s profile: both texts, carousels (not the studios or people), no comments', async () => {
    const { person } = at;
    await visit(member, `/users/${person.username}/`, '#profile-data', { profile: person.username });
    await expectLegacyNavCount(member);
    await expectLegacyComments(member, person.id);
    await expectTexts(member, profileText, [person.bio, person.status]);
    // Each text's frame (where its translation goes, below) is its own block's scrolling box.
    expect(
      await member.evaluate(
        ({ text, frame }) =>
          [...document.querySelectorAll(text)].map((element) => {
            const box = element.closest(frame);
            return box?.parentElement?.id ?? null;
          }),
        { text: profileText, frame: profileTextFrame },
      ),
    ).toEqual(['bio-readonly', 'status-readonly']);
    expect(await member.locator('li.gallery.thumb.item').count()).toBeGreaterThan(0);
    const carousels = profileCarouselIds(person.id);
    expect(listedIds(await thumbnails(member))).toEqual(carousels);
    await expectCounts(member, {
      legacyNavMessageCount: 1,
      legacyFrame: 1,
      legacyProfileHeader: 1,
      legacyCommentList: 1,
      profileText: 2,
      projectThumbnail: carousels.length,
    });
  });

  it('profiles whose names have a dash or an underscore: profileUsername names them, as their headers do', async () => {
    for (const user of [at.dashed, at.underscored]) {
      await visit(member, `/users/${user.username}/`, '#profile-data', { profile: user.username });
      const carousels = profileCarouselIds(user.id);
      expect(listedIds(await thumbnails(member))).toEqual(carousels);
      await expectCounts(member, {
        legacyNavMessageCount: 1,
        legacyFrame: 1,
        legacyProfileHeader: 1,
        legacyCommentList: 1,
        profileText: 2,
        projectThumbnail: carousels.length,
      });
    }
  });

  it('a gallery page /users/<u>/projects/: its first 60 shared projects', async () => {
    const { person } = at;
    await visit(member, `/users/${person.username}/projects/`, '.media-grid', {});
    await expectLegacyNavCount(member);
    const expected = sorted(
      store()
        .sharedProjectsOf(person.id)
        .slice()
        .reverse()
        .slice(0, 60)
        .map((p) => p.id),
    );
    const found = await thumbnails(member);
    expect(found.every((item) => item.kind === 'legacy')).toBe(true);
    expect(listedIds(found)).toEqual(expected);
    await expectCounts(member, {
      legacyNavMessageCount: 1,
      legacyFrame: 1,
      legacyProfileHeader: 1,
      projectThumbnail: expected.length,
    });
  });

  it('My Stuff: one picture per project, every project of the member; the studios tab’s pictures name no project', async () => {
    const all = store().allProjectsOf(me().id);
    await visit(member, '/mystuff/', 'ul.media-list > li', {});
    await expectLegacyNavCount(member);
    const more = member.locator('#mystuff [data-control="load-more"]');
    while (await more.isVisible()) {
      const before = await member.locator('ul.media-list > li').count();
      await more.click();
      await expect.poll(() => member.locator('ul.media-list > li').count()).toBeGreaterThan(before);
    }
    expect(await member.locator('ul.media-list > li').count()).toBe(all.length);
    const found = await thumbnails(member);
    expect(found.every((item) => item.kind === 'mystuff')).toBe(true);
    expect(listedIds(found)).toEqual(sorted(all.map((p) => p.id)));
    expect(
      await member.evaluate(
        (thumbnail) =>
          [...document.querySelectorAll('ul.media-list > li')].every(
            (li) => li.querySelectorAll(thumbnail).length === 1,
          ),
        projectThumbnail,
      ),
    ).toBe(true);
    // `#content h2` (the header list's fallback) is My Stuff's heading here.
    const frame = { legacyNavMessageCount: 1, legacyFrame: 1, legacyProfileHeader: 1 };
    await expectCounts(member, { ...frame, projectThumbnail: all.length });

    await member.evaluate(() => {
      location.hash = '#galleries';
    });
    const studios = store().curatedStudiosOf(me().id).slice(0, 20);
    await expect
      .poll(() => member.locator('ul.media-list > li > .media-item-content.gallery').count())
      .toBe(studios.length);
    // The studios' pictures have the projects' markup with a studio link: no project, no mark.
    expect(await thumbnails(member)).toEqual([]);
    await expectCounts(member, { ...frame, projectThumbnail: 0 });
  });

  it('the messages page: one list; the nav count, cleared, says what the alerts and the invitation leave', async () => {
    await visit(member, '/messages/', `${messagesList} > li`, { messages: true });
    const left =
      store().adminMessagesFor(DEMO_USERNAME).length + (store().inviteFor(DEMO_USERNAME) === null ? 0 : 1);
    await expect.poll(() => store().unreadCount(DEMO_USERNAME)).toBe(left);
    // The page's own read, now: one that left before the clear cannot be the last one rendered.
    await member.evaluate(() =>
      (
        window as unknown as { sandboxSite: { readMessageCount(): Promise<void> } }
      ).sandboxSite.readMessageCount(),
    );
    await expectNavCount(member);
    await expectCounts(member, { navMessageCount: 1, messagesList: 1 });
    // The legacy navigation's link has no slash: the site redirects it here.
    await visit(member, '/messages', messagesList, { messages: true });
  });

  it('a visitor on a profile: both texts and the comments per the store; no count', async () => {
    const demo = me();
    await visit(visitor, `/users/${DEMO_USERNAME}/`, '#profile-data', { profile: DEMO_USERNAME });
    const comments = await expectLegacyComments(visitor, demo.id);
    await expectTexts(visitor, profileText, [demo.bio, demo.status]);
    const carousels = profileCarouselIds(demo.id);
    expect(listedIds(await thumbnails(visitor))).toEqual(carousels);
    await expectCounts(visitor, {
      legacyFrame: 1,
      legacyProfileHeader: 1,
      legacyCommentText: comments,
      legacyCommentList: 1,
      profileText: 2,
      projectThumbnail: carousels.length,
    });
  });

  it('a visitor on the member’s project: both notes blocks, comments; no count', async () => {
    const { own } = at;
    await visit(visitor, `/projects/${own.id}/`, 'div.remix-list > *:not(.notice-loading)', {
      project: own.id,
    });
    const comments = await expectComments(visitor, 'project', own.id);
    await expectTexts(visitor, projectNotesText, [own.instructions, own.description]);
    await expectCounts(visitor, {
      projectLoveButton: 1,
      projectFavoriteButton: 1,
      projectThumbnail: Math.min(20, store().remixesOf(own.id).length),
      commentText: comments,
      commentBottomRow: comments,
      commentThread: Math.min(20, store().topLevelComments('project', own.id).length),
      commentList: 1,
      projectNotesText: 2,
    });
  });

  it('the editor, signed out: the menu bar and its account group, no My Stuff link', async () => {
    const { project } = at;
    for (const path of [`/projects/${project.id}/editor/`, '/projects/editor/']) {
      await visit(visitor, path, editorAccountGroup, { editor: true });
      await visitor.locator(`:is(${editorAccountGroup}) div[class*="menu-bar_hoverable_"]`).first().waitFor();
      await expectCounts(visitor, { editorMenuBar: 1, editorAccountGroup: 1 });
      expect(await visitor.locator(editorMyStuffLink).count()).toBe(0);
    }
  });

  it('before any script: the server’s counts are one 0 each, the legacy one with `none`, the www one without `show`', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const tab = await context.newPage();
      await tab.goto(`${sandbox.urls.site}/login/?as=${DEMO_USERNAME}&next=/`);
      const found = (selector: string) =>
        tab.evaluate(
          (s) => [...document.querySelectorAll(s)].map((e) => [e.className, e.textContent]),
          selector,
        );
      const { person, project } = at;
      for (const path of [`/users/${person.username}/`, `/users/${person.username}/projects/`, '/mystuff/']) {
        await tab.goto(`${sandbox.urls.site}${path}`);
        expect(await found(legacyNavMessageCount), path).toEqual([
          [`notificationsCount ${legacyNavMessageCountHiddenClass}`, '0'],
        ]);
        expect(await found(navMessageCount), path).toEqual([]);
      }
      for (const path of ['/', `/projects/${project.id}/`, '/messages/']) {
        await tab.goto(`${sandbox.urls.site}${path}`);
        expect(await found(navMessageCount), path).toEqual([['message-count', '0 ']]);
        expect(await found(legacyNavMessageCount), path).toEqual([]);
      }
      await tab.goto(`${sandbox.urls.site}/projects/${project.id}/editor/`);
      expect(await found(anyNavMessageCount)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the page predicates on a table of tricky paths (real pages are checked where a test visits them)', () => {
    const tricky: [string, Kind][] = [
      ['/projects/1/editor', { editor: true }],
      ['/projects/1/editor/', { editor: true }],
      ['/projects/editor/', { editor: true }],
      ['/projects/editor', { editor: true }],
      ['/projects/1/fullscreen', {}],
      ['/projects/1/fullscreen/', {}],
      ['/projects/1/remixes/', {}],
      ['/projects/1/studios/', {}],
      ['/projects/1', { project: 1 }],
      ['/projects/1/?x=1#comments-5', { project: 1 }],
      ['/projects/0/', {}],
      ['/projects/abc/', {}],
      ['/projects/', {}],
      ['/studios/5/', { studio: true }],
      ['/studios/5/comments', { studio: true }],
      ['/studios/5/projects/', { studio: true }],
      ['/studios/5/curators', { studio: true }],
      ['/studios/5/activity', { studio: true }],
      ['/studios/5/other', {}],
      ['/studios/', {}],
      ['/users/a-b_c/', { profile: 'a-b_c' }],
      ['/users/a-b_c', { profile: 'a-b_c' }],
      ['/users/a/projects/', {}],
      ['/users/a/favorites/', {}],
      ['/users/', {}],
      ['/messages', { messages: true }],
      ['/messages/', { messages: true }],
      ['/messages/x', {}],
      ['/mystuff/', {}],
      ['/', {}],
      ['/explore/projects/all/', {}],
      ['/search/projects?q=editor', {}],
    ];
    for (const [path, kind] of tricky) {
      const url = `https://scratch.mit.edu${path}`;
      expect(predicates(url), url).toEqual(predicatesOf(kind));
    }
    expect(sitePage('https://scratch.mit.edu/').path).toBe('');
    expect(sitePage('https://scratch.mit.edu/projects/1///').path).toBe('/projects/1');
  });
});
