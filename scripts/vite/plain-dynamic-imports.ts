/**
 * Extension pages load their chunks from the extension itself, at once: Vite's preload helper (which
 * adds `<link rel=modulepreload>`s and loads a lazy chunk's CSS before it) costs the popup about
 * 1.8 KB of its size budget (ARCHITECTURE.md, Budgets) for nothing. Here a dynamic `import()` stays
 * nearly a plain one. The one thing kept: a page's entry importing a lazy view (the popup's tabs,
 * the storage lists they read, its signed-out screen) preloads at the same moment the chunks that
 * view imports statically. Without that, a tab's shared parts (ListEnd, SiteLink, LineIcon,
 * ProjectCard…) were asked for only once the tab's chunk had arrived and been parsed: a second wave
 * of fetches before the tab's first item (the wait for the view after the storage read, Chromium,
 * scripts/bench/popup-first-frame.ts: 17 and 29 ms without, 7 and 10 ms with). Deeper lazy parts (a
 * thread, a detail view) load on a member's action and keep plain imports: their lists would cost
 * bytes in the tabs' chunks.
 *
 * Vite also hands each dynamic import the stylesheets its chunk's modules imported (the page's own,
 * already in its head): they are taken out of the lists once the bundle is written
 * (`withoutStylesheets`), and a list left empty goes with its table (about 100 bytes in every chunk
 * with a lazy import, and 20 at each import).
 * The one rule this makes: a lazily loaded view imports its stylesheet from its static part (see
 * entrypoints/popup/explore/index.ts), since nothing would load a lazy chunk's CSS.
 */
import type { Plugin, Rollup } from 'vite';

const HELPER = '\0vite/preload-helper.js';

// `deps` are the names of chunks (`ListEnd-1a2b3c4d` for `/chunks/ListEnd-1a2b3c4d.js`: the folder
// and the extension, the same for every one, are written once, here). A `<link rel=modulepreload>`
// fetches and parses a chunk without running it; the view's own static import then finds it there.
// (Not `import(dep)`: the stores' linter refuses an import of a computed name.)
const HELPER_SOURCE = `export const __vitePreload = (load, deps) => {
  if (deps)
    for (const dep of deps)
      document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href: "/chunks/" + dep + ".js" }));
  return load();
};`;
/** A chunk's path from the extension's root, as the lists name it (see HELPER_SOURCE). */
const CHUNK_PATH = /^chunks\/([^/]+)\.js$/;

/** Vite's table of a chunk's preload lists (`const __vite__mapDeps=(i,m=…)=>i.map(i=>d[i]);` and a newline). */
const MAP_DEPS_TABLE =
  /^const __vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=(\[[^\]]*\])\)\)\)=>i\.map\(i=>d\[i\]\);\n?/m;
/** Its use at an import: the second argument of the helper's call. */
const MAP_DEPS_USE = /,\s*__vite__mapDeps\(\[([\d,\s]*)\]\)/g;

/**
 * A chunk's code with its preload lists holding scripts only (stylesheets are the page's own), each
 * by its chunk's name: a list left empty is dropped (the helper takes no second argument then), and
 * the table with the last one.
 * Throws if a list is left that this does not recognise (a Vite that writes them differently).
 */
export function withoutStylesheets(code: string, fileName: string): string {
  if (!code.includes('__vite__mapDeps')) return code;
  const table = code.match(MAP_DEPS_TABLE);
  const files = table?.[1] === undefined ? [] : (JSON.parse(table[1]) as string[]);
  const scripts = files.filter((file) => file.endsWith('.js'));
  const names = scripts.map((file) => {
    const name = file.match(CHUNK_PATH)?.[1];
    if (name === undefined) throw new Error(`${fileName}: a chunk to preload outside chunks/: ${file}`);
    return name;
  });
  const newIndex = new Map(scripts.map((file, index) => [files.indexOf(file), index]));
  const uses = code.replace(MAP_DEPS_TABLE, '').replace(MAP_DEPS_USE, (_use, list: string) => {
    const kept = list
      .split(',')
      .map((index) => newIndex.get(Number(index)))
      .filter((index) => index !== undefined);
    return kept.length === 0 ? '' : `,__vite__mapDeps([${kept.join(',')}])`;
  });
  const stripped =
    scripts.length === 0 || !uses.includes('__vite__mapDeps')
      ? uses
      : `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=${JSON.stringify(names)})))=>i.map(i=>d[i]);\n${uses}`;
  const left = stripped.split('__vite__mapDeps').length - 1;
  if (left !== 0 && (!stripped.startsWith('const __vite__mapDeps=') || left < 3)) {
    throw new Error(`${fileName}: a preload list scripts/vite/plain-dynamic-imports.ts does not recognise`);
  }
  return stripped;
}

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
    generateBundle: {
      // Before Vite's import analysis, which asks `lazyChunkDependencies` about this bundle.
      order: 'pre',
      handler(_options, bundle) {
        bundleBeingWritten = bundle;
      },
    },
    writeBundle() {
      bundleBeingWritten = {};
    },
  };
}

/**
 * After Vite's import analysis has written the lists (in its own generateBundle): a plugin of its
 * own, as one plugin's generateBundle runs either before or after Vite's.
 */
export function plainDynamicImportsLists(): Plugin {
  return {
    name: 'companion:plain-dynamic-imports-lists',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk') output.code = withoutStylesheets(output.code, output.fileName);
        }
      },
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
