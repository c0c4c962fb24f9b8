import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';
import { isSiteProfileName, LOCAL_SANDBOX_PORT, localProfile, siteProfiles } from './lib/config';
import { extensionPagesCsp } from './lib/extension-csp';
import { deferPopupStylesheets } from './scripts/vite/deferred-popup-stylesheets';
import { FIRST_FRAME_SCRIPT, firstFrameScript } from './scripts/vite/first-frame-script';
import { noEvalNoInnerHtml } from './scripts/vite/no-eval-no-inner-html';
import { pageMessaging } from './scripts/vite/page-messaging';
import {
  chunkFacts,
  lazyChunkDependencies,
  plainDynamicImports,
  plainDynamicImportsLists,
} from './scripts/vite/plain-dynamic-imports';
import { polyfillAsModule } from './scripts/vite/polyfill-as-module';
import { polyfillMetadataOfUsedApis } from './scripts/vite/polyfill-metadata';
import { withPopupSharedChunks } from './scripts/vite/popup-shared-chunks';
import { stylesheetsFirstPlugin } from './scripts/vite/stylesheets-first';

// The site profile is chosen at build time; a store build targets `public`.
const profileName = process.env.COMPANION_PROFILE ?? 'public';
if (!isSiteProfileName(profileName)) {
  throw new Error(`COMPANION_PROFILE must be "public" or "local", not "${profileName}"`);
}

// A local build for a sandbox on other ports than the default (LOCAL_SANDBOX_PORT): the end-to-end
// tests run two sandboxes side by side (tests/e2e/harness/lanes.ts). It gets its own output folder.
const sandboxPortText = process.env.COMPANION_SANDBOX_PORT ?? '';
const sandboxPort = sandboxPortText ? Number(sandboxPortText) : LOCAL_SANDBOX_PORT;
if (!Number.isInteger(sandboxPort) || sandboxPort < 1024 || sandboxPort > 65_000) {
  throw new Error(`COMPANION_SANDBOX_PORT must be a port number, not "${sandboxPortText}"`);
}
if (sandboxPort !== LOCAL_SANDBOX_PORT && profileName !== 'local') {
  throw new Error('COMPANION_SANDBOX_PORT applies to the local profile only');
}
const outDirPrefix = sandboxPort === LOCAL_SANDBOX_PORT ? profileName : `${profileName}-${sandboxPort}`;
// The profile the build talks to (a local build, on its sandbox's ports).
const profile = profileName === 'local' ? localProfile(sandboxPort) : siteProfiles[profileName];

