// @vitest-environment happy-dom
/**
 * A lazily loaded view with the storage it shows (lazy-view.tsx, storage-hooks.ts): a tab reads its
 * items beside its chunk, and shows them in its first frame, never its fallback first.
 */
import { type ComponentType, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { popupTabItem } from '@/lib/popup/popup-tab-item';
import { memberCheckedItem } from '@/lib/session/session-storage';
import { deferred } from '@/tests/unit/deferred';
import { lazyView } from './lazy-view';
import { primeStorageItems, useStorageItem } from './storage-hooks';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('lazyView with storage', () => {
  it("shows the stored value in the view's first frame, never the fallback before it", async () => {
    await popupTabItem.setValue('explore');
    const shown: string[] = [];
    function Stored() {
      const tab = useStorageItem(popupTabItem);
      shown.push(tab);
      return <p>{tab}</p>;
    }
    // The chunk arrives before the storage's list has been read.
    const chunk = deferred<ComponentType<Record<string, never>>>();
    const list = deferred<readonly (typeof popupTabItem)[]>();
    const view = lazyView<Record<string, never>>(
      () => chunk.promise,
      () => list.promise.then(primeStorageItems),
    );

    const root = document.createElement('div');
    act(() => {
      render(<view.View />, root);
    });
    // Not loaded yet: the view's place is busy, not an empty view.
    expect(root.querySelector('[aria-busy="true"]')).not.toBeNull();
    await act(async () => {
      chunk.resolve(Stored);
      await chunk.promise;
    });
    expect(root.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(shown).toEqual([]);
    await act(async () => {
      list.resolve([popupTabItem]);
      await view.preload();
    });
    expect(root.textContent).toBe('explore');
    expect(shown).not.toContain('feed');
    act(() => {
      render(null, root);
    });
  });

  it('shows the view when its storage cannot be read (the view reads its items itself)', async () => {
    function Plain() {
      return <p>view</p>;
    }
    const view = lazyView<Record<string, never>>(
      () => Promise.resolve(Plain),
      () => Promise.reject(new Error('no list')),
    );
    const root = document.createElement('div');
    act(() => {
      render(<view.View />, root);
    });
    await act(async () => {
      await view.preload();
    });
    expect(root.textContent).toBe('view');
    act(() => {
      render(null, root);
    });
  });

  it('reads an item once when the frame and a view both prime it', async () => {
    await memberCheckedItem.setValue(true);
    const reads = vi.spyOn(fakeBrowser.storage.session, 'get');
    await Promise.all([primeStorageItems([memberCheckedItem]), primeStorageItems([memberCheckedItem])]);
    await primeStorageItems([memberCheckedItem]);
    expect(reads).toHaveBeenCalledTimes(1);
  });
});
