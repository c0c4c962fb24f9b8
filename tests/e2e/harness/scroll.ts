import type { TestPage } from './test-page';

/**
 * Scrolls the page from top to bottom a screen at a time, as a reader does: a text gets its buttons
 * (and a thumbnail its mark) when it comes near the screen, so this is how a member sees every one.
 */
export const scrollThrough = (page: TestPage) =>
  page.evaluate(async () => {
    // Two frames: the intersection observers' answers for this position have been delivered.
    const settle = () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve))));
    window.scrollTo(0, 0);
    await settle();
    while (window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 1) {
      window.scrollBy(0, window.innerHeight);
      await settle();
    }
    await settle();
  });
