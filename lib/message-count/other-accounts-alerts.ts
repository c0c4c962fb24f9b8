/**
 * What an other account's alert shows: the accounts that put a dot on the toolbar badge, and the
 * desktop notification when the count of an account whose alert is `notify` goes up (a click opens
 * the site's messages page: the site has one, for whoever is signed in, which the notification says).
 */
import { plural, t } from '@/lib/i18n';
import { otherAccountCountsItem, otherAccountsItem } from '@/lib/message-count/message-count-storage';
import { accountsOf, dotAccounts } from './other-accounts-model';

/** Notification ids of other accounts start with this; the rest is the account's name. */
export const ACCOUNT_NOTIFICATION_PREFIX = 'companion-account|';

/** The accounts whose dot the badge shows now, for the member signed in (null: none). */
export async function badgeDotAccounts(signedIn: string | null): Promise<string[]> {
  if (signedIn === null) return [];
  const [accounts, counts] = await Promise.all([
    otherAccountsItem.getValue(),
    otherAccountCountsItem.getValue(),
  ]);
  return dotAccounts(accountsOf(accounts), counts, signedIn);
}

/** "alice has 3 new messages", and how to read them. */
export function accountNotification(username: string, count: number): { title: string; message: string } {
  return {
    title: plural('otherAccounts.newMessages', count, [username]),
    message: t('otherAccounts.signInToRead', [username]),
  };
}

export function accountNotificationId(username: string): string {
  return `${ACCOUNT_NOTIFICATION_PREFIX}${username}`;
}

/** The page a click on an account's notification opens: the messages page; null when not ours. */
export function pathOfAccountNotification(id: string): string | null {
  return id.startsWith(ACCOUNT_NOTIFICATION_PREFIX) ? '/messages/' : null;
}
