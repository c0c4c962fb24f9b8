// @vitest-environment happy-dom
/**
 * Every pattern Companion applies to an address or to remote text runs in time linear in its input:
 * a megabyte built to make a backtracking pattern try every start (a long run of what the pattern
 * repeats, with a tail that makes it fail) is handled in well under two seconds. The bound is
 * generous on purpose: it tells linear from quadratic (a quadratic pattern takes minutes on these
 * inputs), not one fast machine from another. (A megabyte takes a few ms on a quiet machine, and
 * over 100 ms on a 2-core machine that several runs share: a bound of 50 ms failed there.)
 */
import { describe, expect, it } from 'vitest';
import { directTarget } from '@/entrypoints/popup/explore/navigation';
import { guessLanguageFromScript } from '@/lib/api/helper-languages';
import { decodeHtmlEntities } from '@/lib/api/html-entities';
import { needsTranslation, surroundingSpace } from '@/lib/api/text-split';
import { siteProfiles } from '@/lib/config';
import { normalizeQuery } from '@/lib/explore/explore-keys-model';
import { omniboxHandlers } from '@/lib/explore/explore-omnibox';
import { parseNavCount, showNavCount } from '@/lib/features/nav-bar-message-count';
import { linkPieces } from '@/lib/messages/messages-model';
import { isEditorPage, isStudioPage, profileUsername, projectPageId, sitePage } from '@/lib/site/pages';
import { projectIdOfHref } from '@/lib/site/selectors';

const MB = 1 << 20;
const site = siteProfiles.public.site;

/** Linear, not quadratic: a megabyte's run stays far under this (a quadratic one takes minutes). */
const LINEAR_BOUND_MS = 2_000;

/**
 * `run`'s result, after checking it took well under LINEAR_BOUND_MS: the fastest of three runs at
 * most, so a collection of the previous megabyte's garbage or a busy neighbour does not count (a
 * quadratic pattern is slow every time).
 */
function linear<T>(run: () => T): T {
  let fastest = Number.POSITIVE_INFINITY;
  let result: T | undefined;
  for (let attempt = 0; attempt < 3 && fastest >= LINEAR_BOUND_MS; attempt++) {
    const started = performance.now();
    result = run();
    fastest = Math.min(fastest, performance.now() - started);
  }
  expect(fastest).toBeLessThan(LINEAR_BOUND_MS);
  return result as T;
}

describe('patterns on a megabyte', () => {
  it('site page addresses: slashes, segments, digits with a failing tail', () => {
    const slashes = linear(() => sitePage(`${site}/users/${'/'.repeat(MB)}x`));
    expect(slashes.path).toBe(`/users/${'/'.repeat(MB)}x`);
    expect(linear(() => profileUsername(slashes))).toBeNull();
    const trailing = linear(() => sitePage(`${site}/projects/12${'/'.repeat(MB)}`));
    expect(trailing.path).toBe('/projects/12');
    expect(projectPageId(trailing)).toBe(12);
    const segments = linear(() => sitePage(`${site}${'/projects/1'.repeat(MB / 16)}/editor/x`));
    expect(linear(() => [isEditorPage(segments), isStudioPage(segments), projectPageId(segments)])).toEqual([
      false,
      false,
      null,
    ]);
    const name = linear(() => sitePage(`${site}/users/${'a'.repeat(MB)}!`));
    expect(linear(() => profileUsername(name))).toBeNull();
  });

  it('thumbnail links and addresses pasted into the search field', () => {
    expect(linear(() => projectIdOfHref(`https://${'a'.repeat(MB)}`))).toBeNull();
    expect(linear(() => projectIdOfHref(`/projects/${'1'.repeat(MB)}x`))).toBeNull();
    expect(linear(() => projectIdOfHref(`${'/projects/1'.repeat(MB / 11)}`))).toBe(1);
    expect(linear(() => projectIdOfHref(`https:/${'/projects/1'.repeat(MB / 11)}x`))).toBeNull();
    expect(linear(() => directTarget(`${site}/users/${'/'.repeat(MB)}x`, site))).toBeNull();
    expect(linear(() => directTarget(`https://${'a.'.repeat(MB / 2)}example/projects/1/`, site))).toBeNull();
    expect(linear(() => directTarget(`${'1'.repeat(MB)}x`, site))).toBeNull();
  });

  it('the address-bar keyword and search words', async () => {
    const opened: string[] = [];
    const handlers = omniboxHandlers(siteProfiles.public, {
      search: async () => [],
      open: async (url) => void opened.push(url),
      xmlDescriptions: true,
    });
    linear(() => handlers.inputEntered(`${site}/projects/${'1'.repeat(MB)}x/`, 'currentTab'));
    expect(opened[0]?.startsWith(`${site}/search/projects?q=`)).toBe(true);
    expect(linear(() => normalizeQuery(`${' \t'.repeat(MB / 2)}x`))).toBe('x');
  });

  it('comment text: addresses ending in punctuation, @names, near-addresses', () => {
    const dots = linear(() => linkPieces(`see ${site}/projects/1${'.'.repeat(MB)}a`, site, [site]));
    expect(dots[1]).toMatchObject({ href: `${site}/projects/1${'.'.repeat(MB)}a` });
    const ended = linear(() => linkPieces(`${site}/projects/1${')'.repeat(MB)}`, site, [site]));
    expect(ended[0]).toEqual({ text: `${site}/projects/1`, href: `${site}/projects/1` });
    expect(linear(() => linkPieces('@'.repeat(MB), site, [site]))).toEqual([{ text: '@'.repeat(MB) }]);
    expect(linear(() => linkPieces('http:/'.repeat(MB / 6), site, [site]))).toHaveLength(1);
  });

  it('HTML entities in the service’s text: near-entities of every kind', () => {
    const inputs = [
      '&'.repeat(MB),
      '&a'.repeat(MB / 2),
      `&${'a'.repeat(MB)}`,
      '&#'.repeat(MB / 2),
      `&#x${'f'.repeat(MB)}`,
      '&aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'.repeat(MB / 41),
    ];
    for (const input of inputs) expect(linear(() => decodeHtmlEntities(input))).toBe(input);
  });

  it('texts to translate or read aloud: white space, links, scripts', () => {
    const spaced = linear(() => surroundingSpace(`${' '.repeat(MB)}x${' \n'.repeat(MB / 2)}y`));
    expect(spaced.core).toBe(`x${' \n'.repeat(MB / 2)}y`);
    expect(linear(() => surroundingSpace(`x${' '.repeat(MB)}`)).after).toHaveLength(MB);
    expect(linear(() => needsTranslation(`${'https://'.repeat(MB / 8)}`))).toBe(false);
    expect(linear(() => needsTranslation(`${'https:/ '.repeat(MB / 8)}`))).toBe(true);
    expect(linear(() => needsTranslation(`${'@'.repeat(MB)}1`))).toBe(false);
    expect(linear(() => guessLanguageFromScript('1'.repeat(MB), 'fr'))).toBe('fr');
  });

  it('the navigation bar’s count as a page writes it', () => {
    expect(linear(() => parseNavCount(`${' '.repeat(MB)}1x`))).toBeNull();
    const count = document.createElement('span');
    // Each run starts from the page's own text (the first run replaces it).
    linear(() => {
      count.textContent = `7${' '.repeat(MB)}x`;
      showNavCount(count, 3);
    });
    expect(count.textContent).toBe('3');
    linear(() => {
      count.textContent = `7${' '.repeat(MB)}`;
      showNavCount(count, 4);
    });
    expect(count.textContent).toBe(`4${' '.repeat(MB)}`);
  });
});
