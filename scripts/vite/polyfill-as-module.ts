/**
 * webextension-polyfill ships one UMD file (CommonJS to a bundler). Bundled as CommonJS, it comes
 * with the bundler's interop helpers (`__commonJS`, `__toESM` and what they use): about 0.7 KB in
 * every context, a sixtieth of the content script's size budget (ARCHITECTURE.md, Budgets). Here the same file is
 * made an ES module: its UMD header finds `module` and `exports` declared in front of it and takes
 * its CommonJS branch as before (the code itself is unchanged), and the module's default export is
 * what it set on `module.exports`. If the file no longer starts as expected, the build stops.
 */
import type { Plugin } from 'vite';

const POLYFILL_FILE = /[\\/]node_modules[\\/]webextension-polyfill[\\/]dist[\\/]browser-polyfill\.js$/;
/** The UMD header of webextension-polyfill 0.12, which this conversion relies on. */
const UMD_HEADER = `} else if (typeof exports !== "undefined") {
    factory(module);`;

export function polyfillAsModule(): Plugin {
  return {
    name: 'companion:polyfill-as-module',
    enforce: 'pre',
    transform(code, id) {
      if (!POLYFILL_FILE.test(id)) return null;
      if (!code.includes(UMD_HEADER)) {
        throw new Error(`${id} no longer has the UMD header scripts/vite/polyfill-as-module.ts expects`);
      }
      return {
        code: `var module = { exports: {} }, exports = module.exports, define;\n${code}\nexport default module.exports;\n`,
        map: null,
      };
    },
  };
}
