// @vitest-environment happy-dom
/**
 * A lazily loaded view with the storage it shows (lazy-view.tsx, storage-hooks.ts): a tab chosen
 * after the popup opened reads its items with its chunk, and shows them in its first frame.
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { memberCheckedItem, popupTabItem } from '@/lib/storage';
import { lazyView } from './lazy-view';
import { primeStorageItems, useStorageItem } from './storage-hooks';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    const view = lazyView<Record<string, never>>(
      () => sleep(5).then(() => Stored),
      () => primeStorageItems([popupTabItem]),
    );

    const root = document.createElement('div');
    act(() => {
      render(<view.View />, root);
    });
    // Not loaded yet: the view's place is busy, not an empty view.
    expect(root.querySelector('[aria-busy="true"]')).not.toBeNull();
    await act(async () => {
      await view.preload();
      await sleep(10);
    });
    expect(root.textContent).toBe('explore');
    expect(shown).not.toContain('feed');
    expect(shown.length).toBeGreaterThan(0);
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
