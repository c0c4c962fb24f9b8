import { describe, expect, it } from 'vitest';
import { withoutStylesheetLists } from './plain-dynamic-imports';

// What Vite writes in a chunk with lazy imports whose modules imported the page's stylesheets.
const TABLE =
  'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/popup-AAAAAAAA.css","assets/Panel-BBBBBBBB.css"])))=>i.map(i=>d[i]);\n';

describe('withoutStylesheetLists', () => {
  it("drops the table and each import's list, leaving the imports themselves", () => {
    const code = `${TABLE}import{t as e}from"./x.js";var a=()=>e(()=>import(\`./FeedTab-CCCCCCCC.js\`).then(e=>e.FeedTab),__vite__mapDeps([0,1]));var b=()=>e(()=>import("./Bell-DDDDDDDD.js"),__vite__mapDeps([0]));`;
    expect(withoutStylesheetLists(code, 'popup.js')).toBe(
      'import{t as e}from"./x.js";var a=()=>e(()=>import(`./FeedTab-CCCCCCCC.js`).then(e=>e.FeedTab));var b=()=>e(()=>import("./Bell-DDDDDDDD.js"));',
    );
  });

  it('reads the unminified build alike (spaces in the lists)', () => {
    const code = `${TABLE}const a = () => __vitePreload(() => import("./FeedTab-CCCCCCCC.js"), __vite__mapDeps([0, 1]));`;
    expect(withoutStylesheetLists(code, 'popup.js')).toBe(
      'const a = () => __vitePreload(() => import("./FeedTab-CCCCCCCC.js"));',
    );
  });

  it('leaves a chunk without lists as it is', () => {
    const code = 'export const a = 1;';
    expect(withoutStylesheetLists(code, 'a.js')).toBe(code);
  });

  it('stops the build at a list it does not recognise', () => {
    expect(() => withoutStylesheetLists('var x=__vite__mapDeps;', 'odd.js')).toThrow(/odd\.js/);
  });
});
