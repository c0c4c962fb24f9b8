/**
 * The quick-search shortcut (manifest `commands.quick-search`, Alt+Shift+K by default; members change
 * it in the browser's shortcut settings): opens the popup on the Explore tab, whose search field has
 * the focus when the tab opens. Where the browser cannot open the popup from here, a popup-sized
 * window shows the same page.
 */
import { popupTabItem } from '@/lib/popup/popup-tab-item';

export const QUICK_SEARCH_COMMAND = 'quick-search';

export interface QuickSearchPorts {
  chooseExploreTab(): Promise<void>;
  openPopup(): Promise<void>;
  openWindow(): Promise<void>;
}

const browserPorts = (): QuickSearchPorts => ({
  chooseExploreTab: () => popupTabItem.setValue('explore'),
  openPopup: async () => {
    await browser.action.openPopup();
  },
  openWindow: async () => {
    await browser.windows.create({
      url: browser.runtime.getURL('/popup.html'),
      type: 'popup',
      width: 400,
      height: 620,
    });
  },
});

/**
 * The command's handler. The tab is chosen and the popup opened in the same turn: Firefox opens a
 * popup only within the handling of the key press, so nothing is awaited before asking.
 */
export async function openQuickSearch(ports: QuickSearchPorts): Promise<void> {
  const chosen = ports.chooseExploreTab();
  const opened = ports.openPopup();
  await chosen;
  try {
    await opened;
  } catch {
    await ports.openWindow();
  }
}

export function registerQuickSearchCommand(ports: QuickSearchPorts = browserPorts()): void {
  browser.commands?.onCommand.addListener((command) => {
    if (command !== QUICK_SEARCH_COMMAND) return;
    openQuickSearch(ports).catch((error: unknown) =>
      console.warn('[companion] quick search: could not open:', error),
    );
  });
}
