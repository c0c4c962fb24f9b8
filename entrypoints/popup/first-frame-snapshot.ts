/**
 * The popup's first frame from a snapshot: the popup saves what it shows (the header, the
 * tab bar, the tab's first screenful) in its page's own storage, and the next open paints it before
 * the app's script has even run (entrypoints/popup/first-frame.ts), then the app replaces it (main.tsx).
 *
 * Whose snapshot it is: the popup's address names the member's key (`?s=`, set by the background from
 * the digest of the member's session cookie: lib/session/popup-url.ts). A snapshot shows only under
 * the key it was written under, by the build that wrote it; signed out, another member, an old build,
 * a damaged snapshot or no page storage: nothing shows, the app's own first frame is the first.
 *
 * This module is part of the first-frame script: keep it small (popup JavaScript at open).
 */

/** The page's storage item: one snapshot per popup, the last one written (writing replaces it). */
export const SNAPSHOT_ITEM = 'companion.firstFrame';
/** The container the snapshot is shown in, after `#app`, until the app's first render. */
export const SNAPSHOT_CONTAINER = 'first-frame';

export interface Snapshot {
  /** The member's key it was written under. */
  k: string;
  /** The build that wrote it (buildStamp). */
  b: string;
  /** The tab it shows (`popupTabItem`'s value): its first item is marked when it paints. */
  t: string;
  /** The serialized DOM of `#app`'s content (our own rendering: never remote HTML as such). */
  h: string;
  /** The rules of the popup's stylesheets that style it (first-frame-styles.ts): all the frame applies. */
  c: string;
}

/** The key the popup's address names, or null. */
export const snapshotKey = (search: string): string | null => new URLSearchParams(search).get('s');

/**
 * The build: the addresses of the page's own script and stylesheets (preloaded ones too, which the
 * app makes stylesheets: scripts/vite/deferred-popup-stylesheets.ts), whose names carry the hash of
 * their content, so any change of the popup's code or styles makes older snapshots unusable.
 */
export const buildStamp = (doc: Document): string =>
  Array.from(
    doc.querySelectorAll<HTMLScriptElement & HTMLLinkElement>(
      'script[type=module],link[rel=stylesheet],link[as=style]',
    ),
    (element) => element.src || element.href,
  ).join();

/** The performance mark of a tab's first painted item (entrypoints/popup/first-item-mark.ts). */
export const firstItemMark = (tab: string) => `companion:first-${tab}-item`;

/**
 * Shows the member's snapshot, if there is one for this address and build, in an inert container
 * after `#app`, styled by its own rules; marks the tab's first item in the frame that paints it.
 * Never throws.
 */
export function showSnapshot(doc: Document, search: string, pageStorage: () => Storage): void {
  try {
    const key = snapshotKey(search);
    if (!key) return;
    const snapshot = JSON.parse(pageStorage().getItem(SNAPSHOT_ITEM) ?? 'null') as Partial<Snapshot> | null;
    if (
      snapshot?.k !== key ||
      snapshot.b !== buildStamp(doc) ||
      typeof snapshot.h !== 'string' ||
      typeof snapshot.c !== 'string' ||
      !/^[a-z]+$/.test(snapshot.t ?? '')
    )
      return;
    // Its own rules, as a stylesheet of the document's (no <style>: nothing inline for the page's
    // policy to refuse); the app drops it as it renders. Without them, no snapshot.
    const styles = new CSSStyleSheet();
    styles.replaceSync(snapshot.c);
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, styles];
    const container = doc.createElement('div');
    container.id = SNAPSHOT_CONTAINER;
    container.inert = true;
    container.setAttribute('aria-hidden', 'true');
    // Parsed, never assigned as innerHTML: the HTML is the popup's own serialized DOM (the writer's),
    // in which any remote text is text already; parsing runs no script and the container is inert.
    container.append(...new DOMParser().parseFromString(snapshot.h, 'text/html').body.childNodes);
    doc.getElementById('app')?.after(container);
    const mark = firstItemMark(snapshot.t as string);
    requestAnimationFrame(() => {
      if (performance.getEntriesByName(mark).length === 0) performance.mark(mark);
    });
  } catch {
    // No page storage, or a damaged snapshot: the app's own first frame.
  }
}
