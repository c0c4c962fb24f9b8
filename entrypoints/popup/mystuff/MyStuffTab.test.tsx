// @vitest-environment happy-dom
/**
 * The My Stuff tab from its cache (the background's service writes it; nothing here reads the
 * network): a child's words when nothing is shared yet, with a link to share one; the projects with
 * their counts; a search that finds nothing says so; another member's cache is never shown.
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { emptyList } from '@/lib/cached-list/cached-list';
import { currentProfile } from '@/lib/config';
import { t } from '@/lib/i18n';
import type { MemberStuff, MyProject } from '@/lib/mystuff/mystuff-model';
import { myStuffCacheItem } from '@/lib/mystuff/mystuff-storage';
import { WAIT } from '@/tests/unit/wait';
import { MyStuffTab } from './MyStuffTab';

// The background's service (a real one cannot run here): it is asked to refresh and answers.
const asked = vi.hoisted(() => vi.fn(async (_type: string, _data: unknown) => undefined));
vi.mock('../background-messages', () => ({ sendMessage: asked }));

afterEach(() => {
  fakeBrowser.reset();
  asked.mockClear();
});

const demo = { id: 1, username: 'demo', avatarUrl: '' };
const project = (id: number, title: string): MyProject => ({
  id,
  title,
  author: 'demo',
  thumbnailUrl: `https://cdn2.scratch.mit.edu/get_image/project/${id}_480x360.png`,
  sharedAt: '2026-01-01T00:00:00.000Z',
  stats: { loves: 12, favorites: 3, views: 4567, remixes: 0 },
});
const read = (items: MyProject[]) => ({ ...emptyList<MyProject>(), items, readAt: 1, complete: true });

async function show(stuff: Record<string, MemberStuff>) {
  await myStuffCacheItem.setValue(stuff);
  const root = document.createElement('div');
  document.body.append(root);
  await act(() => render(<MyStuffTab member={demo} />, root));
  return root;
}

describe('the My Stuff tab', () => {
  it('says so in a child’s words when nothing is shared yet, with a link to share one', async () => {
    const root = await show({ demo: { username: 'demo', shared: read([]), favorites: emptyList() } });
    await vi.waitFor(
      () =>
        expect(root.querySelector('[data-testid="mystuff-empty"]')?.textContent).toBe(
          t('mystuff.empty.shared'),
        ),
      WAIT,
    );
    // Opening the tab asks the service to refresh the list shown (it reads only when stale).
    expect(asked).toHaveBeenCalledWith('refreshMyStuff', { lists: ['shared'] });
    const link = root.querySelector<HTMLAnchorElement>('.empty a');
    expect(link?.getAttribute('href')).toBe(`${currentProfile().site}/mystuff/`);
    expect(link?.textContent).toBe(t('mystuff.empty.sharedLink'));
  });

  it('shows each project with its counts, and a search that finds nothing says so', async () => {
    const root = await show({
      demo: {
        username: 'demo',
        shared: read([project(1, 'Pong'), project(2, 'Maze')]),
        favorites: emptyList(),
      },
    });
    await vi.waitFor(
      () => expect(root.querySelectorAll('[data-testid="project-card"]')).toHaveLength(2),
      WAIT,
    );
    const counts = [...root.querySelectorAll<HTMLElement>('[data-testid="project-card"] [data-stat]')]
      .slice(0, 4)
      .map((stat) => [stat.dataset.stat, stat.dataset.count]);
    expect(counts).toEqual([
      ['loves', '12'],
      ['favorites', '3'],
      ['views', '4567'],
      ['remixes', '0'],
    ]);
    const search = root.querySelector<HTMLInputElement>('[data-testid="mystuff-search"]') as HTMLInputElement;
    await act(() => {
      search.value = 'dragon';
      search.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(root.querySelectorAll('[data-testid="project-card"]')).toHaveLength(0);
    expect(root.querySelector('[data-testid="mystuff-no-match"]')?.textContent).toBe(
      t('mystuff.noMatch', ['dragon']),
    );
  });

  it('shows the signed-in member’s cached projects only, never another member’s', async () => {
    const root = await show({
      alice: { username: 'alice', shared: read([project(9, 'Alice’s game')]), favorites: emptyList() },
      demo: { username: 'demo', shared: read([project(1, 'Pong')]), favorites: emptyList() },
    });
    await vi.waitFor(
      () => expect(root.querySelectorAll('[data-testid="project-card"]')).toHaveLength(1),
      WAIT,
    );
    expect(root.querySelector<HTMLElement>('[data-testid="project-card"]')?.dataset.projectId).toBe('1');
    expect(root.textContent).not.toContain('Alice’s game');
  });
});
