/**
 * The session with WXT's fake browser (storage) and a scripted site: reads, the cookie watch,
 * change events, refresh after a refused token, a service-worker restart, and where the token may
 * and may not be.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { sessionItem } from '@/lib/session/session-storage';
import { WAIT } from '@/tests/unit/wait';
import { HttpClient } from '../api/http';
import { CSRF_COOKIE, cookieDomainMatches, SESSION_COOKIE, Session, type SiteCookies } from './session';

const site = 'http://127.0.0.1:8610';

/** A scripted site: `/session/` answers whoever `signedInAs` names, with `token`. */
function fakeSite() {
  const state = {
    signedInAs: null as null | { id: number; username: string },
    token: 'tok-1',
    reads: 0,
    /** Sign `demo` in from this read on: a session that lags behind the login cookie. */
    signInAtRead: Number.POSITIVE_INFINITY,
    /** While set, answers are held until it resolves (decided when the request arrives, as a server does). */
    gate: undefined as Promise<void> | undefined,
    /** While true, the site answers 503. */
    down: false,
  };
  const headersSeen: Record<string, string>[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    expect(String(input)).toBe(`${site}/session/`);
    headersSeen.push({ ...(init?.headers as Record<string, string>) });
    state.reads++;
    if (state.reads >= state.signInAtRead) state.signedInAs = demo;
    const body = state.signedInAs
      ? {
          user: {
            ...state.signedInAs,
            token: state.token,
            thumbnailUrl: `//127.0.0.1:8615/get_image/user/${state.signedInAs.id}_32x32.png`,
          },
          permissions: { scratcher: true },
          flags: {},
        }
      : {};
    if (state.gate !== undefined) await state.gate;
    if (state.down) return new Response('Service Unavailable', { status: 503 });
    return new Response(JSON.stringify(body), { status: 200 });
  }) as typeof globalThis.fetch;
  return { state, fetch, headersSeen };
}

function cookieJar(values: Record<string, string> = {}): SiteCookies & { values: Record<string, string> } {
  return { values, get: async (name) => values[name] };
}

/** A browser that holds a session cookie (without one the session is signed out with no read). */
function newSession(
  site_: ReturnType<typeof fakeSite>,
  cookies: SiteCookies = cookieJar({ [SESSION_COOKIE]: 'sid-0' }),
  options = {},
) {
  return new Session({
    site,
    // No retries: a failed read fails at once (the HTTP client's retries have their own tests).
    http: new HttpClient({ fetch: site_.fetch, limiter: null, retries: 0 }),
    cookies,
    store: sessionItem,
    cookieDebounceMs: 20,
    loginRetryDelayMs: 10,
    ...options,
  });
}

const demo = { id: 42, username: 'demo' };
const carol = { id: 43, username: 'carol' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => {
  fakeBrowser.reset();
});

