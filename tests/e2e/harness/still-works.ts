/**
 * "The rest of the extension keeps working" for the fault matrix: checks a surface's test runs while
 * its own routes fail, each going through the background and the network the way a member would.
 */
import { DEMO_USERNAME, type RunningSandbox } from '@/sandbox/index';
import type { ExtensionBrowser } from './extension-browser';
import type { TestPage } from './test-page';

/** A shared project of someone else's, as the sandbox seeds it. */
export function someSharedProject(sandbox: RunningSandbox): { id: number; title: string } {
  const store = sandbox.control.store;
  const demo = store.getUser(DEMO_USERNAME)?.id;
  const project = store
    .projects()
    .find((p) => p.isShared && p.authorId !== demo && p.title.trim().length > 3 && !/[<&]/.test(p.title));
  if (!project) throw new Error('The seed has no shared project');
  return { id: project.id, title: project.title.trim() };
}

/**
 * The popup opens on the member (signed in), and its Explore tab opens a project's view read from
 * the service now (a new popup reads its views again): the background and its HTTP layer answer.
 */
export async function popupOpensProjectView(
  browser: ExtensionBrowser,
  project: { id: number; title: string },
): Promise<void> {
  await browser.setStorage('local', { popupTab: 'explore' });
  const popup = await browser.openPopup();
  try {
    await popup.waitForText('[data-testid="popup-member"]', DEMO_USERNAME);
    await popup.waitFor(() => document.activeElement?.getAttribute('data-testid') === 'search-input');
    // The project's number pasted into the search field offers to open it in the popup.
    await popup.evaluate((id) => {
      const input = document.querySelector<HTMLInputElement>('[data-testid="search-input"]');
      if (!input) throw new Error('no search field');
      input.value = String(id);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }, project.id);
    await popup.click('[data-testid="search-open-direct"]');
    await popup.waitForText(
      `[data-testid="project-view"][data-project-id="${project.id}"] h1.x-title`,
      project.title.slice(0, 20),
      { timeout: 15_000 },
    );
  } finally {
    await popup.close();
  }
}

/**
 * Brings a tab to the front before the member uses it: a background tab gets no animation frames
 * (Firefox's driver waits for them to click) and no intersections.
 */
export async function inFront(page: TestPage): Promise<void> {
  await (page.raw.page as { bringToFront(): Promise<void> }).bringToFront();
}

/** A member's click on an element, scrolled to the middle of the screen (not under the site's bar). */
export async function clickCentered(page: TestPage, selector: string): Promise<void> {
  await inFront(page);
  await page.waitFor((s) => document.querySelector(s) !== null, selector);
  await page.evaluate((s) => document.querySelector(s)?.scrollIntoView({ block: 'center' }), selector);
  await page.click(selector);
}

/**
 * Requests the sandbox may see for one fetch whose connection it drops (the `network gone` row):
 * the browser's own network stack tries again before the extension hears of it. Chromium tries once
 * more; Firefox up to `network.http.request.max-attempts` (10) times.
 */
export function requestsPerDroppedFetch(browser: ExtensionBrowser): number {
  return browser.name === 'firefox' ? 10 : 2;
}

/** The most requests the sandbox may see for `attempts` fetches of the extension under `fault`. */
export function mostRequests(browser: ExtensionBrowser, fault: { name: string }, attempts: number): number {
  return fault.name === 'network gone' ? attempts * requestsPerDroppedFetch(browser) : attempts;
}
