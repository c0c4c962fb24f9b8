/**
 * The mark a development install leaves for its site pages: `true` under this key of
 * `storage.local`, written by the background only when `management.getSelf()` says the install is
 * a development one (lib/dev-tuning.ts), never in a store install. The content script reads it in
 * the same storage read as its features' state, and then marks the page for the end-to-end tests
 * (entrypoints/site.content/index.ts). Asking the background instead would cost every member a
 * message, and a service worker woken, on every page of the site, for what only tests use.
 */
export const DEVELOPMENT_MARK_KEY = 'local:developmentInstall';
