/**
 * The popup's first frame from the member's snapshot, in real Chromium (public build, live
 * host names mapped onto the sandbox) and Firefox (local build), opened at the address the toolbar
 * button opens (`action.getPopup`, set by the background: lib/session/popup-url.ts).
 *
 * In both browsers the performance marks tell the order: the snapshot's script marks the tab's first
 * item in the frame that paints it (entrypoints/popup/first-frame-snapshot.ts); the app marks its
 * render (`companion:popup-render`) and its own first item (`…:app`). A snapshot shown sets the item's
 * mark before the render; without one, the app sets it after. In Chromium, what the page shows is
 * also recorded from its very first node by a MutationObserver the test runs at document start (the
 * snapshot before the app's first render, never both at once, never another member's); Firefox runs
 * no such script in an extension's pages, so there the marks and the page after it settled tell.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERNAME } from '@/sandbox/index';
import {
  BROWSER_NAMES,
  type ExtensionBrowser,
  seriousAxeFindingsInEachScheme,
  type TestPage,
  toolbarPopupPath,
  useBrowser,
  withSandbox,
} from './harness';

const sandbox = withSandbox();
const ITEM = '[data-testid="feed-item"]';
/** What a member sees of the frame's header, selected tab and first item: the snapshot looks as the app. */
const LOOKED_AT = ['.popup-header', '[role=tab][aria-selected=true]', ITEM];
/** How each of `selectors` looks under `root` (the app's, when none), run in the page (also by the recorder). */
function looksUnder(selectors: readonly string[], root?: Element): (string | null)[] {
  return selectors.map((selector) => {
    const element = (root ?? document.getElementById('app'))?.querySelector(selector) ?? null;
    if (element === null) return null;
    const style = getComputedStyle(element);
    // Not its colours: a first item's may change as the app marks it seen.
    return [
      style.display,
      style.fontFamily,
      style.fontSize,
      style.fontWeight,
      style.paddingTop,
      style.borderBottomColor,
    ].join(' ');
  });
}
const OTHER = 'carol';

/**
 * What the recorder saw, kept in the page's `sessionStorage` (Firefox runs a preload script in a
 * realm of its own: a global it sets is not the page's).
 */
interface Seen {
  /** The snapshot's container as it appeared (null: never). */
  snapshot: {
    items: number;
    inert: boolean;
    ariaHidden: string | null;
    appEmpty: boolean;
    /** How its header, selected tab and first item looked (STYLED's properties), as it appeared. */
    looks: (string | null)[];
    /** Its pictures (avatars), and how many of them name an address to load (none: placeholders). */
    pictures: number;
    loading: number;
  } | null;
  /** Every member name the page showed (the header's), in the order they appeared. */
  members: (string | null)[];
  /** Whether the snapshot and the app were ever in the page together. */
  overlap: boolean;
  /** The member's key of the snapshot in the page's storage as the page began (null: none). */
  storedKeyAtOpen: string | null;
}

/** The member's key a popup address names (`?s=`). */
const snapshotKeyOf = (path: string) => new URLSearchParams(path.split('?')[1] ?? '').get('s');

/**
 * The member's key of the snapshot in the page's storage (null: none, or unreadable), run in the
 * page (also by the recorder).
 */
function storedSnapshotKey(): string | null {
  try {
    return (
      (JSON.parse(localStorage.getItem('companion.firstFrame') ?? 'null') as { k?: string } | null)?.k ?? null
    );
  } catch {
    return null;
  }
}

