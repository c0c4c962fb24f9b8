import { describe, expect, it } from 'vitest';
import { lazyChunkDependencies, withoutStylesheets } from './plain-dynamic-imports';

const TAB = 'chunks/FeedTab-aaaaaaaa.js';
const deps = [TAB, 'chunks/shared-bbbbbbbb.js', 'chunks/ListEnd-cccccccc.js', 'chunks/SiteLink-dddddddd.js'];

describe('lazyChunkDependencies', () => {
  it("from a page's entry: the imported view's chunks, less the view itself and what the entry has run", () => {
    const host = { isEntry: true, imports: ['chunks/shared-bbbbbbbb.js'] };
    expect(lazyChunkDependencies(TAB, deps, host)).toEqual([
      'chunks/ListEnd-cccccccc.js',
      'chunks/SiteLink-dddddddd.js',
    ]);
  });

  it('from a chunk loaded later (a tab importing its thread view): nothing, a plain import', () => {
    expect(lazyChunkDependencies(TAB, deps, { isEntry: false, imports: [] })).toEqual([]);
    expect(lazyChunkDependencies(TAB, deps, undefined)).toEqual([]);
  });

  it('never a stylesheet (nothing would load it as a module)', () => {
    expect(
      lazyChunkDependencies(TAB, [TAB, 'assets/FeedTab-eeeeeeee.css'], { isEntry: true, imports: [] }),
    ).toEqual([]);
  });
});

/** Vite's table of a chunk's preload lists, over these files. */
const table = (files: string[]) =>
  `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=${JSON.stringify(files)})))=>i.map(i=>d[i]);\n`;
const CSS = ['assets/popup-AAAAAAAA.css', 'assets/Panel-BBBBBBBB.css'];

describe('withoutStylesheets', () => {
  it("drops a chunk's lists of the page's stylesheets, and the table with them", () => {
    const code = `${table(CSS)}import{t as e}from"./x.js";var a=()=>e(()=>import(\`./Thread-CCCCCCCC.js\`).then(e=>e.Thread),__vite__mapDeps([0,1]));var b=()=>e(()=>import("./Bell-DDDDDDDD.js"),__vite__mapDeps([0]));`;
    expect(withoutStylesheets(code, 'tab.js')).toBe(
      'import{t as e}from"./x.js";var a=()=>e(()=>import(`./Thread-CCCCCCCC.js`).then(e=>e.Thread));var b=()=>e(()=>import("./Bell-DDDDDDDD.js"));',
    );
  });

  it("keeps an entry's lists of a view's chunks by name, without the stylesheets, numbered anew", () => {
    const files = [
      CSS[0] as string,
      'chunks/ListEnd-EEEEEEEE.js',
      CSS[1] as string,
      'chunks/SiteLink-FFFFFFFF.js',
    ];
    const code = `${table(files)}var a=e(()=>import("./FeedTab-GGGGGGGG.js"),__vite__mapDeps([0,1,2,3]));var b=e(()=>import("./SignedOut-HHHHHHHH.js"),__vite__mapDeps([0]));var c=e(()=>import("./MessagesTab-IIIIIIII.js"),__vite__mapDeps([3,2]));`;
    expect(withoutStylesheets(code, 'popup.js')).toBe(
      `${table(['ListEnd-EEEEEEEE', 'SiteLink-FFFFFFFF'])}var a=e(()=>import("./FeedTab-GGGGGGGG.js"),__vite__mapDeps([0,1]));var b=e(()=>import("./SignedOut-HHHHHHHH.js"));var c=e(()=>import("./MessagesTab-IIIIIIII.js"),__vite__mapDeps([1]));`,
    );
  });

  it('reads the unminified build alike (spaces in the lists)', () => {
    const code = `${table(CSS)}const a = () => __vitePreload(() => import("./FeedTab-CCCCCCCC.js"), __vite__mapDeps([0, 1]));`;
    expect(withoutStylesheets(code, 'popup.js')).toBe(
      'const a = () => __vitePreload(() => import("./FeedTab-CCCCCCCC.js"));',
    );
  });

  it('leaves a chunk without lists as it is', () => {
    const code = 'export const a = 1;';
    expect(withoutStylesheets(code, 'a.js')).toBe(code);
  });

  it('stops the build at a list it does not recognise, or a chunk outside chunks/', () => {
    expect(() => withoutStylesheets('var x=__vite__mapDeps;', 'odd.js')).toThrow(/odd\.js/);
    const elsewhere = `${table(['assets/worker-JJJJJJJJ.js'])}e(()=>import("./w.js"),__vite__mapDeps([0]));`;
    expect(() => withoutStylesheets(elsewhere, 'popup.js')).toThrow(/outside chunks/);
  });
});
