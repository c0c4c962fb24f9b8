/**
 * The popup's first-frame script (entrypoints/popup/first-frame.ts) as `/first-frame.js`: one
 * classic, render-blocking script, bundled and minified on its own. Not a WXT unlisted script: WXT
 * wraps those in a loader and a logger (about 450 bytes more), and every byte here is popup
 * JavaScript at open. esbuild is the one Vite's toolchain (and tsx) already bring.
 */
import { resolve } from 'node:path';
import { buildSync } from 'esbuild';

export const FIRST_FRAME_SCRIPT = 'first-frame.js';

/** The script's text, built from its TypeScript. */
export function firstFrameScript(root: string): string {
  const result = buildSync({
    entryPoints: [resolve(root, 'entrypoints/popup/first-frame.ts')],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2022',
    write: false,
    legalComments: 'none',
  });
  return (result.outputFiles[0] as { text: string }).text;
}
