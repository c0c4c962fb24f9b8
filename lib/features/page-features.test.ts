// @vitest-environment happy-dom
/**
 * The title prefix, the profile count, the messages-page signal and the registry, on happy-dom
 * pages with the fake browser's storage.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import { defaultMessageCountSettings } from '@/lib/message-count/message-count-model';
import { messageCountItem, messageCountSettingsItem } from '@/lib/message-count/message-count-storage';
import { sendMessage } from '@/lib/protocol/messaging';
import { isEditorPage, projectPageId, type SitePage, sitePage } from '@/lib/site/pages';
import { WAIT } from '@/tests/unit/wait';
import { messagesPageOpened } from './messages-page-opened';
import { navBarMessageCount } from './nav-bar-message-count';
import { profileMessageCount } from './profile-message-count';
import { type Feature, runFeatures } from './registry';
import { followMessageCount, followSettings } from './stored-message-count';
import { titleMessageCount, titleWithCount } from './title-message-count';

vi.mock('@/lib/protocol/messaging', () => ({ sendMessage: vi.fn() }));

const sent = () => vi.mocked(sendMessage).mock.calls.map(([type, data]) => ({ type, data }));
const setCount = (count: number | null, username: string | null = 'demo') =>
  messageCountItem.setValue({
    username,
    count,
    readAt: Date.now(),
    source: 'poll',
    staleUntil: 0,
    awayStreak: 0,
    failures: 0,
  });

let running: AbortController;

beforeEach(() => {
  fakeBrowser.reset();
  vi.mocked(sendMessage).mockReset();
  vi.mocked(sendMessage).mockResolvedValue(undefined as never);
  running = new AbortController();
  document.head.innerHTML = '<title>Explore</title>';
  document.body.innerHTML = '';
});
afterEach(() => running.abort());

describe('title prefix', () => {
  it('prefixes (N) while N > 0, follows the site’s own title changes, never stacks', async () => {
    await setCount(3);
    titleMessageCount.run(sitePage('https://scratch.mit.edu/explore/'), running.signal);
    await vi.waitFor(() => expect(document.title).toBe('(3) Explore'), WAIT);
    document.title = 'Project page';
    await vi.waitFor(() => expect(document.title).toBe('(3) Project page'), WAIT);
    await setCount(12);
    await vi.waitFor(() => expect(document.title).toBe('(12) Project page'), WAIT);
    await setCount(0);
    await vi.waitFor(() => expect(document.title).toBe('Project page'), WAIT);
  });

  it('is a setting, and leaves the title as it found it when it stops', async () => {
    await setCount(2);
    titleMessageCount.run(sitePage('https://scratch.mit.edu/'), running.signal);
    await vi.waitFor(() => expect(document.title).toBe('(2) Explore'), WAIT);
    await messageCountSettingsItem.setValue({ ...defaultMessageCountSettings, titlePrefix: false });
    await vi.waitFor(() => expect(document.title).toBe('Explore'), WAIT);
    await messageCountSettingsItem.setValue({ ...defaultMessageCountSettings, titlePrefix: true });
    await vi.waitFor(() => expect(document.title).toBe('(2) Explore'), WAIT);
    running.abort();
    expect(document.title).toBe('Explore');
  });

  it('counts what is not muted, while the site’s navigation bar keeps the site’s number', async () => {
    await messageCountItem.setValue({
      username: 'demo',
      count: 5,
      readAt: Date.now(),
      source: 'poll',
      staleUntil: 0,
      awayStreak: 0,
      failures: 0,
      shown: { count: 2, of: 5, over: false },
    });
    const titles: (number | null)[] = [];
    const site: (number | null)[] = [];
    followMessageCount(running.signal, (shown) => titles.push(shown.count), true);
    followMessageCount(running.signal, (shown) => site.push(shown.count));
    titleMessageCount.run(sitePage('https://scratch.mit.edu/explore/'), running.signal);
    await vi.waitFor(() => expect(document.title).toBe('(2) Explore'), WAIT);
    expect(titles).toEqual([2]);
    expect(site).toEqual([5]);
    // Mutes turned off: the site's count again.
    await setCount(5);
    await vi.waitFor(() => expect(document.title).toBe('(5) Explore'), WAIT);
  });

  it('keeps a title that itself starts like a prefix', () => {
    expect(titleWithCount('(1) My project', '', 4)).toBe('(4) (1) My project');
    expect(titleWithCount('(4) (1) My project', '(4) ', 0)).toBe('(1) My project');
  });
});

describe('profile message count', () => {
  const profilePage = () => {
    document.body.innerHTML =
      '<div id="pagewrapper"><div id="topnav"></div><div id="content"><div id="profile-data"><div class="box-head"><div class="header-text"><h2>alice</h2></div></div></div></div></div>';
  };

  it("shows another user's public count, asked of the background, next to their name", async () => {
    profilePage();
    vi.mocked(sendMessage).mockResolvedValue(12 as never);
    await setCount(3, 'demo');
    await profileMessageCount.run(sitePage('https://scratch.mit.edu/users/alice/'), running.signal);
    const shown = document.querySelector('[data-companion="profile-message-count"]');
    expect(shown?.textContent).toBe('12 messages');
    expect(shown?.previousElementSibling?.tagName).toBe('H2');
    expect(sent()).toEqual([{ type: 'getUserMessageCount', data: { username: 'alice' } }]);
    running.abort();
    expect(document.querySelector('[data-companion="profile-message-count"]')).toBeNull();
  });

  it("shows the member's own live count on their own profile", async () => {
    profilePage();
    vi.mocked(sendMessage).mockResolvedValue(99 as never);
    await setCount(1, 'Alice');
    await profileMessageCount.run(sitePage('https://scratch.mit.edu/users/alice/'), running.signal);
    const shown = () => document.querySelector('[data-companion="profile-message-count"]')?.textContent;
    await vi.waitFor(() => expect(shown()).toBe('1 message'), WAIT);
    await setCount(4, 'Alice');
    await vi.waitFor(() => expect(shown()).toBe('4 messages'), WAIT);
    // The live count is known: no request for the public one.
    expect(sent()).toEqual([]);
  });

  it('runs on profile pages only', () => {
    expect(profileMessageCount.runsOn(sitePage('https://scratch.mit.edu/users/alice/'))).toBe(true);
    expect(profileMessageCount.runsOn(sitePage('https://scratch.mit.edu/users/alice/projects/'))).toBe(false);
    expect(profileMessageCount.runsOn(sitePage('https://scratch.mit.edu/projects/1/'))).toBe(false);
  });
});

describe('messages page', () => {
  it('tells the background that the messages page opened, on that page only', async () => {
    const page = sitePage('https://scratch.mit.edu/messages/');
    expect(messagesPageOpened.runsOn(page)).toBe(true);
    expect(messagesPageOpened.runsOn(sitePage('https://scratch.mit.edu/messages/x/'))).toBe(false);
    document.body.innerHTML = '<div id="app"><p>Loading…</p></div>';
    await messagesPageOpened.run(page, running.signal);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Only once the site shows the messages (and so clears them) does the background hear of it.
    expect(sent()).toEqual([]);
    document.querySelector('#app')?.insertAdjacentHTML('beforeend', '<ul class="messages-social-list"></ul>');
    await vi.waitFor(() => expect(sent()).toEqual([{ type: 'messagesPageOpened', data: undefined }]), WAIT);
  });
});

describe('stored values as content scripts read them', () => {
  it('reads what the storage items write (same keys, same shapes, defaults)', async () => {
    const counts: unknown[] = [];
    const settings: unknown[] = [];
    followMessageCount(running.signal, (shown) => counts.push(shown));
    followSettings(running.signal, (value) => settings.push(value));
    await vi.waitFor(() => expect(settings).toEqual([defaultMessageCountSettings]), WAIT);
    expect(counts).toEqual([{ count: null, username: null }]);
    await setCount(5, 'demo');
    await messageCountSettingsItem.setValue({ ...defaultMessageCountSettings, titlePrefix: false });
    await vi.waitFor(() => expect(counts.at(-1)).toEqual({ count: 5, username: 'demo' }), WAIT);
    await vi.waitFor(
      () => expect(settings.at(-1)).toMatchObject({ titlePrefix: false, signedOutMark: true }),
      WAIT,
    );
  });
});

describe('feature registry', () => {
  it('runs the features of the page, and re-runs them after an in-page navigation', async () => {
    const runs: string[] = [];
    const aborted: string[] = [];
    const feature = (name: string, path: string): Feature => ({
      name,
      runsOn: (page) => page.path === path,
      run(page, signal) {
        runs.push(`${name}@${page.path}`);
        signal.addEventListener('abort', () => aborted.push(name));
      },
    });
    history.replaceState(null, '', '/projects/1/');
    const ctx = new ContentScriptContext('test');
    runFeatures(ctx, [feature('project', '/projects/1'), feature('messages', '/messages')]);
    await vi.waitFor(() => expect(runs).toEqual(['project@/projects/1']), WAIT);

    history.pushState(null, '', '/messages/');
    // WXT's own location watcher reports the change (its event has a name of its own, per extension
    // and entry point): without the Navigation API it looks at `location` once a second, so the wait
    // covers that second with room to spare on a loaded machine.
    await vi.waitFor(() => expect(runs).toEqual(['project@/projects/1', 'messages@/messages']), WAIT);
    expect(aborted).toEqual(['project']);

    ctx.notifyInvalidated();
    expect(aborted).toEqual(['project', 'messages']);
  });

  it("runs the features of the change's new URL, which `location` may not hold yet (Chromium's navigate event)", async () => {
    const runs: string[] = [];
    const feature = (name: string, runsOn: (page: SitePage) => boolean): Feature => ({
      name,
      runsOn,
      run: (page) => void runs.push(`${name}@${page.path}`),
    });
    history.replaceState(null, '', '/projects/1/');
    const handlers: ((event: { newUrl?: URL }) => void)[] = [];
    const ctx = {
      onInvalidated: () => undefined,
      addEventListener: (_target: unknown, _type: string, handler: (event: { newUrl?: URL }) => void) =>
        handlers.push(handler),
    } as unknown as ContentScriptContext;
    runFeatures(ctx, [
      feature('project', (page) => projectPageId(page) !== null),
      feature('editor', isEditorPage),
    ]);
    await vi.waitFor(() => expect(runs).toEqual(['project@/projects/1']), WAIT);
    // "See inside": the navigate event comes while `location` is still the project page.
    for (const handler of handlers)
      handler({ newUrl: new URL('https://scratch.mit.edu/projects/1/editor/') });
    await vi.waitFor(() => expect(runs).toEqual(['project@/projects/1', 'editor@/projects/1/editor']), WAIT);
  });

  it('does not start a feature whose page is already gone', async () => {
    const runs: string[] = [];
    const ctx = new ContentScriptContext('test');
    runFeatures(ctx, [{ name: 'late', runsOn: () => true, run: () => void runs.push('late') }]);
    // Invalidated before the feature's microtask: its abort signal would never fire again.
    ctx.notifyInvalidated();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(runs).toEqual([]);
  });

  it('features started on an aborted signal leave no observer behind', async () => {
    const observe = vi.spyOn(MutationObserver.prototype, 'observe');
    const aborted = AbortSignal.abort();
    document.body.innerHTML = '<div id="app"></div>';
    await messagesPageOpened.run(sitePage('https://scratch.mit.edu/messages/'), aborted);
    await profileMessageCount.run(sitePage('https://scratch.mit.edu/users/alice/'), aborted);
    await navBarMessageCount.run(sitePage('https://scratch.mit.edu/'), aborted);
    expect(observe).not.toHaveBeenCalled();
    expect(sent()).toEqual([]);
    observe.mockRestore();
  });

  it('one failing feature does not stop the others', async () => {
    const ran: string[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const ctx = new ContentScriptContext('test');
    runFeatures(ctx, [
      { name: 'broken', runsOn: () => true, run: () => Promise.reject(new Error('boom')) },
      { name: 'fine', runsOn: () => true, run: () => void ran.push('fine') },
    ]);
    await vi.waitFor(() => expect(ran).toEqual(['fine']), WAIT);
    await vi.waitFor(() => expect(warn).toHaveBeenCalled(), WAIT);
    ctx.notifyInvalidated();
    warn.mockRestore();
  });

  it('starts each feature in a task of its own (their starts together would make one long task)', async () => {
    const order: string[] = [];
    const ctx = new ContentScriptContext('test');
    const feature = (name: string): Feature => ({
      name,
      runsOn: () => true,
      run: () => {
        order.push(name);
        // Runs at the end of this feature's task: before the next feature, if that is in a later one.
        queueMicrotask(() => order.push(`${name}, its task's end`));
      },
    });
    runFeatures(ctx, [feature('first'), feature('second')]);
    await vi.waitFor(() => expect(order).toHaveLength(4), WAIT);
    expect(order).toEqual(['first', "first, its task's end", 'second', "second, its task's end"]);
    ctx.notifyInvalidated();
  });
});
