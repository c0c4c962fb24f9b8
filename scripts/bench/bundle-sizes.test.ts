/**
 * How the size measurement sorts a page's chunks (scripts/bench/bundle-sizes.ts), on a small build
 * written here: the entry's parts loaded before the first frame for some members count at open,
 * on top of the largest view; views to choose between count one at a time.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  chunkModule,
  firstFrameModules,
  measureBuild,
  pageScripts,
  viewParts,
  withViewParts,
} from './bundle-sizes';

const dir = mkdtempSync(join(tmpdir(), 'bundle-sizes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A file of `bytes` bytes, starting with `code`. */
function write(path: string, code: string, bytes: number) {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), code.padEnd(bytes, ' '));
}

// The entry imports a shared chunk and loads on demand: two tabs, a strip (marked), a panel.
write('popup.html', '<script type="module" src="/chunks/popup-AAAA-AAA.js"></script>', 10);
write(
  'chunks/popup-AAAA-AAA.js',
  'import{a}from"./vendor-BBBBBBBB.js";()=>import("./FeedTab-CCCCCCCC.js");()=>import("./BigTab-DDDDDDDD.js");' +
    '()=>import("./Strip-EE-EEEEE.js");()=>import("./Panel-FFFFFFFF.js")',
  1000,
);
write('chunks/vendor-BBBBBBBB.js', '', 5000);
write('chunks/FeedTab-CCCCCCCC.js', 'import{a}from"./vendor-BBBBBBBB.js"', 300);
write(
  'chunks/BigTab-DDDDDDDD.js',
  'import{m}from"./model-GGGGGGGG.js";()=>import("./Detail-HHHHHHHH.js")',
  700,
);
write('chunks/Strip-EE-EEEEE.js', 'import{m}from"./model-GGGGGGGG.js"', 90);
write('chunks/model-GGGGGGGG.js', '', 10);
write('chunks/Panel-FFFFFFFF.js', '', 400);
write('chunks/Detail-HHHHHHHH.js', '', 2000);
write('content-scripts/content.js', '', 100);
write('background.js', '', 100);

describe('bundle sizes: what a page loads at open', () => {
  it('names a chunk after its module, whatever its hash holds', () => {
    expect(chunkModule('chunks/Strip-EE-EEEEE.js')).toBe('Strip');
    expect(chunkModule('chunks/other-accounts-model-DkqQtMog.js')).toBe('other-accounts-model');
  });

  it('counts a marked part at open, with what it imports, and not as a view to choose', () => {
    const page = pageScripts(dir, 'popup.html', ['Strip']);
    expect(page.firstFrame.sort()).toEqual(['chunks/Strip-EE-EEEEE.js', 'chunks/model-GGGGGGGG.js']);
    expect(page.atOpen).toEqual(expect.arrayContaining(page.firstFrame));
    expect(page.tabs.map((part) => part[0]).sort()).toEqual([
      'chunks/BigTab-DDDDDDDD.js',
      'chunks/FeedTab-CCCCCCCC.js',
      'chunks/Panel-FFFFFFFF.js',
    ]);
    // The shared model came with the strip: the tab that imports it adds nothing more for it.
    expect(page.tabs.find((part) => part[0] === 'chunks/BigTab-DDDDDDDD.js')).toEqual([
      'chunks/BigTab-DDDDDDDD.js',
    ]);
  });

  it('without the mark, the same part is one more view to choose between (what it used to count)', () => {
    const page = pageScripts(dir, 'popup.html', []);
    expect(page.firstFrame).toEqual([]);
    expect(page.tabs.map((part) => part[0])).toContain('chunks/Strip-EE-EEEEE.js');
  });

  it('the worst case at open is the entry, every marked part and the largest view', () => {
    const sizes = measureBuild(dir, ['Strip']);
    expect(sizes.popupFirstFrameParts).toEqual({ bytes: 100, modules: ['Strip', 'model'] });
    expect(sizes.popupLargestTabChunk).toBe('chunks/BigTab-DDDDDDDD.js');
    expect(sizes.popupLargestTab).toBe(1000 + 5000 + 100 + 700);
    expect(sizes.popup).toBe(1000 + 5000 + 100 + 300);
    expect(sizes.popupDeepestView).toBe(1000 + 5000 + 100 + 700 + 2000);
    // Unmarked: the strip was counted instead of the largest tab, never on top of it.
    expect(measureBuild(dir, []).popupLargestTab).toBe(1000 + 5000 + 700 + 10);
  });

  it('finds the marked modules of the source', () => {
    expect(firstFrameModules()).toContain('OtherAccounts');
  });

  it('finds the modules marked to load beside a view, with their view', () => {
    const parts = viewParts();
    expect(parts.get('messages-view-storage')).toBe('MessagesTab');
    expect(parts.get('feed-view-storage')).toBe('FeedTab');
  });
});

