/**
 * The live site refuses writes (posting and deleting comments) that do not come with the site as
 * referer (docs/site-reference.md, Authentication). A fetch cannot set `Referer` (a forbidden header, and
 * `referrer` must be same-origin with the caller), so one declarativeNetRequest session rule sets it,
 * limited to what only Companion's background sends: POST and DELETE to the interface's `/proxy/`
 * paths, initiated by this extension's own origin and from no tab (`tabIds: [-1]`). A page's
 * requests, even to the same address, keep their own referer.
 *
 * Session rules (gone at browser restart) are installed again at every start of the background.
 * Needs `declarativeNetRequestWithHostAccess` (no install warning; acts only within host permissions).
 */
import type { SiteProfile } from '@/lib/config';

export const WRITE_REFERER_RULE_ID = 1101;

/** The rule for this profile and extension origin (exported for tests). */
export function writeRefererRule(profile: SiteProfile, extensionHost: string) {
  return {
    id: WRITE_REFERER_RULE_ID,
    priority: 1,
    action: {
      type: 'modifyHeaders' as const,
      requestHeaders: [{ header: 'Referer', operation: 'set' as const, value: `${profile.site}/` }],
    },
    condition: {
      urlFilter: `|${profile.api}/proxy/`,
      initiatorDomains: [extensionHost],
      tabIds: [-1],
      requestMethods: ['post' as const, 'delete' as const],
      resourceTypes: ['xmlhttprequest' as const],
    },
  };
}

/** Installs (or replaces) the rule. Without the API (an old browser) writes go out without it. */
export async function installWriteReferer(profile: SiteProfile): Promise<void> {
  const dnr = (browser as { declarativeNetRequest?: typeof browser.declarativeNetRequest })
    .declarativeNetRequest;
  if (dnr?.updateSessionRules === undefined) return;
  // The extension's origin host: the id in Chrome, the internal UUID in Firefox.
  const extensionHost = new URL(browser.runtime.getURL('/')).host;
  await dnr.updateSessionRules({
    removeRuleIds: [WRITE_REFERER_RULE_ID],
    addRules: [writeRefererRule(profile, extensionHost)],
  });
}
