// @vitest-environment happy-dom
/**
 * The rule for the site team's alerts: hostile HTML in, text and links to the site's own pages out,
 * and nothing the HTML asks for happens (no script, no handler, no picture).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { alertPieces, siteAddress } from './alert-text';

const SITE = 'https://scratch.mit.edu';
const ORIGINS = ['https://scratch.mit.edu', 'https://www.scratch.mit.edu'];
const pieces = (html: string) => alertPieces(html, SITE, ORIGINS);

afterEach(() => {
  delete (globalThis as { ran?: unknown }).ran;
});

describe('an alert’s HTML', () => {
  it('keeps the words and the links to the site’s pages, relative ones resolved against the site', () => {
    expect(
      pieces(
        'Please read the <a href="/community_guidelines/">Community Guidelines</a> and <a href="https://www.scratch.mit.edu/faq">the FAQ</a>.',
      ),
    ).toEqual([
      { text: 'Please read the ' },
      { text: 'Community Guidelines', href: 'https://scratch.mit.edu/community_guidelines/' },
      { text: ' and ' },
      { text: 'the FAQ', href: 'https://www.scratch.mit.edu/faq' },
      { text: '.' },
    ]);
  });

  it('drops scripts, pictures, styles, frames and forms with what they hold; other links keep only their words', () => {
    const hostile = [
      '<p>Your account is safe.</p>',
      '<a href="https://example.com/claim-prize">Claim your prize</a>',
      '<script>globalThis.ran = "script"</script>',
      '<img src="x" onerror="globalThis.ran = \'img\'">',
      '<style>body{display:none}</style><noscript>noscript words</noscript><object>object words</object>',
      '<form action="https://example.com"><input value="password"><button>Send</button></form>',
      '<a href="javascript:globalThis.ran=1">Click</a> <a>no address</a>',
      '<a href="https://scratch.mit.edu.evil.example/">lookalike</a>',
      '<a href="/ok"><img src=x onerror="globalThis.ran=2"><script>x</script>Fine</a> &amp; &lt;b&gt;',
    ].join(' ');
    expect(pieces(hostile)).toEqual([
      { text: 'Your account is safe.\nClaim your prize Click no address lookalike ' },
      { text: 'Fine', href: 'https://scratch.mit.edu/ok' },
      { text: ' & <b>' },
    ]);
    expect((globalThis as { ran?: unknown }).ran).toBeUndefined();
  });

  it('lets nothing of it into the page it is parsed from', () => {
    const before = document.body.innerHTML;
    pieces('<img src=x onerror="document.body.append(\'hacked\')"><b id="planted">x</b>');
    expect(document.body.innerHTML).toBe(before);
    expect(document.getElementById('planted')).toBeNull();
  });

  it('collapses spaces as HTML shows them, keeps line ends one at a time, trims the ends', () => {
    expect(pieces('  Hello\n\n   world <br><br>  <div>next   line</div>  ')).toEqual([
      { text: 'Hello world\nnext line' },
    ]);
    expect(pieces('')).toEqual([]);
    expect(pieces('<script>only code</script>')).toEqual([]);
  });

  it('a link with no words is no link', () => {
    expect(pieces('See <a href="/x"><img src=x></a>here')).toEqual([{ text: 'See here' }]);
  });
});

describe('siteAddress', () => {
  it('is an http(s) address on one of the site’s origins, or none', () => {
    expect(siteAddress('/studios/1/', SITE, ORIGINS)).toBe('https://scratch.mit.edu/studios/1/');
    expect(siteAddress('//scratch.mit.edu/x', SITE, ORIGINS)).toBe('https://scratch.mit.edu/x');
    expect(siteAddress('http://scratch.mit.edu/x', SITE, ORIGINS)).toBeNull();
    expect(siteAddress('data:text/html,hi', SITE, ORIGINS)).toBeNull();
    expect(siteAddress('https://uploads.scratch.mit.edu/a.png', SITE, ORIGINS)).toBeNull();
    expect(siteAddress(null, SITE, ORIGINS)).toBeNull();
    expect(siteAddress('http://[bad', SITE, ORIGINS)).toBeNull();
  });
});
