/**
 * The Content Security Policy of the extension's own pages: the popup, the options page, Chrome's
 * offscreen document and service worker, Firefox's background page (manifest
 * `content_security_policy.extension_pages`, written by wxt.config.ts). It names exactly the hosts
 * of the build's profile (lib/config.ts), so what the code already keeps to holds even if a bug let
 * remote data through: scripts only from the extension itself, requests only to the site and its
 * services, pictures only from its image hosts (lib/site/site-images.ts checks them first), no plugins,
 * no `<base>`, no form sent anywhere.
 */
import type { SiteProfile } from './config';

/**
 * The policy's directives, in order. No inline stylesheet: the popup's load from the extension
 * (scripts/vite/deferred-popup-stylesheets.ts).
 */
export function extensionPagesDirectives(profile: SiteProfile): [name: string, ...sources: string[]][] {
  const origin = (url: string) => new URL(url).origin;
  return [
    ['default-src', "'self'"],
    // What Firefox requires of a Manifest V3 policy, and all Companion runs.
    ['script-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'none'"],
    // Only the background sends requests: to the site (session, cookies' CSRF) and its services.
    ['connect-src', ...[profile.site, profile.api, profile.translate, profile.synthesis].map(origin)],
    // `data:`: the popup's stylesheet draws its search field's magnifier as a data: SVG (Vite inlines
    // small pictures likewise). Such an address holds its picture itself: it loads nothing.
    ['img-src', "'self'", 'data:', ...profile.uploads.map(origin)],
    // Read aloud plays the speech helper's answer from a blob: address made of its bytes.
    ['media-src', 'blob:'],
  ];
}

export function extensionPagesCsp(profile: SiteProfile): string {
  return extensionPagesDirectives(profile)
    .map((directive) => directive.join(' '))
    .join('; ');
}
