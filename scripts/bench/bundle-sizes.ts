/**
 * What each surface ships, measured on a production build: the content script, the popup's
 * JavaScript (its entry and every chunk it imports) and the background, with the budgets of
 * DESIGN.md. Used by the benchmark (scripts/bench/bundle-size.ts) and by the test that fails
 * `npm test` over budget (scripts/bench/bundle-budget.test.ts): sizes are not noisy.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const KB = 1024;
/** DESIGN.md, "Budgets": minified sizes. */
export const BUNDLE_BUDGETS = { contentScript: 40 * KB, popup: 60 * KB } as const;

export interface BundleSizes {
  contentScript: number;
  /** What the popup loads when it opens (its entry and the chunks it imports statically). */
  popup: number;
  /** Chunks the popup loads only when a view needs them (dynamic `import()`, e.g. the Explore tab). */
  popupOnDemand: number;
  background: number;
  /** zod must stay in the background. */
  popupHasZod: boolean;
}

/** The scripts a page loads: the entry named in its HTML and the chunks it imports, transitively. */
export function pageScripts(dir: string, page: string): string[] {
  const html = readFileSync(join(dir, page), 'utf8');
  const queue = [...html.matchAll(/src="\/?([^"]+\.js)"/g)].map((m) => m[1] as string);
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file) || !existsSync(join(dir, file))) continue;
    seen.add(file);
    const source = readFileSync(join(dir, file), 'utf8');
    for (const m of source.matchAll(
      /from\s*["']\.{0,2}\/?([^"']+\.js)["']|import\(["']\.{0,2}\/?([^"']+\.js)["']\)/g,
    )) {
      const imported = (m[1] ?? m[2]) as string;
      queue.push(imported.startsWith('chunks/') ? imported : join('chunks', imported.replace(/^.*\//, '')));
    }
  }
  return [...seen];
}

/** Chunks that `files` load with a dynamic `import()` (and their own static imports), not already in `files`. */
export function onDemandScripts(dir: string, files: readonly string[]): string[] {
  const found = new Set<string>();
  for (const file of files) {
    const source = readFileSync(join(dir, file), 'utf8');
    for (const m of source.matchAll(/import\(\s*[`"']\.{0,2}\/?([^`"']+\.js)[`"']\s*\)/g)) {
      const chunk = join('chunks', (m[1] as string).replace(/^.*\//, ''));
      if (!files.includes(chunk) && existsSync(join(dir, chunk))) found.add(chunk);
    }
  }
  return [...found];
}

const size = (dir: string, files: string[]) => files.reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);

export function measureBuild(dir: string): BundleSizes {
  const contentScripts = readdirSync(join(dir, 'content-scripts')).map((f) => join('content-scripts', f));
  const popup = pageScripts(dir, 'popup.html');
  return {
    contentScript: size(dir, contentScripts),
    popup: size(dir, popup),
    popupOnDemand: size(dir, onDemandScripts(dir, popup)),
    background: size(dir, ['background.js']),
    popupHasZod: popup.some((f) => /ZodError|\$ZodType/.test(readFileSync(join(dir, f), 'utf8'))),
  };
}
