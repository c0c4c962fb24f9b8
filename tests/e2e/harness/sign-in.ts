/** Signing a user in on the site, the way `npm start` and tests do it: the sandbox's shortcut. */
import type { ExtensionBrowser } from './extension-browser';

/**
 * Where the sign-in lands: the site's CSRF-token address, an empty answer. The home page would load
 * its carousels, their marks and the count as well, about half a second per sign-in, before tests
 * that open the pages they check themselves; the session (a cookie) is the same either way.
 */
const LANDING = '/csrf_token/';

export async function signInThroughSandbox(browser: ExtensionBrowser, username: string): Promise<void> {
  const page = await browser.openPage(
    `${browser.profile.site}/login/?as=${encodeURIComponent(username)}&next=${encodeURIComponent(LANDING)}`,
  );
  try {
    // The shortcut redirects to `next` once the session cookie is set.
    await page.waitFor((path) => location.pathname === path, LANDING, { timeout: 15_000 });
  } finally {
    await page.close();
  }
}

/** Signs whoever is signed in out, through the sandbox's `/logout/` (which redirects to `next`). */
export async function signOutThroughSandbox(browser: ExtensionBrowser): Promise<void> {
  const page = await browser.openPage(`${browser.profile.site}/logout/?next=${encodeURIComponent('/')}`);
  try {
    await page.waitFor(() => location.pathname === '/', undefined, { timeout: 15_000 });
  } finally {
    await page.close();
  }
}
