/**
 * The member's message count in the editor's menu bar, beside My Stuff: the editor (scratch-gui)
 * has no message count of its own, and members have asked the site for one there for years. It is
 * the background's count, followed through storage like the navigation bar's (no request from the
 * tab), a link to the messages page in a new tab (leaving the editor could cost unsaved work), and
 * hidden at 0 or while signed out. Marked `data-companion="editor-message-count"`, its text the count.
 *
 * The editor's DOM changes constantly while the member works (blocks, stage, sprites), so nothing
 * here watches the whole page once the menu bar is there: one observer waits for the bar while the
 * editor loads, then only the bar (whose account group React may re-render, e.g. after signing in)
 * and the bar's parent (the bar replaced) are watched.
 */
import { plural } from '@/lib/i18n';
import { isEditorPage } from '@/lib/site/pages';
import {
  companionAttribute,
  editorAccountGroup,
  editorMenuBar,
  editorMyStuffLink,
} from '@/lib/site/selectors';
import type { Feature } from './registry';
import { followMessageCount } from './stored-message-count';
import { addStyles, declareStyles } from './stylesheet';
import { whenAborted } from './when-aborted';

export const EDITOR_COUNT_MARK = 'editor-message-count';

// The site's orange count pill (scratch-www navigation.scss), with dark ink: white on that orange
// is 1.9:1, this is 7:1. It sits on the menu bar's purple beside the My Stuff icon.
const CSS = `
.companion-editor-message-count{display:inline-flex;align-items:center;justify-content:center;align-self:center;box-sizing:border-box;min-width:1.25rem;height:1.25rem;padding:0 .375rem;margin-inline:-.375rem .375rem;border-radius:.625rem;background:#ffab1a;color:#2b1d00;font:700 .75rem/1 "Helvetica Neue",Helvetica,Arial,sans-serif;text-decoration:none}
.companion-editor-message-count[hidden]{display:none}
.companion-editor-message-count:focus-visible{outline:2px solid #fff;outline-offset:2px}
`;
declareStyles(EDITOR_COUNT_MARK, CSS);

export const editorMessageCount: Feature = {
  name: 'editor-message-count',
  runsOn: isEditorPage,
  run(_page, signal) {
    if (signal.aborted) return;
    addStyles(EDITOR_COUNT_MARK, CSS, signal);

    const badge = document.createElement('a');
    badge.setAttribute(companionAttribute, EDITOR_COUNT_MARK);
    badge.className = 'companion-editor-message-count';
    badge.href = '/messages/';
    badge.target = '_blank';
    badge.rel = 'noopener';
    badge.hidden = true;

    const render = (count: number | null) => {
      const shown = count !== null && count > 0;
      badge.hidden = !shown;
      badge.textContent = String(count ?? 0);
      if (shown) {
        const label = plural('messageCount.newMessages', count);
        badge.title = label;
        badge.setAttribute('aria-label', label);
      }
    };
    render(null);

    /** Puts the count right after My Stuff; without a My Stuff link (signed out) it goes. */
    const place = (bar: Element) => {
      const link = bar.querySelector(editorAccountGroup)?.querySelector(editorMyStuffLink);
      if (!link) badge.remove();
      else if (link.nextSibling !== badge) link.after(badge);
    };

    let watching: MutationObserver[] = [];
    const stopWatching = () => {
      for (const observer of watching) observer.disconnect();
      watching = [];
    };

    const watchBar = (bar: Element) => {
      stopWatching();
      place(bar);
      const inside = new MutationObserver(() => place(bar));
      inside.observe(bar, { childList: true, subtree: true });
      watching.push(inside);
      // The bar replaced (not its contents): a look at its parent's children only.
      const parent = bar.parentNode;
      if (parent) {
        const around = new MutationObserver(() => {
          if (!bar.isConnected) waitForBar();
        });
        around.observe(parent, { childList: true });
        watching.push(around);
      }
    };

    // While the editor loads, its menu bar is not there yet: the one page-wide watch, until it is.
    const waitForBar = () => {
      stopWatching();
      const bar = document.querySelector(editorMenuBar);
      if (bar) return watchBar(bar);
      const loading = new MutationObserver(() => {
        const found = document.querySelector(editorMenuBar);
        if (found) watchBar(found);
      });
      loading.observe(document.documentElement, { childList: true, subtree: true });
      watching.push(loading);
    };
    waitForBar();

    // After the member's mutes, as the badge and tab titles.
    followMessageCount(signal, (shown) => render(shown.count), true);

    whenAborted(signal, () => {
      stopWatching();
      badge.remove();
    });
  },
};
