/**
 * The bundle budgets of ARCHITECTURE.md fail `npm test` when exceeded (sizes are not noisy, unlike
 * times). Measured on the `local` build for Firefox, which `npm test` builds and nothing rebuilds
 * while unit tests run (the store-package test re-zips the `public` builds meanwhile); the two
 * profiles differ only in a few URLs. Built here when `npm test` has not built it already.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BUNDLE_BUDGETS,
  type BundleSizes,
  chunkModule,
  classicScripts,
  contextsWithoutPolyfill,
  firstFrameModules,
  measureBuild,
  pageScripts,
  viewParts,
} from './bundle-sizes';

const root = path.resolve(import.meta.dirname, '../..');
const dir = path.join(root, '.output/local-firefox-mv3');
/** @webext-core/messaging's own log text: the library is in a script that holds it. */
const MESSAGING_MARK = '[messaging] sendMessage';
/** WXT's storage module's own error text: a script that holds it ships the module. */
const WXT_STORAGE_MARK = "to use 'wxt/storage'";

describe('bundle budgets (production build)', () => {
  let sizes: BundleSizes;
  beforeAll(() => {
    if (!existsSync(path.join(dir, 'manifest.json'))) {
      const env = { ...process.env, NODE_ENV: 'production', COMPANION_PROFILE: 'local' };
      const built = spawnSync(path.join(root, 'node_modules/.bin/wxt'), ['build', '-b', 'firefox'], {
        cwd: root,
        env,
      });
      if (built.status !== 0) throw new Error(`wxt build failed: ${built.stderr}`);
    }
    sizes = measureBuild(dir);
  }, 120_000);

  it("no context ships WXT's own storage module (a bare `storage` name auto-imports it: about 10 KB)", () => {
    // lib/storage/storage-item.ts replaces it (its comment says why).
    const scripts = (folder: string): string[] =>
      readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
        const at = path.join(folder, entry.name);
        if (entry.isDirectory()) return scripts(at);
        return entry.name.endsWith('.js') ? [at] : [];
      });
    const withIt = scripts(dir).filter((file) => readFileSync(file, 'utf8').includes(WXT_STORAGE_MARK));
    expect(withIt.map((file) => path.relative(dir, file))).toEqual([]);
  });

  it('every context ships webextension-polyfill (the budgets include it)', () => {
    expect(contextsWithoutPolyfill(dir)).toEqual([]);
  });

  it('the content script, all features, is within its budget', () => {
    expect(sizes.contentScript).toBeLessThanOrEqual(BUNDLE_BUDGETS.contentScript);
  });

  it('the popup JavaScript, opening on its first tab (Feed), is within its budget, without zod', () => {
    expect(sizes.popup).toBeLessThanOrEqual(BUNDLE_BUDGETS.popup);
    expect(sizes.popupHasZod).toBe(false);
  });

  it('the popup JavaScript, opening on any tab (the largest), is within its budget', () => {
    expect(sizes.popupLargestTab).toBeLessThanOrEqual(BUNDLE_BUDGETS.popup);
  });

  it("the scripts the app's first item waits for, opening on any tab, are within their budget", () => {
    expect(sizes.popupMostScripts.count).toBeGreaterThan(3);
    expect(sizes.popupMostScripts.count).toBeLessThanOrEqual(BUNDLE_BUDGETS.popupScripts);
  });

  it("the options page never loads the popup's entry, nor the popup the options page's", () => {
    // A chunk both pages load must import neither entry: the other page's app would start in this one
    // (a module put in a shared group beside one that imports the popup's entry did just that).
    const entryOf = (page: string) =>
      readFileSync(path.join(dir, page), 'utf8').match(/<script type="module"[^>]*src="\/?([^"]+)"/)?.[1];
    const everything = (page: string) => {
      const scripts = pageScripts(dir, page);
      return new Set([...scripts.atOpen, ...scripts.tabs.flat(), ...scripts.later.flat()]);
    };
    const popupEntry = entryOf('popup.html');
    const optionsEntry = entryOf('options.html');
    expect(popupEntry).toMatch(/^chunks\/popup-/);
    expect(optionsEntry).toMatch(/^chunks\/options-/);
    expect(everything('options.html').has(popupEntry as string)).toBe(false);
    expect(everything('popup.html').has(optionsEntry as string)).toBe(false);
  });

  it("what the popup's snapshot frame waits for (its page, styles inlined, and first-frame.js) is within its budget", () => {
    expect(classicScripts(dir, 'popup.html')).toEqual(['first-frame.js']);
    expect(sizes.popupSnapshotFrame).toBeGreaterThan(statSync(path.join(dir, 'popup.html')).size);
    expect(sizes.popupSnapshotFrame).toBeLessThanOrEqual(BUNDLE_BUDGETS.popupSnapshotFrame);
  });

  it('counts at open every part the popup loads before its first frame for some members', () => {
    // A marked module that is no chunk of its own (merged into another, renamed) would go uncounted.
    const marked = firstFrameModules();
    expect(marked).toContain('OtherAccounts');
    expect(sizes.popupFirstFrameParts.modules).toEqual(expect.arrayContaining(marked));
    expect(sizes.popupFirstFrameParts.bytes).toBeGreaterThan(0);
  });

  it("counts with each tab the parts loaded beside its view before the tab's first frame", () => {
    // A marked module that is no chunk of its own, or names no view, would go uncounted.
    const popup = pageScripts(dir, 'popup.html', firstFrameModules());
    const names = popup.tabs.map((part) => chunkModule(part[0] ?? ''));
    const parts = viewParts();
    expect([...parts.values()].sort()).toEqual(['ExploreTab', 'FeedTab', 'MessagesTab', 'MyStuffTab']);
    for (const [part, view] of parts) {
      expect(names).toContain(part);
      expect(names).toContain(view);
    }
  });

  it('the popup asks for the chunks of each tab together with the tab, and no chunk lists stylesheets', () => {
    // scripts/vite/plain-dynamic-imports.ts: the entry's import of a tab names the chunks that tab
    // imports statically (its `__vite__mapDeps` list, by chunk name), so they load beside the tab's
    // own chunk, not once it has arrived; no other chunk has lists, and no list a stylesheet.
    const popup = pageScripts(dir, 'popup.html', firstFrameModules());
    const html = readFileSync(path.join(dir, 'popup.html'), 'utf8');
    const entry = [...html.matchAll(/src="\/?([^"]+\.js)"/g)].map((m) => m[1] as string);
    const entrySource = entry.map((file) => readFileSync(path.join(dir, file), 'utf8')).join('\n');
    const views = popup.tabs.filter((part) => chunkModule(part[0] ?? '').endsWith('Tab'));
    expect(views.length).toBeGreaterThanOrEqual(4);
    for (const [, ...deps] of views) {
      expect(deps.length).toBeGreaterThan(0);
      const named = (dep: string) => entrySource.includes(`"${path.basename(dep, '.js')}"`);
      expect(deps.filter((dep) => !named(dep))).toEqual([]);
    }
    const withLists = readdirSync(path.join(dir, 'chunks'))
      .map((file) => `chunks/${file}`)
      .filter((file) => readFileSync(path.join(dir, file), 'utf8').includes('__vite__mapDeps'));
    expect(withLists.filter((file) => !entry.includes(file))).toEqual([]);
    expect(entrySource).not.toMatch(/m\.f=\[[^\]]*\.css/);
  });

  it('the popup loads the messaging library after its first frame, opening on any tab', () => {
    // entrypoints/popup/background-messages.ts: no message is needed to paint the cache, so the
    // library is no part of what the popup parses before it paints (about 3 KB of the budget).
    const popup = pageScripts(dir, 'popup.html', firstFrameModules());
    const views = popup.tabs.filter((part) => chunkModule(part[0] ?? '').endsWith('Tab'));
    expect(views.map((part) => chunkModule(part[0] ?? '')).sort()).toEqual(
      expect.arrayContaining(['ExploreTab', 'FeedTab', 'MessagesTab']),
    );
    const withMessaging = [popup.atOpen, ...views]
      .flat()
      .filter((file) => readFileSync(path.join(dir, file), 'utf8').includes(MESSAGING_MARK));
    expect(withMessaging).toEqual([]);
    // The mark is the library's own: it is in the chunk the popup loads on its first message.
    const later = [...new Set(popup.tabs.flat())];
    expect(later.some((file) => readFileSync(path.join(dir, file), 'utf8').includes(MESSAGING_MARK))).toBe(
      true,
    );
  });

  it('the background carries nothing of the pages: no Preact, no stylesheet', () => {
    // Preact's hooks keep their state on a component's `__H` (a name its build mangles to, stable
    // within Preact 10); a stylesheet any background module imported would be emitted beside it.
    const background = readFileSync(path.join(dir, 'background.js'), 'utf8');
    expect(background).not.toMatch(/\.__H\b/);
    expect(existsSync(path.join(dir, 'assets/background.css'))).toBe(false);
    // The check can fail: the popup's own bundle has both.
    const popupChunks = readdirSync(path.join(dir, 'chunks')).map((file) =>
      readFileSync(path.join(dir, 'chunks', file), 'utf8'),
    );
    expect(popupChunks.some((text) => /\.__H\b/.test(text))).toBe(true);
  });
});
