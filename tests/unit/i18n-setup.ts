/**
 * Unit tests run on WXT's fake browser, which has no `browser.i18n`: give it the real `en`
 * messages, compiled from locales/en.yml exactly as the build compiles them (once for the run, by
 * ./messages-global-setup.ts), so tests read the words members read.
 */
import { inject } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

const messages = inject('enMessages');

/** `browser.i18n.getMessage`: `$1`..`$9` substituted, `$$` is a dollar sign, unknown keys are ''. */
function getMessage(name: string, substitutions?: string | string[]): string {
  const message = messages[name]?.message;
  if (message === undefined) return '';
  const subs =
    substitutions === undefined ? [] : Array.isArray(substitutions) ? substitutions : [substitutions];
  return message.replace(/\$(\$|[1-9])/g, (_, which: string) =>
    which === '$' ? '$' : (subs[Number(which) - 1] ?? ''),
  );
}

Object.assign(fakeBrowser.i18n, { getMessage, getUILanguage: () => 'en-US' });
