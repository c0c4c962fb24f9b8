// @vitest-environment happy-dom
/**
 * The navigation bar's count renderer (client/nav.ts) on a happy-dom page built from the shells'
 * markup: two text nodes, in-place writes only when the value changed, the React-like hold on the
 * number's node (a detached node keeps getting the counts), `window.sandboxSite.readMessageCount`,
 * the legacy `none` class, and unmounting / mounting the bar (the editor switch).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WAIT } from '@/tests/unit/wait';
import { legacyShell, wwwShell } from '../shell';

type NavModule = typeof import('./nav');

const ORIGINS = {
  site: 'http://site.test',
  api: 'http://api.test',
  translate: 'http://translate.test',
  synthesis: 'http://synthesis.test',
  uploads: 'http://uploads.test',
};
const USER = { id: 7, username: 'demo' };

let count: number | 'network-error' = 0;
let countReads = 0;

/** The shell's markup without its stylesheet and page script (nothing to load here). */
function loadShell(html: string): void {
  const parsed = new DOMParser().parseFromString(
    html.replace(/<link rel="stylesheet"[^>]*>/, '').replace(/<script type="module"[^>]*><\/script>/, ''),
    'text/html',
  );
  document.head.innerHTML = parsed.head.innerHTML;
  document.body.innerHTML = parsed.body.innerHTML;
}

async function loadNav(legacy = false): Promise<NavModule> {
  const options = { title: 't', script: 'basic', page: { kind: 'home' }, origins: ORIGINS, user: USER };
  loadShell(legacy ? legacyShell(options) : wwwShell({ ...options, pageTemplate: true }));
  vi.resetModules();
  return import('./nav');
}

const span = () =>
  document.querySelector('li.link.right.messages > a[title="Messages"] > span.message-count');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
/** Lets pending promise callbacks run (without moving fake timers). */
const flush = async () => {
  for (let i = 0; i < 50; i++) await Promise.resolve();
};

beforeEach(() => {
  count = 0;
  countReads = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL) => {
      const url = String(input);
      if (url.endsWith('/session/'))
        return new Response(JSON.stringify({ user: { ...USER, token: 'tok' } }), { status: 200 });
      if (url.includes('/messages/count')) {
        countReads++;
        if (count === 'network-error') throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ count }), { status: 200 });
      }
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete window.sandboxSite;
});

