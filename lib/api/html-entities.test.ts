/**
 * Entity decoding of remote text: names of every object's prototype are text like any unknown
 * entity. Its time on a megabyte of near-entities: lib/linear-patterns.test.ts; decoding through
 * the schemas: schemas.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { decodeHtmlEntities } from './html-entities';

describe('decodeHtmlEntities', () => {
  it('decodes the site escaping and keeps unknown entities as written', () => {
    expect(decodeHtmlEntities('a &amp;lt; b &#39;c&#x27; &hellip; &nosuch;')).toBe(
      "a &lt; b 'c' \u2026 &nosuch;",
    );
  });

  it("keeps the names of an object's prototype as they were written", () => {
    const hostile = [
      '&constructor;',
      '&__proto__;',
      '&toString;',
      '&hasOwnProperty;',
      '&valueOf;',
      '&isPrototypeOf;',
    ];
    for (const text of hostile) expect(decodeHtmlEntities(text)).toBe(text);
    expect(decodeHtmlEntities('x&constructor;y&amp;')).toBe('x&constructor;y&');
  });
});
