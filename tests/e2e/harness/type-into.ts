/** Typing into a field of an extension page as a member would, for any e2e file. */
import type { TestPage } from './test-page';

/**
 * Sets the field's text and fires the input event Preact listens to (one step, not key by key),
 * once the field is there (a page just opened renders after its first storage read).
 */
export async function typeInto(page: TestPage, selector: string, value: string): Promise<void> {
  await page.waitFor((s) => document.querySelector(s) !== null, selector);
  await page.evaluate(
    ({ selector, value }) => {
      const field = document.querySelector<HTMLTextAreaElement>(selector);
      if (field === null) throw new Error(`no ${selector}`);
      field.focus();
      field.value = value;
      field.dispatchEvent(new Event('input', { bubbles: true }));
    },
    { selector, value },
  );
}
