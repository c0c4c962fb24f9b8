/**
 * Extension pages load their chunks from the extension itself, at once: Vite's preload helper (which
 * adds `<link rel=modulepreload>`s and loads a lazy chunk's CSS before it) costs the popup about
 * 1.8 KB of its size budget (ARCHITECTURE.md, Budgets) for nothing. Here a dynamic `import()` stays a plain one.
 * The one rule this makes: a lazily loaded view imports its stylesheet from its static part (see
 * entrypoints/popup/explore/index.ts), since nothing would load a lazy chunk's CSS.
 *
 * Vite still hands each dynamic import the list of stylesheets its chunk's modules imported (the
 * page's own, already in its head): a `__vite__mapDeps` table at the top of every chunk with a lazy
 * import, and an index list at each call, which the helper here ignores. They are taken out once the
 * bundle is written (`withoutStylesheetLists`): about 100 bytes in every such chunk, and 20 at each
 * import (the popup's entry has nine, each tab a few).
 */
import type { Plugin } from 'vite';

const HELPER = '\0vite/preload-helper.js';

/** Vite's table of a chunk's preload lists (`const __vite__mapDeps=(i,m=…)=>i.map(i=>d[i]);` and a newline). */
const MAP_DEPS_TABLE =
  /^const __vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=\[[^\]]*\]\)\)\)=>i\.map\(i=>d\[i\]\);\n?/m;
/** Its use at an import: the second argument of the helper's call. */
const MAP_DEPS_USE = /,\s*__vite__mapDeps\(\[[\d,\s]*\]\)/g;

/**
 * A chunk's code without Vite's preload lists: the helper (`(load) => load()`) takes one argument.
 * Throws if a list is left that this does not recognise (a Vite that writes them differently).
 */
export function withoutStylesheetLists(code: string, fileName: string): string {
  if (!code.includes('__vite__mapDeps')) return code;
  const stripped = code.replace(MAP_DEPS_TABLE, '').replace(MAP_DEPS_USE, '');
  if (stripped.includes('__vite__mapDeps')) {
    throw new Error(`${fileName}: a preload list scripts/vite/plain-dynamic-imports.ts does not recognise`);
  }
  return stripped;
}

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
    // After Vite's import analysis has written the lists (in its own generateBundle).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk') output.code = withoutStylesheetLists(output.code, output.fileName);
        }
      },
    },
  };
}
