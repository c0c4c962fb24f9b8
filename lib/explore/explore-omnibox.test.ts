/** The address-bar keyword: suggestions once typing settles, only the newest answer, Enter opens. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteProfiles } from '@/lib/config';
import { SEARCH_SETTLE_MS } from '../concurrency/settled-search';
import type { ExploreItem } from './explore-model';
import { escapeXml, OMNIBOX_SUGGESTIONS, omniboxHandlers, omniboxSource } from './explore-omnibox';

const profile = siteProfiles.public;
const project = (id: number, title: string): ExploreItem => ({
  type: 'project',
  id,
  title,
  author: 'ann',
  thumbnailUrl: '',
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('omnibox', () => {
  it('suggests projects for the settled text only, as Chrome’s XML or Firefox’s text', async () => {
    const search = vi.fn(async (query: string) =>
      Array.from({ length: 9 }, (_, i) => project(i + 1, `${query} <${i}> & co`)),
    );
    for (const xml of [true, false]) {
      search.mockClear();
      const handlers = omniboxHandlers(profile, { search, open: vi.fn(), xmlDescriptions: xml });
      const suggest = vi.fn();
      for (const text of ['c', 'ca', 'cat']) {
        handlers.inputChanged(text, suggest);
        await vi.advanceTimersByTimeAsync(50);
      }
      await vi.advanceTimersByTimeAsync(SEARCH_SETTLE_MS);
      expect(search.mock.calls).toEqual([['cat']]);
      const [suggestions] = suggest.mock.calls[0] as [{ content: string; description: string }[]];
      expect(suggestions).toHaveLength(OMNIBOX_SUGGESTIONS);
      expect(suggestions[0]?.content).toBe('https://scratch.mit.edu/projects/1/');
      expect(suggestions[0]?.description).toBe(xml ? 'cat &lt;0&gt; &amp; co by ann' : 'cat <0> & co by ann');
    }
  });

  it('never shows an outdated answer', async () => {
    const answers = new Map<string, (items: ExploreItem[]) => void>();
    const search = (query: string) => new Promise<ExploreItem[]>((resolve) => answers.set(query, resolve));
    const handlers = omniboxHandlers(profile, { search, open: vi.fn(), xmlDescriptions: false });
    const suggest = vi.fn();
    handlers.inputChanged('ca', suggest);
    await vi.advanceTimersByTimeAsync(SEARCH_SETTLE_MS);
    handlers.inputChanged('cat', suggest);
    await vi.advanceTimersByTimeAsync(SEARCH_SETTLE_MS);
    answers.get('cat')?.([project(2, 'Cat')]);
    await vi.advanceTimersByTimeAsync(0);
    answers.get('ca')?.([project(1, 'Car')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(suggest).toHaveBeenCalledTimes(1);
    expect(suggest.mock.calls[0]?.[0]?.[0]?.content).toBe('https://scratch.mit.edu/projects/2/');
  });

  it('opens a chosen suggestion, or the site’s search for typed words, where the address bar says', async () => {
    const open = vi.fn(async () => undefined);
    const handlers = omniboxHandlers(profile, { search: vi.fn(), open, xmlDescriptions: true });
    await handlers.inputEntered('https://scratch.mit.edu/projects/42/', 'currentTab');
    await handlers.inputEntered('  space   cats ', 'newForegroundTab');
    await handlers.inputEntered('https://evil.example/projects/1/', 'newBackgroundTab');
    expect(open.mock.calls).toEqual([
      ['https://scratch.mit.edu/projects/42/', 'currentTab'],
      ['https://scratch.mit.edu/search/projects?q=space%20cats', 'newForegroundTab'],
      [
        `https://scratch.mit.edu/search/projects?q=${encodeURIComponent('https://evil.example/projects/1/')}`,
        'newBackgroundTab',
      ],
    ]);
  });

  it('searches popular projects in the member’s language; escapes XML', () => {
    expect(omniboxSource(' a  b ', 'fr')).toEqual({
      source: 'search',
      kind: 'projects',
      query: 'a b',
      mode: 'popular',
      language: 'fr',
    });
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });
});
