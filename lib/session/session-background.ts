/**
 * The session as the background runs it: read from the site with the browser's cookies, kept in
 * `storage.session`, checked after a browser restart against the member kept on disk (with no
 * request), read again on a browser start, an install and a change of the member's own cookies, and
 * answering `whoami` with the username, id and avatar, never the token (who may ask:
 * ./session-protocol.ts). The member the popup and the options page read, and the popup's address,
 * follow it. Call both functions synchronously from the background's main function.
 */
import type { HttpClient } from '@/lib/api/http';
import type { SiteProfile } from '@/lib/config';
import { answerMessages } from '@/lib/protocol/checked-messages';
import { isMemberCookieStore } from '@/lib/protocol/sender';
import { keepMemberItem } from './member-item';
import { keepPopupUrl } from './popup-url';
import { afterCheck, checkPreviousMember, hideOnCookieChange, type MemberSource } from './previous-member';
import { browserSiteCookies, Session } from './session';
import { sessionMessages } from './session-protocol';
import { memberCheckedItem, memberCookieMarkItem, memberItem, sessionItem } from './session-storage';

export interface SessionDeps {
  profile: SiteProfile;
  /** The one HTTP layer of the extension. */
  http: HttpClient;
  /**
   * Hides what the other domains show of the member kept on disk, when the session cookie is gone
   * or another's after a browser restart.
   */
  hideElsewhere(): Promise<void>;
}

export interface BackgroundSession {
  /** The session itself: the API client's authority. */
  session: Session;
  /** The session as the services ask it: each answer waits for the previous member's check. */
  checked: MemberSource;
  /** Settles once the member kept on disk was checked against the session cookie (or that failed). */
  previousMemberChecked: Promise<unknown>;
}

/** Builds the session and registers its listeners and its protocol handler. */
export function registerSession(deps: SessionDeps): BackgroundSession {
  const { profile } = deps;
  const session = new Session({
    site: profile.site,
    http: deps.http,
    cookies: browserSiteCookies(profile.site),
    store: sessionItem,
  });
  // The first worker of a browser session: the member kept on disk shows only under the session
  // cookie it was read under (no request); everything that follows the session waits for this.
  const memberPorts = {
    cookieMark: () => session.currentCookieMark(),
    member: { get: () => memberItem.getValue(), set: (value: null) => memberItem.setValue(value) },
    mark: {
      get: () => memberCookieMarkItem.getValue(),
      set: (value: null) => memberCookieMarkItem.setValue(value),
    },
    hideElsewhere: deps.hideElsewhere,
  };
  const previousMemberChecked = checkPreviousMember({
    ...memberPorts,
    checked: { get: () => memberCheckedItem.getValue(), set: (value) => memberCheckedItem.setValue(value) },
  }).catch(async (error: unknown) => {
    console.warn('[companion] check of the previous member failed:', error);
    // Unchecked, the member stays hidden until the session is read (which writes it again).
    await memberItem.setValue(null).catch(() => undefined);
    await memberCheckedItem.setValue(true).catch(() => undefined);
  });
  const checked = afterCheck(session, previousMemberChecked);
  // The session is read at a browser start and at an install or update (no request when the session
  // cookie is gone: the session knows it is signed out).
  const readSession = (why: string) => () => {
    checked
      .whoami()
      .catch((error: unknown) => console.warn(`[companion] session read (${why}) failed:`, error));
  };
  browser.runtime.onStartup.addListener(readSession('browser start'));
  browser.runtime.onInstalled.addListener(readSession('install'));
  // Only the member's own cookie store: a container's sign-in or sign-out is someone else's.
  browser.cookies.onChanged.addListener((change) => {
    if (!isMemberCookieStore(change.cookie.storeId)) return;
    session.handleCookieChange(change);
    // Nothing of the previous member shows under another cookie, read or no read.
    void previousMemberChecked
      .then(() => hideOnCookieChange(memberPorts))
      .catch((error: unknown) => console.warn('[companion] hiding the previous member failed:', error));
  });
  registerSessionMessages(checked, profile);
  return { session, checked, previousMemberChecked };
}

/**
 * The member (no token) for the popup and the options page, at start and on every change of
 * session, and the toolbar popup's address, which names the member's first-frame snapshot (none
 * when nobody is shown).
 */
export function keepMemberForPages(checked: MemberSource, cookieNow: () => Promise<string | null>): void {
  // Every session read, not only a change of member: the member hidden at a change of cookie
  // (hideOnCookieChange) comes back when the read finds them signed in under the new cookie.
  const followed: Pick<MemberSource, 'member' | 'onChange'> = {
    member: () => checked.member(),
    onChange: (listener) => {
      checked.onChange(listener);
      sessionItem.watch(() => listener(null, null));
    },
  };
  void keepMemberItem(followed, {
    member: { get: () => memberItem.getValue(), set: (value) => memberItem.setValue(value) },
    mark: {
      get: () => memberCookieMarkItem.getValue(),
      set: (value) => memberCookieMarkItem.setValue(value),
    },
    cookieNow,
  });
  void keepPopupUrl((details) => browser.action.setPopup(details));
}

function registerSessionMessages(session: Pick<MemberSource, 'whoami'>, profile: SiteProfile): void {
  answerMessages(profile, sessionMessages, {
    async whoami() {
      const user = await session.whoami();
      // Copy field by field: nothing else of the session can slip into the answer.
      return user === null ? null : { id: user.id, username: user.username, avatarUrl: user.avatarUrl };
    },
  });
}
