import { describe, expect, it } from 'vitest';
import { lazyChunkDependencies } from './plain-dynamic-imports';

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
