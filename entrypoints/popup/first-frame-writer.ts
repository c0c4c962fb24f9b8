/**
 * Writes the member's first-frame snapshot (first-frame-snapshot.ts): what the popup shows once its
 * tab has painted its first item, again whenever the content changed and then settled, and as the
 * popup closes. Only the first screenful (what the next open paints before anything else), capped.
 * Loaded after the popup's first frame: none of this is popup JavaScript at open.
 */
import { memberCookieMarkItem } from '@/lib/session/session-storage';
import { buildStamp, firstItemMark, SNAPSHOT_ITEM, type Snapshot, snapshotKey } from './first-frame-snapshot';
import { stylesUsed } from './first-frame-styles';

/** At most this many characters of HTML: a bigger screenful is not worth saving. */
export const SNAPSHOT_MAX_CHARS = 32 * 1024;
/** Quiet time after the last change before writing. */
const SETTLE_MS = 300;

/**
 * Whether a box lies outside the first screen: below it, or beside it (a row that scrolls sideways,
 * such as Explore's carousels: most of their cards lie to the right of the popup, or to the left in
 * a right-to-left language). A box with no size (a closed select's options, what is hidden) is
 * judged by its top alone, as before: it may be part of something shown.
 */
function offScreen(box: DOMRect, width: number, height: number): boolean {
  if (box.top >= height) return true;
  const sized = box.width > 0 || box.height > 0;
  return sized && (box.left >= width || box.right <= 0);
}

/**
 * What the snapshot holds in each picture's place: a transparent pixel (a GIF of 1 × 1) at the
 * picture's size, over its placeholder (the avatar's and the thumbnail's own background); the
 * pictures come with the app's own frame. A picture the page already has would otherwise be decoded
 * and scaled as the snapshot's frame is drawn, and that frame shows only once every tile is drawn:
 * in Chromium, four tabs' snapshots took 97 ms of tile drawing before their first paint without
 * the pictures against 142 ms with them, and both the snapshot and the app's own first item came
 * sooner (scripts/bench/popup-trace.ts, ARCHITECTURE.md's Budgets). The member reads the words first.
 */
export const PICTURE_PLACEHOLDER =
  'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** The HTML of `root`'s content, without what lies outside the first screenful, its pictures placeholders. */
export function firstScreenful(root: Element, height: number, width: number): string {
  const copy = root.cloneNode(true) as Element;
  const trim = (from: Element, to: Element) => {
    for (let i = from.children.length - 1; i >= 0; i--) {
      const child = from.children[i] as Element;
      const twin = to.children[i] as Element;
      if (offScreen(child.getBoundingClientRect(), width, height)) twin.remove();
      else trim(child, twin);
    }
  };
  trim(root, copy);
  for (const picture of copy.querySelectorAll('img')) {
    picture.removeAttribute('srcset');
    picture.setAttribute('src', PICTURE_PLACEHOLDER);
  }
  return copy.innerHTML;
}

/** The tab the popup shows, when it has painted its first item in this popup (the app's own mark). */
function shownTab(root: Element): string | null {
  const tab = root.querySelector('[role=tab][aria-selected=true]')?.id.match(/^popup-tab-([a-z]+)$/)?.[1];
  return tab !== undefined && performance.getEntriesByName(`${firstItemMark(tab)}:app`).length > 0
    ? tab
    : null;
}

export interface SnapshotPorts {
  pageStorage: () => Storage;
  /** The member's key the background keeps now (memberCookieMarkItem), and its changes. */
  currentKey: () => Promise<string | null>;
  onKeyChange: (callback: () => void) => void;
}

const browserPorts: SnapshotPorts = {
  pageStorage: () => localStorage,
  currentKey: () => memberCookieMarkItem.getValue(),
  onKeyChange: (callback) => {
    memberCookieMarkItem.watch(callback);
  },
};

