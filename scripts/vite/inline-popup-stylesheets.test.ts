import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { localProfile } from '../../lib/config';
import { extensionPagesCsp } from '../../lib/extension-csp';
import { inlineStylesheets, styleHashSource } from './inline-popup-stylesheets';

const BUILT = `<head>
    <link rel="stylesheet" crossorigin href="/assets/Panel-C.css">
    <link rel="stylesheet" crossorigin href="/assets/popup-D.css">
    <link rel="stylesheet" crossorigin href="/assets/unknown-E.css">
    <script type="module" crossorigin src="/chunks/popup-A.js"></script>
  </head>`;
const CSS = new Map([
  ['assets/Panel-C.css', '.panel{gap:8px}'],
  ['assets/popup-D.css', 'body{margin:0}.search{background:url("data:image/svg+xml,%3Csvg%3E")}'],
]);

describe('inlineStylesheets', () => {
  it('puts each known stylesheet in the page, keeps its address in data-href, and collects the hash that allows exactly it', () => {
    const hashes = new Set<string>();
    const html = inlineStylesheets(BUILT, (file) => CSS.get(file), hashes);
    expect(html).toContain('<style data-href="/assets/Panel-C.css">.panel{gap:8px}</style>');
    expect(html).toContain(`<style data-href="/assets/popup-D.css">${CSS.get('assets/popup-D.css')}</style>`);
    // One the bundle does not hold stays a link (the page still gets it).
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/unknown-E.css">');
    const expected = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
    expect([...hashes].sort()).toEqual([...CSS.values()].map(expected).sort());
    expect(styleHashSource('.panel{gap:8px}')).toBe(expected('.panel{gap:8px}'));
  });

  it('leaves a stylesheet that could close the element as a link', () => {
    const hashes = new Set<string>();
    const html = inlineStylesheets(BUILT, () => 'a::after{content:"</style><script>"}', hashes);
    expect(html).not.toContain('<style');
    expect(hashes.size).toBe(0);
  });

  it('the policy allows the inlined stylesheets by hash only, never any inline style', () => {
    const hash = styleHashSource('.panel{gap:8px}');
    const csp = extensionPagesCsp(localProfile(), [hash]);
    expect(csp).toContain(`style-src 'self' ${hash}`);
    expect(csp).not.toContain('unsafe-inline');
    expect(extensionPagesCsp(localProfile())).not.toContain('style-src');
  });
});
