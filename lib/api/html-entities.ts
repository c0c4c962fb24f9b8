/**
 * Decodes the HTML entities the service puts in comment text (`&amp;`, `&#39;`, `&lt;` ...) into
 * plain text. No DOM: the background service worker has no DOMParser, and remote text must never
 * be parsed as HTML anyway. One pass, so `&amp;lt;` becomes the text `&lt;`, not `<`.
 */

// The named entities the site's escaping produces, plus the common typographic ones users paste.
// A Map: the name is remote text, and `&constructor;` or `&__proto__;` must stay as written, not
// find something of every object's prototype.
const namedEntities: ReadonlyMap<string, string> = new Map(
  Object.entries({
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    nbsp: '\u00a0',
    copy: '\u00a9',
    reg: '\u00ae',
    trade: '\u2122',
    hellip: '\u2026',
    mdash: '\u2014',
    ndash: '\u2013',
    lsquo: '\u2018',
    rsquo: '\u2019',
    ldquo: '\u201c',
    rdquo: '\u201d',
    laquo: '\u00ab',
    raquo: '\u00bb',
    middot: '\u00b7',
    bull: '\u2022',
    deg: '\u00b0',
    times: '\u00d7',
    divide: '\u00f7',
    euro: '\u20ac',
    pound: '\u00a3',
    yen: '\u00a5',
    cent: '\u00a2',
    sect: '\u00a7',
    para: '\u00b6',
    iexcl: '\u00a1',
    iquest: '\u00bf',
  }),
);

const entityPattern = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z][a-zA-Z0-9]{1,31}));/g;

function fromCodePoint(codePoint: number, original: string): string {
  // Out-of-range and surrogate code points are not characters: keep the text as it came.
  if (codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return original;
  // NUL is replaced, as browsers do.
  if (codePoint === 0) return '\ufffd';
  return String.fromCodePoint(codePoint);
}

export function decodeHtmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(entityPattern, (match, decimal?: string, hex?: string, name?: string) => {
    if (decimal !== undefined) return fromCodePoint(Number.parseInt(decimal, 10), match);
    if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16), match);
    if (name !== undefined) return namedEntities.get(name) ?? match;
    return match;
  });
}
