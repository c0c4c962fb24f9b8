/**
 * `refuseInheritedMessageNames` answers first behind webextension-polyfill's wrapper, as in a Chrome
 * without the native `browser` namespace (before 148), where the polyfill wraps `chrome`: its
 * `runtime.onMessage` wrapper sends a listener's answer a microtask later, while
 * @webext-core/messaging's own listener (on `chrome` itself) answers from an async function. The
 * browsers the end-to-end tests run (tests/e2e/foundation.test.ts) have the native namespace, which
 * the polyfill passes through, so this path is checked here, with the polyfill's real code over a
 * `chrome` that dispatches as Chrome does: every listener in the order added, the first answer wins.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

type Listener = (message: unknown, sender: unknown, sendResponse: (answer: unknown) => void) => unknown;

const listeners: Listener[] = [];
const fakeChrome = {
  runtime: {
    id: 'companion-test',
    lastError: undefined,
    getURL: (path: string) => `chrome-extension://companion-test${path}`,
    onMessage: {
      addListener: (listener: Listener) => listeners.push(listener),
      removeListener: (listener: Listener) => listeners.splice(listeners.indexOf(listener), 1),
      hasListener: (listener: Listener) => listeners.includes(listener),
    },
  },
};

/**
 * What Chrome does with a message: calls each listener in turn; the first `sendResponse` call is the
 * answer; without a listener keeping the channel open (returning `true`), the answer is `undefined`.
 * `skip`: listeners left out (to see what the others answer alone).
 */
function dispatch(message: unknown, skip: Listener[] = []): Promise<unknown> {
  return new Promise((resolve) => {
    let answered = false;
    const sendResponse = (answer: unknown) => {
      if (answered) return;
      answered = true;
      resolve(answer);
    };
    const sender = { id: fakeChrome.runtime.id, url: fakeChrome.runtime.getURL('/popup.html') };
    let keptOpen = false;
    for (const listener of listeners) {
      if (!skip.includes(listener) && listener(message, sender, sendResponse) === true) keptOpen = true;
    }
    if (!keptOpen) sendResponse(undefined);
  });
}

const envelope = (type: string) => ({ id: 1, type, data: undefined, timestamp: Date.now() });
const INHERITED_NAMES = [
  'toString',
  'constructor',
  '__proto__',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
];

describe('refuseInheritedMessageNames behind webextension-polyfill (Chrome before 148)', () => {
  let guard: Listener;

  beforeAll(async () => {
    // No native `browser`: the polyfill wraps `chrome` (as it does where Chrome lacks the namespace).
    vi.stubGlobal('browser', undefined);
    vi.stubGlobal('chrome', fakeChrome);
    const polyfilled = (await import('webextension-polyfill')).default;
    expect(polyfilled).not.toBe(fakeChrome);
    // What the build does (@wxt-dev/webextension-polyfill): `wxt/browser` is the polyfill.
    vi.doMock('wxt/browser', () => ({ browser: polyfilled, default: polyfilled }));
    const { answerMessages, refuseInheritedMessageNames } = await import(
      '@/lib/composition/checked-protocol'
    );
    const { siteProfiles } = await import('../config');
    // The background's order: the guard first, then the library's listener with the handlers.
    refuseInheritedMessageNames();
    guard = listeners[0] as Listener;
    // The polyfill's wrapper: it keeps the channel open (`true`) where the guard itself returns nothing.
    expect(guard(envelope('toString'), {}, () => {})).toBe(true);
    answerMessages(siteProfiles.public, {
      ping: () => ({ ok: true, version: 'test', profile: 'public', development: true }),
    });
    expect(listeners).toHaveLength(2);
  });

  afterAll(() => {
    vi.doUnmock('wxt/browser');
    vi.unstubAllGlobals();
  });

  it('answers a message named like an Object.prototype member with the refusal, first', async () => {
    for (const type of INHERITED_NAMES) {
      expect(await dispatch(envelope(type)), type).toEqual({
        err: { name: 'Error', message: `Unknown message: ${type}` },
      });
    }
  });

  it('without the guard, the library answers such a message itself (what the guard is for)', async () => {
    expect(await dispatch(envelope('toString'), [guard])).toEqual({ res: '[object Undefined]' });
    expect(await dispatch(envelope('constructor'), [guard])).toMatchObject({ res: { type: 'constructor' } });
  });

  it("leaves the protocol's own messages to their handlers", async () => {
    expect(await dispatch(envelope('ping'))).toEqual({
      res: { ok: true, version: 'test', profile: 'public', development: true },
    });
  });
});
