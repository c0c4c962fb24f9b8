import { describe, expect, it } from 'vitest';
import { isSitePage, siteProfiles } from './config';

describe('site profiles', () => {
  it('treats only the profile site origin as a site page', () => {
    const local = siteProfiles.local;
    expect(isSitePage(`${local.site}/projects/1/`, local)).toBe(true);
    expect(isSitePage(`${local.api}/projects/1`, local)).toBe(false);
    expect(isSitePage('https://evil.example/projects/1/', local)).toBe(false);
    expect(isSitePage(undefined, local)).toBe(false);
    expect(isSitePage('not a url', local)).toBe(false);
  });

  it('gives the public profile the live host names', () => {
    expect(isSitePage('https://scratch.mit.edu/messages/', siteProfiles.public)).toBe(true);
    expect(isSitePage('https://scratch.mit.edu.evil.example/', siteProfiles.public)).toBe(false);
  });
});
