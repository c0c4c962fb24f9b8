/**
 * The check of the stored member against the session cookie at a browser start: kept under the
 * same cookie, hidden under none, another's or an unreadable one, never done twice in a browser
 * session; and the services hear nothing of the session before it is done.
 */
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/session/session-model';
import { deferred } from '@/tests/unit/deferred';
import { afterCheck, checkPreviousMember, hideOnCookieChange } from './previous-member';
import type { SessionListener } from './session';

const demo: SessionUser = { id: 1, username: 'demo', avatarUrl: '' };

function ports(options: {
  member: SessionUser | null;
  mark: string | null;
  cookie: string | null;
  checked?: boolean;
}) {
  const state = { ...options, checked: options.checked ?? false, hidden: 0, order: [] as string[] };
  return {
    state,
    cookieMark: async () => state.cookie,
    member: {
      get: async () => state.member,
      set: async (value: null) => {
        state.order.push('member');
        state.member = value;
      },
    },
    mark: {
      get: async () => state.mark,
      set: async (value: null) => {
        state.order.push('mark');
        state.mark = value;
      },
    },
    checked: {
      get: async () => state.checked,
      set: async (value: true) => {
        state.order.push('checked');
        state.checked = value;
      },
    },
    hideElsewhere: async () => {
      state.order.push('elsewhere');
      state.hidden++;
    },
  };
}

describe('checkPreviousMember', () => {
  it('keeps the member under the cookie it was read under', async () => {
    const p = ports({ member: demo, mark: 'm1', cookie: 'm1' });
    expect(await checkPreviousMember(p)).toBe('kept');
    expect(p.state).toMatchObject({ member: demo, mark: 'm1', checked: true, hidden: 0 });
  });

  it('hides the member everywhere when the cookie is gone, another’s, or cannot be read', async () => {
    for (const cookie of ['', 'm2', null]) {
      const p = ports({ member: demo, mark: 'm1', cookie });
      expect(await checkPreviousMember(p)).toBe('hidden');
      expect(p.state).toMatchObject({ member: null, mark: null, checked: true, hidden: 1 });
      // The popup is told it may show the member item only once it is hidden.
      expect(p.state.order.at(-1)).toBe('checked');
    }
  });

  it('hides a member stored without a mark (an older version, or a write cut short)', async () => {
    const p = ports({ member: demo, mark: null, cookie: 'm1' });
    expect(await checkPreviousMember(p)).toBe('hidden');
  });

  it('does nothing twice in a browser session, nor without a member', async () => {
    const again = ports({ member: demo, mark: 'm1', cookie: '', checked: true });
    expect(await checkPreviousMember(again)).toBe('checked-before');
    expect(again.state.member).toEqual(demo);
    const nobody = ports({ member: null, mark: null, cookie: '' });
    expect(await checkPreviousMember(nobody)).toBe('nobody');
    expect(nobody.state).toMatchObject({ checked: true, hidden: 0 });
  });
});

describe('afterCheck', () => {
  it('tells the services nothing of the session before the check is done, then everything in order', async () => {
    const listeners: SessionListener[] = [];
    const session = {
      whoami: async () => demo,
      member: async () => ({ user: demo, cookieMark: 'm1' }),
      onChange: (listener: SessionListener) => listeners.push(listener),
    };
    const checked = deferred<void>();
    const gated = afterCheck(session, checked.promise);
    const heard: (string | null)[] = [];
    gated.onChange((user) => heard.push(user?.username ?? null));
    let answered = false;
    const who = gated.whoami().then((user) => {
      answered = true;
      return user;
    });
    for (const listener of listeners) listener(demo, null);
    for (const listener of listeners) listener(null, demo);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answered).toBe(false);
    expect(heard).toEqual([]);
    checked.resolve();
    expect(await who).toEqual(demo);
    expect(heard).toEqual(['demo', null]);
  });
});

describe('hideOnCookieChange', () => {
  it('hides the member everywhere at once when the session cookie is gone, another’s or unreadable', async () => {
    for (const cookie of ['', 'm2', null]) {
      const p = ports({ member: demo, mark: 'm1', cookie });
      expect(await hideOnCookieChange(p)).toBe(true);
      expect(p.state).toMatchObject({ member: null, mark: null, hidden: 1 });
      // The mark first: stopped half-way, no member is left with another's cookie's mark.
      expect(p.state.order).toEqual(['mark', 'member', 'elsewhere']);
    }
  });

  it('keeps the member when the session cookie is still theirs (another cookie of the site changed)', async () => {
    const p = ports({ member: demo, mark: 'm1', cookie: 'm1' });
    expect(await hideOnCookieChange(p)).toBe(false);
    expect(p.state).toMatchObject({ member: demo, mark: 'm1', hidden: 0 });
  });
});
