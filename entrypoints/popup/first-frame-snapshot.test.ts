// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"handleDisabledFileLoadingAsSuccess": true}}
/**
 * The popup's first frame from the member's snapshot: the writer (first-frame-writer.ts) and the
 * first-frame script's reader (first-frame-snapshot.ts), in a page like popup.html.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WAIT } from '@/tests/unit/wait';
import {
  buildStamp,
  SNAPSHOT_CONTAINER,
  SNAPSHOT_ITEM,
  type Snapshot,
  showSnapshot,
} from './first-frame-snapshot';
import {
  firstScreenful,
  keepFirstFrame,
  PICTURE_PLACEHOLDER,
  SNAPSHOT_MAX_CHARS,
  type SnapshotPorts,
} from './first-frame-writer';

const PAGE_HEAD =
  '<script type="module" src="/chunks/popup-AAAA1111.js"></script><link rel="stylesheet" href="/assets/popup-BBBB2222.css">';
/** What the app shows: a selected tab and its first item. */
const APP =
  '<header>demo</header><div role="tablist"><button role="tab" id="popup-tab-feed" aria-selected="true">Feed</button></div><ul><li>sprite &lt;b&gt; by ann</li></ul>';

function page(app = '') {
  document.head.innerHTML = PAGE_HEAD;
  document.body.innerHTML = `<div id="app">${app}</div>`;
  return document.getElementById('app') as HTMLElement;
}

/** The snapshot's own stylesheet. */
const SNAPSHOT_CSS_RULE = 'li { color: purple; }';
const SNAPSHOT_CSS = SNAPSHOT_CSS_RULE;

const snapshotIn = (storage: Storage) =>
  JSON.parse(storage.getItem(SNAPSHOT_ITEM) ?? 'null') as Snapshot | null;
const container = () => document.getElementById(SNAPSHOT_CONTAINER);

function ports(key: string | null) {
  const listeners: (() => void)[] = [];
  const state = { key };
  const result: SnapshotPorts & { changeKey(next: string | null): void } = {
    pageStorage: () => localStorage,
    currentKey: async () => state.key,
    onKeyChange: (callback) => {
      listeners.push(callback);
    },
    changeKey(next) {
      state.key = next;
      for (const listener of listeners) listener();
    },
  };
  return result;
}

/** The app's own mark of the shown tab's first item (first-item-mark.ts). */
const markAppItem = (tab: string) => performance.mark(`companion:first-${tab}-item:app`);

