/**
 * What each surface ships, measured on a production build: the content script, the popup's
 * JavaScript (its entry and every chunk it imports) and the background, with the budgets of
 * ARCHITECTURE.md. Used by the benchmark (scripts/bench/bundle-size.ts) and by the test that fails
 * `npm test` over budget (scripts/bench/bundle-budget.test.ts): sizes are not noisy.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

export const KB = 1024;
/**
 * ARCHITECTURE.md, "Budgets": minified sizes, webextension-polyfill included (about 7 KB of each).
 * The popup's are what a member waits for at open: `popup`, the JavaScript before the app's first
 * item, opening on any of its tabs (Feed, the default, and the largest alike); `popupSnapshotFrame`,
 * what is parsed before the snapshot's frame (the page and its classic script, first-frame.js; the
 * snapshot's own rules come with it from the page's storage); `popupScripts`, how many scripts the
 * app's first item waits for at most (each a request of its own: scripts/vite/popup-shared-chunks.ts).
 */
export const BUNDLE_BUDGETS = {
  contentScript: 45 * KB,
  popup: 67 * KB,
  popupSnapshotFrame: 4 * KB,
  popupScripts: 14,
} as const;

/**
 * The mark of a module a page's entry may load before its first frame, on top of the view it opens
 * on, when a member's state calls for it (e.g. the popup's strip of other accounts, for members who
 * have some): a line of the module's own header comment. Its chunk counts at open in every figure
 * of the page (the worst case a member meets), not as one more view to choose between.
 */
export const FIRST_FRAME_MARK = '@first-frame-part';

const REPO = resolve(import.meta.dirname, '../..');
/** Where the page's modules live (a marked module's chunk is named after its file). */
const SOURCE_DIRS = ['entrypoints', 'components', 'lib'];

/** The names of the marked modules' chunks: each file's name without its extension. */
export function firstFrameModules(root: string = REPO): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        if (readFileSync(path, 'utf8').includes(FIRST_FRAME_MARK)) {
          found.push(basename(entry.name).replace(/\.tsx?$/, ''));
        }
      }
    }
  };
  for (const dir of SOURCE_DIRS) if (existsSync(join(root, dir))) visit(join(root, dir));
  return found;
}

/**
 * The mark of a module loaded beside a view, before that view's first frame (e.g. the list of the
 * storage a popup tab shows, a chunk of its own so that its items stay out of the entry: it loads
 * in parallel with the tab's chunk): a line `@view-part <view module>` of the module's own header
 * comment. Its chunk counts in that view's figure, not as one more view to choose between.
 */
export const VIEW_PART_MARK = '@view-part';

/** The marked modules' chunk names, each with the view module it loads beside. */
export function viewParts(root: string = REPO): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const view = readFileSync(path, 'utf8').match(/@view-part (\w+)/)?.[1];
        if (view !== undefined) found.set(basename(entry.name).replace(/\.tsx?$/, ''), view);
      }
    }
  };
  for (const dir of SOURCE_DIRS) if (existsSync(join(root, dir))) visit(join(root, dir));
  return found;
}

/**
 * The parts loaded on demand from a page's entry, each view with the parts marked to load beside it
 * (`viewParts`) and without those as parts of their own: what a member waits for before that view's
 * first frame, beyond the page's own scripts at open.
 */
export function withViewParts(
  parts: readonly string[][],
  partsOfViews: ReadonlyMap<string, string>,
): string[][] {
  const nameOf = (part: readonly string[]) => chunkModule(part[0] ?? '');
  return parts
    .filter((part) => !partsOfViews.has(nameOf(part)))
    .map((view) => {
      const beside = parts.filter((part) => partsOfViews.get(nameOf(part)) === nameOf(view));
      return [...new Set([...view, ...beside.flat()])];
    });
}

