// @vitest-environment happy-dom
/**
 * A list whose read failed: the sentence says what went wrong, and a "Try again" reads it again
 * when nothing was left to show; kept items show below the sentence (their end offers the next page).
 */
import { render } from 'preact';
import { describe, expect, it, vi } from 'vitest';
import type { ExploreList } from '@/lib/explore/explore-model';
import { t } from '@/lib/i18n';
import { ItemList } from './ListView';

const failed = (items: ExploreList['items']): ExploreList => ({
  items,
  readAt: items.length > 0 ? 1 : 0,
  complete: items.length > 0,
  nextOffset: items.length,
  loading: null,
  error: { kind: 'offline', at: 2 },
});

function show(list: ExploreList, onRetry: () => void) {
  const root = document.createElement('div');
  render(<ItemList list={list} onMore={() => undefined} onRetry={onRetry} empty="" />, root);
  return root;
}

describe('ItemList after a failed read', () => {
  it('says what went wrong and reads again on "Try again" when it has nothing to show', () => {
    const onRetry = vi.fn();
    const root = show(failed([]), onRetry);
    const line = root.querySelector('[data-testid="explore-error"]');
    expect(line?.textContent).toContain(t('feed.errors.offline'));
    const retry = line?.querySelector('button');
    expect(retry?.textContent).toBe(t('explore.list.loadMoreAgain'));
    retry?.click();
    expect(onRetry).toHaveBeenCalledTimes(1);
    // No spinner left turning.
    expect(root.querySelector('.spinner')).toBeNull();
  });

  it('keeps the items it had below the sentence, without a second "Try again" in it', () => {
    const card = {
      type: 'project' as const,
      id: 800_000_001,
      title: 'A project',
      author: 'alice',
      thumbnailUrl: 'https://uploads.example/1.png',
    };
    const root = show(failed([card]), vi.fn());
    const line = root.querySelector('[data-testid="explore-error"]');
    expect(line?.textContent).toContain(t('feed.errors.keeping'));
    expect(line?.querySelector('button')).toBeNull();
    expect(root.querySelectorAll('[data-testid="project-card"]')).toHaveLength(1);
  });
});
