/**
 * Under the header: each other account's count (from storage: the background reads them after the
 * member's own count), linking to the site's messages page, which shows the messages of whoever is
 * signed in (the link's title says so). A chunk of its own, loaded with the popup's first frame only
 * when the member has other accounts (./other-accounts-parts.ts): most members have none, and the
 * popup's size budget is for everyone. For those who have some, it loads at open: the budget counts
 * it so (scripts/bench/bundle-sizes.ts), by this mark: @first-frame-part
 */
import { t } from '@/lib/i18n';
import { otherAccountCountsItem, otherAccountsItem } from '@/lib/message-count/message-count-storage';
import { countOf, othersThan } from '@/lib/message-count/other-accounts-model';
import type { SessionUser } from '@/lib/session/session-model';
import { siteLinks } from './site-links';
import { useStorageItem } from './storage-hooks';

export function OtherAccounts({ member }: { member: SessionUser }) {
  const accounts = useStorageItem(otherAccountsItem);
  const counts = useStorageItem(otherAccountCountsItem);
  const shown = Array.isArray(accounts) ? othersThan(accounts, member.username) : [];
  if (shown.length === 0) return null;
  return (
    <div class="other-accounts">
      {shown.map(({ username }) => {
        const count = countOf(Array.isArray(counts) ? counts : [], username)?.count ?? null;
        return (
          <a
            key={username}
            class="other-account"
            data-testid="other-account"
            data-username={username}
            data-count={count ?? ''}
            href={siteLinks.messages()}
            target="_blank"
            rel="noreferrer"
            title={t('otherAccounts.signInToRead', [username])}
          >
            <bdi>{username}</bdi> <b>{count ?? '…'}</b>
          </a>
        );
      })}
    </div>
  );
}
