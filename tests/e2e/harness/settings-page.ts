import type { ExtensionBrowser } from './extension-browser';
import type { TestPage } from './test-page';

/**
 * The settings page's fieldsets, one per feature, in the order the page shows them under its two
 * headings: the member's own choices, then the browser's.
 */
export const SETTINGS_GROUPS: readonly (readonly [string, readonly string[]])[] = [
  ['settings-yours', ['settings-mutes', 'settings-other-accounts', 'settings-following-closely']],
  [
    'settings-browser',
    [
      'settings-message-count',
      'settings-feed',
      'settings-project-history',
      'settings-marks',
      'settings-translation',
      'settings-explore',
    ],
  ],
];

/**
 * Opens the settings page and waits until every fieldset shows. Each shows once its own item is
 * read, in no set order: before then, "this choice is not listed" would hold of a page still
 * loading, and a one-time read of a fieldset could find nothing.
 */
export async function openSettings(
  browser: ExtensionBrowser,
  options: { timeout?: number } = {},
): Promise<TestPage> {
  const page = await browser.openExtensionPage('/options.html');
  const all = SETTINGS_GROUPS.flatMap(([, fieldsets]) => fieldsets);
  await page.waitFor(
    (ids) => ids.every((id) => document.querySelector(`[data-testid="${id}"]`) !== null),
    all,
    { timeout: options.timeout ?? 20_000 },
  );
  return page;
}
