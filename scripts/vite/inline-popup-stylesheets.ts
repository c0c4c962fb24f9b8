/**
 * The popup's stylesheets inlined in its page (`<style data-href>`), with their hashes allowed by
 * the extension pages' policy (lib/extension-csp.ts; no 'unsafe-inline'). The popup's first frame,
 * the member's snapshot painted by a classic script in the body (entrypoints/popup/first-frame.ts),
 * waits for the page's stylesheets, as any paint does; fetched, they arrived in Chromium at ~60 ms
 * against the empty popup's paint at ~45 ms. Inlined, there is nothing to wait for (Chromium,
 * popup --first-frame-only --quick, one lock hold: the snapshot's frame 68 -> 49 ms, first paint
 * 76 -> 60 ms on Feed). `data-href` keeps the file's hashed name: the snapshot's build stamp reads it.
 * Only the popup: no other page paints before its script.
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g;

/** The CSP source that allows exactly `css` as an inline stylesheet. */
export const styleHashSource = (css: string) =>
  `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;

/**
 * `html` with each stylesheet link whose file `cssOf` knows replaced by that stylesheet inline; the
 * hash sources of what it inlined are added to `hashes`.
 */
export function inlineStylesheets(
  html: string,
  cssOf: (fileName: string) => string | undefined,
  hashes: Set<string>,
): string {
  return html.replace(STYLESHEET_LINK, (link, fileName: string) => {
    const css = cssOf(fileName);
    // A stylesheet that could end the element early stays a link.
    if (css === undefined || /<\/style/i.test(css)) return link;
    hashes.add(styleHashSource(css));
    return `<style data-href="/${fileName}">${css}</style>`;
  });
}

/** The hash sources of the stylesheets inlined by this build, for the manifest's policy (wxt.config.ts). */
export const inlinedStyleHashes = new Set<string>();

export function inlinePopupStylesheets(): Plugin {
  return {
    name: 'companion:inline-popup-stylesheets',
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename, bundle }) {
        if (bundle === undefined || !/[\\/]popup[\\/]index\.html$/.test(filename)) return html;
        return inlineStylesheets(
          html,
          (fileName) => {
            const asset = bundle[fileName];
            if (asset?.type !== 'asset') return undefined;
            return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          },
          inlinedStyleHashes,
        );
      },
    },
  };
}
