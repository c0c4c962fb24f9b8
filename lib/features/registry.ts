/**
 * The content-script feature registry (Refined GitHub is the model): each feature is one file that
 * declares the pages it runs on and undoes everything it set up when its signal aborts. The
 * registry runs the features that match the page, and re-runs them when the site navigates
 * without a reload (scratch-www switches some pages through the history API).
 */
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { type SitePage, sitePage } from '@/lib/site/pages';

export interface Feature {
  /** A short, stable name (logs, tests). */
  readonly name: string;
  /** The pages it runs on. */
  readonly runsOn: (page: SitePage) => boolean;
  /**
   * Starts the feature on the page. Observers, listeners and storage watchers it creates must be
   * removed when `signal` aborts (the page changed, or the extension was reloaded or removed);
   * elements it added must be taken away.
   */
  run(page: SitePage, signal: AbortSignal): void | Promise<void>;
}

const starts: (() => void)[] = [];
let startChannel: MessageChannel | undefined;

/**
 * Runs `start` in a task of its own: the features' starts in one task would add up to one task as
 * long as all of them, which a page task just before it can make a long one (over 50 ms: input
 * waits). A message to itself, as a timer would be throttled to once a second in a hidden tab.
 */
function inATaskOfItsOwn(start: () => void): void {
  if (startChannel === undefined) {
    startChannel = new MessageChannel();
    startChannel.port1.onmessage = () => starts.shift()?.();
  }
  starts.push(start);
  startChannel.port2.postMessage(null);
}

/** Runs `features` on the current page now and after every in-page navigation. */
export function runFeatures(ctx: ContentScriptContext, features: readonly Feature[]): void {
  let current: AbortController | null = null;

  const runAll = (href: string) => {
    current?.abort();
    const controller = new AbortController();
    current = controller;
    const page = sitePage(href);
    for (const feature of features) {
      if (!feature.runsOn(page)) continue;
      // One feature failing must not stop the others. It starts in a task of its own: if the page
      // changed (or the extension went) in between, it must not start at all.
      inATaskOfItsOwn(() => {
        if (controller.signal.aborted) return;
        Promise.resolve()
          .then(() => feature.run(page, controller.signal))
          .catch((error: unknown) => console.warn(`Companion: feature ${feature.name} failed`, error));
      });
    }
  };

  ctx.onInvalidated(() => current?.abort());
  // The page is the event's new URL: where the browser has the Navigation API (Chromium), WXT reports
  // the change from its `navigate` event, before `location` holds the new URL (a project page's "See
  // inside" would otherwise re-run the project page's features in the editor).
  ctx.addEventListener(window, 'wxt:locationchange', (event) => runAll(event.newUrl?.href ?? location.href));
  runAll(location.href);
}