/** Runs before any of the page's scripts: records what appears, from the first node on. */
const RECORDER = `(() => {
  const seen = {
    snapshot: null,
    members: [],
    overlap: false,
    storedKeyAtOpen: (${storedSnapshotKey.toString()})(),
  };
  const keep = () => sessionStorage.setItem('companion-e2e-seen', JSON.stringify(seen));
  keep();
  const appCount = () => document.getElementById('app')?.childElementCount ?? 0;
  const visit = (node) => {
    if (!(node instanceof Element)) return;
    for (const el of [node, ...node.querySelectorAll('*')]) {
      if (el.id === 'first-frame' && seen.snapshot === null)
        seen.snapshot = {
          items: el.querySelectorAll('${ITEM}').length,
          inert: el.inert === true,
          ariaHidden: el.getAttribute('aria-hidden'),
          appEmpty: appCount() === 0,
          looks: (${looksUnder.toString()})(${JSON.stringify(LOOKED_AT)}, el),
          pictures: el.querySelectorAll('img').length,
          loading: [...el.querySelectorAll('img')].filter((img) => !img.src.startsWith('data:')).length,
        };
      if (el.matches('[data-testid="popup-member"]')) seen.members.push(el.textContent);
    }
  };
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) visit(node);
    if (document.getElementById('first-frame') !== null && appCount() > 0) seen.overlap = true;
    keep();
  }).observe(document, { childList: true, subtree: true });
})();`;

/** Opens `path` as the popup, with the recorder where the browser runs one (Chromium). */
async function openRecorded(extension: ExtensionBrowser, path: string): Promise<TestPage> {
  return extension.openPopup(path, extension.name === 'chromium' ? RECORDER : undefined);
}

/** When the first item was marked painted, when the app rendered, when the app painted its own. */
const marksIn = (popup: TestPage) =>
  popup.evaluate(() => {
    const at = (mark: string) => performance.getEntriesByName(mark)[0]?.startTime ?? null;
    return {
      item: at('companion:first-feed-item'),
      render: at('companion:popup-render'),
      appItem: at('companion:first-feed-item:app'),
    };
  });

/** Waits for the app's feed with its whole first screen, as the popup-feed tests do. */
async function waitForAppFeed(popup: TestPage): Promise<void> {
  await popup.waitFor((s) => document.querySelectorAll(`#app ${s}`).length > 0, ITEM, { timeout: 20_000 });
  await popup.waitFor(() => document.querySelector('#app .activity-list[aria-busy="false"]') !== null);
}

/** Waits for the app's mark of its own first item: set in the frame that paints it, after it is in the page. */
async function waitForAppItemMark(popup: TestPage): Promise<void> {
  await popup.waitFor(() => performance.getEntriesByName('companion:first-feed-item:app').length > 0);
}

/**
 * The popup's stylesheets are preloaded by the page and applied by the app
 * (scripts/vite/deferred-popup-stylesheets.ts): each is a stylesheet with its rules once the app
 * shows, none is inline, and the body lost the browser's default margin. The app waits for them a
 * moment only: on a busy machine it may render first, and they apply as they load.
 */
async function expectStylesheetsApplied(popup: TestPage): Promise<void> {
  await expect
    .poll(() =>
      popup.evaluate(() => ({
        rules: [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].map(
          (link) => (link.sheet?.cssRules.length ?? 0) > 0,
        ),
        preloads: document.querySelectorAll('link[rel=preload][as=style]').length,
        inline: document.querySelectorAll('style').length,
        margin: getComputedStyle(document.body).marginTop,
      })),
    )
    .toEqual({ rules: [true, true], preloads: 0, inline: 0, margin: '0px' });
}

/** The toolbar's popup address once the background has set the member's (`?s=<key>`). */
async function memberPopupPath(extension: ExtensionBrowser): Promise<string> {
  await expect.poll(() => toolbarPopupPath(extension)).toMatch(/^\/popup\.html\?s=[0-9a-f]+$/);
  return toolbarPopupPath(extension);
}

/**
 * Waits until `popup` has saved its snapshot. If it never does, the error says what the writer
 * (entrypoints/popup/first-frame-writer.ts) had to go on: the key the address names beside the
 * member's key stored now, the tab shown, the app's marks, and the changes to the page in one second
 * (a write waits for a quiet moment). Seen once in a full run on a busy machine, never alone.
 */
