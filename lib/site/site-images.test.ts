/**
 * Pictures only from the profile's image hosts: the live site's two, the sandbox's one; every other
 * host, scheme or shape of address is refused (the views then show a letter or an empty frame).
 */
import { describe, expect, it } from 'vitest';
import { localProfile, siteProfiles } from '../config';
import { siteImageUrl } from './site-images';

const HOSTILE = [
  'https://evil.example/users/avatars/1.png',
  'https://cdn2.scratch.mit.edu.evil.example/1.png',
  'https://evil.example/?https://cdn2.scratch.mit.edu/1.png',
  'https://scratch.mit.edu/1.png',
  'https://api.scratch.mit.edu/1.png',
  'https://user:pw@cdn2.scratch.mit.edu/1.png',
  'https://cdn2.scratch.mit.edu:8443/1.png',
  'http://cdn2.scratch.mit.edu/1.png',
  'http://uploads.scratch.mit.edu/1.png',
  '//evil.example/1.png',
  '///evil.example/1.png',
  '/users/avatars/1.png',
  'users/avatars/1.png',
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)//https://cdn2.scratch.mit.edu/',
  'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
  'data:image/png;base64,iVBORw0KGgo=',
  'blob:https://cdn2.scratch.mit.edu/0b5c',
  'file:///etc/passwd',
  'chrome-extension://abc/icon.png',
  'ftp://cdn2.scratch.mit.edu/1.png',
  ' https://evil.example/1.png',
  'https://%65vil.example/1.png',
  'constructor',
  '__proto__',
  '',
];

describe('siteImageUrl', () => {
  it('takes the live site’s image hosts, protocol-relative ones made https', () => {
    const profile = siteProfiles.public;
    expect(siteImageUrl('https://cdn2.scratch.mit.edu/get_image/user/1_90x90.png', profile)).toBe(
      'https://cdn2.scratch.mit.edu/get_image/user/1_90x90.png',
    );
    expect(siteImageUrl('//uploads.scratch.mit.edu/projects/thumbnails/2.png', profile)).toBe(
      'https://uploads.scratch.mit.edu/projects/thumbnails/2.png',
    );
    expect(siteImageUrl('//cdn2.scratch.mit.edu/get_image/user/3_32x32.png?v=', profile)).toBe(
      'https://cdn2.scratch.mit.edu/get_image/user/3_32x32.png?v=',
    );
  });

  it('refuses every other host, scheme and shape of address', () => {
    for (const url of [...HOSTILE, null, undefined])
      expect(siteImageUrl(url, siteProfiles.public)).toBeNull();
  });

  it('takes the sandbox’s uploads host in a local build, and nothing else', () => {
    const profile = localProfile(8710);
    expect(siteImageUrl('http://127.0.0.1:8715/users/avatars/1.png', profile)).toBe(
      'http://127.0.0.1:8715/users/avatars/1.png',
    );
    expect(siteImageUrl('//127.0.0.1:8715/users/avatars/1.png', profile)).toBe(
      'http://127.0.0.1:8715/users/avatars/1.png',
    );
    for (const url of [
      ...HOSTILE,
      'http://127.0.0.1:8710/users/avatars/1.png',
      'http://127.0.0.1:8615/users/avatars/1.png',
      'http://localhost:8715/users/avatars/1.png',
      'https://127.0.0.1:8715/users/avatars/1.png',
      'https://cdn2.scratch.mit.edu/1.png',
    ])
      expect(siteImageUrl(url, profile)).toBeNull();
  });
});
