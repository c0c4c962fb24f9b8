/**
 * The toolbar badge: what it says for a message-count state (pure, unit-tested) and how it is put
 * on the toolbar. The badge, the navigation bar, the tab titles and the popup all show the same
 * number because they all read the same stored state.
 */
import { plural, t } from '@/lib/i18n';
import type { MessageCountState } from '@/lib/message-count/message-count-model';
import { SHOWN_COUNT_CAP } from '@/lib/message-count/muted-count';

export interface BadgeLook {
  text: string;
  /** Tooltip of the toolbar button. */
  title: string;
  color: string;
}

/** Badge colours: the site's orange for messages, grey for the signed-out mark. */
export const BADGE_COUNT_COLOR = '#e6522c';
export const BADGE_SIGNED_OUT_COLOR = '#8c8c8c';
/** The distinct mark shown while signed out (a setting, on by default). */
export const SIGNED_OUT_MARK = '?';

/** The count as the badge shows it: nothing at 0, up to 999, then "1k+" (the badge fits 4 characters). */
export function badgeCountText(count: number | null): string {
  if (count === null || count <= 0) return '';
  return count > 999 ? '1k+' : String(count);
}

/** The badge's text above 200 unread with mutes on: the muted ones among them are not counted. */
export const OVER_CAP_TEXT = '200+';

/** "1 new message" / "12 new messages". */
export function messagesPhrase(count: number): string {
  return plural('messageCount.newMessages', count);
}

/**
 * The badge for a state and the member's settings. With the badge off the button shows no text at
 * all (neither the count nor the signed-out mark); its tooltip still tells the count.
 */
export function badgeLook(
  state: MessageCountState,
  options: { badge: boolean; signedOutMark: boolean },
  otherAccountsWithMessages: readonly string[] = [],
): BadgeLook {
  const look = withAccountsDot(lookOf(state, options.signedOutMark), state, otherAccountsWithMessages);
  return options.badge ? look : { ...look, text: '' };
}

/** The mark beside the count when another account whose alert is a dot has messages. */
export const OTHER_ACCOUNTS_DOT = '•';

/**
 * Other accounts (lib/message-count/other-accounts-model.ts, `dotAccounts`) with messages: a dot
 * after the count (alone at 0; left out where "1k+" fills the badge's four characters) and their
 * names in the tooltip. Signed out nothing is read, so nothing is marked.
 */
function withAccountsDot(look: BadgeLook, state: MessageCountState, usernames: readonly string[]): BadgeLook {
  if (state.username === null || usernames.length === 0) return look;
  return {
    ...look,
    text: look.text.length < 3 ? `${look.text}${OTHER_ACCOUNTS_DOT}` : look.text,
    title: `${look.title}\n${t('otherAccounts.badgeTitle', [usernames.join(', ')])}`,
  };
}

function lookOf(state: MessageCountState, signedOutMark: boolean): BadgeLook {
  if (state.username === null) {
    return {
      text: signedOutMark ? SIGNED_OUT_MARK : '',
      title: t('badge.signedOut'),
      color: BADGE_SIGNED_OUT_COLOR,
    };
  }
  if (state.count === null) {
    return {
      text: '',
      title: t('badge.reading', [state.username]),
      color: BADGE_COUNT_COLOR,
    };
  }
  const { shown } = state;
  if (shown === undefined) {
    return {
      text: badgeCountText(state.count),
      title: t('badge.count', [messagesPhrase(state.count), state.username]),
      color: BADGE_COUNT_COLOR,
    };
  }
  // After the member's mutes: the tooltip says how many are left out.
  if (shown.over) {
    return {
      text: OVER_CAP_TEXT,
      title: t('badge.count', [plural('mutedCount.overCap', SHOWN_COUNT_CAP), state.username]),
      color: BADGE_COUNT_COLOR,
    };
  }
  const muted = shown.of - shown.count;
  const phrase = messagesPhrase(shown.count);
  return {
    text: badgeCountText(shown.count),
    title:
      muted > 0
        ? t('mutedCount.badgeTitle', [phrase, state.username, plural('mutedCount.mutedMessages', muted)])
        : t('badge.count', [phrase, state.username]),
    color: BADGE_COUNT_COLOR,
  };
}

/** Puts the look on the toolbar button (for every tab and window). */
export async function applyBadge(look: BadgeLook): Promise<void> {
  await Promise.all([
    browser.action.setBadgeText({ text: look.text }),
    browser.action.setTitle({ title: look.title }),
    browser.action.setBadgeBackgroundColor({ color: look.color }),
  ]);
}
