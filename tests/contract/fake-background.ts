/**
 * The real background (entrypoints/background.ts) in WXT's fake browser against a real sandbox on
 * loopback: `fetch` is routed from the live host names to the sandbox, with a cookie jar that plays
 * the browser's (cookies go with credentialed requests), and `cookies.get`/`cookies.onChanged` read
 * that jar. For tests that send the protocol's messages as a popup, a content script or a stranger
 * would (tests/contract/background-fuzz.test.ts).
 */
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import background from '@/entrypoints/background';
import { currentProfile } from '@/lib/config';
import { type RunningSandbox, startSandbox } from '@/sandbox/index';
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

export async function startFakeBackground(): Promise<FakeBackground> {
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
  await background.main();

  const deliver = async (message: unknown, sender: Sender, timeoutMs = 5000): Promise<Answer> => {
    let answer: Answer = null;
    const answered = new Promise<void>((resolve) => {
      const trigger = fakeBrowser.runtime.onMessage.trigger as (...args: unknown[]) => Promise<unknown>;
      // A listener that throws must not take the test down with it: the browser would log and go on.
      Promise.resolve()
        .then(() =>
          trigger(message, sender, (response: unknown) => {
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
      await vi.waitFor(
        async () => {
          const whoami = await deliver(
            { id: 1, type: 'whoami', data: undefined, timestamp: Date.now() },
            senders.extensionPage(),
          );
          if ((whoami?.res as { username?: string } | undefined)?.username !== username)
            throw new Error('not signed in yet');
        },
        { timeout: 8000, interval: 100 },
      );
    },
    async close() {
      vi.unstubAllGlobals();
      await sandbox.close();
    },
  };
}
