/**
 * The popup's views, in the order of the tab bar. A new view is one folder (its components, its
 * styles, an `index.ts` exporting a `PopupTab`) and one line here.
 */
import { exploreTab } from './explore';
import { feedTab } from './feed';
import { messagesTab } from './messages';
import { myStuffTab } from './mystuff';
import type { PopupTab } from './popup-tab';

export const popupTabs: readonly PopupTab[] = [feedTab, messagesTab, exploreTab, myStuffTab];

/** The tab to show: the last one chosen, if it still exists, else the first. */
export function tabNamed(name: string): PopupTab {
  return popupTabs.find((tab) => tab.name === name) ?? (popupTabs[0] as PopupTab);
}
