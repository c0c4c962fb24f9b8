/**
 * A probe for quiet periods of a site page's content script: a comment whose own Translate button,
 * clicked, asks the translation helper for a text it was never asked for. The click goes through the
 * page's content script and the background, after whatever they were handed before, and the request
 * it makes leaves after theirs through the client's first-come-first-served rate limiter.
 */
import type { Comment } from '@/sandbox/model';
import type { RunningSandbox } from './sandbox';
import type { TestPage } from './test-page';

/** How long a comment scrolled into view may take to get its buttons (an IntersectionObserver's turn). */
const BUTTONS_WAIT_MS = 10_000;

/**
 * A comment with no translation, whose plain text (no markup or entities to decode) the helper's
 * request log never had, brought into view (the nearest such one: none may be left where the member
 * is, after "Translate all"), once it has its Translate button.
 */
export async function untranslatedCommentInView(page: TestPage, sandbox: RunningSandbox): Promise<Comment> {
  // Nearest the view first.
  const ids = await page.evaluate(() =>
    [...document.querySelectorAll('div.comment[data-comment-id]')]
      .filter((comment) => comment.querySelector('[data-companion="translation"]') === null)
      .map((comment) => {
        const box = comment.getBoundingClientRect();
        const distance =
          box.top >= 0 && box.bottom <= innerHeight
            ? 0
            : Math.min(Math.abs(box.top), Math.abs(box.bottom - innerHeight));
        return { id: Number(comment.getAttribute('data-comment-id')), distance };
      })
      .sort((a, b) => a.distance - b.distance)
      .map(({ id }) => id),
  );
  const asked = new Set(
    sandbox.control
      .requestLog({ part: 'translate', pattern: '/translate' })
      .map((entry) => new URLSearchParams(entry.query).get('text')),
  );
  const comment = ids
    .map((id) => sandbox.control.store.getComment(id))
    .find((c) => c !== undefined && !/[<&]/.test(c.content) && !asked.has(c.content));
  if (!comment) throw new Error(`No comment left to translate among ${ids.join(', ') || 'none'}`);
  const selector = `div.comment[data-comment-id="${comment.id}"]`;
  await page.evaluate((s) => document.querySelector(s)?.scrollIntoView({ block: 'center' }), selector);
  await page.waitFor(
    (s) => document.querySelector(`${s} button[data-companion="translate"]`) !== null,
    selector,
    { timeout: BUTTONS_WAIT_MS },
  );
  return comment;
}