export interface BundleSizes {
  contentScript: number;
  /**
   * The popup's JavaScript as it opens on its first tab (Feed, the default): its entry, what that
   * imports, the parts it loads before its first frame for some members (`popupFirstFrameParts`)
   * and that tab's view (each tab's view is a chunk of its own, loaded with the tab).
   */
  popup: number;
  /**
   * The same, opening on the largest view it may open on (the worst case a member meets at open:
   * with every first-frame part). What ARCHITECTURE.md's budget holds.
   */
  popupLargestTab: number;
  /** The chunk that view starts with (e.g. `chunks/MessagesTab-….js`), for the printout. */
  popupLargestTabChunk: string;
  /**
   * The most scripts the app's first item waits for, opening on any tab (the entry, what it imports,
   * the first-frame parts, the view and its chunks), and the chunk that view starts with. In an
   * extension page each is a request of its own to the extension's files, which the first item
   * waits for whatever their size (scripts/vite/popup-shared-chunks.ts).
   */
  popupMostScripts: { count: number; view: string };
  /**
   * The bytes of the parts the popup loads before its first frame only for some members (marked
   * `FIRST_FRAME_MARK`; e.g. the other accounts' strip), counted in every figure above, with the
   * names of their modules.
   */
  popupFirstFrameParts: { bytes: number; modules: string[] };
  /**
   * The most the popup has loaded after opening a view within a tab (e.g. a project in Explore,
   * loaded when the member opens one): the entry, the first-frame parts, the tab, the view.
   */
  popupDeepestView: number;
  /**
   * What the popup's first frame, the member's snapshot, waits for: `popup.html` (its stylesheets
   * inlined) and the classic scripts it names (first-frame.js), which run as the page is parsed.
   */
  popupSnapshotFrame: number;
  /** Every chunk the popup can ever load (all tabs). */
  popupTotal: number;
  background: number;
  /** zod must stay in the background. */
  popupHasZod: boolean;
}

/** The chunk of the view the popup opens on by default (`popupTabItem`'s fallback, 'feed'). */
const FIRST_TAB_VIEW = /^chunks\/FeedTab-/;

/** The chunks a script imports: statically (`from "./x.js"`) and on demand (`import("./x.js")`). */
function importsOf(dir: string, file: string): { static: string[]; dynamic: string[] } {
  const source = readFileSync(join(dir, file), 'utf8');
  const chunk = (path: string) =>
    path.startsWith('chunks/') ? path : join('chunks', path.replace(/^.*\//, ''));
  const found = { static: [] as string[], dynamic: [] as string[] };
  for (const m of source.matchAll(
    /from\s*["'`]\.{0,2}\/?([^"'`]+\.js)["'`]|import\(["'`]\.{0,2}\/?([^"'`]+\.js)["'`]\)/g,
  )) {
    if (m[1] !== undefined) found.static.push(chunk(m[1]));
    else if (m[2] !== undefined) found.dynamic.push(chunk(m[2]));
  }
  return found;
}

/** Scripts loaded together: these files and everything they import statically, transitively. */
function staticClosure(dir: string, roots: string[], known: Set<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file) || known.has(file) || !existsSync(join(dir, file))) continue;
    seen.add(file);
    queue.push(...importsOf(dir, file).static);
  }
  return seen;
}

/**
 * The module a chunk is named after (rollup names a chunk after its first module's file, then adds
 * `-` and 8 characters of hash, which may hold a `-` too).
 */
export const chunkModule = (file: string) => basename(file).replace(/-[\w-]{8}\.js$/, '');

/**
 * The scripts of a page: at open (the entry's static closure, then the parts the entry may load
 * before its first frame: `firstFrame`, chunks of modules named there, with what they import), each
 * part loaded on demand from those (`tabs`: a popup tab's view, or another view it may open on,
 * e.g. the signed-out screen), and the parts those load on demand in turn (`later`: e.g. a view
 * Explore opens on top of its home), each with everything loaded beyond the page on the way there.
 */
export function pageScripts(
  dir: string,
  page: string,
  firstFrameNames: readonly string[] = [],
): { atOpen: string[]; firstFrame: string[]; tabs: string[][]; later: string[][] } {
  const html = readFileSync(join(dir, page), 'utf8');
  const entries = [...html.matchAll(/src="\/?([^"]+\.js)"/g)].map((m) => m[1] as string);
  const entry = staticClosure(dir, entries);
  const roots = [...entry].flatMap((file) => importsOf(dir, file).dynamic);
  const firstFrameRoots = roots.filter((root) => firstFrameNames.includes(chunkModule(root)));
  const firstFrame = staticClosure(dir, firstFrameRoots, entry);
  const atOpen = new Set([...entry, ...firstFrame]);
  const found = { tabs: [] as string[][], later: [] as string[][] };
  const visited = new Set(atOpen);
  /** A part to load, and what was loaded beyond the page before it (nothing for a tab). */
  const queue = [...atOpen].flatMap((file) =>
    importsOf(dir, file).dynamic.map((root) => ({ root, before: [] as string[] })),
  );
  while (queue.length > 0) {
    const { root, before } = queue.shift() as { root: string; before: string[] };
    if (visited.has(root)) continue;
    const path = [...before, ...staticClosure(dir, [root], new Set([...atOpen, ...before]))];
    for (const file of path) {
      visited.add(file);
      queue.push(...importsOf(dir, file).dynamic.map((next) => ({ root: next, before: path })));
    }
    (before.length === 0 ? found.tabs : found.later).push(path);
  }
  return { atOpen: [...atOpen], firstFrame: [...firstFrame], ...found };
}

/** webextension-polyfill's own error text: the polyfill is in a script that holds it. */
const POLYFILL_MARK = 'api-metadata.json has not been included in browser-polyfill';

/**
 * The contexts of a build whose JavaScript lacks webextension-polyfill (ARCHITECTURE.md: every context
 * uses the WebExtension API through it): the background, each extension page as it opens (popup,
 * options, Chrome's offscreen document) and each content script. Empty when all have it.
 */
export function contextsWithoutPolyfill(dir: string): string[] {
  const has = (files: string[]) =>
    files.some((f) => readFileSync(join(dir, f), 'utf8').includes(POLYFILL_MARK));
  const contexts: [string, string[]][] = [
    ['background', ['background.js']],
    ...['popup.html', 'options.html', 'offscreen.html']
      .filter((page) => existsSync(join(dir, page)))
      .map((page): [string, string[]] => [page, pageScripts(dir, page).atOpen]),
    ...readdirSync(join(dir, 'content-scripts')).map((f): [string, string[]] => [
      `content-scripts/${f}`,
      [join('content-scripts', f)],
    ]),
  ];
  return contexts.filter(([, files]) => !has(files)).map(([context]) => context);
}

const size = (dir: string, files: string[]) => files.reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);

