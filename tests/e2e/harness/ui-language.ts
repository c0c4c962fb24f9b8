/**
 * Putting a browser in a language. Chromium on Linux takes its language from the environment
 * (glib's order: LANGUAGE, LC_ALL, LC_MESSAGES, LANG; `--lang=` is ignored there) and Firefox from
 * the `intl.locale.requested` preference; both fall back to English, silently, when the language
 * is not installed (Debian's `chromium-l10n`, `firefox-esr-l10n-<lang>`). So a launch checks what
 * the extension actually sees.
 */
import { readUiLanguageInExtension } from './extension-api';
import type { ExtensionBrowser } from './extension-browser';

/** The environment that makes Chromium speak `language` (`pt-BR` is glib's `pt_BR`). */
export function chromiumLanguageEnv(language: string): Record<string, string> {
  return { LANGUAGE: language.replace('-', '_') };
}

/** The preferences that make Firefox speak `language`. */
export function firefoxLanguagePrefs(language: string): Record<string, string> {
  return { 'intl.locale.requested': language };
}

/** Throws when the extension in `browser` does not see `language` as the browser's language. */
export async function expectUiLanguage(browser: ExtensionBrowser, language: string): Promise<void> {
  const seen = await browser.evaluateInExtension(readUiLanguageInExtension, undefined);
  const primary = (tag: string) => tag.toLowerCase().split(/[-_]/)[0];
  if (primary(seen) !== primary(language)) {
    throw new Error(
      `${browser.name} runs in "${seen}", not "${language}": is its language pack installed? ` +
        '(scripts/ensure-deps.mjs installs them on Debian)',
    );
  }
}

/** For a launch's `.catch`: closes the browser that is not usable, then rethrows. */
export function closeAndThrow(browser: ExtensionBrowser): (error: unknown) => Promise<never> {
  return async (error) => {
    await browser.close();
    throw error;
  };
}
