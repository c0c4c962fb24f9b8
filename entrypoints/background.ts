/**
 * Composition root of the background service worker: builds the services and registers every
 * listener synchronously at start (MV3 workers are stopped after ~30 s idle and woken by events).
 */
import { ApiClient } from '@/lib/api/client';
import { HttpClient } from '@/lib/api/http';
import { currentProfile } from '@/lib/config';
import { onMessage } from '@/lib/protocol';
import { isTrustedSender } from '@/lib/sender';
import { browserSiteCookies, Session } from '@/lib/session';
import { registerSessionMessages } from '@/lib/session-messages';

export default defineBackground(() => {
  const profile = currentProfile();

  // One HTTP layer for every request of the extension: one rate limit, one set of in-flight reads.
  const http = new HttpClient();
  const session = new Session({ site: profile.site, http, cookies: browserSiteCookies(profile.site) });
  // biome-ignore lint/correctness/noUnusedVariables: the services built here take it (message count, ...)
  const api = new ApiClient({ urls: profile, http, auth: session });
  const refreshSession = (why: string) => () => {
    session
      .refresh()
      .catch((error: unknown) => console.warn(`[companion] session read (${why}) failed:`, error));
  };
  browser.runtime.onStartup.addListener(refreshSession('browser start'));
  browser.runtime.onInstalled.addListener(refreshSession('install'));
  browser.cookies.onChanged.addListener((change) => session.handleCookieChange(change));
  registerSessionMessages(session, profile);

  onMessage('ping', ({ sender }) => {
    if (!isTrustedSender(sender, profile)) throw new Error('Untrusted sender');
    return { ok: true, version: browser.runtime.getManifest().version, profile: profile.name };
  });
});
