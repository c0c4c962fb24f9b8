// @vitest-environment happy-dom
/** The search's marks in the popup: matches in `<mark>`, remote text only ever as text nodes. */
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import * as rules from './search';
import { Marked, SearchTerms } from './search-marks';

afterEach(() => {
  document.body.innerHTML = '';
});

const show = (text: string, query: string | null) =>
  render(
    <SearchTerms.Provider value={query === null ? null : { rules, terms: rules.searchTerms(query) }}>
      <p>
        <Marked text={text} />
      </p>
    </SearchTerms.Provider>,
    document.body.appendChild(document.createElement('div')),
  );

describe('Marked', () => {
  it('marks the matches and nothing else', () => {
    show('Space Cats in space', 'SPACE');
    expect([...document.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'Space',
      'space',
    ]);
    expect(document.body.textContent).toBe('Space Cats in space');
  });

  it('shows plain text when nobody searches', () => {
    show('Space Cats', null);
    expect(document.querySelector('mark')).toBeNull();
    expect(document.body.textContent).toBe('Space Cats');
  });

  it('never turns remote markup into elements', () => {
    const hostile = '<img src=x onerror=alert(1)><b>bold</b>';
    show(hostile, 'bold');
    expect(document.querySelector('img, b')).toBeNull();
    expect(document.querySelector('mark')?.textContent).toBe('bold');
    expect(document.body.textContent).toBe(hostile);
  });
});
