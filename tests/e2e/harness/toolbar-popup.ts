/** What the toolbar button opens: the popup's address as the background set it (lib/session/popup-url.ts). */
import type { ExtensionBrowser } from './extension-browser';

/**
 * The address the toolbar button opens now, as a path of the extension (`/popup.html?s=<key>` for a
 * signed-in member, `/popup.html` otherwise): tests and benchmarks open the popup the way a member's
 * click does.
 */
export async function toolbarPopupPath(extension: ExtensionBrowser): Promise<string> {
  const url = await extension.evaluateInExtension(async () => {
    type ExtensionApi = typeof browser;
    const api =
      (globalThis as { browser?: ExtensionApi }).browser ??
      (globalThis as unknown as { chrome: ExtensionApi }).chrome;
    return api.action.getPopup({});
  }, undefined);
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}
