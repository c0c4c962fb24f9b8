import { render } from 'preact';
import { uiLanguage } from '@/lib/i18n';
import { popupTabItem } from '@/lib/storage';
import { App, frameStorage } from './App';
import { messageCountStorage } from './MessageCountLine';
import { primedValue, primeStorageItems } from './storage-hooks';
import { popupTabs, tabNamed } from './tabs';
import './style.css';

// Performance marks (scripts/bench/popup.ts reads them): the script runs, storage is read, and the
// feed view marks its first painted item.
performance.mark('companion:popup-script');

// The browser's language and its direction (the layout uses logical properties: it mirrors).
document.documentElement.lang = uiLanguage();
document.documentElement.dir = browser.i18n.getMessage('@@bidi_dir') === 'rtl' ? 'rtl' : 'ltr';

// The cache in the FIRST frame: read what the frame and the views show, then render once.
const root = document.getElementById('app');
primeStorageItems([...frameStorage, ...messageCountStorage, ...popupTabs.flatMap((tab) => tab.storage)])
  .catch(() => undefined)
  .then(async () => {
    performance.mark('companion:popup-storage-read');
    // The tab the popup opens on is a chunk of its own (lazy-view.tsx): in before the first frame.
    await tabNamed(primedValue(popupTabItem) ?? popupTabItem.fallback)
      .preload?.()
      .catch(() => undefined);
    if (root) render(<App />, root);
  });