/**
 * Keeps the snapshot of `root` for the key the popup's address names. Opened with no key (nobody
 * signed in), it drops any snapshot; the key must still be the member's (it changes with every
 * sign-in, sign-out and switch: then the snapshot is dropped and nothing more is written).
 *
 * A change of the key stops the writes at once, and is judged once the key has settled: the
 * background rewrites the same member's key through null (lib/session/member-item.ts clears the
 * mark first and sets it back last), and that passing null is no sign-out. Judged on the key as it
 * is after the quiet time, a rewrite keeps the snapshot and the writes; anything else drops it.
 * The same holds for a popup that opens during a rewrite.
 */
export function keepFirstFrame(root: Element, search: string, ports: SnapshotPorts = browserPorts): void {
  const key = snapshotKey(search);
  let valid = false;
  // Whether the screen changed since the last write: closing the popup writes only then (the page
  // hide and the hidden state both come at a close, and a settled screen is saved already).
  let changed = false;
  let writeTimer: ReturnType<typeof setTimeout> | undefined;
  const drop = () => {
    valid = false;
    clearTimeout(writeTimer);
    try {
      ports.pageStorage().removeItem(SNAPSHOT_ITEM);
    } catch {
      // No page storage: nothing to drop.
    }
  };
  const write = () => {
    changed = false;
    // A root no longer in the page (the popup replaced it) is nothing to show next time.
    const tab = valid && root.isConnected ? shownTab(root) : null;
    // A view the popup never opens on (My Stuff's "Over time"): the tab's own screen saved before stays.
    if (tab === null || root.querySelector('[data-first-frame="never"]') !== null) return;
    try {
      const html = firstScreenful(root, innerHeight, innerWidth);
      if (html.length > SNAPSHOT_MAX_CHARS) {
        drop();
        return;
      }
      const snapshot: Snapshot = {
        k: key as string,
        b: buildStamp(document),
        t: tab,
        h: html,
        c: stylesUsed(document, root),
      };
      ports.pageStorage().setItem(SNAPSHOT_ITEM, JSON.stringify(snapshot));
    } catch {
      // No page storage, or full: no snapshot, the app's own first frame next time.
    }
  };
  if (!key) {
    drop();
    return;
  }
  const schedule = () => {
    changed = true;
    clearTimeout(writeTimer);
    if (valid) writeTimer = setTimeout(write, SETTLE_MS);
  };
  const startWriting = () => {
    new MutationObserver(schedule).observe(root, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    // The app marks its first item in the animation frame that paints it (first-item-mark.ts), and a
    // busy machine can hold that frame past the last change's quiet time: without this, the mark
    // would come after the only write, which found no first item yet, and nothing would be saved.
    new PerformanceObserver((marks) => {
      if (marks.getEntries().some((mark) => mark.name.endsWith(':app'))) schedule();
    }).observe({ type: 'mark' });
    // Closing the popup: what it showed last, now (a pending write would never run).
    const writeIfChanged = () => {
      if (changed) write();
    };
    addEventListener('pagehide', writeIfChanged);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') writeIfChanged();
    });
  };
  let started = false;
  // Each change of the key starts a new judgement; an older one still in flight decides nothing.
  let judgement = 0;
  let keyTimer: ReturnType<typeof setTimeout> | undefined;
  const judgeLater = () => {
    clearTimeout(keyTimer);
    keyTimer = setTimeout(() => judgeKey(true), SETTLE_MS);
  };
  /**
   * `settled`: the key has had its quiet time. The popup can open in the middle of a rewrite (the
   * session read again as it opens): a key that differs at open is looked at once more after the
   * quiet time, and only a difference that stays drops the snapshot.
   */
  const judgeKey = (settled: boolean) => {
    const mine = ++judgement;
    return ports
      .currentKey()
      .then((current) => {
        if (mine !== judgement) return;
        if (current !== key) {
          if (settled) drop();
          else judgeLater();
          return;
        }
        valid = true;
        if (!started) startWriting();
        started = true;
        schedule();
      })
      .catch(drop);
  };
  ports.onKeyChange(() => {
    judgement++;
    valid = false;
    clearTimeout(writeTimer);
    judgeLater();
  });
  void judgeKey(false);
}
