/**
 * Bundle sizes against the budgets of DESIGN.md, as ratios (below 1.00 is within budget):
 * the content script (<= 40 KB minified, all features) and the popup's JavaScript (<= 60 KB minified, no zod).
 * Every kilobyte ships to every member. Reads the production builds in `.output/`; run
 * `npm run build:all` (or `npm test`, which builds) first.
 *
 *   npx tsx scripts/bench/bundle-size.ts
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const KB = 1024;
const budgets = { contentScript: 40 * KB, popup: 60 * KB };

/** The scripts a page loads: the entry named in its HTML and the chunks it imports, transitively. */
function popupScripts(dir: string): string[] {
  const html = readFileSync(join(dir, 'popup.html'), 'utf8');
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

const size = (dir: string, files: string[]) => files.reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
const row = (what: string, bytes: number, budget: number, note = '') =>
  `  ${what.padEnd(16)} ${(bytes / KB).toFixed(1).padStart(7)} KB   budget ${(budget / KB).toFixed(0).padStart(3)} KB   ratio ${(bytes / budget).toFixed(2)}${note}`;

const builds = readdirSync('.output').filter((d) => existsSync(join('.output', d, 'manifest.json')));
if (builds.length === 0) {
  console.error('No builds in .output/: run `npm run build:all` first.');
  process.exit(1);
}
for (const build of builds) {
  const dir = join('.output', build);
  const contentScripts = readdirSync(join(dir, 'content-scripts')).map((f) => join('content-scripts', f));
  const popup = popupScripts(dir);
  const popupHasZod = popup.some((f) => /ZodError|\$ZodType/.test(readFileSync(join(dir, f), 'utf8')));
  console.log(build);
  console.log(row('content script', size(dir, contentScripts), budgets.contentScript));
  console.log(
    row('popup JS', size(dir, popup), budgets.popup, popupHasZod ? '   (contains zod!)' : '   (no zod)'),
  );
  console.log(
    row('background', size(dir, ['background.js']), Number.POSITIVE_INFINITY).replace(
      /budget.*ratio.*/,
      '(no budget)',
    ),
  );
}
