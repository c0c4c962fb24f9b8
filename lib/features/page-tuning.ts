/**
 * The tuning of this page's features in a development install (lib/dev-tuning.ts), asked of the
 * background (content scripts cannot ask `management` which install this is). Asked once per page,
 * and only when a feature first needs a value, never at page start: every page load would pay a
 * message for what only the end-to-end tests use. `{}` in a store install; `{}` (and asked again
 * next time) when the background cannot answer.
 */
import type { PageTuning } from '@/lib/dev-tuning';
import { sendMessage } from '@/lib/protocol/messaging';

let asked: Promise<PageTuning> | null = null;

export function pageTuning(): Promise<PageTuning> {
  asked ??= sendMessage('getPageTuning', undefined).then(
    (tuning) => tuning ?? {},
    () => {
      asked = null;
      return {};
    },
  );
  return asked;
}
