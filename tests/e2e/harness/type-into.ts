/** Typing into a field of an extension page as a member would, for any e2e file. */
import type { TestPage } from './test-page';

/** Sets the field's text and fires the input event Preact listens to (one step, not key by key). */
export const typeInto = (page: TestPage, selector: string, value: string) =>
  page.evaluate(
    ({ selector, value }) => {
      const field = document.querySelector<HTMLTextAreaElement>(selector);
      if (field === null) throw new Error(`no ${selector}`);
      field.focus();
      field.value = value;
      field.dispatchEvent(new Event('input', { bubbles: true }));
    },
    { selector, value },
  );
