/**
 * The popup's stylesheets are fetched as its page is parsed but applied only by the app
 * (`<link rel="preload" as="style">`, made a stylesheet by entrypoints/popup/page-stylesheets.ts
 * before the app's first render): the popup's first frame, the member's snapshot painted by the
 * classic script in the body (entrypoints/popup/first-frame.ts), brings the rules it uses itself
 * (entrypoints/popup/first-frame-styles.ts), and neither waits for nor parses the rest. Inlined
 * before, all of the popup's CSS (about 25 KB) was parsed ahead of that frame. The link keeps the
 * file's hashed name: the snapshot's build stamp reads it. Only the popup: no other page paints
 * before its script.
 */
import type { Plugin } from 'vite';

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="(\/[^"]+\.css)">/g;

/** `html` with each stylesheet link made a preload of that stylesheet. */
export const deferStylesheets = (html: string): string =>
  html.replace(STYLESHEET_LINK, (_link, href: string) => `<link rel="preload" as="style" href="${href}">`);

export function deferPopupStylesheets(): Plugin {
  return {
    name: 'companion:defer-popup-stylesheets',
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename, bundle }) {
        if (bundle === undefined || !/[\\/]popup[\\/]index\.html$/.test(filename)) return html;
        return deferStylesheets(html);
      },
    },
  };
}
