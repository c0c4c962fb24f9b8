import { render } from 'preact';
import { uiLanguage } from '@/lib/i18n';
import { App, frameStorage } from './App';
import { messageCountStorage } from './MessageCountLine';
import { takeOpeningRead } from './opening-read-handoff';
import { preloadOpeningView } from './opening-view';
import { otherAccountsStorage, preloadAccountsStrip } from './other-accounts-parts';
import { applyPageStylesheets } from './page-stylesheets';
import { primeStorageItems } from './storage-hooks';
import { popupTabs } from './tabs';
import './style.css';
// Shared components bring their own stylesheets, but the views that use them load lazily and nothing
// loads a lazy chunk's CSS (lazy-view.tsx): those stylesheets load here, with the page.
import '@/components/Chip.css';
import '@/components/Empty.css';
import '@/components/ErrorLine.css';
import '@/components/ItemRow.css';
import '@/components/ListEnd.css';
import '@/components/ListStatus.css';
import '@/components/OtherAccountsPanel.css';
import './other-accounts.css';
import '@/components/ProjectCard.css';
import '@/components/TextTranslation.css';

// Performance marks (scripts/bench/popup.ts reads them): the script runs, storage is read, and the
// feed view marks its first painted item.
performance.mark('companion:popup-script');

// The browser's language and its direction (the layout uses logical properties: it mirrors).
document.documentElement.lang = uiLanguage();
document.documentElement.dir = browser.i18n.getMessage('@@bidi_dir') === 'rtl' ? 'rtl' : 'ltr';

// The cache in the FIRST frame: read what the frame shows (who, the header, the other accounts, the
// tabs' counts), then render once. The view the popup opens on (a tab, or the signed-out screen) is a
// chunk of its own (opening-view.ts), in before the first frame too, with the storage it shows
// (lazy-view.tsx): it loads while the rest is read (who is signed in and the last tab chosen are
// small reads), not after. Another tab reads its own when chosen.
// The reads before the first render are answered by the one the first-frame script started
// (opening-read.ts), when it has them: no round trip to storage of their own.
const closeOpeningRead = takeOpeningRead();
const root = document.getElementById('app');
const viewLoaded = preloadOpeningView()
  .catch(() => undefined)
  .then(() => performance.mark('companion:popup-view-loaded'));
const storageRead = primeStorageItems([
  ...frameStorage,
  ...messageCountStorage,
  ...otherAccountsStorage,
  ...popupTabs.flatMap((tab) => tab.countStorage ?? []),
])
  .catch(() => undefined)
  .then(() => performance.mark('companion:popup-storage-read'));
// The other accounts' strip, when there are any, is in before the first frame too (other-accounts-parts.ts).
const accountsLoaded = preloadAccountsStrip().catch(() => undefined);
// The page's stylesheets, fetched as it was parsed, apply from the app's first frame (page-stylesheets.ts).
const stylesApplied = applyPageStylesheets(document);
Promise.all([storageRead, viewLoaded, accountsLoaded, stylesApplied]).then(() => {
  // The view primed with the rest is the one to show (`viewLoaded` read it first; should it have changed
  // meanwhile, that view loads as it renders).
  performance.mark('companion:popup-render');
  // The member's snapshot (entrypoints/popup/first-frame.ts) leaves in the task that renders the app in its
  // place: no frame shows both, or neither.
  document.getElementById('first-frame')?.remove();
  // With its own rules (the page's stylesheets style the app).
  document.adoptedStyleSheets = [];
  if (root) render(<App />, root);
  performance.mark('companion:popup-rendered');
  closeOpeningRead();
  // The next open's snapshot, kept by a part loaded after this frame.
  if (root) import('./first-frame-writer').then((writer) => writer.keepFirstFrame(root, location.search));
});
