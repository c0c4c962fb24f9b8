/** The quick-search shortcut: the Explore tab chosen and the popup opened in the same turn, a window otherwise. */
import { describe, expect, it, vi } from 'vitest';
import { openQuickSearch } from './explore-command';

describe('openQuickSearch', () => {
  it('chooses the Explore tab and opens the popup without waiting in between', async () => {
    const order: string[] = [];
    const ports = {
      chooseExploreTab: vi.fn(async () => {
        order.push('choose');
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push('chosen');
      }),
      openPopup: vi.fn(async () => {
        order.push('open');
      }),
      openWindow: vi.fn(async () => undefined),
    };
    await openQuickSearch(ports);
    // Firefox opens a popup only within the key press's handling: asked before anything is awaited.
    expect(order.slice(0, 2)).toEqual(['choose', 'open']);
    expect(ports.openWindow).not.toHaveBeenCalled();
  });

  it('opens a popup-sized window where the browser cannot open the popup', async () => {
    const ports = {
      chooseExploreTab: vi.fn(async () => undefined),
      openPopup: vi.fn(async () => {
        throw new Error('not supported');
      }),
      openWindow: vi.fn(async () => undefined),
    };
    await openQuickSearch(ports);
    expect(ports.openWindow).toHaveBeenCalledTimes(1);
  });
});
