// @vitest-environment happy-dom
/**
 * The popup's first frame right after a browser start, opened before the background compared the
 * session cookie with the one the stored member was read under: nothing of that member shows, and
 * the signed-out screen (a chunk of its own, loaded before that frame) shows in it.
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { memberCheckedItem, memberItem } from '@/lib/session/session-storage';
import { WAIT } from '@/tests/unit/wait';
import { App, frameStorage } from './App';
import { preloadOpeningView } from './opening-view';
import { primeStorageItems } from './storage-hooks';

afterEach(() => {
  fakeBrowser.reset();
});

it('shows signed out, not the stored member, until the background checked the member', async () => {
  // The background is still starting: nothing it is asked is answered yet.
  fakeBrowser.runtime.sendMessage = (() => new Promise(() => undefined)) as never;
  await memberItem.setValue({ id: 1, username: 'demo', avatarUrl: '' });
  // As main.tsx does: the cache read and the chunk of the view the popup opens on loaded, then one render.
  await Promise.all([primeStorageItems(frameStorage), preloadOpeningView()]);
  const root = document.createElement('div');
  act(() => {
    render(<App />, root);
  });
  expect(root.querySelector('[data-testid="signed-out"]')).not.toBeNull();
  expect(root.querySelector('[data-testid="popup-member"]')).toBeNull();
  expect(root.textContent).not.toContain('demo');

  // Checked: the member kept (same cookie) shows.
  await act(async () => {
    await memberCheckedItem.setValue(true);
  });
  expect(root.querySelector('[data-testid="popup-member"]')?.textContent).toContain('demo');
  // The member's popup opens on the Feed, a chunk of its own: the test ends once it has loaded (a
  // module still loading when the test's environment is torn down fails the whole run).
  await vi.waitFor(
    () => expect(root.querySelector('[data-testid="feed-section-activity"]')).not.toBeNull(),
    WAIT,
  );
  act(() => {
    render(null, root);
  });
});
