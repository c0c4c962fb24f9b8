// @vitest-environment happy-dom
/**
 * The end of a paged list, shared by the feed, the messages and Explore: the next page's progress,
 * a retry after a failure, the site's page at the cap, each with the markers the tests find.
 */
import { render } from 'preact';
import { describe, expect, it, vi } from 'vitest';
import type { CachedList } from '@/lib/cached-list/cached-list';
import { t } from '@/lib/i18n';
import { ListEnd } from './ListEnd';

const list = (more: Partial<CachedList<number>>): CachedList<number> => ({
  items: [1, 2, 3],
  readAt: 1,
  complete: false,
  nextOffset: 3,
  loading: null,
  error: null,
  ...more,
});

function show(node: preact.ComponentChild) {
  const root = document.createElement('div');
  render(node, root);
  return root;
}

describe('ListEnd', () => {
  it('shows the next page coming, in the member lists’ words and marker by default', () => {
    const root = show(<ListEnd list={list({ loading: 'more' })} onMore={vi.fn()} maxItems={10} />);
    const end = root.querySelector('[data-testid="feed-list-end"]');
    expect(end?.textContent).toBe(t('feed.loadingMore'));
    expect(end?.querySelector('.spinner')).not.toBeNull();
  });

  it('waits for a click after a failed read, then asks for the next page', () => {
    const onMore = vi.fn();
    const root = show(
      <ListEnd
        list={list({ error: { kind: 'offline', at: 2 } })}
        onMore={onMore}
        maxItems={10}
        words={{ loadingMore: 'L', loadMoreAgain: 'Again', moreOnSite: 'M' }}
        testId="explore-list-end"
      />,
    );
    const retry = root.querySelector<HTMLButtonElement>('[data-testid="explore-list-end"] button');
    expect(retry?.textContent).toBe('Again');
    retry?.click();
    expect(onMore).toHaveBeenCalledTimes(1);
  });

  it('links to the site’s page at the cap, with its marker or none', () => {
    const capped = list({ complete: true });
    const root = show(
      <ListEnd list={capped} onMore={vi.fn()} maxItems={3} moreHref="https://site.example/" />,
    );
    const link = root.querySelector<HTMLAnchorElement>('[data-testid="feed-more-on-site"]');
    expect(link?.href).toBe('https://site.example/');
    expect(link?.textContent).toBe(t('feed.moreOnSite'));
    const unmarked = show(
      <ListEnd
        list={capped}
        onMore={vi.fn()}
        maxItems={3}
        moreHref="https://site.example/"
        moreTestId={null}
      />,
    );
    expect(unmarked.querySelector('a')?.hasAttribute('data-testid')).toBe(false);
  });

  it('says nothing at the end of a complete list, or before the first read', () => {
    expect(show(<ListEnd list={list({ complete: true })} onMore={vi.fn()} maxItems={10} />).innerHTML).toBe(
      '',
    );
    expect(show(<ListEnd list={list({ readAt: 0 })} onMore={vi.fn()} maxItems={10} />).innerHTML).toBe('');
  });
});
