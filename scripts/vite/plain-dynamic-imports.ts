/**
 * Extension pages load their chunks from the extension itself, at once: Vite's preload helper (which
 * adds `<link rel=modulepreload>`s and loads a lazy chunk's CSS before it) costs the popup about
 * 1.8 KB of its size budget (ARCHITECTURE.md, Budgets) for nothing. Here a dynamic `import()` stays a plain one.
 * The one rule this makes: a lazily loaded view imports its stylesheet from its static part (see
 * entrypoints/popup/explore/index.ts), since nothing would load a lazy chunk's CSS.
 */
import type { Plugin } from 'vite';

const HELPER = '\0vite/preload-helper.js';

export function plainDynamicImports(): Plugin {
  return {
    name: 'companion:plain-dynamic-imports',
    enforce: 'pre',
    resolveId(id) {
      return id === HELPER || id === 'vite/preload-helper.js' ? HELPER : null;
    },
    load(id) {
      return id === HELPER ? 'export const __vitePreload = (load) => load();' : null;
    },
  };
}
