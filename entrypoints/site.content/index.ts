/**
 * The one content script on site pages. It asks the background for what it needs and runs the
 * enabled features (see lib/features), those of the member only in the member's own browsing
 * context (lib/features/member-context.ts). It never talks to the network with credentials itself.
 */
import { currentSite, isSitePage } from '@/lib/config';
import { DEVELOPMENT_MARK_KEY } from '@/lib/development-mark';
import { memberFeatures, memberFreeFeatures } from '@/lib/features';
import { follow } from '@/lib/features/follow-stored';
import { runInContext } from '@/lib/features/member-context';
import { runFeatures } from '@/lib/features/registry';

const site = currentSite();

/**
 * A marker the end-to-end tests read to prove the script ran, in a development install only: in a
 * member's install, any script of the site could read from it that Companion is there, and which
 * version.
 */
function markForTests(development: unknown): void {
  if (development === true) {
    document.documentElement.dataset.companion = `ready ${browser.runtime.getManifest().version}`;
  }
}

export default defineContentScript({
  matches: [...site.siteMatches],
  runAt: 'document_idle',
  // WXT's start-up notice to older copies of this script as a custom event only: not also posted
  // to the page's window, where every "message" listener of the site would wake for it.
  noScriptStartedPostMessage: true,
  async main(ctx) {
    // The local profile matches every port of 127.0.0.1: run only on the sandbox's site origin.
    if (!isSitePage(location.href, site)) return;
    let marking = false;
    // Containers are Firefox's own (contextualIdentities): the Chrome build has none to tell apart.
    await runInContext(
      { member: memberFeatures, memberFree: memberFreeFeatures },
      import.meta.env.FIREFOX,
      (features) => {
        if (ctx.isInvalid) return;
        runFeatures(ctx, features);
        if (marking) return;
        marking = true;
        // A microtask after the features start theirs: the mark is read in the same storage read
        // as their state (lib/features/follow-stored.ts), not in a read of its own.
        queueMicrotask(() => follow(ctx.signal, DEVELOPMENT_MARK_KEY, markForTests));
      },
    );
  },
});
