/**
 * Composition root of the background service worker: builds the services and registers every
 * listener synchronously at start (MV3 workers are stopped after ~30 s idle and woken by events).
 */
import { ApiClient } from '@/lib/api/client';
import { HttpClient } from '@/lib/api/http';
import { storedRepliesPath } from '@/lib/api/replies-path';
import { answerMessages, refuseInheritedMessageNames } from '@/lib/checked-messages';
import { currentProfile } from '@/lib/config';
import { followDevTuning, pageTuning } from '@/lib/dev-tuning';
import { registerExplore } from '@/lib/explore/explore-background';
import { registerFeed } from '@/lib/feed/feed-background';
import { registerFeedNotifications } from '@/lib/feed/feed-notifications-background';
import { registerStudioNews } from '@/lib/feed/studio-news-background';
import { signedOutState } from '@/lib/message-count/message-count';
import { registerMessageCount } from '@/lib/message-count/message-count-background';
import { registerOtherAccounts } from '@/lib/message-count/other-accounts-background';
import { registerMessages } from '@/lib/messages/messages-background';
import { registerMyStuff } from '@/lib/mystuff/mystuff-background';
import type { ProjectStatusService } from '@/lib/project-status/project-status';
import { registerProjectStatus } from '@/lib/project-status/project-status-background';
import { isMemberCookieStore, tabContext } from '@/lib/sender';
import { keepMemberItem } from '@/lib/session/member-item';
import { keepPopupUrl } from '@/lib/session/popup-url';
import { afterCheck, checkPreviousMember } from '@/lib/session/previous-member';
import { browserSiteCookies, Session } from '@/lib/session/session';
import { registerSessionMessages } from '@/lib/session/session-background';
import {
  memberCheckedItem,
  memberCookieMarkItem,
  memberItem,
  messageCountItem,
  repliesPathItem,
  sessionItem,
} from '@/lib/storage';
import { registerTranslation } from '@/lib/translation/translation-background';

