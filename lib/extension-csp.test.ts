/**
 * The extension pages' Content Security Policy names exactly the profile's hosts: requests to the
 * site and its services, pictures from its image hosts, scripts from the extension alone. The
 * policy in the shipped manifests: scripts/store-package.test.ts; in the browsers:
 * tests/e2e/popup-feed.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { localProfile, type SiteProfile, siteProfiles } from './config';
import { extensionPagesCsp, extensionPagesDirectives } from './extension-csp';

/** The policy as a map of directive to sources. */
function parseCsp(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

const origins = (profile: SiteProfile) =>
  [profile.site, profile.api, profile.translate, profile.synthesis, ...profile.uploads].map(
    (url) => new URL(url).origin,
  );

describe('extension pages CSP', () => {
  it.each([
    ['public', siteProfiles.public],
    ['local', localProfile()],
    ['local on another lane', localProfile(8710)],
  ])('names exactly the %s profile’s hosts', (_name, profile) => {
    const csp = parseCsp(extensionPagesCsp(profile));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(
      [profile.site, profile.api, profile.translate, profile.synthesis].map((url) => new URL(url).origin),
    );
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', ...profile.uploads]);
    expect(csp.get('media-src')).toEqual(['blob:']);
    const hosts = [...csp.values()].flat().filter((source) => /^[a-z]+:\/\//.test(source));
    expect(new Set(hosts)).toEqual(new Set(origins(profile)));
    expect(extensionPagesDirectives(profile)).toHaveLength(csp.size);
  });
});
