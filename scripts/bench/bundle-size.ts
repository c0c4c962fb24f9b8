/**
 * Bundle sizes against the budgets of ARCHITECTURE.md, as ratios (below 1.00 is within budget): the
 * content script (<= 45 KB minified, all features), what the popup's snapshot frame waits for (its
 * page with the inlined styles and first-frame.js, <= 28 KB) and the popup's JavaScript before its
 * app's first item, opening on its largest tab (<= 65 KB minified, no zod; tabs, and the views
 * Explore opens, load on demand), in the
 * worst case a member meets (with the parts it loads before its first frame for some members, e.g.
 * the other accounts' strip), both with webextension-polyfill. Every kilobyte ships to every member. Reads the production builds in
 * `.output/` that are newer than the sources; run `npm run build:all` (or `npm test`, which builds) first.
 *
 *   npx tsx scripts/bench/bundle-size.ts
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildDirState } from '../../tests/e2e/harness/build-freshness';
import { BUNDLE_BUDGETS, chunkModule, KB, measureBuild } from './bundle-sizes';
import { reportFigure } from './report';

const contentScriptBudget = `≤ ${BUNDLE_BUDGETS.contentScript / KB} KB`;
const popupBudget = `≤ ${BUNDLE_BUDGETS.popup / KB} KB`;

const row = (what: string, bytes: number, budget: number, note = '') =>
  `  ${what.padEnd(16)} ${(bytes / KB).toFixed(1).padStart(7)} KB   budget ${(budget / KB).toFixed(0).padStart(3)} KB   ratio ${(bytes / budget).toFixed(2)}${note}`;

const allBuilds = readdirSync('.output').filter((d) => existsSync(join('.output', d, 'manifest.json')));
// A build older than the sources (one `npm run build:all` does not make, left by an earlier run)
// would report sizes the code no longer has.
const builds = allBuilds.filter((build) => buildDirState(join('.output', build)) === 'fresh');
const stale = allBuilds.filter((build) => !builds.includes(build));
if (stale.length > 0) console.log(`Left out, older than the sources: ${stale.join(', ')}`);
if (builds.length === 0) {
  console.error('No builds in .output/: run `npm run build:all` first.');
  process.exit(1);
}
for (const build of builds) {
  const sizes = measureBuild(join('.output', build));
  console.log(build);
  console.log(row('content script', sizes.contentScript, BUNDLE_BUDGETS.contentScript));
  console.log(
    row(
      'popup JS, Feed',
      sizes.popup,
      BUNDLE_BUDGETS.popup,
      sizes.popupHasZod ? '   (contains zod!)' : '   (no zod)',
    ),
  );
  const firstFrame = sizes.popupFirstFrameParts;
  console.log(
    row(
      'popup, largest',
      sizes.popupLargestTab,
      BUNDLE_BUDGETS.popup,
      `   (opening on its largest view, ${chunkModule(sizes.popupLargestTabChunk)})`,
    ),
  );
  const most = sizes.popupMostScripts;
  console.log(
    `  ${'popup, scripts'.padEnd(16)} ${String(most.count).padStart(7)}      budget ${String(BUNDLE_BUDGETS.popupScripts).padStart(3)}      ratio ${(most.count / BUNDLE_BUDGETS.popupScripts).toFixed(2)}   (the most the app's first item waits for, opening on ${chunkModule(most.view)})`,
  );
  console.log(
    `  ${''.padEnd(16)} each popup figure counts ${(firstFrame.bytes / KB).toFixed(1)} KB loaded before the first frame for some members (${firstFrame.modules.join(', ') || 'none'})`,
  );
  console.log(
    row(
      'popup, snapshot',
      sizes.popupSnapshotFrame,
      BUNDLE_BUDGETS.popupSnapshotFrame,
      '   (what its first frame waits for: popup.html with its styles, first-frame.js)',
    ),
  );
  console.log(
    `  ${'popup, deepest'.padEnd(16)} ${(sizes.popupDeepestView / KB).toFixed(1).padStart(7)} KB   (after opening a view within a tab, e.g. a project in Explore)`,
  );
  console.log(
    `  ${'popup, all tabs'.padEnd(16)} ${(sizes.popupTotal / KB).toFixed(1).padStart(7)} KB   (every tab's view; each loads with its tab)`,
  );
  console.log(
    `  ${'background'.padEnd(16)} ${(sizes.background / KB).toFixed(1).padStart(7)} KB   (no budget)`,
  );
  const kb = (bytes: number) => Number((bytes / KB).toFixed(1));
  reportFigure({
    bench: 'bundle-size',
    name: `${build}: content script`,
    value: kb(sizes.contentScript),
    unit: 'KB',
    budget: { text: contentScriptBudget, max: BUNDLE_BUDGETS.contentScript / KB },
  });
  reportFigure({
    bench: 'bundle-size',
    name: `${build}: popup JS, opening on Feed`,
    value: kb(sizes.popup),
    unit: 'KB',
    budget: {
      text: `${popupBudget}, no zod`,
      pass: sizes.popup <= BUNDLE_BUDGETS.popup && !sizes.popupHasZod,
    },
  });
  reportFigure({
    bench: 'bundle-size',
    name: `${build}: popup JS, opening on the largest tab`,
    value: kb(sizes.popupLargestTab),
    unit: 'KB',
    budget: { text: popupBudget, max: BUNDLE_BUDGETS.popup / KB },
  });
  reportFigure({
    bench: 'bundle-size',
    name: `${build}: popup, scripts the app's first item waits for (the most, any tab)`,
    value: most.count,
    unit: 'scripts',
    budget: { text: `≤ ${BUNDLE_BUDGETS.popupScripts}`, max: BUNDLE_BUDGETS.popupScripts },
  });
  reportFigure({
    bench: 'bundle-size',
    name: `${build}: popup, what its snapshot's frame waits for (page with styles, first-frame.js)`,
    value: kb(sizes.popupSnapshotFrame),
    unit: 'KB',
    budget: {
      text: `≤ ${BUNDLE_BUDGETS.popupSnapshotFrame / KB} KB`,
      max: BUNDLE_BUDGETS.popupSnapshotFrame / KB,
    },
  });
  reportFigure({
    bench: 'bundle-size',
    name: `${build}: popup JS after opening a view within a tab`,
    value: kb(sizes.popupDeepestView),
    unit: 'KB',
  });
}
