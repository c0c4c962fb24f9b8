/**
 * WXT's fake browser throws "not implemented" for a few events the background registers at start
 * (the quick-search command, the address-bar keyword, the idle state's changes) and for
 * `management.getSelf()`. Tests that
 * start the whole background (tests/contract/token.test.ts) get plain in-memory events for them,
 * and an install type (`normal`, a store install, unless the test file says otherwise).
 */
import { fakeBrowser } from 'wxt/testing/fake-browser';

function fakeEvent<T extends (...args: never[]) => unknown>() {
  const listeners = new Set<T>();
  return {
    addListener: (listener: T) => void listeners.add(listener),
    removeListener: (listener: T) => void listeners.delete(listener),
    hasListener: (listener: T) => listeners.has(listener),
    hasListeners: () => listeners.size > 0,
  };
}

Object.assign(fakeBrowser.commands, { onCommand: fakeEvent() });
// The message count follows the idle state's changes where the `idle` permission is granted.
Object.assign(fakeBrowser.idle, { onStateChanged: fakeEvent() });
// The toolbar popup's address (lib/session/popup-url.ts), global only, kept in memory.
let popupAddress = 'popup.html';
Object.assign(fakeBrowser.action, {
  setPopup: async ({ popup }: { popup: string }) => {
    popupAddress = popup;
  },
  getPopup: async () => popupAddress,
});
Object.assign(fakeBrowser.omnibox, {
  onInputChanged: fakeEvent(),
  onInputEntered: fakeEvent(),
  onInputStarted: fakeEvent(),
  onInputCancelled: fakeEvent(),
  setDefaultSuggestion: async () => undefined,
});

/**
 * `management.getSelf()` (WXT's fake has none), which lib/dev-tuning.ts asks once per background:
 * the fake answers as a store install (`normal`) unless a test file says otherwise, before the
 * background first asks (the answer is kept for the background's life, as in a browser).
 */
export function fakeInstallType(
  installType: 'normal' | 'development' | 'sideload' | 'admin' | 'other',
): void {
  Object.assign(fakeBrowser.management, {
    getSelf: async () => ({ id: fakeBrowser.runtime.id, name: 'Companion', enabled: true, installType }),
  });
}
fakeInstallType('normal');