beforeEach(() => {
  localStorage.clear();
  performance.clearMarks();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('keepFirstFrame (the writer)', () => {
  it("writes the shown tab's screen under the address's key once the tab painted its first item, and again after changes settle", async () => {
    const root = page(APP);
    keepFirstFrame(root, '?s=aa11', ports('aa11'));
    await vi.advanceTimersByTimeAsync(1000);
    // No first item painted by the app yet: nothing saved (a loading screen is not a first frame).
    expect(snapshotIn(localStorage)).toBeNull();
    // The app's mark alone, with no change after it (a busy machine held its frame past the quiet time).
    markAppItem('feed');
    await vi.advanceTimersByTimeAsync(1000);
    expect(snapshotIn(localStorage)?.h).toContain('sprite &lt;b&gt; by ann');
    root.querySelector('li')?.append(' (loved)');
    await vi.advanceTimersByTimeAsync(1000);
    const saved = snapshotIn(localStorage);
    expect(saved).toMatchObject({ k: 'aa11', t: 'feed', b: buildStamp(document) });
    expect(saved?.h).toContain('sprite &lt;b&gt; by ann (loved)');
    // One snapshot: the only item of the page's storage, replaced by the next write.
    root.querySelector('header')?.append('!');
    await vi.advanceTimersByTimeAsync(1000);
    expect(localStorage.length).toBe(1);
    expect(snapshotIn(localStorage)?.h).toContain('demo!');
  });

  it('writes nothing when the key is no longer the member’s, and drops the snapshot when the member changes', async () => {
    localStorage.setItem(SNAPSHOT_ITEM, JSON.stringify({ k: 'aa11', b: 'x', t: 'feed', h: 'old' }));
    const root = page(APP);
    markAppItem('feed');
    keepFirstFrame(root, '?s=aa11', ports('bb22'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(localStorage.getItem(SNAPSHOT_ITEM)).toBeNull();

    const same = ports('aa11');
    keepFirstFrame(root, '?s=aa11', same);
    await vi.advanceTimersByTimeAsync(1000);
    expect(snapshotIn(localStorage)?.k).toBe('aa11');
    same.changeKey(null);
    root.querySelector('header')?.append('bob');
    await vi.advanceTimersByTimeAsync(1000);
    expect(localStorage.getItem(SNAPSHOT_ITEM)).toBeNull();
  });

  it("keeps the snapshot, and keeps writing, when the background rewrites the same member's key through null", async () => {
    const root = page(APP);
    markAppItem('feed');
    const same = ports('aa11');
    keepFirstFrame(root, '?s=aa11', same);
    await vi.advanceTimersByTimeAsync(1000);
    expect(snapshotIn(localStorage)?.k).toBe('aa11');
    // The mark is cleared first and set back last: a passing null, no sign-out.
    same.changeKey(null);
    same.changeKey('aa11');
    await vi.advanceTimersByTimeAsync(1000);
    expect(snapshotIn(localStorage)?.k).toBe('aa11');
    root.querySelector('header')?.append('!');
    await vi.advanceTimersByTimeAsync(1000);
    expect(snapshotIn(localStorage)?.h).toContain('demo!');
    // Another member's key that settles: dropped, and nothing written after it.
    same.changeKey(null);
    same.changeKey('bb22');
    root.querySelector('header')?.append('?');
    await vi.advanceTimersByTimeAsync(1000);
    expect(localStorage.getItem(SNAPSHOT_ITEM)).toBeNull();
  });

  it("keeps the snapshot when the popup opens during a rewrite of the member's key, and drops it when the difference stays", async () => {
    const saved = JSON.stringify({ k: 'aa11', b: 'x', t: 'feed', h: 'old' });
    localStorage.setItem(SNAPSHOT_ITEM, saved);
    const root = page(APP);
    markAppItem('feed');
    // Opened between the mark's clearing and its coming back.
    const rewriting = ports(null);
    keepFirstFrame(root, '?s=aa11', rewriting);
    await vi.advanceTimersByTimeAsync(100);
    expect(localStorage.getItem(SNAPSHOT_ITEM)).toBe(saved);
    rewriting.changeKey('aa11');
    await vi.advanceTimersByTimeAsync(1000);
    expect(snapshotIn(localStorage)).toMatchObject({ k: 'aa11', h: expect.stringContaining('by ann') });

    // A key that is still not the address's after the quiet time: dropped, nothing written.
    keepFirstFrame(root, '?s=aa11', ports(null));
    await vi.advanceTimersByTimeAsync(1000);
    expect(localStorage.getItem(SNAPSHOT_ITEM)).toBeNull();
  });

  it('drops the snapshot when the popup opens with no key (nobody signed in)', async () => {
    localStorage.setItem(SNAPSHOT_ITEM, JSON.stringify({ k: 'aa11', b: 'x', t: 'feed', h: 'old' }));
    keepFirstFrame(page(APP), '', ports('aa11'));
    expect(localStorage.getItem(SNAPSHOT_ITEM)).toBeNull();
  });

  it('keeps the tab’s own screen while a view the popup never opens on shows (My Stuff’s Over time)', async () => {
    const root = page(APP);
    markAppItem('feed');
    keepFirstFrame(root, '?s=aa11', ports('aa11'));
    await vi.advanceTimersByTimeAsync(1000);
    const list = root.querySelector('ul');
    list?.replaceWith(Object.assign(document.createElement('section'), { textContent: 'over time' }));
    root.querySelector('section')?.setAttribute('data-first-frame', 'never');
    await vi.advanceTimersByTimeAsync(1000);
    dispatchEvent(new Event('pagehide'));
    expect(snapshotIn(localStorage)?.h).toContain('sprite &lt;b&gt; by ann');
    expect(snapshotIn(localStorage)?.h).not.toContain('over time');
  });

  it('writes at close only what changed since the last write', async () => {
    const root = page(APP);
    markAppItem('feed');
    let writes = 0;
    const counted = {
      ...ports('aa11'),
      pageStorage: () =>
        ({
          setItem: (name: string, value: string) => {
            writes++;
            localStorage.setItem(name, value);
          },
          removeItem: (name: string) => localStorage.removeItem(name),
        }) as Storage,
    };
    keepFirstFrame(root, '?s=aa11', counted);
    await vi.advanceTimersByTimeAsync(1000);
    expect(writes).toBe(1);
    // Settled and saved: the page hide and the hidden state that follow it write nothing.
    dispatchEvent(new Event('pagehide'));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(writes).toBe(1);
    // A change not yet settled is written at the close, once.
    root.querySelector('header')?.append('!');
    await vi.waitFor(() => expect(vi.getTimerCount()).toBeGreaterThan(0), WAIT);
    dispatchEvent(new Event('pagehide'));
    dispatchEvent(new Event('pagehide'));
    expect(writes).toBe(2);
    expect(snapshotIn(localStorage)?.h).toContain('demo!');
  });

  it('saves no screen over the cap', async () => {
    const root = page(APP + `<p>${'x'.repeat(SNAPSHOT_MAX_CHARS)}</p>`);
    markAppItem('feed');
    keepFirstFrame(root, '?s=aa11', ports('aa11'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(localStorage.getItem(SNAPSHOT_ITEM)).toBeNull();
  });

  it('keeps the first screenful only', () => {
    const root = page('<ul><li id="a">a</li><li id="b">b</li></ul>');
    const b = root.querySelector('#b') as HTMLElement;
    vi.spyOn(b, 'getBoundingClientRect').mockReturnValue({ top: 700 } as DOMRect);
    expect(firstScreenful(root, 600, 380)).toBe('<ul><li id="a">a</li></ul>');
  });

  it('keeps each picture in its place at its size, as a placeholder: no remote address in the snapshot', () => {
    const root = page(
      '<p><img class="avatar" src="https://uploads.example/a.png" srcset="https://uploads.example/a2.png 2x" width="32" height="32" alt=""> ada</p>',
    );
    const html = firstScreenful(root, 600, 380);
    expect(html).toBe(
      `<p><img class="avatar" src="${PICTURE_PLACEHOLDER}" width="32" height="32" alt=""> ada</p>`,
    );
    expect(html).not.toContain('uploads.example');
  });

  it('leaves out the cards a row that scrolls sideways holds beyond the screen, either side; keeps what has no size', () => {
    const root = page(
      '<ul><li id="a">a</li><li id="b">b</li><li id="c">c</li></ul><select><option id="o">new</option></select>',
    );
    const box = (left: number, top = 10) =>
      ({ top, left, right: left + 160, width: 160, height: 120, bottom: top + 120 }) as DOMRect;
    const at = (id: string, rect: DOMRect) =>
      vi.spyOn(root.querySelector(`#${id}`) as HTMLElement, 'getBoundingClientRect').mockReturnValue(rect);
    at('a', box(200));
    at('b', box(380));
    // Scrolled out to the left (a right-to-left row).
    at('c', box(-160));
    // A closed select's option has no box of its own.
    at('o', { top: 0, left: 0, right: 0, width: 0, height: 0, bottom: 0 } as DOMRect);
    expect(firstScreenful(root, 600, 380)).toBe(
      '<ul><li id="a">a</li></ul><select><option id="o">new</option></select>',
    );
  });
});

describe('showSnapshot (the first-frame script)', () => {
  afterEach(() => {
    document.adoptedStyleSheets = [];
  });

  const save = (snapshot: Partial<Snapshot>) =>
    localStorage.setItem(
      SNAPSHOT_ITEM,
      JSON.stringify({ k: 'aa11', b: buildStamp(document), t: 'feed', h: APP, c: SNAPSHOT_CSS, ...snapshot }),
    );

  it("shows the member's snapshot, inert and hidden from assistive technology, after #app, and marks the tab's first item in its frame", async () => {
    page();
    save({});
    vi.useRealTimers();
    showSnapshot(document, '?s=aa11', () => localStorage);
    const shown = container();
    expect(shown?.previousElementSibling?.id).toBe('app');
    expect(shown?.inert).toBe(true);
    expect(shown?.getAttribute('aria-hidden')).toBe('true');
    expect(shown?.querySelector('li')?.textContent).toBe('sprite <b> by ann');
    // Styled by its own rules, the only ones in the page.
    expect(
      document.adoptedStyleSheets.flatMap((sheet) => Array.from(sheet.cssRules, (rule) => rule.cssText)),
    ).toEqual([SNAPSHOT_CSS_RULE]);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(performance.getEntriesByName('companion:first-feed-item')).toHaveLength(1);
  });

  it.each([
    ['no key in the address (signed out)', '', {}],
    ["another member's key", '?s=bb22', {}],
    ['an older build', '?s=aa11', { b: '/chunks/popup-OLD.js' }],
    ['a damaged snapshot', '?s=aa11', { h: 5 as unknown as string }],
    ['a tab name that is not one', '?s=aa11', { t: 'feed item' }],
    ['a snapshot without its rules', '?s=aa11', { c: undefined }],
  ])('shows nothing for %s', (_case, search, snapshot) => {
    page();
    save(snapshot);
    showSnapshot(document, search, () => localStorage);
    expect(container()).toBeNull();
    expect(document.adoptedStyleSheets).toEqual([]);
  });

  it('shows nothing for a snapshot that is not JSON, nor without page storage', () => {
    page();
    localStorage.setItem(SNAPSHOT_ITEM, '{"k":"aa11",');
    expect(() => showSnapshot(document, '?s=aa11', () => localStorage)).not.toThrow();
    expect(
      showSnapshot(document, '?s=aa11', () => {
        throw new DOMException('denied', 'SecurityError');
      }),
    ).toBeUndefined();
    expect(container()).toBeNull();
  });

  it('round trip: what the writer saved, the script shows', async () => {
    const root = page(APP);
    markAppItem('feed');
    keepFirstFrame(root, '?s=aa11', ports('aa11'));
    await vi.advanceTimersByTimeAsync(1000);
    page();
    showSnapshot(document, '?s=aa11', () => localStorage);
    expect(container()?.querySelector('[aria-selected="true"]')?.textContent).toBe('Feed');
  });
});

describe('buildStamp', () => {
  it("changes with the address of a preloaded stylesheet, and stays when the app makes it the page's", () => {
    document.head.innerHTML =
      '<script type="module" src="/chunks/popup-AAAA1111.js"></script><link rel="preload" as="style" href="/assets/popup-BBBB2222.css">';
    const preloaded = buildStamp(document);
    expect(preloaded).toContain('/assets/popup-BBBB2222.css');
    (document.querySelector('link') as HTMLLinkElement).rel = 'stylesheet';
    expect(buildStamp(document)).toBe(preloaded);
    document.head.innerHTML =
      '<script type="module" src="/chunks/popup-AAAA1111.js"></script><link rel="preload" as="style" href="/assets/popup-CCCC3333.css">';
    expect(buildStamp(document)).not.toBe(preloaded);
  });
});