describe('Session', () => {
  it('reads the session with X-Requested-With and answers whoami without the token', async () => {
    const s = fakeSite();
    s.state.signedInAs = demo;
    const session = newSession(s);
    const me = await session.whoami();
    expect(me).toEqual({
      id: 42,
      username: 'demo',
      avatarUrl: 'http://127.0.0.1:8615/get_image/user/42_32x32.png',
    });
    expect(JSON.stringify(me)).not.toContain('tok-1');
    expect(s.headersSeen[0]?.['X-Requested-With']).toBe('XMLHttpRequest');
    expect(await session.token()).toBe('tok-1');
  });

  it('treats signed out as a normal state', async () => {
    const s = fakeSite();
    const session = newSession(s);
    expect(await session.whoami()).toBeNull();
    expect(await session.token()).toBeNull();
  });

  it('keeps the token in storage.session only, never in storage.local or storage.sync', async () => {
    const s = fakeSite();
    s.state.signedInAs = demo;
    await newSession(s).whoami();
    const sessionArea = JSON.stringify(await fakeBrowser.storage.session.get(null));
    expect(sessionArea).toContain('tok-1');
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('tok-1');
    expect(JSON.stringify(await fakeBrowser.storage.sync.get(null))).not.toContain('tok-1');
  });

  it('survives a service-worker restart from storage.session, without a new read', async () => {
    const s = fakeSite();
    s.state.signedInAs = demo;
    const cookies = cookieJar({ [SESSION_COOKIE]: 'demo-sid' });
    await newSession(s, cookies).whoami();
    expect(s.state.reads).toBe(1);
    const restarted = newSession(s, cookies);
    expect((await restarted.whoami())?.username).toBe('demo');
    expect(await restarted.token()).toBe('tok-1');
    expect(s.state.reads).toBe(1);
    // What is kept of the cookie is a digest, not the cookie.
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).not.toContain('demo-sid');
  });

  it('without a session cookie is signed out with no read: at a browser start, and after a sign-out it missed', async () => {
    const s = fakeSite();
    // The site still has demo's session; the browser dropped the cookie (cleared on exit).
    s.state.signedInAs = demo;
    const cookies = cookieJar();
    const started = newSession(s, cookies);
    expect(await started.whoami()).toBeNull();
    expect(await started.token()).toBeNull();
    expect(s.state.reads).toBe(0);

    // Signed in, then the cookie went while the worker was stopped.
    cookies.values[SESSION_COOKIE] = 'demo-sid';
    await started.refresh();
    expect(s.state.reads).toBe(1);
    delete cookies.values[SESSION_COOKIE];
    const restarted = newSession(s, cookies);
    const changes: (string | null)[] = [];
    restarted.onChange((user) => changes.push(user?.username ?? null));
    expect(await restarted.whoami()).toBeNull();
    expect(s.state.reads).toBe(1);
    expect(changes).toEqual([null]);
  });

  it('a restarted worker re-reads a session stored under another session cookie (a change it missed)', async () => {
    const s = fakeSite();
    s.state.signedInAs = demo;
    const cookies = cookieJar({ [SESSION_COOKIE]: 'demo-sid' });
    await newSession(s, cookies).whoami();
    // The worker stopped before its debounced re-read: carol signed in, nobody read the session.
    cookies.values[SESSION_COOKIE] = 'carol-sid';
    s.state.signedInAs = carol;
    s.state.token = 'tok-2';
    const restarted = newSession(s, cookies);
    expect((await restarted.whoami())?.username).toBe('carol');
    expect(await restarted.token()).toBe('tok-2');
    expect(s.state.reads).toBe(2);
    // Checked once: later uses neither compare again nor read.
    await restarted.whoami();
    expect(s.state.reads).toBe(2);
  });

  it('a re-read that failed after a switch of account is made at the next use, never using the previous member meanwhile', async () => {
    const s = fakeSite();
    s.state.signedInAs = demo;
    const cookies = cookieJar({ [SESSION_COOKIE]: 'demo-sid' });
    const session = newSession(s, cookies);
    expect((await session.whoami())?.username).toBe('demo');
    const changes: (string | null)[] = [];
    session.onChange((user) => changes.push(user?.username ?? null));

    // carol signs in on the site while it is down: the re-read after the cookie change fails.
    s.state.down = true;
    cookies.values[SESSION_COOKIE] = 'carol-sid';
    s.state.signedInAs = carol;
    s.state.token = 'tok-2';
    session.handleCookieChange({ cookie: { name: SESSION_COOKIE, domain: '127.0.0.1' } });
    await vi.waitFor(() => expect(s.state.reads).toBe(2), WAIT);
    await sleep(10);
    // While the site stays down, demo's token is not used under carol's cookie: the use fails.
    await expect(session.token()).rejects.toThrow();
    expect(changes).toEqual([]);

    s.state.down = false;
    expect((await session.whoami())?.username).toBe('carol');
    expect(await session.token()).toBe('tok-2');
    expect(changes).toEqual(['carol']);
  });

  it('works as before where the cookies API refuses: reads once, and a restarted worker trusts its store', async () => {
    const s = fakeSite();
    s.state.signedInAs = demo;
    const refusing: SiteCookies = {
      get: async () => {
        throw new Error('First-Party Isolation is enabled');
      },
    };
    expect((await newSession(s, refusing).whoami())?.username).toBe('demo');
    const restarted = newSession(s, refusing);
    expect((await restarted.whoami())?.username).toBe('demo');
    expect(await restarted.token()).toBe('tok-1');
    expect(s.state.reads).toBe(1);
  });

  it('re-reads once after a burst of session and CSRF cookie changes, and tells listeners', async () => {
    const s = fakeSite();
    const cookies = cookieJar();
    const session = newSession(s, cookies);
    expect(await session.whoami()).toBeNull();
    const changes: (string | null)[] = [];
    session.onChange((user) => changes.push(user?.username ?? null));

    s.state.signedInAs = demo;
    cookies.values[SESSION_COOKIE] = 'sid';
    for (let i = 0; i < 6; i++) {
      session.handleCookieChange({
        cookie: { name: i % 2 ? SESSION_COOKIE : CSRF_COOKIE, domain: '127.0.0.1' },
      });
    }
    await vi.waitFor(() => expect(changes).toEqual(['demo']), WAIT);
    // Signed out before, with no session cookie: known without a read. Then one read for the burst.
    expect(s.state.reads).toBe(1);

    s.state.signedInAs = null;
    delete cookies.values[SESSION_COOKIE];
    session.handleCookieChange({ cookie: { name: SESSION_COOKIE, domain: '127.0.0.1' } });
    await vi.waitFor(() => expect(changes).toEqual(['demo', null]), WAIT);
    expect(await session.token()).toBeNull();
  });

  it('a sign-out is known at once, before the burst settles: the old token never goes out, and no read is needed', async () => {
    const s = fakeSite();
    s.state.signedInAs = demo;
    const cookies = cookieJar({ [SESSION_COOKIE]: 'sid' });
    const session = newSession(s, cookies);
    expect(await session.token()).toBe('tok-1');
    const before = s.state.reads;
    const changes: (string | null)[] = [];
    session.onChange((user) => changes.push(user?.username ?? null));

    s.state.signedInAs = null;
    delete cookies.values[SESSION_COOKIE];
    session.handleCookieChange({ cookie: { name: SESSION_COOKIE, domain: '127.0.0.1' } });
    // Within the quiet time: no token, and the listeners know.
    expect(await session.token()).toBeNull();
    expect(changes).toEqual([null]);
    await sleep(60);
    expect(changes).toEqual([null]);
    expect(s.state.reads).toBe(before);
  });

  it("a switch is known at once, before the burst settles: the previous member is not answered for the next one's cookie", async () => {
    const s = fakeSite();
    s.state.signedInAs = demo;
    const cookies = cookieJar({ [SESSION_COOKIE]: 'sid-demo' });
    const session = newSession(s, cookies);
    expect((await session.whoami())?.username).toBe('demo');

    s.state.signedInAs = { ...demo, id: 2, username: 'carol' };
    cookies.values[SESSION_COOKIE] = 'sid-carol';
    session.handleCookieChange({ cookie: { name: SESSION_COOKIE, domain: '127.0.0.1' } });
    // Within the quiet time: carol, read at once.
    expect((await session.whoami())?.username).toBe('carol');
  });

  it('a burst of 100 session-cookie events, spread over time, makes at most 2 session reads', async () => {
    const s = fakeSite();
    s.state.signedInAs = demo;
    const cookies = cookieJar({ [SESSION_COOKIE]: 'sid' });
    // A quiet time well above the events' spacing: on a loaded machine a 5 ms pause can take tens
    // of milliseconds, and the burst must stay one burst.
    const quietMs = 250;
    const session = newSession(s, cookies, { cookieDebounceMs: quietMs });
    expect((await session.whoami())?.username).toBe('demo');
    const before = s.state.reads;
    // The site refreshes its cookies: 100 events, a few milliseconds apart (under the quiet time).
    for (let event = 0; event < 100; event++) {
      session.handleCookieChange({
        cookie: { name: event % 10 === 0 ? CSRF_COOKIE : SESSION_COOKIE, domain: '.127.0.0.1' },
      });
      if (event % 20 === 0) await sleep(5);
    }
    // The burst's read comes once it is over; then none more: two quiet times later, still at most 2.
    await vi.waitFor(() => expect(s.state.reads - before).toBeGreaterThanOrEqual(1), WAIT);
    expect(await session.token()).toBe('tok-1');
    await sleep(2 * quietMs);
    expect(s.state.reads - before).toBeLessThanOrEqual(2);
  });

  it('a sign-out during a slow read is not hidden by that read: a fresh read follows it', async () => {
    const s = fakeSite();
    s.state.signedInAs = demo;
    const cookies = cookieJar({ [SESSION_COOKIE]: 'sid' });
    const session = newSession(s, cookies);
    expect((await session.whoami())?.username).toBe('demo');
    const changes: (string | null)[] = [];
    session.onChange((user) => changes.push(user?.username ?? null));

    // A read starts while still signed in, and its answer is slow to come back.
    let answer!: () => void;
    s.state.gate = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const slowRead = session.refresh();
    await vi.waitFor(() => expect(s.state.reads).toBe(2), WAIT);
    // Meanwhile the member signs out; the debounced re-read comes while the slow read is in flight.
    s.state.signedInAs = null;
    delete cookies.values[SESSION_COOKIE];
    session.handleCookieChange({ cookie: { name: SESSION_COOKIE, domain: '127.0.0.1' } });
    await sleep(60);
    s.state.gate = undefined;
    answer();
    // Its answer predates the sign-out and the cookie is gone: not believed.
    expect((await slowRead).state).toBe('signed-out');

    await vi.waitFor(() => expect(s.state.reads).toBe(3), WAIT);
    await vi.waitFor(() => expect(changes).toEqual([null]), WAIT);
    expect(await session.whoami()).toBeNull();
    expect(await session.token()).toBeNull();
    expect(await sessionItem.getValue()).toMatchObject({ state: 'signed-out' });
  });

  it('ignores other cookies and other sites', async () => {
    const s = fakeSite();
    const session = newSession(s);
    await session.whoami();
    session.handleCookieChange({ cookie: { name: 'unrelated', domain: '127.0.0.1' } });
    session.handleCookieChange({ cookie: { name: SESSION_COOKIE, domain: 'example.com' } });
    await sleep(60);
    expect(s.state.reads).toBe(1);
  });

  it('does not tell listeners when a re-read finds the same member', async () => {
    const s = fakeSite();
    s.state.signedInAs = demo;
    const session = newSession(s);
    await session.whoami();
    const listener = vi.fn();
    session.onChange(listener);
    s.state.token = 'tok-2';
    await session.refresh();
    expect(listener).not.toHaveBeenCalled();
    expect(await session.token()).toBe('tok-2');
  });

  it('retries with a doubling delay when the session lags behind a login cookie', async () => {
    const s = fakeSite();
    const cookies = cookieJar({ [SESSION_COOKIE]: 'sid' });
    const session = newSession(s, cookies);
    const changes: (string | null)[] = [];
    session.onChange((user) => changes.push(user?.username ?? null));
    s.state.signInAtRead = 3;
    session.handleCookieChange({ cookie: { name: SESSION_COOKIE, domain: '127.0.0.1' } });
    await vi.waitFor(() => expect(changes).toEqual(['demo']), WAIT);
    expect(s.state.reads).toBe(3);
  });

  it('refreshes once for many concurrent refused tokens, and not again right after', async () => {
    const s = fakeSite();
    s.state.signedInAs = demo;
    const session = newSession(s);
    await session.token();
    s.state.token = 'tok-2';
    const fresh = await Promise.all(
      Array.from({ length: 5 }, () => session.refreshAfterUnauthorized('tok-1')),
    );
    expect(fresh).toEqual(Array(5).fill('tok-2'));
    expect(s.state.reads).toBe(2);
    // The new token is refused too: within the interval the answer stands, no storm of reads.
    expect(await session.refreshAfterUnauthorized('tok-2')).toBe('tok-2');
    expect(s.state.reads).toBe(2);
  });

  it('a refused token of a member who signed out meanwhile gives null', async () => {
    const s = fakeSite();
    s.state.signedInAs = demo;
    const session = newSession(s);
    await session.token();
    s.state.signedInAs = null;
    expect(await session.refreshAfterUnauthorized('tok-1')).toBeNull();
    expect(await sessionItem.getValue()).toMatchObject({ state: 'signed-out' });
  });

  it('matches cookie domains with and without a leading dot', () => {
    expect(cookieDomainMatches('.scratch.mit.edu', 'scratch.mit.edu')).toBe(true);
    expect(cookieDomainMatches('.scratch.mit.edu', 'api.scratch.mit.edu')).toBe(true);
    expect(cookieDomainMatches('scratch.mit.edu', 'notscratch.mit.edu')).toBe(false);
    expect(cookieDomainMatches('127.0.0.1', '127.0.0.1')).toBe(true);
  });
});
