/**
 * A view's stylesheet, loaded with the view's chunk rather than inlined in the popup's page: a view
 * the popup never opens on (My Stuff's "Over time") has no business in the bytes every open parses
 * before its first frame (ARCHITECTURE.md, Budgets). A `<link>` to the extension's own file, which
 * the extension pages' policy allows (`style-src 'self'`); resolved once the rules apply, so the
 * view's first frame is drawn styled.
 */
const loading = new Map<string, Promise<void>>();
/** Longest the view waits for its rules: past it, it opens and the rules apply when they come. */
const STYLES_WAIT_MS = 1000;

export function loadStylesheet(href: string): Promise<void> {
  let loaded = loading.get(href);
  if (loaded === undefined) {
    loaded = new Promise<void>((resolve) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      // A file of the extension's own that failed to load: the view still opens, unstyled.
      link.addEventListener('load', () => resolve(), { once: true });
      link.addEventListener('error', () => resolve(), { once: true });
      // A document that never tells (one that loads no stylesheets): never a view that never opens.
      setTimeout(resolve, STYLES_WAIT_MS);
      document.head.append(link);
    });
    loading.set(href, loaded);
  }
  return loaded;
}
