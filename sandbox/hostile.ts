/**
 * Hostile strings the seed scatters through titles, bios, descriptions and comments, so that any
 * place that renders remote text as HTML, trusts its length or mangles bidirectional text shows it.
 */

const LONG_WORDS = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor '.split(' ');

/** A text of exactly `length` characters (plain words, ends without a trailing space). */
export function longText(length: number, prefix = ''): string {
  let text = prefix;
  let i = 0;
  while (text.length < length) text += `${LONG_WORDS[i++ % LONG_WORDS.length]} `;
  return text.slice(0, length);
}

export const HOSTILE_STRINGS: readonly string[] = [
  '<script>alert("xss")</script>',
  '<img src=x onerror="alert(1)">',
  '"><svg onload=alert(document.cookie)>',
  '<a href="javascript:alert(1)">click me</a>',
  'Tom &amp; Jerry &lt;b&gt;not bold&lt;/b&gt; &#39;quoted&#39; &quot;double&quot;',
  'AT&T <3 5 > 4 & "quotes" \'apostrophes\'',
  'مرحبا بالعالم، هذا مشروع رائع',
  'שלום עולם — פרויקט חדש',
  'mixed \u202Eevil\u202C direction and עברית in English',
  '🐱🎮🎨 emoji 👨‍👩‍👧‍👦 family 🇫🇷 flag',
  'zero\u200Bwidth\u200Cjoiners\u200Dhere\uFEFF',
  '{{constructor.constructor("alert(1)")()}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal template payload is the point.
  '${alert(1)} `template`',
  '__proto__',
  '   leading and trailing spaces   ',
  'line one\nline two\n\nline four',
  'Ünïcödé ñ ç ø å 漢字 かな 한국어',
];

/** A 5,000-character text, with a script payload at the start so truncation bugs and HTML bugs both show. */
export const LONG_HOSTILE_TEXT = longText(5000, '<b>5000 characters</b> ');
