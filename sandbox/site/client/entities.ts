/**
 * Decodes the HTML entities the service puts into comment text (`&amp;`, `&#39;`, `&lt;`, ...) to
 * plain text. Deliberately not an HTML parser: the result is only ever used as text.
 */
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '\u00a9',
  reg: '\u00ae',
  hellip: '\u2026',
  mdash: '\u2014',
  ndash: '\u2013',
  laquo: '\u00ab',
  raquo: '\u00bb',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  times: '\u00d7',
  euro: '\u20ac',
};

const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z][a-zA-Z0-9]{1,31}));/g;

function fromCodePoint(code: number, original: string): string {
  // Surrogates, NUL and out-of-range values are not characters: keep the entity text as it was.
  if (code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return original;
  return String.fromCodePoint(code);
}

export function decodeEntities(text: string): string {
  return text.replace(
    ENTITY,
    (match, decimal: string | undefined, hex: string | undefined, name?: string) => {
      if (decimal !== undefined) return fromCodePoint(Number.parseInt(decimal, 10), match);
      if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16), match);
      return (name !== undefined && NAMED[name]) || match;
    },
  );
}
