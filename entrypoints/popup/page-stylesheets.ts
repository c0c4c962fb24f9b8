/**
 * The popup's stylesheets, fetched as the page was parsed (`<link rel="preload" as="style">`:
 * scripts/vite/deferred-popup-stylesheets.ts), applied here before the app's first render. The
 * member's snapshot frame, before, had only the rules it uses (first-frame-styles.ts). A file of the
 * extension's own that failed to load: the popup still opens, unstyled.
 */

/** Longest the app waits for its rules: past it, it renders and they apply when they come. */
const STYLES_WAIT_MS = 1000;

/** Makes each preloaded stylesheet of `doc` a stylesheet; resolves once they apply (or failed). */
export const applyPageStylesheets = (doc: Document): Promise<unknown> =>
  Promise.all(
    Array.from(
      doc.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=style]'),
      (link) =>
        new Promise((resolve) => {
          link.onload = link.onerror = resolve;
          setTimeout(resolve, STYLES_WAIT_MS);
          // The same element: the build stamp (first-frame-snapshot.ts) reads the same address.
          link.rel = 'stylesheet';
        }),
    ),
  );
