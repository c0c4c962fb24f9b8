import { useEffect, useId, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { otherAccountCountsItem, otherAccountsItem } from '@/lib/message-count/message-count-storage';
import {
  type AccountAlert,
  type AddAccountOutcome,
  accountsOf,
  countOf,
  MAX_OTHER_ACCOUNTS,
  type OtherAccount,
  type OtherAccountCount,
  sameName,
  USERNAME_PATTERN,
} from '@/lib/message-count/other-accounts-model';
import { sendMessage } from '@/lib/protocol/messaging';
import type { SessionUser } from '@/lib/session/session-model';
import { useStoredSetting } from './stored-setting';
import './OtherAccountsPanel.css';

/** The stored counts as an array (read only by the background's code that writes them). */
const countsOf = (stored: unknown): OtherAccountCount[] =>
  Array.isArray(stored) ? (stored as OtherAccountCount[]) : [];

/** The sentence for an add that did not add. */
function refusal(outcome: Exclude<AddAccountOutcome, 'added'>, username: string): string {
  switch (outcome) {
    case 'not-found':
      return t('otherAccounts.notFound', [username]);
    case 'known':
      return t('otherAccounts.known', [username]);
    case 'full':
      return t('otherAccounts.full', [MAX_OTHER_ACCOUNTS]);
    case 'signed-out':
      return t('otherAccounts.signedOut');
    default:
      return t('otherAccounts.failed', [username]);
  }
}

const ALERT_LABELS = {
  none: 'otherAccounts.alertNone',
  dot: 'otherAccounts.alertDot',
  notify: 'otherAccounts.alertNotify',
} as const;

function AccountRow(props: { account: OtherAccount; count: OtherAccountCount | undefined; you: boolean }) {
  const { username, alert } = props.account;
  const count = props.count?.count ?? null;
  return (
    <li class="account-row" data-testid="account-row" data-username={username}>
      <bdi class="account-name">{username}</bdi>
      <span class="account-count">
        {props.you
          ? t('otherAccounts.you')
          : props.count?.error === 'not-found'
            ? t('otherAccounts.gone', [username])
            : count === null
              ? ''
              : String(count)}
      </span>
      <select
        data-testid="account-alert"
        aria-label={t('otherAccounts.alertLabel', [username])}
        value={alert}
        onChange={(event) => {
          const chosen = event.currentTarget.value as AccountAlert;
          sendMessage('setOtherAccountAlert', { username, alert: chosen }).catch(() => undefined);
        }}
      >
        {(Object.keys(ALERT_LABELS) as AccountAlert[]).map((choice) => (
          <option key={choice} value={choice}>
            {t(ALERT_LABELS[choice])}
          </option>
        ))}
      </select>
      <button
        type="button"
        class="account-remove"
        data-testid="remove-account"
        aria-label={t('otherAccounts.remove', [username])}
        title={t('otherAccounts.remove', [username])}
        onClick={() => sendMessage('removeOtherAccount', { username }).catch(() => undefined)}
      >
        ×
      </button>
    </li>
  );
}

/**
 * The member's other accounts to manage: add one by its username (checked with one read: a name
 * that does not exist gets a sentence and is not added), each account's alert, remove with one
 * click. In the popup (opened from the header, loaded then) and in the settings.
 */
export function OtherAccountsPanel({ member }: { member: SessionUser | null }) {
  // Null until read: no "none yet" before the list is known.
  const accounts = useStoredSetting(otherAccountsItem, accountsOf);
  const countList = useStoredSetting(otherAccountCountsItem, countsOf) ?? [];
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const list = accounts ?? [];

  // Opening the list reads the counts that are due (at most every 10 minutes each).
  useEffect(() => {
    sendMessage('refreshOtherAccounts', undefined).catch(() => undefined);
  }, []);

  const add = async (event: Event) => {
    event.preventDefault();
    const username = name.trim();
    if (!USERNAME_PATTERN.test(username)) {
      setProblem(t('otherAccounts.invalid'));
      return;
    }
    setBusy(true);
    setProblem(null);
    const outcome = await sendMessage('addOtherAccount', { username }).catch(() => 'failed' as const);
    setBusy(false);
    if (outcome === 'added') setName('');
    else setProblem(refusal(outcome, username));
  };

  return (
    <div class="other-accounts-panel" data-testid="other-accounts-panel">
      <form class="account-add" onSubmit={add}>
        <label for={id}>{t('otherAccounts.addLabel')}</label>
        <input
          id={id}
          data-testid="add-account"
          value={name}
          maxLength={40}
          autocomplete="off"
          spellcheck={false}
          aria-invalid={problem !== null}
          onInput={(event) => setName(event.currentTarget.value)}
        />
        <button type="submit" data-testid="add-account-button" disabled={busy}>
          {t('otherAccounts.add')}
        </button>
      </form>
      {problem && (
        <p class="account-problem" role="alert" data-testid="add-account-problem">
          {problem}
        </p>
      )}
      {accounts === null ? null : list.length === 0 ? (
        <p class="account-none">{t('otherAccounts.none')}</p>
      ) : (
        <ul class="account-rows">
          {list.map((account) => (
            <AccountRow
              key={account.username}
              account={account}
              count={countOf(countList, account.username)}
              you={sameName(account.username, member?.username)}
            />
          ))}
        </ul>
      )}
      <p class="account-help">{t('otherAccounts.notifyHelp')}</p>
    </div>
  );
}
