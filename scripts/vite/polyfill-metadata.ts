/**
 * webextension-polyfill carries the shape of every WebExtension API it wraps (its `apiMetadata`:
 * how many arguments each function takes, which call back), about 5 KB of each context's minified
 * JavaScript, the popup's and the content script's budgets included (ARCHITECTURE.md, Budgets). It
 * wraps only what the browser's `chrome` has, and an extension's `chrome` has no bookmarks, history,
 * downloads, devtools... without their permissions or pages, none of which Companion asks for. Here
 * the metadata keeps the namespaces Companion calls (`USED_API_NAMESPACES`, which a unit test holds
 * to every `browser.<namespace>` of the shipped code); the polyfill itself is unchanged. If the file
 * no longer holds its metadata as expected, the build stops.
 */
import type { Plugin } from 'vite';

const POLYFILL_FILE =
  /[\\/]node_modules[\\/]webextension-polyfill[\\/]dist[\\/]browser-polyfill(\.min)?\.js$/;

/** The namespaces of the WebExtension API that Companion's code calls through the polyfill. */
export const USED_API_NAMESPACES: readonly string[] = [
  'alarms',
  'commands',
  'cookies',
  'extension',
  'i18n',
  'idle',
  'management',
  'notifications',
  'permissions',
  'runtime',
  'storage',
  'tabs',
  'windows',
];

/** Where webextension-polyfill 0.12 writes its metadata: an object literal in JSON form. */
const METADATA_START = 'const apiMetadata = ';
const METADATA_END = ';\n      if (Object.keys(apiMetadata).length === 0)';

/** The namespaces the polyfill's source has metadata for. */
export function metadataNamespaces(code: string): string[] {
  return Object.keys(readMetadata(code).metadata);
}

function readMetadata(code: string): { start: number; end: number; metadata: Record<string, unknown> } {
  const start = code.indexOf(METADATA_START);
  const end = code.indexOf(METADATA_END, start);
  if (start < 0 || end < 0)
    throw new Error('webextension-polyfill no longer holds its apiMetadata where expected');
  const text = code.slice(start + METADATA_START.length, end);
  return { start: start + METADATA_START.length, end, metadata: JSON.parse(text) as Record<string, unknown> };
}

/** The polyfill's source with the metadata of `keep`'s namespaces only. */
export function withApiMetadataOf(code: string, keep: readonly string[]): string {
  const { start, end, metadata } = readMetadata(code);
  const kept = Object.fromEntries(Object.entries(metadata).filter(([namespace]) => keep.includes(namespace)));
  return `${code.slice(0, start)}${JSON.stringify(kept)}${code.slice(end)}`;
}

export function polyfillMetadataOfUsedApis(): Plugin {
  return {
    name: 'companion:polyfill-metadata',
    enforce: 'pre',
    transform(code, id) {
      if (!POLYFILL_FILE.test(id)) return null;
      return { code: withApiMetadataOf(code, USED_API_NAMESPACES), map: null };
    },
  };
}
