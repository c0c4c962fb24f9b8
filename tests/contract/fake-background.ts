/**
 * The real background (entrypoints/background.ts) in WXT's fake browser against a real sandbox on
 * loopback: `fetch` is routed from the live host names to the sandbox, with a cookie jar that plays
 * the browser's (cookies go with credentialed requests), and `cookies.get`/`cookies.onChanged` read
 * that jar. For tests that send the protocol's messages as a popup, a content script or a stranger
 * would (tests/contract/background-fuzz.test.ts).
 */
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { currentProfile } from '@/lib/config';
import { type RunningSandbox, startSandbox } from '@/sandbox/index';
import { WAIT } from '@/tests/unit/wait';
import { callbackChrome } from './callback-chrome';
import { CookieJar } from './harness';

type CookieListener = (change: { cookie: { name: string; domain: string }; removed: boolean }) => void;

/** What a sender of a message looks like to the background (`runtime.MessageSender`). */
export type Sender = { id?: string; url?: string; tab?: { id: number; url: string; index: number } };

/** An answer as @webext-core/messaging sends it back: `res` or a serialised `err`; null when none came. */
export type Answer = { res?: unknown; err?: { message?: string } } | null;

export interface FakeBackground {
  sandbox: RunningSandbox;
  /** Sends a protocol message from `sender` and returns the raw answer (null after `timeoutMs`). */
  send(type: unknown, data: unknown, sender: Sender, timeoutMs?: number): Promise<Answer>;
  /** Delivers anything at all to the background's message listeners (a malformed envelope). */
  deliver(message: unknown, sender: Sender, timeoutMs?: number): Promise<Answer>;
  /** Signs `username` in on the site and waits until the background knows. */
  signIn(username: string): Promise<void>;
  /** Every message the background sent to the popup or tabs. */
  sentByBackground: unknown[];
  close(): Promise<void>;
}

/** An event nobody fires. */
const quietEvent = () => ({ addListener: () => undefined, removeListener: () => undefined });

export const profile = currentProfile();

export const senders = {
  /** The popup (an extension page without a tab). */
  extensionPage: (): Sender => ({
    id: fakeBrowser.runtime.id,
    url: fakeBrowser.runtime.getURL('/popup.html'),
  }),
  /** Our content script in a site page. */
  siteContentScript: (): Sender => ({
    id: fakeBrowser.runtime.id,
    url: `${profile.site}/projects/123/`,
    tab: { id: 7, url: `${profile.site}/projects/123/`, index: 0 },
  }),
};

export interface FakeBackgroundOptions {
  /**
   * Run the background behind webextension-polyfill's real code over a callback-style `chrome`
   * (./callback-chrome.ts), as in a Chrome without the native `browser` namespace (before 148),
   * instead of on the fake browser's promise-based `browser` directly (what Firefox and a newer Chrome
   * hand the polyfill, which passes it on as it is).
   */
  polyfilled?: boolean;
  /**
   * Runs on the fresh fake browser before the background's main function: what a previous browser
   * session left on disk, the cookies the browser starts with.
   */
  beforeStart?: (jar: CookieJar, sandbox: RunningSandbox) => Promise<void>;
}

