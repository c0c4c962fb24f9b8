/** Signing a user in on the site, the way `npm start` and tests do it: the sandbox's shortcut. */
import type { ExtensionBrowser } from './extension-browser';

export async function signInThroughSandbox(browser: ExtensionBrowser, username: string): Promise<void> {
  const page = await browser.openPage(
    `${browser.profile.site}/login/?as=${encodeURIComponent(username)}&next=${encodeURIComponent('/')}`,
  );
  try {
    // The shortcut redirects to `next` once the session cookie is set.
    await page.waitFor(() => location.pathname === '/', undefined, { timeout: 15_000 });
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
