/**
 * The polyfill's metadata kept to the namespaces Companion calls (polyfill-metadata.ts): every
 * namespace the shipped code calls keeps its wrapping, and the polyfill still wraps a callback API
 * into promises (an older Chrome's `chrome`, faked here: the one part that cannot run in Node).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { metadataNamespaces, USED_API_NAMESPACES, withApiMetadataOf } from './polyfill-metadata';

const root = resolve(import.meta.dirname, '../..');
const polyfillSource = readFileSync(
  createRequire(import.meta.url).resolve('webextension-polyfill/dist/browser-polyfill.js'),
  'utf8',
);

/** Every `browser.<namespace>` of the shipped code (entrypoints, components, lib; tests aside). */
function calledNamespaces(): Set<string> {
  const found = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        for (const m of readFileSync(path, 'utf8').matchAll(/\bbrowser\.([A-Za-z0-9]+)/g))
          found.add(m[1] as string);
      }
    }
  };
  for (const dir of ['entrypoints', 'components', 'lib']) visit(join(root, dir));
  return found;
}

/** What the test calls of the polyfill's `browser`. */
interface WrappedBrowser {
  storage: { local: { get(keys: string): Promise<Record<string, unknown>> } };
}

/** The polyfill, as an older Chrome runs it: `chrome` with callbacks, no `browser`. */
function runPolyfill(code: string, chrome: Record<string, unknown>): WrappedBrowser {
  const module = { exports: {} };
  const scope = globalThis as unknown as Record<string, unknown>;
  const saved = { chrome: scope.chrome, browser: scope.browser };
  scope.chrome = chrome;
  scope.browser = undefined;
  try {
    new Function('module', 'exports', 'define', code)(module, module.exports, undefined);
  } finally {
    scope.chrome = saved.chrome;
    scope.browser = saved.browser;
  }
  return module.exports as WrappedBrowser;
}

describe('the polyfill with the metadata of the namespaces Companion calls', () => {
  it('keeps every namespace the shipped code calls that the polyfill wraps', () => {
    const wrapped = new Set(metadataNamespaces(polyfillSource));
    const called = [...calledNamespaces()].filter((namespace) => wrapped.has(namespace));
    expect(called.length).toBeGreaterThan(5);
    expect(called.filter((namespace) => !USED_API_NAMESPACES.includes(namespace))).toEqual([]);
  });

  it('drops the rest (bookmarks, history, downloads, devtools...)', () => {
    const trimmed = withApiMetadataOf(polyfillSource, USED_API_NAMESPACES);
    expect(metadataNamespaces(trimmed).sort()).toEqual([...USED_API_NAMESPACES].sort());
    expect(trimmed.length).toBeLessThan(polyfillSource.length - 5000);
  });

  it('still wraps a callback API into promises, and its events', async () => {
    const trimmed = withApiMetadataOf(polyfillSource, USED_API_NAMESPACES);
    const chrome = {
      runtime: { id: 'companion', lastError: undefined, onMessage: { addListener() {} } },
      storage: {
        local: {
          get(keys: string, callback: (items: Record<string, unknown>) => void) {
            callback({ [keys]: 1 });
          },
        },
      },
    };
    const browser = runPolyfill(trimmed, chrome);
    await expect(browser.storage.local.get('feedCache')).resolves.toEqual({ feedCache: 1 });
  });

  it('stops the build when the metadata is not where it expects', () => {
    expect(() => withApiMetadataOf('module.exports = {};', USED_API_NAMESPACES)).toThrow(/apiMetadata/);
  });
});
