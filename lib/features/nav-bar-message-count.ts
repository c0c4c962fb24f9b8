/**
 * Keeps the navigation bar's message count equal to the background's, on scratch-www pages
 * (`span.message-count`, with its `show` class) and legacy pages (`span.notificationsCount`), with
 * no request from the tab. It also works the other way: when THE SITE writes a new count into the
 * element (it reads the count on every page load), that is a fresh reading, handed to the
 * background so its poller can skip a request. Companion's own writes and the placeholder a
 * loading page starts with are not readings.
 */
import { sendMessage } from '@/lib/protocol/messaging';
import { isSitePage } from '@/lib/site/pages';
import {
  anyNavMessageCount,
  legacyNavMessageCountHiddenClass,
  navMessageCount,
  navMessageCountShownClass,
} from '@/lib/site/selectors';
import type { Feature } from './registry';
import { followMessageCount } from './stored-message-count';
import { whenAborted } from './when-aborted';

/** The count the site wrote, or null for anything that is not one (empty, placeholder, text). */
export function parseNavCount(text: string | null): number | null {
  const digits = (text ?? '').trim().replace(/[,.\s]/g, '');
  if (!/^\d{1,7}$/.test(digits)) return null;
  return Number(digits);
}

/**
 * Writes the number into the count's own text node, leaving every other node alone. scratch-www
 * renders `{unreadMessageCount} ` (navigation.jsx): two text nodes, the number and a space, and
 * React keeps a reference to the number's node and later changes its value in place. Replacing the
 * element's text would detach that node: the site's later readings would go into a node nobody
 * sees, and Companion would never hear them. An element with no text node yet gets one, first.
 */
function writeNumber(element: Element, text: string): void {
  const first = element.firstChild;
  if (first === null || first.nodeType !== Node.TEXT_NODE) {
    element.prepend(document.createTextNode(text));
    return;
  }
  const node = first as Text;
  // A single node holding "3 " keeps its trailing space, as the site's own rendering would.
  // (trimEnd, not `/\s*$/`: that regex is quadratic in a long run of spaces that does not end the text.)
  const wanted = text + node.data.slice(node.data.trimEnd().length);
  if (node.data !== wanted) node.data = wanted;
}

/**
 * Shows `count` in one navigation-bar element the way the site would: scratch-www adds `show` above
 * 0; legacy pages hide the count with the class `none` at 0 (an inline style could not undo that).
 */
export function showNavCount(element: Element, count: number): void {
  writeNumber(element, String(count));
  if (element.matches(navMessageCount)) element.classList.toggle(navMessageCountShownClass, count > 0);
  else element.classList.toggle(legacyNavMessageCountHiddenClass, count === 0);
}

export const navBarMessageCount: Feature = {
  name: 'nav-bar-message-count',
  // The editor has no navigation bar (./editor-message-count.ts shows the count there).
  runsOn: isSitePage,
  run(_page, signal) {
    // An aborted signal never fires again: nothing started now would be stopped.
    if (signal.aborted) return;
    let count: number | null = null;
    // Each element's observer and the text it held after the last write we know of (ours or the site's).
    const tracked = new Map<Element, { observer: MutationObserver; known: string }>();

    // The background keeps the authoritative count; a page the CDN served an old count shows it
    // too, or the bar would disagree with the badge until the count next changes.
    const report = (reading: number) => {
      sendMessage('reportMessageCount', { count: reading }).then(
        (stored) => {
          if (signal.aborted || typeof stored !== 'number' || stored === reading) return;
          count = stored;
          for (const element of tracked.keys()) write(element);
        },
        () => undefined,
      );
    };

    // The site changed the element: the new text is its reading, unless the element was empty
    // before (a loading page filling in its placeholder).
    const siteWrote = (records: MutationRecord[], element: Element) => {
      const entry = tracked.get(element);
      if (records.length === 0 || entry === undefined) return;
      const before = entry.known;
      entry.known = element.textContent ?? '';
      if (before.trim() === '') return;
      const reading = parseNavCount(entry.known);
      if (reading !== null) report(reading);
    };

    const write = (element: Element) => {
      const entry = tracked.get(element);
      if (count === null || entry === undefined) return;
      // Whatever the site wrote before this moment is still its reading; what follows is ours.
      siteWrote(entry.observer.takeRecords(), element);
      showNavCount(element, count);
      entry.observer.takeRecords();
      entry.known = element.textContent ?? '';
    };

    const track = (element: Element) => {
      if (tracked.has(element)) return;
      const observer = new MutationObserver((records) => siteWrote(records, element));
      observer.observe(element, { childList: true, characterData: true, subtree: true });
      tracked.set(element, { observer, known: element.textContent ?? '' });
      write(element);
    };

    const scan = () => {
      for (const [element, { observer }] of tracked) {
        if (!element.isConnected) {
          observer.disconnect();
          tracked.delete(element);
        }
      }
      for (const element of document.querySelectorAll(anyNavMessageCount)) track(element);
    };

    // The site renders its navigation bar on the client and may re-render it: look again when
    // none of the tracked elements is on the page any more (a cheap check on each batch).
    const pageObserver = new MutationObserver(() => {
      for (const element of tracked.keys()) if (element.isConnected) return;
      scan();
    });
    pageObserver.observe(document.documentElement, { childList: true, subtree: true });
    scan();

    // The site's own number, never after mutes: the site's messages page shows every message.
    followMessageCount(signal, (shown) => {
      count = shown.count;
      for (const element of tracked.keys()) write(element);
    });

    whenAborted(signal, () => {
      pageObserver.disconnect();
      for (const { observer } of tracked.values()) observer.disconnect();
      tracked.clear();
    });
  },
};
