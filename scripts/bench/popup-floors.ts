/**
 * The popup's floors: extension pages that do only the least each of the popup's two figures must
 * do, timed beside the empty popup in the same run (popup-first-frame.ts). They say how close to the
 * empty popup any popup can come in this browser, whatever its code:
 *
 * - "one script, then paint": the page asks for one classic script, which reads one item of the
 *   page's own storage (`localStorage`) and writes a line. That is all the snapshot's frame must do
 *   (entrypoints/popup/first-frame.ts): an extension page can run no inline script (the manifest's
 *   policy), so anything painted from what a member saw is painted by a script file.
 * - "one storage read, then paint": the page asks for one module, which reads one item of the
 *   extension's storage and writes a line. That is the least the app's own first item waits for:
 *   its module, then the cache.
 *
 * Like the empty popup, they exist only in the benchmark's copy of the build (never in one a member
 * installs). Each writes its line in `#app` with nothing static to paint before it, so the page's
 * first contentful paint is the line's.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface FloorPage {
  /** The name the benchmark's rows and phases use. */
  name: string;
  /** What a reader of the table needs to know. */
  label: string;
  page: string;
  /** A floor no popup can beat, or a probe of the snapshot (its own floor, not every popup's). */
  kind: 'floor' | 'probe';
}

/** An extension page of the benchmark's copy: the popup's head, and `body`. */
export const benchPageHtml = (body: string) => `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    <title>Companion</title>
  </head>
  <body>
    ${body}
  </body>
</html>
`;

/** A floor's page: `#app`, empty, and its script. */
const pageHtml = (script: string) => benchPageHtml(`<div id="app"></div>\n    ${script}`);

/** The page storage item the one-script page reads (written by its first open: then it is read). */
const PAGE_ITEM = 'companion.benchFloor';

const ONE_SCRIPT_JS = `var line = localStorage.getItem(${JSON.stringify(PAGE_ITEM)});
if (line === null) localStorage.setItem(${JSON.stringify(PAGE_ITEM)}, (line = 'Companion'));
document.getElementById('app').textContent = line;
`;

/** `popupTab` is a small item the popup reads at open (lib/popup/popup-tab-item.ts: one value). */
const ONE_READ_JS = `const api = globalThis.browser ?? globalThis.chrome;
const found = await api.storage.local.get('popupTab');
document.getElementById('app').textContent = String(found.popupTab ?? 'Companion');
`;

/**
 * The member's snapshot as the first-frame script shows it (first-frame-snapshot.ts: its rules adopted,
 * its HTML parsed into `#app`'s place), by a page with nothing else: no app module, no preloads. Not
 * a floor of every popup but of this snapshot: what painting it costs, apart from the page around it.
 * It shows the last snapshot any open wrote (the benchmark's previous open), whatever its tab.
 */
/** The script of a page that shows the snapshot's rules, its HTML, or both (`parts`). */
const snapshotAloneJs = (parts: { rules: boolean; html: boolean }) => `try {
  var snapshot = JSON.parse(localStorage.getItem('companion.firstFrame') || 'null');
  if (${parts.rules}) {
    var styles = new CSSStyleSheet();
    styles.replaceSync(snapshot.c);
    document.adoptedStyleSheets = [styles];
  }
  var app = document.getElementById('app');
  if (${parts.html})
    app.append.apply(app, Array.from(new DOMParser().parseFromString(snapshot.h, 'text/html').body.childNodes));
  else app.textContent = 'Companion';
} catch (error) {
  document.getElementById('app').textContent = 'no snapshot';
}
`;

/** The probes' parts: each page shows one of them, by a script of its own. */
const SNAPSHOT_PROBES = [
  { name: 'snapshot', parts: { rules: true, html: true } },
  { name: 'snapshot-html', parts: { rules: false, html: true } },
  { name: 'snapshot-rules', parts: { rules: true, html: false } },
] as const;

export const FLOOR_PAGES: readonly FloorPage[] = [
  { name: 'one-script', label: 'one script, then paint', page: 'floor-one-script.html', kind: 'floor' },
  { name: 'one-read', label: 'one storage read, then paint', page: 'floor-one-read.html', kind: 'floor' },
  { name: 'snapshot', label: 'the snapshot alone, then paint', page: 'floor-snapshot.html', kind: 'probe' },
  {
    name: 'snapshot-html',
    label: "the snapshot's HTML alone, unstyled",
    page: 'floor-snapshot-html.html',
    kind: 'probe',
  },
  {
    name: 'snapshot-rules',
    label: "the snapshot's rules, and a line",
    page: 'floor-snapshot-rules.html',
    kind: 'probe',
  },
];

/** Writes the floor pages and their scripts into the benchmark's copy of the build. */
export function writeFloorPages(extensionDir: string): void {
  writeFileSync(join(extensionDir, 'floor-one-script.js'), ONE_SCRIPT_JS);
  writeFileSync(
    join(extensionDir, 'floor-one-script.html'),
    pageHtml('<script src="/floor-one-script.js"></script>'),
  );
  for (const probe of SNAPSHOT_PROBES) {
    writeFileSync(join(extensionDir, `floor-${probe.name}.js`), snapshotAloneJs(probe.parts));
    writeFileSync(
      join(extensionDir, `floor-${probe.name}.html`),
      pageHtml(`<script src="/floor-${probe.name}.js"></script>`),
    );
  }
  writeFileSync(join(extensionDir, 'floor-one-read.js'), ONE_READ_JS);
  writeFileSync(
    join(extensionDir, 'floor-one-read.html'),
    pageHtml('<script type="module" src="/floor-one-read.js"></script>'),
  );
}
