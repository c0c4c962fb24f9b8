// @vitest-environment happy-dom
/** The site's text decoration: @names and site links become links, the rest stays text. */
import { describe, expect, it } from 'vitest';
import { decorateText } from './decorate-text';
import { siteLocale } from './locale';

describe('decorateText', () => {
  it('links @names and site links, and #tags only when asked', () => {
    const pieces = decorateText('@alice see https://scratch.mit.edu/projects/1/ #games <b>x</b>', {});
    const html = pieces.map((p) => (typeof p === 'string' ? p : p.outerHTML)).join('');
    // As scratch-www: the link's text keeps the space before the address.
    expect(html).toBe(
      '<a href="/users/alice">@alice</a> see<a href="https://scratch.mit.edu/projects/1/"> https://scratch.mit.edu/projects/1/</a> #games <b>x</b>',
    );
    const tagged = decorateText('#games', { hashtags: true });
    expect((tagged[0] as HTMLAnchorElement).getAttribute('href')).toBe('/search/projects?q=games');
  });
});

describe('siteLocale', () => {
  it('is the scratchlanguage cookie, else the browser’s language', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the site sets its language cookie this way.
    document.cookie = 'scratchlanguage=pt-br';
    expect(siteLocale()).toBe('pt-br');
    // biome-ignore lint/suspicious/noDocumentCookie: and clears it this way.
    document.cookie = 'scratchlanguage=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    expect(siteLocale()).toBe(navigator.language);
  });
});
