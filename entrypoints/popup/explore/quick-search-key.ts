/**
 * Ctrl+K (⌘K on a Mac) anywhere in the popup: the Explore tab with its search field focused, as the
 * quick search of the site's other extension does. The shortcut that opens the popup itself is the
 * browser's (manifest `commands`, see lib/explore/explore-command.ts).
 */
import { popupTabItem } from '@/lib/popup/popup-tab-item';

export const SEARCH_INPUT = '[data-testid="search-input"]';

function focusSearch(): boolean {
  const input = document.querySelector<HTMLInputElement>(SEARCH_INPUT);
  if (input === null) return false;
  input.focus();
  input.select();
  return true;
}

export function listenForQuickSearchKey(): void {
  addEventListener('keydown', (event) => {
    if (
      event.key.toLowerCase() !== 'k' ||
      !(event.ctrlKey || event.metaKey) ||
      event.altKey ||
      event.shiftKey
    )
      return;
    event.preventDefault();
    if (focusSearch()) return;
    // Another tab: show Explore (its search field takes the focus when it opens).
    void popupTabItem.setValue('explore');
  });
}
