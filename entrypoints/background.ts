/**
 * Composition root of the background service worker: builds the services and registers every
 * listener synchronously at start (MV3 workers are stopped after ~30 s idle and woken by events).
 * Each domain's background module (`lib/<domain>/<domain>-background.ts`) registers its own
 * listeners and protocol handlers; this file connects the domains to one another.
 */
import { ApiClient } from '@/lib/api/client';
import { HttpClient } from '@/lib/api/http';
import { storedRepliesPath } from '@/lib/api/replies-path';
import { CACHES_GIVEN_UP } from '@/lib/composition/caches-given-up';
import { answerMessages, refuseInheritedMessageNames } from '@/lib/composition/checked-protocol';
import { currentProfile } from '@/lib/config';
import { followDevTuning, isDevelopmentInstall, markDevelopmentInstall, pageTuning } from '@/lib/dev-tuning';
import { registerExplore } from '@/lib/explore/explore-background';
import { registerFeed } from '@/lib/feed/feed-background';
import { registerFeedNotifications } from '@/lib/feed/feed-notifications-background';
import { followingCloselyItem } from '@/lib/feed/feed-storage';
import { registerStudioNews } from '@/lib/feed/studio-news-background';
import { registerMessageCount } from '@/lib/message-count/message-count-background';
import {
  messageCountItem,
  messageMutesItem,
  otherAccountCountsItem,
  otherAccountsItem,
} from '@/lib/message-count/message-count-storage';
import { registerOtherAccounts } from '@/lib/message-count/other-accounts-background';
import { refreshAfterNewCount, registerMessages } from '@/lib/messages/messages-background';
import { repliesPathItem } from '@/lib/messages/messages-storage';
import { registerMyStuff } from '@/lib/mystuff/mystuff-background';
import { registerProjectHistory } from '@/lib/project-history/project-history-background';
import { registerProjectStatus } from '@/lib/project-status/project-status-background';
import { tabContext } from '@/lib/protocol/sender';
import { keepMemberForPages, registerSession } from '@/lib/session/session-background';
import { memberItem } from '@/lib/session/session-storage';
import { adoptUnowned } from '@/lib/storage/member-owned-item';
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
  // Site pages of a development install mark themselves for the tests (lib/development-mark.ts).
  markDevelopmentInstall().catch(() => undefined);
  let projectStatus: ReturnType<typeof registerProjectStatus> | undefined;
  const { session, checked, previousMemberChecked } = registerSession({
    profile,
    http,
    // A member kept on disk under a cookie that is gone or another's: their count (the stored
    // count's fallback is the signed-out state) and marks go too.
    hideElsewhere: async () => {
      await Promise.all([
        messageCountItem.setValue({ ...messageCountItem.fallback }),
        projectStatus?.memberChanged(null),
      ]);
    },
  });
  // An update from a version that kept one list of choices for the whole browser: they become the
  // member's signed in now (their cookie checked), or are dropped when nobody is.
  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason !== 'update') return;
    void previousMemberChecked
      .then(async () => {
        const member = await memberItem.getValue();
        await adoptUnowned(
          [messageMutesItem, followingCloselyItem, otherAccountsItem, otherAccountCountsItem],
          member?.id ?? null,
        );
      })
      .catch((error: unknown) => console.warn('[companion] moving choices to their member failed:', error));
  });
  // Replies where the site reads them, the interface's path after a 404 there: which one answered
  // is kept across worker restarts.
  const repliesPath = storedRepliesPath({
    get: () => repliesPathItem.getValue(),
    set: (path) => repliesPathItem.setValue(path),
  });
  const api = new ApiClient({ urls: profile, http, auth: session, repliesPath });
  const signedInUser = async () => (await checked.whoami())?.username ?? null;
  const onSessionChanged = (listener: (username: string | null) => void) =>
    checked.onChange((user) => listener(user?.username ?? null));

  // The message count: one poller for the browser, badge, notifications, its protocol handlers.
  const messageCount = registerMessageCount({
    profile,
    readCount: (username, options) => api.getMessageCount(username, options),
    // Through the Messages tab's cached list (one read shared by the notifier and the count after mutes).
    latestMessages: (username, limit, readAfter) => messages.newest(username, limit, readAfter),
    // The team's alerts and the invitation, read with the list: the count's part it never holds.
    unlistedMessages: (username, readAfter) => messages.unlisted(username, readAfter),
    knownUnlisted: (username) => messages.knownUnlisted(username),
    // A notification's "Mark all as read" (or a click, when the member chose so): the member's click.
    markAllRead: async (username) => (await messages.markAllRead({ username })).ok,
    // Firefox shows no buttons on notifications: a click and the member's setting stand in for them.
    notificationButtons: !import.meta.env.FIREFOX,
    signedInUser,
    onSessionChanged,
    ready: previousMemberChecked,
  });

  // The member's other accounts: their public counts, read after the member's own when due.
  registerOtherAccounts({ profile, readCount: (username) => api.getMessageCount(username), signedInUser });

  // Translations (cached once per text and language) and read aloud.
  registerTranslation(api, profile);
  keepMemberForPages(checked, () => session.currentCookieMark());
  // The following-activity feed and the three project sections.
  const feed = registerFeed({ profile, api, signedInUser });
  registerFeedNotifications({ profile, feed, signedInUser });
  // The belled studios' new projects, from each studio's own activity, on the notifier's schedule.
  registerStudioNews({ api, signedInUser });
  // My Stuff: the member's own shared projects and favorites, read when the popup asks.
  const myStuff = registerMyStuff({ profile, api, signedInUser });
  // The daily record of the member's projects: from My Stuff's reads, or its one walk on a day without.
  registerProjectHistory({
    profile,
    signedInUser,
    // Read past My Stuff's fresh minute: the walk comes only on a day with no read recorded, so a
    // list My Stuff holds as fresh is one that day's record never took (or another day's, when the
    // record's clock runs ahead of the browser's in a development install's simulated days).
    readSharedProjects: () => myStuff.refresh(['shared'], { force: true }),
  });
  // The Messages tab: messages, conversations, replies and deletes; a new count re-reads its list.
  const messages = registerMessages({
    profile,
    api,
    cachesGivenUp: CACHES_GIVEN_UP,
    alertDismissed: (username) => messageCount.alertDismissed(username),
    // Marked read on the member's click: the count follows at once, then one read past the CDN.
    markedRead: (username) => messageCount.markedRead(username),
    member: async () => {
      const user = await checked.whoami();
      return user === null ? null : { id: user.id, username: user.username };
    },
  });
  messageCountItem.watch((state, previous) => refreshAfterNewCount(messages, state, previous));
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
    onSessionChanged,
  });
  // Explore, search and the views inside the popup; the quick-search shortcut and the omnibox.
  registerExplore({ profile, api, signedInUser });

  answerMessages(profile, {
    ping: async () => ({
      ok: true,
      version: browser.runtime.getManifest().version,
      profile: profile.name,
      development: await isDevelopmentInstall(),
    }),
    getPageTuning: pageTuning,
    // From the tab the browser names, never from anything the page could say.
    inMemberContext: ({ sender }) => tabContext(sender.tab) === 'member',
  });
});