export default defineConfig({
  // webextension-polyfill, as the design card names it: WXT's module makes `wxt/browser` (and so the
  // auto-imported `browser`) the polyfill's in every context: background, popup, options, offscreen
  // document and content script. Firefox, and Chrome from 148 on, have the standard promise-based
  // `browser` themselves, which the polyfill hands on as it is; an older Chrome gets its `chrome`
  // wrapped into the same API, so no context depends on the browser's version. About 10 KB in each
  // context, within ARCHITECTURE.md's budgets (bundled as an ES module: scripts/vite/polyfill-as-module.ts).
  // @webext-core/messaging uses `chrome` itself; the guard of lib/protocol/checked-messages.ts still answers
  // first behind the polyfill's wrapper (lib/composition/checked-protocol-polyfill.test.ts).
  modules: ['@wxt-dev/i18n/module', '@wxt-dev/webextension-polyfill'],
  // One output folder per profile and browser: .output/public-chrome-mv3, .output/local-firefox-mv3,
  // .output/local-8710-firefox-mv3 (another sandbox port), ...
  outDirTemplate: `${outDirPrefix}-{{browser}}-mv{{manifestVersion}}{{modeSuffix}}`,
  manifestVersion: 3,
  hooks: {
    // Every module imports what it uses: no folder's exports are auto-imported (WXT's presets,
    // `browser` and the define* helpers, stay). An auto-import is guessed from a name, and a guess
    // that took the background's `tabId` parameter for the popup's tab bar put Preact and the
    // popup's stylesheet in the background's bundle. (The option `imports.dirs` adds to WXT's
    // folders; only the resolved configuration can empty them.)
    'config:resolved': (wxt) => {
      wxt.config.imports.dirs = [];
    },
    // The popup's first-frame script, which popup.html names (entrypoints/popup/first-frame.ts).
    'build:publicAssets': (wxt, files) => {
      files.push({ relativeDest: FIRST_FRAME_SCRIPT, contents: firstFrameScript(wxt.config.root) });
    },
    'vite:build:extendConfig': (entrypoints, config) => {
      // The popup's tabs share their small parts through a few chunks, not a dozen (the file says why).
      if (entrypoints.some((entry) => entry.name === 'popup')) withPopupSharedChunks(config);
      // The content script without rolldown's constant inlining ("smart" by default: an imported
      // constant is copied into each `if`, `?:` or `&&` test naming it), which put its long selectors
      // in the bundle twice (about 200 bytes of the content script's 45 KB). Elsewhere it saves bytes: kept.
      if (!entrypoints.some((entry) => entry.type === 'content-script')) return;
      // The content script sends its messages through `browser.runtime` (lib/protocol/page-messaging.ts),
      // not the library's `chrome.runtime`: a second namespace, built again on a page's first message.
      config.plugins = [...(config.plugins ?? []), pageMessaging()];
      config.build ??= {};
      const rolldown = config.build.rolldownOptions ?? {};
      config.build.rolldownOptions = {
        ...rolldown,
        optimization: { ...rolldown.optimization, inlineConst: false },
      };
    },
  },
  vite: () => ({
    plugins: [
      noEvalNoInnerHtml(),
      plainDynamicImports(),
      plainDynamicImportsLists(),
      polyfillAsModule(),
      polyfillMetadataOfUsedApis(),
      stylesheetsFirstPlugin(),
      deferPopupStylesheets(),
      preact(),
    ],
    // Extension pages load their chunks from the extension itself. A page's HTML names the chunks its
    // entry imports (`<link rel=modulepreload>`: fetched with the entry, not after it has been parsed,
    // the popup's first paint sooner). A dynamic import in a page's entry preloads the chunks the view
    // it loads imports (a tab's shared parts, with the tab); deeper ones get no lists, and none gets
    // Vite's preload polyfill, whose bytes would count in the popup's budget (plain-dynamic-imports.ts).
    build: {
      // COMPANION_UNMINIFIED=1: readable function names for a profile (scripts/bench/page-load.ts --breakdown).
      minify: process.env.COMPANION_UNMINIFIED ? false : undefined,
      modulePreload: {
        polyfill: false,
        resolveDependencies: (file, deps, { hostId, hostType }) =>
          hostType === 'html' ? deps : lazyChunkDependencies(file, deps, chunkFacts(hostId)),
      },
    },
    define: {
      'import.meta.env.COMPANION_PROFILE': JSON.stringify(profileName),
      'import.meta.env.COMPANION_SANDBOX_PORT': JSON.stringify(String(sandboxPort)),
    },
  }),
  manifest: ({ browser }) => ({
    name: profileName === 'public' ? 'Companion' : 'Companion (local sandbox)',
    description: '__MSG_extensionDescription__',
    default_locale: 'en',
    permissions: [
      // Caches, settings and the session (storage.session keeps the token off the disk).
      'storage',
      // The one message-count poller and the feed's checks survive the worker's stops (MV3).
      'alarms',
      // The site's session cookie tells sign-in and sign-out at once; the CSRF cookie for writes.
      'cookies',
      // Polls slow down while the member is away from the computer.
      'idle',
      // Chrome only: read-aloud audio plays in an offscreen document (lib/read-aloud/audio-player.ts).
      ...(browser === 'firefox' ? [] : ['offscreen']),
      // The live site refuses comment writes without the site as referer, which a fetch cannot set:
      // one session rule sets it on the background's own POST/DELETE to the interface's /proxy/ paths
      // (lib/api/write-referer.ts). Unlike declarativeNetRequest it adds no install warning and
      // acts only within the host permissions below.
      'declarativeNetRequestWithHostAccess',
    ],
    // Never in a private window, in either browser (the member cannot allow it there either). Such a
    // window may be someone else's on a shared computer, signed in as them or not at all, and must
    // leave nothing behind: Companion keeps translations, statuses and drafts on disk. Its content
    // script and background refuse a private tab anyway (lib/features/member-context.ts,
    // lib/protocol/sender.ts); Firefox containers are handled there, as the manifest cannot name them.
    incognito: 'not_allowed',
    // Asked for only when the member turns desktop notifications on in the settings.
    optional_permissions: ['notifications'],
    // The site and its own services only (lib/config.ts): no other host, ever.
    host_permissions: [...profile.hostPermissions],
    // The extension's pages reach the same hosts and nothing else (lib/extension-csp.ts).
    content_security_policy: { extension_pages: extensionPagesCsp(profile) },
    // public/icon/<size>.png become `icons` (WXT finds them); the toolbar uses the small ones.
    action: {
      default_title: 'Companion',
      default_icon: { 16: 'icon/16.png', 32: 'icon/32.png', 48: 'icon/48.png' },
    },
    // Explore: a shortcut opens the popup on the search field (members change it in the
    // browser's shortcut settings); the address-bar keyword suggests projects as the member types.
    commands: {
      'quick-search': {
        suggested_key: { default: 'Alt+Shift+K' },
        description: '__MSG_explore_command__',
      },
    },
    omnibox: { keyword: 'scratch' },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'companion@companion.example',
              // 140: the first release (and ESR) with the data-collection consent below.
              strict_min_version: '140.0',
              // Firefox's data-collection consent, in Mozilla's categories: what leaves the browser,
              // all of it to the site's own services and nothing to Companion's authors. The text
              // of comments and notes a member asks to translate or hear goes to the site's
              // translation and speech helpers (websiteContent); searches, from the popup and the
              // address bar, go to the site's API (searchTerms); the replies a member writes are
              // posted to the site (personalCommunications). Each is what the feature is, so all
              // are required (README.md, Privacy).
              data_collection_permissions: {
                required: ['websiteContent', 'searchTerms', 'personalCommunications'],
              },
            },
            // Firefox for Android reads the same key from 142 on.
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {}),
  }),
});