export default defineBackground(() => {
  // First of all listeners: messages named like Object.prototype's members get a refusal.
  refuseInheritedMessageNames();
  const profile = currentProfile();

  // One HTTP layer for every request of the extension: one rate limit, one set of in-flight reads.
  const http = new HttpClient();
  // A development install's tuning (lib/dev-tuning.ts): shorter timeouts and retry waits for tests.
  followDevTuning((tuning) => {
    http.setTimeoutMs(tuning.requestTimeoutMs ?? null);
    http.setBackoffScale(tuning.retryBackoffScale ?? null);
  });
  const session = new Session({
    site: profile.site,
    http,
    cookies: browserSiteCookies(profile.site),
    store: sessionItem,
  });
  // Replies where the site reads them, the interface's path after a 404 there: which one answered
  // is kept across worker restarts.
  const repliesPath = storedRepliesPath({
    get: () => repliesPathItem.getValue(),
    set: (path) => repliesPathItem.setValue(path),
  });
  const api = new ApiClient({ urls: profile, http, auth: session, repliesPath });
  // The first worker of a browser session: the member kept on disk shows only under the session
  // cookie it was read under (no request); everything that follows the session waits for this.
  let projectStatus: ProjectStatusService | undefined;
  const previousMemberChecked = checkPreviousMember({
    cookieMark: () => session.currentCookieMark(),
    member: { get: () => memberItem.getValue(), set: (value) => memberItem.setValue(value) },
    mark: {
      get: () => memberCookieMarkItem.getValue(),
      set: (value) => memberCookieMarkItem.setValue(value),
    },
    checked: { get: () => memberCheckedItem.getValue(), set: (value) => memberCheckedItem.setValue(value) },
    hideElsewhere: async () => {
      await Promise.all([
        messageCountItem.setValue({ ...signedOutState }),
        projectStatus?.memberChanged(null),
      ]);
    },
  }).catch(async (error: unknown) => {
    console.warn('[companion] check of the previous member failed:', error);
    // Unchecked, the member stays hidden until the session is read (which writes it again).
    await memberItem.setValue(null).catch(() => undefined);
    await memberCheckedItem.setValue(true).catch(() => undefined);
  });
  const checkedSession = afterCheck(session, previousMemberChecked);
  // The session is read at a browser start and at an install or update (no request when the session
  // cookie is gone: the session knows it is signed out).
  const readSession = (why: string) => () => {
    checkedSession
      .whoami()
      .catch((error: unknown) => console.warn(`[companion] session read (${why}) failed:`, error));
  };
  browser.runtime.onStartup.addListener(readSession('browser start'));
  browser.runtime.onInstalled.addListener(readSession('install'));
  // Only the member's own cookie store: a container's sign-in or sign-out is someone else's.
  browser.cookies.onChanged.addListener((change) => {
    if (isMemberCookieStore(change.cookie.storeId)) session.handleCookieChange(change);
  });
  registerSessionMessages(checkedSession, profile);
  // The message count: one poller for the browser, badge, notifications, its protocol handlers.
  const messageCount = registerMessageCount({
    profile,
    readCount: (username, options) => api.getMessageCount(username, options),
    // Through the Messages tab's cached list (one read shared by the notifier and the count after mutes).
    latestMessages: (username, limit, readAfter) => messages.newest(username, limit, readAfter),
    // The team's alerts and the invitation, read with the list: the count's part it never holds.
    unlistedMessages: (username, readAfter) => messages.unlisted(username, readAfter),
    knownUnlisted: (username) => messages.knownUnlisted(username),
    signedInUser: async () => (await checkedSession.whoami())?.username ?? null,
    onSessionChanged: (listener) => checkedSession.onChange((user) => listener(user?.username ?? null)),
    ready: previousMemberChecked,
  });

  // The member's other accounts: their public counts, read after the member's own when due.
  registerOtherAccounts({
    profile,
    readCount: (username) => api.getMessageCount(username),
    signedInUser: async () => (await checkedSession.whoami())?.username ?? null,
  });

  // Translations (cached once per text and language) and read aloud.
  registerTranslation(api, profile);
  // The member (no token) for the popup and options page: at start and on every change of session.
  void keepMemberItem(checkedSession, {
    member: { get: () => memberItem.getValue(), set: (value) => memberItem.setValue(value) },
    mark: {
      get: () => memberCookieMarkItem.getValue(),
      set: (value) => memberCookieMarkItem.setValue(value),
    },
  });
  // The toolbar popup's address names the member's first-frame snapshot (none when nobody is shown).
  void keepPopupUrl((details) => browser.action.setPopup(details));
  // The following-activity feed and the three project sections.
  const signedInUser = async () => (await checkedSession.whoami())?.username ?? null;
  const feed = registerFeed({ profile, api, signedInUser });
  registerFeedNotifications({ profile, feed, signedInUser });
  // The belled studios' new projects, from each studio's own activity, on the notifier's schedule.
  registerStudioNews({ api, signedInUser });
  // My Stuff: the member's own shared projects and favorites, read when the popup asks.
  registerMyStuff({ profile, api, signedInUser });
  // The Messages tab: messages, conversations, replies and deletes.
  const messages = registerMessages({
    profile,
    api,
    alertDismissed: (username) => messageCount.alertDismissed(username),
    member: async () => {
      const user = await checkedSession.whoami();
      return user === null ? null : { id: user.id, username: user.username };
    },
  });
  // Loved and favorited marks: reads of what is in view, favorites in bulk, its protocol handlers.
  projectStatus = registerProjectStatus({
    profile,
    readLove: async (projectId, username) => (await api.getProjectLove(projectId, username)).userLove,
    readFavorite: async (projectId, username) =>
      (await api.getProjectFavorite(projectId, username)).userFavorite,
    readFavoritesPage: async (username, offset, limit) => {
      const page = await api.favorites.listPage({ username }, { offset, limit });
      return { ids: page.items.map((project) => project.id), received: page.received };
    },
    signedInUser,
    onSessionChanged: (listener) => checkedSession.onChange((user) => listener(user?.username ?? null)),
  });
  // Explore, search and the views inside the popup; the quick-search shortcut and the omnibox.
  registerExplore({ profile, api, signedInUser });

  answerMessages(profile, {
    ping: () => ({ ok: true, version: browser.runtime.getManifest().version, profile: profile.name }),
    getPageTuning: pageTuning,
    // From the tab the browser names, never from anything the page could say.
    inMemberContext: ({ sender }) => tabContext(sender.tab) === 'member',
  });
});