async function waitForSnapshot(popup: TestPage): Promise<void> {
  try {
    await popup.waitFor(() => localStorage.getItem('companion.firstFrame') !== null);
  } catch (error) {
    const state = await popup
      .evaluate(async () => {
        const api = (
          globalThis as unknown as {
            chrome: { storage: { local: { get(key: string): Promise<Record<string, unknown>> } } };
          }
        ).chrome;
        const changes = await new Promise<number>((resolve) => {
          let count = 0;
          const observer = new MutationObserver((records) => {
            count += records.length;
          });
          observer.observe(document.body, {
            subtree: true,
            childList: true,
            attributes: true,
            characterData: true,
          });
          setTimeout(() => {
            observer.disconnect();
            resolve(count);
          }, 1000);
        });
        return {
          address: location.search,
          storedKey: (await api.storage.local.get('memberCookieMark')).memberCookieMark ?? null,
          tab: document.querySelector('[role=tab][aria-selected=true]')?.id ?? null,
          appMarks: performance
            .getEntriesByType('mark')
            .map((mark) => mark.name)
            .filter((name) => name.endsWith(':app')),
          changesInOneSecond: changes,
        };
      }, undefined)
      .catch((reason: unknown) => `unreadable (${reason instanceof Error ? reason.message : reason})`);
    throw new Error(`${error instanceof Error ? error.message : error}; the popup: ${JSON.stringify(state)}`);
  }
}

/** What the recorder saw in `popup` (it throws if the recorder never ran there). */
async function seenIn(popup: TestPage): Promise<Seen> {
  const kept = await popup.evaluate(() => sessionStorage.getItem('companion-e2e-seen'));
  if (kept === null) throw new Error('The recorder did not run in the popup');
  return JSON.parse(kept) as Seen;
}