describe('scratch-www navigation count', () => {
  it('holds two text nodes, the number and a space, then the label "Messages" beside the span', async () => {
    const nav = await loadNav();
    void nav.startMessageCount();
    const element = span();
    expect(element?.childNodes).toHaveLength(2);
    expect([...(element?.childNodes ?? [])].map((n) => [n.nodeType, n.textContent])).toEqual([
      [3, '0'],
      [3, ' '],
    ]);
    expect(element?.nextSibling?.nodeType).toBe(3);
    expect(element?.nextSibling?.textContent).toBe('Messages');
    expect(element?.className).toBe('message-count');
  });

  it('changes the number node in place, and adds show above 0', async () => {
    const nav = await loadNav();
    count = 4;
    await nav.startMessageCount();
    await vi.waitFor(() => expect(span()?.textContent).toBe('4 '), WAIT);
    const element = span() as HTMLElement;
    const number = element.firstChild;
    expect(element.className).toBe('message-count show');
    count = 9;
    await window.sandboxSite?.readMessageCount();
    expect(element.firstChild).toBe(number);
    expect(number?.textContent).toBe('9');
    expect(element.childNodes).toHaveLength(2);
    count = 0;
    await window.sandboxSite?.readMessageCount();
    expect(element.className).toBe('message-count');
    expect(element.textContent).toBe('0 ');
  });

  it('writes only when the value differs from the one it rendered last (not from the DOM)', async () => {
    const nav = await loadNav();
    count = 3;
    await nav.startMessageCount();
    await vi.waitFor(() => expect(span()?.textContent).toBe('3 '), WAIT);
    const number = span()?.firstChild as Text;
    const writes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => writes.push(...records));
    observer.observe(span() as HTMLElement, {
      subtree: true,
      characterData: true,
      attributes: true,
      childList: true,
    });
    // Someone else changes the number node: the renderer does not know, and the same count is no change.
    number.data = '42';
    await settle();
    writes.length = 0;
    await window.sandboxSite?.readMessageCount();
    await settle();
    expect(writes).toEqual([]);
    expect(number.data).toBe('42');
    count = 5;
    await window.sandboxSite?.readMessageCount();
    expect(number.data).toBe('5');
    observer.disconnect();
  });

  it('keeps writing into its own node after someone replaced the span text: the change never shows', async () => {
    const nav = await loadNav();
    count = 2;
    await nav.startMessageCount();
    await vi.waitFor(() => expect(span()?.textContent).toBe('2 '), WAIT);
    const element = span() as HTMLElement;
    const held = element.firstChild as Text;
    element.textContent = '7';
    count = 11;
    await window.sandboxSite?.readMessageCount();
    expect(element.textContent).toBe('7');
    expect(held.isConnected).toBe(false);
    expect(held.data).toBe('11');
    // The class is still React's to write.
    count = 0;
    await window.sandboxSite?.readMessageCount();
    expect(element.textContent).toBe('7');
    expect(element.className).toBe('message-count');
  });

  it('a read that gets no answer writes 0', async () => {
    const nav = await loadNav();
    count = 6;
    await nav.startMessageCount();
    await vi.waitFor(() => expect(span()?.textContent).toBe('6 '), WAIT);
    count = 'network-error';
    await window.sandboxSite?.readMessageCount();
    expect(span()?.textContent).toBe('0 ');
    expect(span()?.className).toBe('message-count');
  });

  it('reads on load and 2, 6, 14, 30 and 62 minutes later, then never', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const nav = await loadNav();
      await nav.startMessageCount();
      await flush();
      expect(countReads).toBe(1);
      const at: number[] = [];
      for (let minute = 1; minute <= 130; minute++) {
        const before = countReads;
        await vi.advanceTimersByTimeAsync(60_000);
        if (countReads > before) at.push(minute);
      }
      expect(at).toEqual([2, 6, 14, 30, 62]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('unmounting the bar stops its polling and sets 0; a new bar renders the state and its own nodes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const nav = await loadNav();
      count = 3;
      await nav.startMessageCount();
      await vi.waitFor(() => expect(span()?.textContent).toBe('3 '), WAIT);
      nav.unmountNavigationCount();
      document.querySelector('nav#navigation')?.remove();
      const reads = countReads;
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      expect(countReads).toBe(reads);
      // The page frame comes back from the template: a new span, rendered from the state (0 now).
      const template = document.getElementById('page-template') as HTMLTemplateElement;
      document.getElementById('app')?.replaceChildren(template.content.cloneNode(true));
      nav.mountNavigationCount(document.getElementById('app') as HTMLElement);
      expect(span()?.childNodes).toHaveLength(2);
      expect(span()?.textContent).toBe('0 ');
      count = 8;
      await window.sandboxSite?.readMessageCount();
      expect(span()?.textContent).toBe('8 ');
      // And it polls again from 2 minutes after it mounted.
      const again = countReads;
      await vi.advanceTimersByTimeAsync(2 * 60_000 + 1);
      expect(countReads).toBe(again + 1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('legacy navigation count', () => {
  const legacyCount = () =>
    document.querySelector('#topnav li.messages > a.messages-icon > span.notificationsCount');

  it('starts as "0" with class none, shows a count above 0 without it, and takes none back at 0', async () => {
    const nav = await loadNav(true);
    expect(legacyCount()?.outerHTML).toBe('<span class="notificationsCount none">0</span>');
    count = 5;
    await nav.startMessageCount();
    await vi.waitFor(() => expect(legacyCount()?.textContent).toBe('5'), WAIT);
    expect(legacyCount()?.classList.contains('none')).toBe(false);
    expect(legacyCount()?.getAttribute('style')).toBeNull();
    count = 0;
    await window.sandboxSite?.readMessageCount();
    expect(legacyCount()?.textContent).toBe('0');
    expect(legacyCount()?.classList.contains('none')).toBe(true);
  });
});
