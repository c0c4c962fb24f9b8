/**
 * Prefixes the tab title with `(N) ` while the member has N > 0 messages (a setting, on by
 * default), so a glance at the tab strip tells them. The site sets its own titles (also when it
 * navigates without a reload): the prefix is put back on whatever title it sets, and removed when
 * the count drops to 0, the setting is turned off or the feature stops.
 */
import type { Feature } from './registry';
import { followMessageCount, followSettings } from './stored-message-count';
import { whenAborted } from './when-aborted';

/** The title with the prefix for `count` (none at 0 or unknown), after removing `oldPrefix`. */
export function titleWithCount(title: string, oldPrefix: string, count: number | null): string {
  const base = oldPrefix !== '' && title.startsWith(oldPrefix) ? title.slice(oldPrefix.length) : title;
  return `${titlePrefix(count)}${base}`;
}

export function titlePrefix(count: number | null): string {
  return count !== null && count > 0 ? `(${count}) ` : '';
}

export const titleMessageCount: Feature = {
  name: 'title-message-count',
  runsOn: () => true,
  run(_page, signal) {
    // An aborted signal never fires again: nothing started now would be stopped.
    if (signal.aborted) return;
    let count: number | null = null;
    let enabled = false;
    // The prefix currently on the title, so it is replaced, never stacked.
    let applied = '';

    const apply = () => {
      const wanted = enabled ? count : null;
      const title = titleWithCount(document.title, applied, wanted);
      applied = titlePrefix(wanted);
      if (document.title !== title) document.title = title;
    };

    // The site replaces the <title> text on navigation; our own write comes back here once and
    // then changes nothing, so there is no loop. Only the <title> is watched, and the head's own
    // children for a <title> put in or replaced: the head's other elements (the site's styles
    // and scripts, added and filled in while a page loads) wake nothing.
    let watched: HTMLTitleElement | null = null;
    const watchTitle = () => {
      const title = document.querySelector('title');
      if (title === watched) return;
      watched = title;
      if (title) observer.observe(title, { childList: true, characterData: true, subtree: true });
    };
    const observer = new MutationObserver(() => {
      watchTitle();
      apply();
    });
    observer.observe(document.head ?? document.documentElement, { childList: true });
    watchTitle();

    followSettings(signal, (settings) => {
      enabled = settings.titlePrefix;
      apply();
    });
    // After the member's mutes (the site's own bar keeps the site's number).
    followMessageCount(
      signal,
      (shown) => {
        count = shown.count;
        apply();
      },
      true,
    );

    whenAborted(signal, () => {
      observer.disconnect();
      enabled = false;
      apply();
    });
  },
};
