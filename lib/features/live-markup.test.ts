// @vitest-environment happy-dom
/**
 * The features on markup as the live site renders it (docs/site-reference.md, "Page markup that content
 * scripts read" and "Legacy pages"): studio comments with no `.comments-list`, the profile's "About
 * me" and "What I'm working on", My Stuff's pictures and the featured-project picker, and the
 * editor, whose menu bar gets the count and whose constantly changing DOM nothing watches. The
 * same behaviours run in real browsers against the sandbox in tests/e2e/live-markup.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { messageCountItem } from '@/lib/message-count/message-count-storage';
import { pageStatusesOf } from '@/lib/project-status/project-status-lookup-model';
import { memberKey, type ProjectStatusCache } from '@/lib/project-status/project-status-model';
import { pageStatusesItem } from '@/lib/project-status/project-status-storage';
import { sendMessage } from '@/lib/protocol/messaging';
import { sitePage } from '@/lib/site/pages';
import { InViewObserver } from '@/tests/unit/in-view-observer';
import { WAIT } from '@/tests/unit/wait';
import { editorMessageCount } from './editor-message-count';
import { memberFeatures, memberFreeFeatures } from './index';
import { projectStatusMarks } from './project-status-marks';
import { translateComments } from './translate-comments';

vi.mock('@/lib/protocol/messaging', () => ({ sendMessage: vi.fn() }));

/** What the background writes for pages when its cache holds `cache` (lib/project-status/status-cache.ts). */
const storeStatuses = (cache: ProjectStatusCache) => pageStatusesItem.setValue(pageStatusesOf(cache));

const features = [...memberFeatures, ...memberFreeFeatures];

const count = (selector: string) => document.querySelectorAll(selector).length;
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

let running: AbortController;
beforeEach(() => {
  fakeBrowser.reset();
  vi.mocked(sendMessage).mockReset();
  vi.mocked(sendMessage).mockResolvedValue(undefined as never);
  vi.stubGlobal('IntersectionObserver', InViewObserver);
  running = new AbortController();
});
afterEach(() => {
  running.abort();
  vi.unstubAllGlobals();
});

/** One comment as scratch-www's comment.jsx renders it. */
const comment = (id: number, text: string) =>
  `<div class="flex-row comment" id="comments-${id}"><div class="comment-body"><div class="comment-bubble"><span class="comment-content">${text}</span><div class="flex-row comment-bottom-row"><span class="comment-time">now</span><span class="comment-reply">reply</span></div></div></div></div>`;
/** A top-level comment with its replies (top-level-comment.jsx). */
const thread = (id: number, text: string, replies: [number, string][] = []) =>
  `<div class="flex-row comment-container">${comment(id, text)}${
    replies.length
      ? `<div class="flex-row replies column">${replies.map(([r, t]) => comment(r, t)).join('')}</div>`
      : ''
  }</div>`;

describe('studio comments (studio-comments.jsx: no .comments-list)', () => {
  const studioComments = () => {
    document.body.innerHTML = `<div id="app"><div class="studio-compose-container">
      <div class="studio-header-container"><h2>Comments</h2></div>
      <div id="unnamed">
        <div class="comments-root-reply"><div class="flex-row comment compose-row"><textarea class="compose-input"></textarea></div></div>
        ${thread(1, 'Bonjour tout le monde', [[2, 'Salut à toi']])}
        ${thread(3, 'Hola a todos')}
        <button class="button load-more-button">Load more</button>
      </div></div></div>`;
  };
  const buttonsOf = (id: number) =>
    document.querySelectorAll(`#comments-${id} [data-companion="translate"]`).length;

  it('one Translate per comment and reply, one "Translate all" before the comments, none on the composer', async () => {
    await fakeBrowser.storage.sync.set({ translationSettings: { buttons: true } });
    studioComments();
    translateComments.run(sitePage('https://scratch.mit.edu/studios/5/comments'), running.signal);
    await vi.waitFor(() => expect(count('[data-companion="translate"]')).toBe(3), WAIT);
    expect([1, 2, 3].map(buttonsOf)).toEqual([1, 1, 1]);
    expect(count('.compose-row [data-companion="translate"]')).toBe(0);
    await vi.waitFor(() => expect(count('[data-companion="translate-all"]')).toBe(1), WAIT);
    expect(document.querySelector('[data-companion="translate-all"]')?.nextElementSibling?.id).toBe(
      'unnamed',
    );

    // Load more appends threads before the button; a reply arrives in an open thread.
    const list = document.getElementById('unnamed') as HTMLElement;
    list
      .querySelector('.load-more-button')
      ?.insertAdjacentHTML('beforebegin', thread(4, 'Guten Tag zusammen', [[5, 'Hallo du']]));
    document
      .querySelector('#comments-1')
      ?.nextElementSibling?.insertAdjacentHTML('beforeend', comment(6, 'Ciao a tutti'));
    await vi.waitFor(() => expect(count('[data-companion="translate"]')).toBe(6), WAIT);
    expect([1, 2, 3, 4, 5, 6].map(buttonsOf)).toEqual([1, 1, 1, 1, 1, 1]);
    await settle();
    expect(count('[data-companion="translate-all"]')).toBe(1);
  });
});

