/**
 * WXT's fake browser throws "not implemented" for a few events the background registers at start
 * (the quick-search command, the address-bar keyword). Tests that start the whole background
 * (tests/contract/token.test.ts) get plain in-memory events for them.
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
Object.assign(fakeBrowser.omnibox, {
  onInputChanged: fakeEvent(),
  onInputEntered: fakeEvent(),
  onInputStarted: fakeEvent(),
  onInputCancelled: fakeEvent(),
  setDefaultSuggestion: async () => undefined,
});
