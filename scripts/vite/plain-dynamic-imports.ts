/**
 * Extension pages load their chunks from the extension itself, at once: Vite's preload helper (which
 * adds `<link rel=modulepreload>`s and loads a lazy chunk's CSS before it) costs the popup about
 * 1.8 KB of its size budget (DESIGN.md) for nothing. Here a dynamic `import()` stays nearly a plain
 * one. The one thing kept: a page's entry importing a lazy view (the popup's tabs, its signed-out
 * screen) preloads at the same moment the chunks that view imports statically. Without that, a tab's
 * shared parts (ListEnd, SiteLink, LineIcon, ProjectCard…) were asked for only once the tab's chunk
 * had arrived and been parsed: a second wave of fetches before the popup's first frame (about 12 ms
 * in Chromium, scripts/bench/popup-first-frame.ts). Deeper lazy parts (a thread, a detail view) load
 * on a member's action and keep plain imports: their lists would cost bytes in the tabs' chunks.
 * The one rule this makes: a lazily loaded view imports its stylesheet from its static part (see
 * entrypoints/popup/explore/index.ts), since nothing would load a lazy chunk's CSS.
 */
import type { Plugin, Rollup } from 'vite';

const HELPER = '\0vite/preload-helper.js';

// `deps` are paths from the extension's root (`chunks/ListEnd-….js`; Vite appends stylesheets, which
// are the page's own already). A `<link rel=modulepreload>` fetches and parses a chunk without running
// it; the view's own static import then finds it there. (Not `import(dep)`: the stores' linter
// refuses an import of a computed name.)
const HELPER_SOURCE = `export const __vitePreload = (load, deps) => {
  if (deps)
    for (const dep of deps)
      if (dep.endsWith(".js"))
        document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href: "/" + dep }));
  return load();
};`;

// The bundle being written, for `lazyChunkDependencies` (Vite asks it while writing the same bundle).
let bundleBeingWritten: Rollup.OutputBundle = {};

export function plainDynamicImports(): Plugin {
  return {
    name: 'companion:plain-dynamic-imports',
    enforce: 'pre',
    resolveId(id) {
      return id === HELPER || id === 'vite/preload-helper.js' ? HELPER : null;
    },
    load(id) {
      return id === HELPER ? HELPER_SOURCE : null;
    },
    generateBundle(_options, bundle) {
      bundleBeingWritten = bundle;
    },
  };
}

/** The static imports of a chunk of the bundle being written, and whether it is a page's entry. */
export interface ChunkFacts {
  isEntry: boolean;
  imports: readonly string[];
}

/**
 * What a dynamic import in chunk `hostId` loads beside the imported chunk `file` (Vite's
 * `build.modulePreload.resolveDependencies` for a JavaScript host; `deps` start with `file` itself):
 * from a page's entry only, the JavaScript chunks `file` needs that the entry has not already run.
 */
export function lazyChunkDependencies(
  file: string,
  deps: readonly string[],
  host: ChunkFacts | undefined,
): string[] {
  if (!host?.isEntry) return [];
  const loaded = new Set(host.imports);
  return deps.filter((dep) => dep !== file && dep.endsWith('.js') && !loaded.has(dep));
}

/** The facts `lazyChunkDependencies` needs about a chunk of the bundle being written. */
export function chunkFacts(fileName: string): ChunkFacts | undefined {
  const output = bundleBeingWritten[fileName];
  return output?.type === 'chunk' ? { isEntry: output.isEntry, imports: output.imports } : undefined;
}
