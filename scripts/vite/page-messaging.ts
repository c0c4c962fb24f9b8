/**
 * In the content script's build only: lib/protocol/messaging.ts becomes lib/protocol/page-messaging.ts,
 * the same `sendMessage` over `browser.runtime` (that file says why). Every import of the module,
 * by its alias or relative path, is redirected; the popup, options and background keep the library.
 */
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** What an import of lib/protocol/messaging.ts may be named, before or after the `@/` alias. */
const MESSAGING = /(?:^|\/)messaging(?:\.ts)?$/;

export function pageMessaging(): Plugin {
  const root = resolve(import.meta.dirname, '../..');
  const library = resolve(root, 'lib/protocol/messaging.ts');
  const replacement = resolve(root, 'lib/protocol/page-messaging.ts');
  return {
    name: 'companion:page-messaging',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!MESSAGING.test(source) || importer === replacement) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === library ? replacement : null;
    },
  };
}
