import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/session/session-model';
import { fakeMemberSession } from '@/tests/unit/fake-member-session';
import { keepMemberItem } from './member-item';

const demo: SessionUser = { id: 1, username: 'demo', avatarUrl: 'https://x/1.png' };
const bob: SessionUser = { id: 2, username: 'bob', avatarUrl: 'https://x/2.png' };

const fakeSession = (initial: SessionUser | null) => fakeMemberSession(initial);

function memoryStore() {
  const store = {
    values: [] as (SessionUser | null)[],
    marks: [] as (string | null)[],
    member: {
      get: async () => store.values.at(-1) ?? null,
      set: async (value: SessionUser | null) => {
        store.values.push(value);
      },
    },
    mark: {
      get: async () => store.marks.at(-1) ?? null,
      set: async (value: string | null) => {
        store.marks.push(value);
      },
    },
  };
  return store;
}

describe('keepMemberItem', () => {
  it('writes the member at start and on every sign-in, sign-out and switch', async () => {
    const session = fakeSession(demo);
    const store = memoryStore();
    await keepMemberItem(session, store);
    expect(store.values).toEqual([demo]);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    session.change(null);
    await settle();
    session.change(bob);
    await settle();
    expect(store.values).toEqual([demo, null, bob]);
    // Each member with the digest of the cookie it was read under; none beside a signed-out member.
    expect(store.marks).toEqual([null, 'mark-of-demo', null, null, 'mark-of-bob']);
  });

  it('never lets a slow start write land after a newer session', async () => {
    const session = fakeSession(demo);
    const store = memoryStore();
    let open!: () => void;
    session.gate = new Promise((resolve) => {
      open = resolve;
    });
    const started = keepMemberItem(session, store);
    session.change(null);
    open();
    await started;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await store.member.get()).toBeNull();
    expect(store.values).not.toContain(demo);
  });

  it('writes no member read under a cookie that has changed since: the read of the switch writes the next one', async () => {
    const session = fakeSession(demo);
    const store = { ...memoryStore(), cookie: 'mark-of-demo' as string | null };
    const withCookie = { ...store, cookieNow: async () => store.cookie };
    await keepMemberItem(session, withCookie);
    expect(store.values).toEqual([demo]);
    // bob's cookie is set, the member hidden (previous-member.ts), and something of the session
    // changes before bob's read: the session still knows demo, who must not come back.
    store.cookie = 'mark-of-bob';
    await withCookie.member.set(null);
    session.change(demo);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await withCookie.member.get()).toBeNull();
    session.change(bob);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await withCookie.member.get()).toEqual(bob);
    // A cookie the browser will not show leaves nothing to compare: the session's member is written.
    store.cookie = null;
    session.change(demo);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await withCookie.member.get()).toEqual(demo);
  });
});