describe('bundle sizes: a view and what loads beside it', () => {
  const views = mkdtempSync(join(tmpdir(), 'bundle-sizes-views-'));
  afterAll(() => rmSync(views, { recursive: true, force: true }));
  const put = (path: string, code: string, bytes: number) => {
    mkdirSync(join(views, path, '..'), { recursive: true });
    writeFileSync(join(views, path), code.padEnd(bytes, ' '));
  };
  // The entry loads two tabs, each with the list of the storage it shows beside it; both lists
  // import the storage items, which the Feed tab imports too.
  put('popup.html', '<script type="module" src="/chunks/popup-AAAAAAAA.js"></script>', 10);
  put(
    'chunks/popup-AAAAAAAA.js',
    '()=>import("./FeedTab-BBBBBBBB.js");()=>import("./feed-view-storage-CCCCCCCC.js");' +
      '()=>import("./MessagesTab-DDDDDDDD.js");()=>import("./messages-view-storage-EEEEEEEE.js")',
    1000,
  );
  put('chunks/FeedTab-BBBBBBBB.js', 'import{i}from"./items-FFFFFFFF.js"', 300);
  put('chunks/feed-view-storage-CCCCCCCC.js', 'import{i}from"./items-FFFFFFFF.js"', 50);
  put('chunks/items-FFFFFFFF.js', '', 200);
  put('chunks/MessagesTab-DDDDDDDD.js', '', 400);
  put('chunks/messages-view-storage-EEEEEEEE.js', 'import{i}from"./items-FFFFFFFF.js"', 60);
  put('content-scripts/content.js', '', 100);
  put('background.js', '', 100);
  const marked = new Map([
    ['feed-view-storage', 'FeedTab'],
    ['messages-view-storage', 'MessagesTab'],
  ]);

  it('counts the part with its view, once each file, and not as a view of its own', () => {
    const page = pageScripts(views, 'popup.html');
    const merged = withViewParts(page.tabs, marked);
    expect(merged.map((part) => chunkModule(part[0] ?? '')).sort()).toEqual(['FeedTab', 'MessagesTab']);
    const sizes = measureBuild(views, [], marked);
    // Feed: its chunk, the list and the items they share, once.
    expect(sizes.popup).toBe(1000 + 300 + 200 + 50);
    // Messages: its chunk, and its list with the items the list imports.
    expect(sizes.popupLargestTab).toBe(1000 + 400 + 60 + 200);
    expect(sizes.popupLargestTabChunk).toBe('chunks/MessagesTab-DDDDDDDD.js');
  });

  it('unmarked, each list would be one more view to choose between, and each tab counted without it', () => {
    const sizes = measureBuild(views, [], new Map());
    expect(sizes.popup).toBe(1000 + 300 + 200);
    // Messages without its list and the items it reads: no longer the largest.
    expect(sizes.popupLargestTabChunk).toBe('chunks/FeedTab-BBBBBBBB.js');
  });
});
