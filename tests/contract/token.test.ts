/**
 * The token never leaves the background: the real background (entrypoints/background.ts) runs in
 * WXT's fake browser against the sandbox, the member signs in, the popup and a content script send
 * every message of the protocol, and then the token must appear in no answer, in no message the
 * background sent, and nowhere in storage.local or storage.sync, while it is in storage.session and
 * in the X-Token header of API requests (so the search below would find it if it leaked).
 *
 * The fake browser has no network or cookie store: `fetch` is routed from the live host names to the
 * sandbox, with a cookie jar that plays the browser's (cookies go with credentialed requests), and
 * `cookies.get`/`cookies.onChanged` read that jar.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import background from '@/entrypoints/background';
import { currentProfile } from '@/lib/config';
import { DEMO_USERNAME, type RunningSandbox } from '@/sandbox/index';
import { WAIT } from '@/tests/unit/wait';
import { CookieJar, startTestSandbox } from './harness';
import { protocolMessageNames } from './protocol-names';

let sandbox: RunningSandbox;
const jar = new CookieJar();
const profile = currentProfile();
/** Everything the background sent: messages to the popup or tabs. */
const sentByBackground: unknown[] = [];
/** Every request the background made: URL and headers. */
const requests: { url: string; headers: Record<string, string> }[] = [];
const cookieListeners: ((change: { cookie: { name: string; domain: string }; removed: boolean }) => void)[] =
  [];

/** The live origins of the profile mapped to the sandbox's. */
function toSandbox(url: string): string {
  const parsed = new URL(url);
  const map: Record<string, string> = {
    [new URL(profile.site).origin]: sandbox.urls.site,
    [new URL(profile.api).origin]: sandbox.urls.api,
    [new URL(profile.translate).origin]: sandbox.urls.translate,
    [new URL(profile.synthesis).origin]: sandbox.urls.synthesis,
  };
  const target = map[parsed.origin];
  if (target === undefined) throw new TypeError(`no route to ${parsed.origin}`);
  return target + parsed.pathname + parsed.search;
}

const realFetch = globalThis.fetch;
async function browserLikeFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = String(input);
  const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
  requests.push({ url, headers: { ...headers } });
  // A browser sends the site's cookies with credentialed requests to the site's domain.
  if (init.credentials === 'include') {
    const cookie = await jar.header();
    if (cookie !== undefined) headers.Cookie = cookie;
  }
  const response = await realFetch(toSandbox(url), { ...init, headers });
  jar.take(response);
  return response;
}

const popupSender = () => ({ id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/popup.html') });
const contentSender = () => ({
  id: fakeBrowser.runtime.id,
  url: `${profile.site}/projects/123/`,
  tab: { id: 7, url: `${profile.site}/projects/123/`, index: 0, active: true } as never,
});

/** Sends a protocol message as @webext-core/messaging does, and returns the raw answer. */
async function send(type: string, data: unknown, sender: object): Promise<unknown> {
  let answer: unknown;
  const answered = new Promise<void>((resolve) => {
    const trigger = fakeBrowser.runtime.onMessage.trigger as (...args: unknown[]) => Promise<unknown>;
    void trigger(
      { id: Math.floor(Math.random() * 1e6), type, data, timestamp: Date.now() },
      sender as never,
      (response: unknown) => {
        answer = response;
        resolve();
      },
    );
  });
  await Promise.race([answered, new Promise((resolve) => setTimeout(resolve, 5000))]);
  return answer;
}

/** An event nobody fires in this test. */
const quietEvent = () => ({ addListener: () => undefined, removeListener: () => undefined });

beforeAll(async () => {
  sandbox = await startTestSandbox();
  fakeBrowser.reset();
  vi.stubGlobal('fetch', browserLikeFetch);
  // What the fake browser leaves out: the cookie store, idle, permissions.
  Object.assign(fakeBrowser, {
    cookies: {
      get: async ({ name }: { name: string }) => {
        const value = await jar.get(name);
        return value === undefined ? null : { name, value, domain: new URL(profile.site).hostname };
      },
      onChanged: {
        addListener: (listener: (typeof cookieListeners)[number]) => cookieListeners.push(listener),
      },
    },
    idle: { onStateChanged: quietEvent(), queryState: async () => 'active' },
    permissions: { onAdded: quietEvent(), onRemoved: quietEvent(), contains: async () => false },
  });
  // The fake browser's windows API answers nothing: one focused window, as in a browser.
  fakeBrowser.windows.getLastFocused = (async () => ({ id: 1, focused: true })) as never;
  fakeBrowser.runtime.sendMessage = (async (...args: unknown[]) => {
    sentByBackground.push(args);
  }) as never;
  fakeBrowser.tabs.sendMessage = (async (...args: unknown[]) => {
    sentByBackground.push(args);
  }) as never;
  await background.main();
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await sandbox?.close();
});

describe('the token', () => {
  it('never appears in a message to the popup or a content script, nor in storage.local or sync', async () => {
    const answers: unknown[] = [];
    // Signed out first: every message from both kinds of sender.
    const names = protocolMessageNames();
    expect(names).toContain('whoami');
    const data = { count: 3, username: DEMO_USERNAME };
    for (const name of names) {
      answers.push(await send(name, data, popupSender()));
      answers.push(await send(name, data, contentSender()));
    }

    // The member signs in on the site: the cookies change, the background re-reads the session.
    const login = await realFetch(`${sandbox.urls.site}/login/?as=${DEMO_USERNAME}&next=/`, {
      redirect: 'manual',
    });
    jar.take(login);
    for (const name of ['scratchcsrftoken', 'scratchsessionsid']) {
      for (const listener of cookieListeners) {
        listener({ cookie: { name, domain: new URL(profile.site).hostname }, removed: false });
      }
    }
    await vi.waitFor(async () => {
      const whoami = (await send('whoami', undefined, popupSender())) as { res?: { username?: string } };
      expect(whoami.res?.username).toBe(DEMO_USERNAME);
    }, WAIT);

    // Signed in: every message again, from both kinds of sender.
    for (const name of names) {
      answers.push(await send(name, data, popupSender()));
      answers.push(await send(name, data, contentSender()));
    }
    // A page that is not the site gets nothing.
    const foreign = (await send('whoami', undefined, {
      id: fakeBrowser.runtime.id,
      tab: { id: 9, url: 'https://evil.example/' },
    })) as { err?: unknown };
    expect(foreign.err).toBeDefined();

    // The token exists (in storage.session) and the sandbox accepts it as demo's: the real secret.
    const stored = (await fakeBrowser.storage.session.get('companion.session'))['companion.session'] as {
      token?: string;
    };
    const token = stored?.token;
    expect(token, 'the session holds a token').toBeTypeOf('string');
    expect(sandbox.control.store.tokenUser(token)?.username).toBe(DEMO_USERNAME);
    // Headers are where it belongs; any X-Token the background sent is this one.
    expect(requests.every((r) => r.headers['X-Token'] === undefined || r.headers['X-Token'] === token)).toBe(
      true,
    );

    const leaks = {
      answers: JSON.stringify(answers),
      sentByBackground: JSON.stringify(sentByBackground),
      local: JSON.stringify(await fakeBrowser.storage.local.get(null)),
      sync: JSON.stringify(await fakeBrowser.storage.sync.get(null)),
      // Not in a URL either: URLs end up in logs.
      urls: JSON.stringify(requests.map((r) => r.url)),
    };
    for (const [where, text] of Object.entries(leaks)) {
      expect(text.includes(token as string), `token found in ${where}`).toBe(false);
    }
    expect(leaks.answers).toContain(DEMO_USERNAME);
  });
});
