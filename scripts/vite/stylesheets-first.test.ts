import { describe, expect, it } from 'vitest';
import { stylesheetsFirst } from './stylesheets-first';

const BUILT = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <title>Companion</title>
    <script type="module" crossorigin src="/chunks/popup-A.js"></script>
    <link rel="modulepreload" crossorigin href="/chunks/browser-B.js">
    <link rel="stylesheet" crossorigin href="/assets/Panel-C.css">
    <link rel="stylesheet" crossorigin href="/assets/popup-D.css">
  </head>
  <body>
    <div id="app"></div>
    <script src="/first-frame.js"></script>
  </body>
</html>`;

describe('stylesheetsFirst', () => {
  it("moves the head's stylesheets before its module script and modulepreloads, in their order", () => {
    const html = stylesheetsFirst(BUILT);
    const order = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(order).toEqual([
      '/assets/Panel-C.css',
      '/assets/popup-D.css',
      '/chunks/popup-A.js',
      '/chunks/browser-B.js',
      '/first-frame.js',
    ]);
    expect(html).toContain(
      '<title>Companion</title>\n    <link rel="stylesheet" crossorigin href="/assets/Panel-C.css">\n',
    );
    expect(html.match(/<link rel="stylesheet"/g)).toHaveLength(2);
  });

  it('leaves a page without stylesheets or scripts as it is', () => {
    const plain = '<html><head><title>x</title></head><body></body></html>';
    expect(stylesheetsFirst(plain)).toBe(plain);
  });
});
