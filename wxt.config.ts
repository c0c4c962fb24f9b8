import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';
import { isSiteProfileName, siteProfiles } from './lib/config';

// The site profile is chosen at build time; a store build targets `public`.
const profileName = process.env.COMPANION_PROFILE ?? 'public';
if (!isSiteProfileName(profileName)) {
  throw new Error(`COMPANION_PROFILE must be "public" or "local", not "${profileName}"`);
}
const profile = siteProfiles[profileName];

export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill', '@wxt-dev/i18n/module'],
  // One output folder per profile and browser: .output/public-chrome-mv3, .output/local-firefox-mv3, ...
  outDirTemplate: `${profileName}-{{browser}}-mv{{manifestVersion}}{{modeSuffix}}`,
  manifestVersion: 3,
  vite: () => ({
    plugins: [preact()],
    define: {
      'import.meta.env.COMPANION_PROFILE': JSON.stringify(profileName),
    },
  }),
  manifest: ({ browser }) => ({
    name: profileName === 'public' ? 'Companion' : 'Companion (local sandbox)',
    description: '__MSG_extensionDescription__',
    default_locale: 'en',
    // `offscreen` (Chrome only): read-aloud audio plays in an offscreen document (lib/services/audio-player.ts).
    permissions: ['storage', 'alarms', 'cookies', 'idle', ...(browser === 'firefox' ? [] : ['offscreen'])],
    optional_permissions: ['notifications'],
    host_permissions: [...profile.hostPermissions],
    // public/icon/<size>.png become `icons` (WXT finds them); the toolbar uses the small ones.
    action: {
      default_title: 'Companion',
      default_icon: { 16: 'icon/16.png', 32: 'icon/32.png', 48: 'icon/48.png' },
    },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: { id: 'companion@companion.example', strict_min_version: '128.0' },
          },
        }
      : {}),
  }),
});
