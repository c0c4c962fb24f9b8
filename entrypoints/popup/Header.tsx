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

/** Its gear is drawn by the stylesheet (style.css, `.settings-link`): no picture in the popup's script. */
function SettingsLink() {
  return (
    <a
      href={browser.runtime.getURL('/options.html')}
      class="header-icon settings-link"
      onClick={openSettings}
      title={t('popup.settings')}
      data-testid="popup-settings"
    >
      <span class="visually-hidden">{t('popup.settings')}</span>
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
