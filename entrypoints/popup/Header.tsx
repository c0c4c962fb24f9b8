import { useState } from 'preact/hooks';
import { Avatar } from '@/components/Avatar';
import { t } from '@/lib/i18n';
import { otherAccountsItem } from '@/lib/message-count/message-count-storage';
import type { SessionUser } from '@/lib/session/session-model';
import { MessageCountLine } from './MessageCountLine';
import { accountsPanel, accountsStrip } from './other-accounts-parts';
import { siteLinks } from './site-links';
import { useStorageItem } from './storage-hooks';

/** Opens the options page in a tab and closes the popup (it would hide behind the new tab anyway). */
function openSettings(event: MouseEvent) {
  event.preventDefault();
  browser.runtime.openOptionsPage().then(
    () => window.close(),
    () => undefined,
  );
}

function SettingsLink() {
  return (
    <a
      href={browser.runtime.getURL('/options.html')}
      class="header-icon"
      onClick={openSettings}
      title={t('popup.settings')}
      data-testid="popup-settings"
    >
      <span class="visually-hidden">{t('popup.settings')}</span>
      <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
        <path
          fill="currentColor"
          d="M11.5 1.5h-3l-.5 2.3a6.6 6.6 0 0 0-1.6.9l-2.2-.8-1.5 2.6 1.7 1.6a6.7 6.7 0 0 0 0 1.8L2.7 11.5l1.5 2.6 2.2-.8c.5.4 1 .7 1.6.9l.5 2.3h3l.5-2.3c.6-.2 1.1-.5 1.6-.9l2.2.8 1.5-2.6-1.7-1.6a6.7 6.7 0 0 0 0-1.8l1.7-1.6-1.5-2.6-2.2.8a6.6 6.6 0 0 0-1.6-.9zM10 7a3 3 0 1 1 0 6 3 3 0 0 1 0-6z"
        />
      </svg>
    </a>
  );
}

/**
 * The purple bar: the member (avatar and name, linking to their profile), their messages, their
 * other accounts' button, settings; under it, the other accounts' counts (and the panel to manage them).
 */
export function Header({ member }: { member: SessionUser | null }) {
  const [accountsOpen, setAccountsOpen] = useState(false);
  const hasAccounts = useStorageItem(otherAccountsItem).length > 0;
  return (
    <>
      <header class="popup-header">
        {member === null ? (
          <span class="brand">{t('popup.name')}</span>
        ) : (
          <div class="member">
            <a
              href={siteLinks.user(member.username)}
              target="_blank"
              rel="noreferrer"
              class="member-link"
              title={t('popup.profileOf', [member.username])}
              data-testid="popup-member"
            >
              <Avatar src={member.avatarUrl || null} name={member.username} size={36} />
              <bdi class="member-name">{member.username}</bdi>
            </a>
            <MessageCountLine />
          </div>
        )}
        {member && (
          <button
            type="button"
            class="header-icon accounts-button"
            title={t('otherAccounts.legend')}
            aria-expanded={accountsOpen}
            data-testid="other-accounts-open"
            onClick={() => setAccountsOpen(!accountsOpen)}
          />
        )}
        <SettingsLink />
      </header>
      {member && hasAccounts && <accountsStrip.View member={member} />}
      {member && accountsOpen && <accountsPanel.View member={member} />}
    </>
  );
}
