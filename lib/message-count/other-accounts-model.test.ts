import { describe, expect, it } from 'vitest';
import { accountsOf, dotAccounts, MAX_OTHER_ACCOUNTS, othersThan } from './other-accounts-model';

describe('the other accounts as stored', () => {
  it('keeps well-formed entries only, each name once (case-insensitive), at most the cap', () => {
    expect(
      accountsOf([
        { username: 'alice', alert: 'dot' },
        { username: 'ALICE', alert: 'notify' },
        { username: 'no spaces', alert: 'none' },
        { username: '__proto__', alert: 'siren' },
        null,
        'bob',
        { username: 42 },
      ]),
    ).toEqual([
      { username: 'alice', alert: 'dot' },
      { username: '__proto__', alert: 'none' },
    ]);
    expect(accountsOf({ alice: 'dot' })).toEqual([]);
    expect(accountsOf(undefined)).toEqual([]);
    const many = Array.from({ length: 9 }, (_, i) => ({ username: `user${i}`, alert: 'none' }));
    expect(accountsOf(many)).toHaveLength(MAX_OTHER_ACCOUNTS);
  });

  it('shows every account but the one signed in', () => {
    const accounts = accountsOf([
      { username: 'alice', alert: 'none' },
      { username: 'Demo', alert: 'none' },
    ]);
    expect(othersThan(accounts, 'demo').map((a) => a.username)).toEqual(['alice']);
    expect(othersThan(accounts, null)).toHaveLength(2);
  });

  it('puts a dot on the badge for accounts whose alert is a dot and that have messages, while signed in', () => {
    const accounts = accountsOf([
      { username: 'alice', alert: 'dot' },
      { username: 'bob', alert: 'dot' },
      { username: 'carol', alert: 'notify' },
      { username: 'demo', alert: 'dot' },
    ]);
    const counts = [
      { username: 'alice', count: 3, readAt: 1 },
      { username: 'bob', count: 0, readAt: 1 },
      { username: 'carol', count: 5, readAt: 1 },
      { username: 'demo', count: 4, readAt: 1 },
    ];
    expect(dotAccounts(accounts, counts, 'demo')).toEqual(['alice']);
    expect(dotAccounts(accounts, counts, null)).toEqual([]);
  });
});
