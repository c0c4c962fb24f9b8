// @vitest-environment happy-dom
/**
 * The popup's storage hooks with WXT's fake browser. The fake registers a storage listener at once; a
 * real browser registers it asynchronously (Firefox: a message to its parent process), and a change
 * written meanwhile is not delivered to that listener. Here listeners added after the popup primed
 * its items take effect late, as in such a browser: a view must still show every change.
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { memberItem } from '@/lib/session/session-storage';
import { primeStorageItems, useStorageItem } from './storage-hooks';

function MemberName() {
  const member = useStorageItem(memberItem);
  return <p>{member?.username ?? 'nobody'}</p>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useStorageItem for a primed item', () => {
  it('shows a change written while the view mounted, which a listener of its own would miss', async () => {
    await memberItem.setValue({ id: 1, username: 'demo', avatarUrl: '' });
    await primeStorageItems([memberItem]);
    // From now on a new listener starts hearing changes 50 ms after it was added.
    const onChanged = fakeBrowser.storage.local.onChanged;
    const addNow = onChanged.addListener.bind(onChanged);
    vi.spyOn(onChanged, 'addListener').mockImplementation((listener) => {
      setTimeout(() => addNow(listener), 50);
    });

    const root = document.createElement('div');
    act(() => {
      render(<MemberName />, root);
    });
    expect(root.textContent).toBe('demo');
    // The background stores the next member while the view is being set up.
    await act(async () => {
      await memberItem.setValue({ id: 2, username: 'carol', avatarUrl: '' });
      await sleep(100);
    });
    expect(root.textContent).toBe('carol');
    act(() => {
      render(null, root);
    });
  });
});
