/**
 * The end-to-end harness: real Chromium and Firefox with the production builds, against the
 * sandbox. A test file typically reads:
 *
 *   const sandbox = withSandbox();
 *   describe.each(BROWSER_NAMES)('%s', (name) => {
 *     const browser = useBrowser(name, { sandbox, signedInAs: DEMO_USERNAME });
 *     it('shows the count', async () => {
 *       const page = await browser().openPage(`${browser().profile.site}/`);
 *       expect(await page.text('.message-count')).toBe('3');
 *     });
 *   });
 */

export { type AxeFinding, axeFindings, seriousAxeFindings, seriousAxeFindingsInEachScheme } from './axe';
export { BROWSER_NAMES, type BrowserName } from './browsers';
export type { Badge, ExtensionBrowser, LaunchOptions, StorageArea } from './extension-browser';
export { type BrowserLaunchOptions, launchBrowser, type UseBrowserOptions, useBrowser } from './launch';
export { type RunningSandbox, startTestSandbox, withSandbox } from './sandbox';
export { scrollThrough } from './scroll';
export type { TestPage, WaitOptions } from './test-page';
export { toolbarPopupPath } from './toolbar-popup';