/** A page's classic scripts (no `type="module"`): they run as the page is parsed, before its first frame. */
export function classicScripts(dir: string, page: string): string[] {
  const html = readFileSync(join(dir, page), 'utf8');
  return [...html.matchAll(/<script(?![^>]*type="module")[^>]*\bsrc="\/?([^"]+\.js)"/g)].map(
    (m) => m[1] as string,
  );
}

export function measureBuild(
  dir: string,
  firstFrameNames: readonly string[] = firstFrameModules(),
  partsOfViews: ReadonlyMap<string, string> = viewParts(),
): BundleSizes {
  const contentScripts = readdirSync(join(dir, 'content-scripts')).map((f) => join('content-scripts', f));
  const popup = pageScripts(dir, 'popup.html', firstFrameNames);
  const all = [...popup.atOpen, ...new Set([...popup.tabs, ...popup.later].flat())];
  const atOpen = size(dir, popup.atOpen);
  const tabs = withViewParts(popup.tabs, partsOfViews);
  const firstTab = tabs.find((part) => part.some((file) => FIRST_TAB_VIEW.test(file))) ?? [];
  const largestOf = (parts: string[][]) =>
    parts.reduce((best, part) => (size(dir, part) > size(dir, best) ? part : best), [] as string[]);
  const largestTab = largestOf(tabs);
  return {
    contentScript: size(dir, contentScripts),
    popup: atOpen + size(dir, firstTab),
    popupLargestTab: atOpen + size(dir, largestTab),
    popupLargestTabChunk: largestTab[0] ?? '',
    popupMostScripts: tabs.reduce(
      (most, part) =>
        popup.atOpen.length + part.length > most.count
          ? { count: popup.atOpen.length + part.length, view: part[0] ?? '' }
          : most,
      { count: popup.atOpen.length, view: '' },
    ),
    popupFirstFrameParts: {
      bytes: size(dir, popup.firstFrame),
      modules: [...new Set(popup.firstFrame.map(chunkModule))],
    },
    popupDeepestView: atOpen + size(dir, largestOf([...tabs, ...popup.later])),
    popupSnapshotFrame: size(dir, ['popup.html', ...classicScripts(dir, 'popup.html')]),
    popupTotal: size(dir, all),
    background: size(dir, ['background.js']),
    popupHasZod: all.some((f) => /ZodError|\$ZodType/.test(readFileSync(join(dir, f), 'utf8'))),
  };
}
