/**
 * A probe for quiet periods of a site page's content script: a comment whose own Translate button,
 * clicked, asks the translation helper for a text it was never asked for. The click goes through the
 * page's content script and the background, after whatever they were handed before, and the request
 * it makes leaves after theirs through the client's first-come-first-served rate limiter.
 */
import type { Comment } from '@/sandbox/model';
import type { RunningSandbox } from './sandbox';
import type { TestPage } from './test-page';

/**
 * A comment wholly in view with its Translate button and no translation, whose plain text (no markup
 * or entities to decode) the helper's request log never had.
 */
export async function untranslatedCommentInView(page: TestPage, sandbox: RunningSandbox): Promise<Comment> {
  const ids = await page.evaluate(() =>
    [...document.querySelectorAll('div.comment[data-comment-id]')]
      .filter((comment) => {
        const box = comment.getBoundingClientRect();
        return (
          box.top >= 0 &&
          box.bottom <= innerHeight &&
          comment.querySelector('button[data-companion="translate"]') !== null &&
          comment.querySelector('[data-companion="translation"]') === null
        );
      })
      .map((comment) => Number(comment.getAttribute('data-comment-id'))),
  );
  const asked = new Set(
    sandbox.control
      .requestLog({ part: 'translate', pattern: '/translate' })
      .map((entry) => new URLSearchParams(entry.query).get('text')),
  );
  const comment = ids
    .map((id) => sandbox.control.store.getComment(id))
    .find((c) => c !== undefined && !/[<&]/.test(c.content) && !asked.has(c.content));
  if (!comment) throw new Error(`No comment in view to translate among ${ids.join(', ') || 'none'}`);
  return comment;
}
