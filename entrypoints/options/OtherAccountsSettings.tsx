import { OtherAccountsPanel } from '@/components/OtherAccountsPanel';
import { useStoredSetting } from '@/components/stored-setting';
import { t } from '@/lib/i18n';
import type { SessionUser } from '@/lib/session/session-model';
import { memberItem } from '@/lib/session/session-storage';

const memberOf = (stored: unknown) => (stored ?? null) as SessionUser | null;

/** The member's other accounts: add, alerts, remove (the same panel as the popup's). */
export function OtherAccountsFieldset() {
  const member = useStoredSetting(memberItem, memberOf);
  return (
    <fieldset data-testid="settings-other-accounts">
      <legend>{t('otherAccounts.legend')}</legend>
      <p class="group-help">{t('otherAccounts.help')}</p>
      <OtherAccountsPanel member={member} />
    </fieldset>
  );
}
