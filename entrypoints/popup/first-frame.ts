/**
 * The popup's first-frame script (popup.html, right after `#app`: a classic script, so it runs as
 * the page is parsed, before the app's module): first the storage the app's first render reads,
 * asked for now and handed to the app (opening-read.ts), then the member's snapshot, painted before
 * the app's script has even started (first-frame-snapshot.ts). Built on its own as `/first-frame.js`
 * (scripts/vite/first-frame-script.ts): a plain script with nothing around it, counted in the popup's
 * JavaScript at open (scripts/bench/bundle-sizes.ts reads the page's scripts).
 */
import { showSnapshot } from './first-frame-snapshot';
import { type StorageApi, startOpeningRead } from './opening-read';

const extension = globalThis as unknown as {
  browser?: { storage: StorageApi };
  chrome?: { storage: StorageApi };
};
startOpeningRead(
  globalThis,
  () => localStorage,
  (extension.browser ?? extension.chrome)?.storage as StorageApi,
);
showSnapshot(document, location.search, () => localStorage);