describe.each(BROWSER_NAMES)('%s', (name) => {
  beforeAll(() => sandbox().control.reset());
  const browser = useBrowser(name, { sandbox, signedInAs: DEMO_USERNAME });
  const recorded = name === 'chromium';

  it("a second open at the toolbar's address paints the cached first item from the member's snapshot before the app renders, then the app replaces it", async () => {
    await browser().setStorage('local', { popupTab: 'feed' });
    const path = await memberPopupPath(browser());

    // The first open fills the cache and, once its first screen has settled, writes the snapshot.
    const first = await openRecorded(browser(), path);
    await waitForAppFeed(first);
    await expectStylesheetsApplied(first);
    if (recorded) expect((await seenIn(first)).snapshot).toBeNull();
    await waitForAppItemMark(first);
    const firstMarks = await marksIn(first);
    // No snapshot yet: the app painted the first item, after its render.
    expect(firstMarks.item as number).toBeGreaterThan(firstMarks.render as number);
    await waitForSnapshot(first);
    await first.close();

    const second = await openRecorded(browser(), path);
    await waitForAppFeed(second);
    await waitForAppItemMark(second);
    // The snapshot's frame painted the first item before the app rendered; the app's own came after.
    const marks = await marksIn(second);
    expect(marks.item).not.toBeNull();
    expect(marks.render).not.toBeNull();
    expect(marks.item as number).toBeLessThanOrEqual(marks.render as number);
    expect(marks.appItem as number).toBeGreaterThan(marks.render as number);
    if (recorded) {
      const seen = await seenIn(second);
      // The snapshot came first, with the cached items, inert and hidden from assistive technology,
      // while the app had shown nothing yet; the two were never in the page together.
      expect(seen.snapshot).toEqual({
        items: expect.any(Number),
        inert: true,
        ariaHidden: 'true',
        appEmpty: true,
        looks: expect.any(Array),
        pictures: expect.any(Number),
        loading: 0,
      });
      // The pictures are placeholders in the snapshot's frame (drawing them would hold it back);
      // the app shows the pictures themselves.
      expect(seen.snapshot?.pictures).toBeGreaterThan(0);
      expect(
        await second.evaluate(
          () =>
            [...document.querySelectorAll('#app img')].filter((img) =>
              /^https?:/.test(img.getAttribute('src') ?? ''),
            ).length,
        ),
      ).toBeGreaterThan(0);
      // Styled by its own rules as the app is by the page's stylesheets: the same header, tab and item.
      await expectStylesheetsApplied(second);
      const appLooks = await second.evaluate(looksUnder, LOOKED_AT);
      expect(appLooks.every((look) => look !== null)).toBe(true);
      expect(seen.snapshot?.looks).toEqual(appLooks);
      expect(seen.snapshot?.items).toBeGreaterThan(0);
      expect(seen.overlap).toBe(false);
      expect(seen.members.every((member) => member === DEMO_USERNAME)).toBe(true);
    }

    // Then the app alone: one feed list, no snapshot left, and it answers clicks.
    expect(
      await second.evaluate(() => ({
        snapshot: document.getElementById('first-frame') !== null,
        lists: document.querySelectorAll('.activity-list').length,
      })),
    ).toEqual({ snapshot: false, lists: 1 });
    await second.click('[data-testid="popup-tab-messages"]');
    await second.waitFor(
      () =>
        document.querySelector('[data-testid="popup-tab-messages"]')?.getAttribute('aria-selected') ===
        'true',
    );
    await second.click('[data-testid="popup-tab-feed"]');
    await second.waitFor(
      () =>
        document.querySelector('[data-testid="popup-tab-feed"]')?.getAttribute('aria-selected') === 'true',
    );
    expect(await seriousAxeFindingsInEachScheme(second), 'axe').toEqual({ light: [], dark: [] });
    await second.close();
  });

  it("never shows the member's snapshot to another member, nor to anyone signed out", async () => {
    // Demo's snapshot is there, written by a popup of theirs on the Feed tab once it settled, and it
    // stays there through the switch.
    await browser().setStorage('local', { popupTab: 'feed' });
    const demoPath = await memberPopupPath(browser());
    const demo = await browser().openPopup(demoPath);
    await waitForAppFeed(demo);
    await waitForSnapshot(demo);
    await demo.close();
    await browser().signIn(OTHER);
    // The address names the other member's key: a new one (the sign-in's cookie), not demo's.
    await expect
      .poll(async () => {
        const path = await toolbarPopupPath(browser());
        return path !== demoPath && /^\/popup\.html\?s=[0-9a-f]+$/.test(path);
      })
      .toBe(true);
    const otherPath = await toolbarPopupPath(browser());
    const other = await openRecorded(browser(), otherPath);
    await other.waitFor(
      (member) => document.querySelector('[data-testid="popup-member"]')?.textContent === member,
      OTHER,
      { timeout: 20_000 },
    );
    await waitForAppFeed(other);
    // No first item before the app's render: no snapshot painted, though demo's was stored as it opened.
    await waitForAppItemMark(other);
    const otherMarks = await marksIn(other);
    expect(otherMarks.item as number).toBeGreaterThan(otherMarks.render as number);
    if (recorded) {
      const seen = await seenIn(other);
      expect(seen.storedKeyAtOpen).toBe(snapshotKeyOf(demoPath));
      expect(seen.snapshot).toBeNull();
      expect(seen.members).not.toContain(DEMO_USERNAME);
    }
    // Once the other member's feed has settled, the snapshot stored is theirs. Not at once: a popup
    // opened while the background still rewrites the member's key (the sign-in's session read) drops
    // the snapshot, and writes its own once the key is the address's (first-frame-writer.ts).
    await expect
      .poll(() => other.evaluate(storedSnapshotKey), { timeout: 10_000 })
      .toBe(snapshotKeyOf(otherPath));
    await other.close();

    // Signed out: the toolbar opens the plain popup, and nothing of anyone's snapshot shows.
    await browser().signOut();
    await expect.poll(() => toolbarPopupPath(browser())).toBe('/popup.html');
    const signedOut = await openRecorded(browser(), '/popup.html');
    await signedOut.text('[data-testid="signed-out"]');
    expect(await signedOut.evaluate(() => document.getElementById('first-frame'))).toBeNull();
    expect(
      await signedOut.evaluate(() => performance.getEntriesByName('companion:first-feed-item').length),
    ).toBe(0);
    if (recorded) {
      const seen = await seenIn(signedOut);
      expect(seen.snapshot).toBeNull();
      expect(seen.members).toEqual([]);
    }
    // And what it leaves behind: no snapshot at all.
    await signedOut.waitFor(() => localStorage.getItem('companion.firstFrame') === null);
    await signedOut.close();
  });
});
