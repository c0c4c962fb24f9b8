/**
 * The live site refuses writes (posting and deleting comments, dismissing an alert, marking read,
 * accepting a curator invitation) that do not come with the site as referer (docs/site-reference.md,
 * Authentication). A fetch cannot set `Referer` (a forbidden header, and `referrer` must be
 * same-origin with the caller), so declarativeNetRequest session rules set it, limited to what only
 * Companion's background sends: POST and DELETE to the interface's `/proxy/` paths, POST to the
 * site's own dismissal and mark-as-read addresses and PUT to its curator invitation address,
 * initiated by this extension's own origin and from no tab (`tabIds: [-1]`). A page's requests, even
 * to the same address, keep their own referer.
 *
 * Session rules (gone at browser restart) are installed again at every start of the background.
 * Needs `declarativeNetRequestWithHostAccess` (no install warning; acts only within host permissions).
 */
import type { SiteProfile } from '@/lib/config';

export const WRITE_REFERER_RULE_ID = 1101;
export const DISMISS_REFERER_RULE_ID = 1102;
export const MARK_READ_REFERER_RULE_ID = 1103;
export const ACCEPT_INVITE_REFERER_RULE_ID = 1104;

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

/** The rule for one of the site's own `/site-api/` writes: `path` and below, with `method`. */
function siteWriteRule(
  profile: SiteProfile,
  extensionHost: string,
  id: number,
  path: string,
  method: 'post' | 'put',
) {
  const rule = writeRefererRule(profile, extensionHost);
  return {
    ...rule,
    id,
    condition: { ...rule.condition, urlFilter: `|${profile.site}${path}`, requestMethods: [method] },
  };
}

/** The rule for dismissing an alert on the site's own `/site-api/` (exported for tests). */
export function dismissRefererRule(profile: SiteProfile, extensionHost: string) {
  return siteWriteRule(
    profile,
    extensionHost,
    DISMISS_REFERER_RULE_ID,
    '/site-api/messages/messages-delete/',
    'post',
  );
}

/** The rule for marking every message read (exported for tests). */
export function markReadRefererRule(profile: SiteProfile, extensionHost: string) {
  return siteWriteRule(
    profile,
    extensionHost,
    MARK_READ_REFERER_RULE_ID,
    '/site-api/messages/messages-clear/',
    'post',
  );
}

/** The rule for accepting a curator invitation (exported for tests). */
export function acceptInviteRefererRule(profile: SiteProfile, extensionHost: string) {
  return siteWriteRule(
    profile,
    extensionHost,
    ACCEPT_INVITE_REFERER_RULE_ID,
    '/site-api/users/curators-in/',
    'put',
  );
}

/** Installs (or replaces) the rules. Without the API (an old browser) writes go out without them. */
export async function installWriteReferer(profile: SiteProfile): Promise<void> {
  const dnr = (browser as { declarativeNetRequest?: typeof browser.declarativeNetRequest })
    .declarativeNetRequest;
  if (dnr?.updateSessionRules === undefined) return;
  // The extension's origin host: the id in Chrome, the internal UUID in Firefox.
  const extensionHost = new URL(browser.runtime.getURL('/')).host;
  await dnr.updateSessionRules({
    removeRuleIds: [
      WRITE_REFERER_RULE_ID,
      DISMISS_REFERER_RULE_ID,
      MARK_READ_REFERER_RULE_ID,
      ACCEPT_INVITE_REFERER_RULE_ID,
    ],
    addRules: [
      writeRefererRule(profile, extensionHost),
      dismissRefererRule(profile, extensionHost),
      markReadRefererRule(profile, extensionHost),
      acceptInviteRefererRule(profile, extensionHost),
    ],
  });
}
