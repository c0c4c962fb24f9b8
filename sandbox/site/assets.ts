/**
 * The site's static files: the page scripts in `client/` (TypeScript, compiled once per process
 * with esbuild's `transform`, served as ES modules that import each other by relative URL, so
 * there is no bundling step) and the stylesheet.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

const clientDir = fileURLToPath(new URL('./client/', import.meta.url));
const stylesheetPath = fileURLToPath(new URL('./site.css', import.meta.url));

let scripts: Map<string, string> | undefined;
let stylesheet: string | undefined;

/**
 * Compiled page scripts by file name (`project.js`, `dom.js`, ...). Compiled on the first request
 * (about 0.3 s, mostly starting esbuild), so sandboxes that serve no page never pay for it.
 */
export function siteScripts(): Map<string, string> {
  if (!scripts) {
    const compiled = new Map<string, string>();
    for (const file of readdirSync(clientDir)) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.endsWith('.d.ts')) continue;
      const source = readFileSync(`${clientDir}${file}`, 'utf8');
      const { code } = transformSync(source, {
        loader: 'ts',
        format: 'esm',
        target: 'es2022',
        sourcefile: file,
      });
      compiled.set(file.replace(/\.ts$/, '.js'), code);
    }
    scripts = compiled;
  }
  return scripts;
}

export function siteStylesheet(): string {
  stylesheet ??= readFileSync(stylesheetPath, 'utf8');
  return stylesheet;
}
