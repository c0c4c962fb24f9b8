// @vitest-environment happy-dom
/**
 * The snapshot's stylesheet: the rules of the popup's stylesheets that style what it shows, states,
 * colour schemes and directions included, in their order; none for what it doesn't show.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { stylesUsed } from './first-frame-styles';

const CSS = `:root{--page:#fff}
body{margin:0}
.item-row{display:flex}
.item-row:hover{background:red}
.item-row::before{content:""}
[dir=rtl] .item-row{direction:rtl}
.reply-box{margin-top:6px}
@media (prefers-color-scheme:dark){:root{--page:#000}.item-row{color:white}.reply-box{color:white}}
@media print{.reply-box{display:none}}
@keyframes spin{to{transform:rotate(360deg)}}`;

describe('stylesUsed', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('keeps the rules that style the page and what shows, in order, and drops the rest', () => {
    document.head.innerHTML = `<style>${CSS}</style>`;
    document.body.innerHTML = '<div id="app"><ul><li class="item-row">a</li></ul></div>';
    const css = stylesUsed(document, document.getElementById('app') as Element);
    const order = [
      ':root',
      'body',
      '.item-row {',
      '.item-row:hover',
      '.item-row::before',
      '[dir="rtl"] .item-row',
      '@media (prefers-color-scheme',
      '@keyframes spin',
    ];
    let at = -1;
    for (const part of order) {
      const found = css.replace(/dir=rtl/, 'dir="rtl"').indexOf(part, at + 1);
      expect(found, part).toBeGreaterThan(at);
      at = found;
    }
    // What does not show: the reply box, in any scheme, and a print rule of nothing shown.
    expect(css).not.toContain('reply-box');
    expect(css).not.toContain('@media print');
    // The dark scheme's rules of what shows.
    expect(css).toMatch(/@media \(prefers-color-scheme: ?dark\)\s*\{.*--page: ?#000.*\.item-row/s);
  });
});
