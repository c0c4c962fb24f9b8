/**
 * Entity decoding of remote text: names of every object's prototype are text like any unknown
 * entity, and a megabyte of hostile text takes linear time. Decoding through the schemas:
 * schemas.test.ts.
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

  it('takes linear time on a megabyte of near-entities', () => {
    const inputs = [
      '&'.repeat(1 << 20),
      '&a'.repeat(1 << 19),
      `&${'a'.repeat(1 << 20)}`,
      '&#'.repeat(1 << 19),
      `&#x${'f'.repeat(1 << 20)}`,
      '&aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'.repeat(1 << 15),
    ];
    for (const input of inputs) {
      const started = performance.now();
      expect(decodeHtmlEntities(input)).toBe(input);
      expect(performance.now() - started).toBeLessThan(50);
    }
  });
});
