/**
 * Removes from the bundles two pieces of library code Companion never runs, which the stores' linters
 * (Firefox's `web-ext lint`) rightly flag:
 *
 * - zod's JIT (`Doc.compile` builds parsers with `new Function`, and `allowsEval` probes for it).
 *   Companion sets `z.config({ jitless: true })` (lib/api/zod.ts: MV3 service workers refuse eval), so
 *   neither runs; here they become code that says so.
 * - Preact's `dangerouslySetInnerHTML` (assigns `innerHTML`). ARCHITECTURE.md forbids it (remote text is
 *   text) and Biome refuses it in our sources; here the runtime refuses it too.
 *
 * Each rewrite must find exactly what it replaces: a library update that changes the code fails the
 * build here, instead of shipping the flagged code silently.
 */
import type { Plugin } from 'vite';

interface Rewrite {
  /** The module, by the end of its resolved path. */
  file: RegExp;
  find: RegExp;
  replace: string;
  /** How many matches the module must have. */
  count: number;
}

const REFUSE_INNER_HTML = '(()=>{throw Error("Companion never sets innerHTML")})()';

const rewrites: Rewrite[] = [
  {
    file: /node_modules\/zod\/v4\/core\/doc\.js$/,
    find: /const F = Function;[\s\S]*?return factory\(\.\.\.Object\.values\(this\.closed\)\);/,
    replace: 'throw new Error("zod runs jitless in Companion: no compiled parsers");',
    count: 1,
  },
  {
    file: /node_modules\/zod\/v4\/core\/util\.js$/,
    find: /try \{\s*const F = Function;\s*new F\(""\);\s*return true;\s*\}\s*catch \(_\) \{\s*return false;\s*\}/,
    replace: 'return false;',
    count: 1,
  },
  {
    file: /node_modules\/preact\/dist\/preact\.module\.js$/,
    find: /\(\w\.innerHTML=\w\.__html\)|\(\w\.innerHTML=""\)/g,
    replace: REFUSE_INNER_HTML,
    count: 2,
  },
];

export function noEvalNoInnerHtml(): Plugin {
  return {
    name: 'companion:no-eval-no-inner-html',
    enforce: 'pre',
    transform(code, id) {
      const path = id.split('?')[0] ?? id;
      let result = code;
      for (const rewrite of rewrites) {
        if (!rewrite.file.test(path)) continue;
        const found = code.match(new RegExp(rewrite.find.source, 'g'))?.length ?? 0;
        if (found !== rewrite.count) {
          throw new Error(
            `${path}: expected ${rewrite.count} match(es) of ${rewrite.find} to rewrite, found ${found} (library updated? see scripts/vite/no-eval-no-inner-html.ts)`,
          );
        }
        result = result.replace(rewrite.find, rewrite.replace);
      }
      return result === code ? null : { code: result, map: null };
    },
  };
}