export async function startFakeBackground(options: FakeBackgroundOptions = {}): Promise<FakeBackground> {
  const sandbox = await startSandbox({ port: 0, quiet: true });
  const jar = new CookieJar();
  const sentByBackground: unknown[] = [];
  const cookieListeners: CookieListener[] = [];

  const toSandbox = (url: string): string => {
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
  };
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
    if (init.credentials === 'include') {
      const cookie = await jar.header();
      if (cookie !== undefined) headers.Cookie = cookie;
    }
    const response = await realFetch(toSandbox(String(input)), { ...init, headers });
    jar.take(response);
    return response;
  });

  fakeBrowser.reset();
  Object.assign(fakeBrowser, {
    cookies: {
      get: async ({ name }: { name: string }) => {
        const value = await jar.get(name);
        return value === undefined ? null : { name, value, domain: new URL(profile.site).hostname };
      },
      onChanged: { addListener: (listener: CookieListener) => cookieListeners.push(listener) },
    },
    idle: { onStateChanged: quietEvent(), queryState: async () => 'active' },
    permissions: { onAdded: quietEvent(), onRemoved: quietEvent(), contains: async () => false },
  });
  fakeBrowser.runtime.getManifest = (() => ({
    manifest_version: 3,
    name: 'Companion',
    version: '0.0.0',
  })) as never;
  // The referer rule of writes (lib/api/write-referer.ts): the sandbox does not check it here.
  Object.assign(fakeBrowser.declarativeNetRequest, {
    getSessionRules: async () => [],
    updateSessionRules: async () => undefined,
  });
  fakeBrowser.windows.getLastFocused = (async () => ({ id: 1, focused: true })) as never;
  fakeBrowser.runtime.sendMessage = (async (...args: unknown[]) => {
    sentByBackground.push(args);
  }) as never;
  fakeBrowser.tabs.sendMessage = (async (...args: unknown[]) => {
    sentByBackground.push(args);
  }) as never;
  if (options.polyfilled) {
    // What the build does (@wxt-dev/webextension-polyfill): `wxt/browser` is the polyfill, which
    // wraps `chrome` when there is no native `browser`. @webext-core/messaging uses `chrome` itself.
    vi.stubGlobal('browser', undefined);
    vi.stubGlobal('chrome', callbackChrome(fakeBrowser));
    vi.resetModules();
    const polyfill = (await import('webextension-polyfill')).default;
    if ((polyfill as object) === (fakeBrowser as object)) throw new Error('the polyfill did not wrap chrome');
    vi.doMock('wxt/browser', () => ({ browser: polyfill, default: polyfill }));
  }
  const { default: background } = await import('@/entrypoints/background');
  await options.beforeStart?.(jar, sandbox);
  await background.main();

  const deliver = async (message: unknown, sender: Sender, timeoutMs = 5000): Promise<Answer> => {
    let answer: Answer = null;
    let answeredOnce = false;
    const answered = new Promise<void>((resolve) => {
      const trigger = fakeBrowser.runtime.onMessage.trigger as (...args: unknown[]) => Promise<unknown>;
      // A listener that throws must not take the test down with it: the browser would log and go on.
      Promise.resolve()
        .then(() =>
          trigger(message, sender, (response: unknown) => {
            // The first answer wins, as in both browsers: later ones are dropped.
            if (answeredOnce) return;
            answeredOnce = true;
            answer = (response ?? null) as Answer;
            resolve();
          }),
        )
        .catch(() => resolve());
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([answered, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
    return answer;
  };

  return {
    sandbox,
    sentByBackground,
    deliver,
    send: (type, data, sender, timeoutMs) =>
      deliver({ id: Math.floor(Math.random() * 1e9), type, data, timestamp: Date.now() }, sender, timeoutMs),
    async signIn(username) {
      const login = await realFetch(`${sandbox.urls.site}/login/?as=${username}&next=/`, {
        redirect: 'manual',
      });
      jar.take(login);
      for (const name of ['scratchcsrftoken', 'scratchsessionsid']) {
        for (const listener of cookieListeners) {
          listener({ cookie: { name, domain: new URL(profile.site).hostname }, removed: false });
        }
      }
      await vi.waitFor(async () => {
        const whoami = await deliver(
          { id: 1, type: 'whoami', data: undefined, timestamp: Date.now() },
          senders.extensionPage(),
        );
        if ((whoami?.res as { username?: string } | undefined)?.username !== username)
          throw new Error('not signed in yet');
      }, WAIT);
    },
    async close() {
      vi.unstubAllGlobals();
      vi.doUnmock('wxt/browser');
      await sandbox.close();
    },
  };
}