describe('profile texts (legacy: #bio-readonly, #status-readonly)', () => {
  const profile = (own: boolean) => {
    document.body.innerHTML = `<div id="pagewrapper"><div id="topnav"></div><div id="content">
      <div class="box-content" id="user-details">${
        own
          ? '<textarea id="bio">Je fais des jeux</textarea><textarea id="status">Un jeu de plateforme</textarea>'
          : `<div class="read-only" id="bio-readonly"><h3>About me</h3><div class="viewport"><p class="overview">Je fais des jeux de plateforme</p></div></div>
             <div class="read-only" id="status-readonly"><h3>What I'm working on</h3><div class="viewport"><p class="overview">Un jeu avec des chats</p></div></div>`
      }</div>
      <div class="box" id="comments"><ul class="comments"></ul></div></div></div>`;
  };

  it('"About me" and "What I\'m working on" get a Translate button (and read aloud when on)', async () => {
    await fakeBrowser.storage.sync.set({ translationSettings: { buttons: true, readAloud: true } });
    profile(false);
    translateComments.run(sitePage('https://scratch.mit.edu/users/alice/'), running.signal);
    await vi.waitFor(() => expect(count('[data-companion="translate"]')).toBe(2), WAIT);
    expect(count('#bio-readonly [data-companion="translate"]')).toBe(1);
    expect(count('#status-readonly [data-companion="translate"]')).toBe(1);
    await vi.waitFor(() => expect(count('#bio-readonly [data-companion="read-aloud"]')).toBe(1), WAIT);
    // Below the text's scrolling box, not inside it (where a translation would be clipped).
    expect(count('.viewport [data-companion]')).toBe(0);
    expect(
      document.querySelector('#bio-readonly .viewport')?.nextElementSibling?.getAttribute('data-companion'),
    ).toBe('text-tools');
  });

  it("the member's own editable texts get none", async () => {
    await fakeBrowser.storage.sync.set({ translationSettings: { buttons: true } });
    profile(true);
    translateComments.run(sitePage('https://scratch.mit.edu/users/alice/'), running.signal);
    await settle();
    expect(count('[data-companion="translate"]')).toBe(0);
  });
});

describe('marks on My Stuff, none in pickers', () => {
  const cache = (): ProjectStatusCache => ({
    member: 'demo',
    members: {
      [memberKey('demo')]: {
        loves: { 11: { loved: true, at: Date.now(), seen: Date.now() } },
        favorites: { ids: [12], complete: true, at: Date.now(), changed: false },
        favoriteReads: {},
        usedAt: Date.now(),
      },
    } as ProjectStatusCache['members'],
  });
  const myStuffItem = (id: number) =>
    `<li><div class="media-item-content"><div class="media-thumb"><a href="/projects/${id}/"><img src="x.png" alt=""></a></div><div class="media-info"><span class="media-info-item title"><a href="/projects/${id}/">Project ${id}</a></span></div></div></li>`;

  it('marks each My Stuff picture, in its corner, with the right state', async () => {
    await storeStatuses(cache());
    document.body.innerHTML = `<div id="pagewrapper"><div id="topnav"></div><div id="content"><ul class="media-list">${[11, 12, 13].map(myStuffItem).join('')}</ul></div></div>`;
    projectStatusMarks.run(sitePage('https://scratch.mit.edu/mystuff/'), running.signal);
    await vi.waitFor(() => expect(count('[data-companion="project-status"]')).toBe(3), WAIT);
    const mark = (id: number) =>
      document.querySelector(`[data-companion="project-status"][data-project-id="${id}"]`);
    expect(mark(11)?.parentElement?.className).toBe('media-thumb');
    expect(mark(11)?.getAttribute('data-loved')).toBe('true');
    expect(mark(12)?.getAttribute('data-favorited')).toBe('true');
    // What the cache does not fully know is asked for (12's love, 13), not what it knows (11).
    await vi.waitFor(
      () => expect(vi.mocked(sendMessage)).toHaveBeenCalledWith('getProjectStatuses', { ids: [12, 13] }),
      WAIT,
    );
  });

  it('the featured-project dialog is a picker: no marks on its choices', async () => {
    await storeStatuses(cache());
    document.body.innerHTML = `<div id="content"><ul class="scroll-content"><li class="project thumb item"><a href="/projects/11/"><img alt=""></a></li></ul>
      <div id="featured-project-modal"><ul><li class="project thumb item"><a href="/projects/12/"><img alt=""></a></li></ul></div></div>`;
    projectStatusMarks.run(sitePage('https://scratch.mit.edu/users/demo/'), running.signal);
    await vi.waitFor(() => expect(count('[data-companion="project-status"]')).toBe(1), WAIT);
    await settle();
    expect(count('#featured-project-modal [data-companion="project-status"]')).toBe(0);
  });
});

describe('the editor', () => {
  const setCount = (value: number | null, username: string | null = 'demo') =>
    messageCountItem.setValue({
      username,
      count: value,
      readAt: Date.now(),
      source: 'poll',
      staleUntil: 0,
      awayStreak: 0,
      failures: 0,
    });
  /** scratch-gui's menu bar, CSS-module class names with a release's hash. */
  const menuBar = (signedIn: boolean) =>
    `<div class="gui_menu-bar-position_RwwFc menu-bar_menu-bar_JcuHF box_box_2jjDp"><div class="menu-bar_main-menu_3wjWH"></div>
      <div class="menu-bar_account-info-group_MeJZP"><div class="menu-bar_menu-bar-item_oLDa-"></div>${
        signedIn
          ? '<a href="/mystuff/"><div class="menu-bar_menu-bar-item_oLDa- menu-bar_hoverable_c6WFB menu-bar_mystuff-button_1ikCR"><img class="menu-bar_mystuff-icon_3JvIf" alt=""></div></a><div class="account-nav_user-info_3cmfr">demo</div>'
          : '<div class="menu-bar_menu-bar-item_oLDa-">Sign in</div>'
      }</div></div>`;
  const editor = (signedIn = true) => {
    document.body.innerHTML = `<div id="app"><div class="gui_page-wrapper_3g3IP"><div id="gui-body">${menuBar(signedIn)}<div class="gui_body-wrapper"><div id="stage"></div></div></div></div></div>`;
  };
  const badge = () => document.querySelector<HTMLElement>('[data-companion="editor-message-count"]');

  it('shows the count beside My Stuff in the menu bar, live, hidden at 0', async () => {
    editor();
    await setCount(7);
    editorMessageCount.run(sitePage('https://scratch.mit.edu/projects/1/editor/'), running.signal);
    await vi.waitFor(() => expect(badge()?.textContent).toBe('7'), WAIT);
    expect(badge()?.hidden).toBe(false);
    expect(badge()?.previousElementSibling?.getAttribute('href')).toBe('/mystuff/');
    expect(badge()?.closest('[class^="menu-bar_account-info-group"]')).not.toBeNull();
    expect(badge()?.getAttribute('aria-label')).toBe('7 new messages');
    await setCount(0);
    await vi.waitFor(() => expect(badge()?.hidden).toBe(true), WAIT);
    await setCount(2);
    await vi.waitFor(() => expect(badge()?.textContent).toBe('2'), WAIT);
    running.abort();
    expect(badge()).toBeNull();
  });

  it('waits for a menu bar rendered later, and follows the account group React re-renders', async () => {
    document.body.innerHTML = '<div id="app"></div>';
    await setCount(3);
    editorMessageCount.run(sitePage('https://scratch.mit.edu/projects/editor/'), running.signal);
    await settle();
    expect(badge()).toBeNull();
    document.getElementById('app')?.insertAdjacentHTML('beforeend', menuBar(false));
    await settle();
    expect(badge()).toBeNull();
    // The member signs in from the editor: the account group now has My Stuff.
    const rendered = document.createElement('div');
    rendered.innerHTML = menuBar(true);
    const group = '[class^="menu-bar_account-info-group"]';
    document.querySelector(group)?.replaceWith(rendered.querySelector(group) as Element);
    await vi.waitFor(() => expect(badge()?.textContent).toBe('3'), WAIT);
  });

  it('runs no comment, mark or navigation-bar feature, and watches nothing of the changing GUI', async () => {
    const page = sitePage('https://scratch.mit.edu/projects/1/editor/');
    const names = features.filter((feature) => feature.runsOn(page)).map((feature) => feature.name);
    expect(names).not.toContain('translate-comments');
    expect(names).not.toContain('project-status-marks');
    expect(names).not.toContain('nav-bar-message-count');
    expect(names).toContain('editor-message-count');
    expect(features.filter((f) => f.runsOn(sitePage('https://scratch.mit.edu/projects/editor'))).length).toBe(
      names.length,
    );

    // Every observer the editor's features leave once the menu bar is there: none sees the GUI change.
    editor();
    await setCount(4);
    const calls: string[] = [];
    const Native = MutationObserver;
    vi.stubGlobal(
      'MutationObserver',
      class extends Native {
        constructor(callback: MutationCallback) {
          super((records, observer) => {
            calls.push(records.map((r) => (r.target as Element).id || r.target.nodeName).join());
            callback(records, observer);
          });
        }
      },
    );
    for (const feature of features.filter((f) => f.runsOn(page))) void feature.run(page, running.signal);
    await vi.waitFor(() => expect(badge()?.textContent).toBe('4'), WAIT);
    await settle();
    calls.length = 0;
    const stage = document.getElementById('stage') as HTMLElement;
    for (let i = 0; i < 20; i++) {
      stage.append(document.createElement('div'));
      stage.setAttribute('data-frame', String(i));
      await settle();
    }
    expect(calls).toEqual([]);
  });
});
