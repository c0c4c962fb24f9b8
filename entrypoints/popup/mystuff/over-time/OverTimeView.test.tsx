// @vitest-environment happy-dom
/**
 * My Stuff's "Over time" from the stored record (the background's service writes it; nothing here
 * reads the network): the totals and their changes, a chart of a point a day with its table, this
 * week's gainers, each project's own chart, the CSV, forgetting through the background, another
 * member's record never shown; the My Stuff cards' gains this week.
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { emptyList } from '@/lib/cached-list/cached-list';
import type { MyProject } from '@/lib/mystuff/mystuff-model';
import { myStuffCacheItem } from '@/lib/mystuff/mystuff-storage';
import { emptyHistory, type ListedProject, recordDay } from '@/lib/project-history/project-history-model';
import { projectHistoryItem } from '@/lib/project-history/project-history-storage';
import { projectWeekGainsItem } from '@/lib/project-history/week-gains-storage';
import { WAIT } from '@/tests/unit/wait';

/**
 * The view's modules as the popup loads them, afresh: the popup primes its items once in its life
 * (entrypoints/popup/storage-hooks.ts), so each test loads them as a newly opened popup does.
 */
async function freshModules() {
  vi.resetModules();
  return {
    overTime: await import('./OverTimeView'),
    tab: await import('../MyStuffTab'),
    // What the tab's first frame shows, read as the popup reads it with the tab's chunk.
    primeTab: async () => {
      const [{ primeStorageItems }, { myStuffViewStorage }] = await Promise.all([
        import('../../storage-hooks'),
        import('../mystuff-view-storage'),
      ]);
      await primeStorageItems(myStuffViewStorage);
    },
  };
}

const asked = vi.hoisted(() => vi.fn(async (_type: string, _data?: unknown) => undefined));
vi.mock('../../background-messages', () => ({ sendMessage: asked }));

afterEach(() => {
  fakeBrowser.reset();
  asked.mockClear();
  document.body.replaceChildren();
});

const demo = { id: 1, username: 'demo', avatarUrl: '' };
const listed = (id: number, loves: number, views: number): ListedProject => ({
  id,
  title: `Game ${id} <b>`,
  stats: { loves, favorites: 1, views, remixes: 0 },
});

/** Three days of demo's record: project 2 gains most, project 3 nothing. */
function demoHistory() {
  let history = emptyHistory('demo');
  history = recordDay(history, 20_000, [listed(1, 5, 50), listed(2, 1, 10), listed(3, 7, 70)], true);
  history = recordDay(history, 20_001, [listed(1, 6, 52), listed(2, 4, 40), listed(3, 7, 70)], true);
  history = recordDay(history, 20_002, [listed(1, 7, 53), listed(2, 9, 90), listed(3, 7, 70)], true);
  return history;
}

async function show(member = demo) {
  const OverTimeView = await (await freshModules()).overTime.loadOverTime();
  const root = document.createElement('div');
  document.body.append(root);
  await act(() => render(<OverTimeView member={member} project={null} onBack={() => undefined} />, root));
  return root;
}

describe('Over time', () => {
  it('shows the totals with their changes, a chart of a point a day and its table, and the gainers', async () => {
    await projectHistoryItem.setValue({ demo: demoHistory() });
    const root = await show();
    const totals = [...root.querySelectorAll<HTMLElement>('[data-testid="stats-total"]')].map((total) => [
      total.dataset.kind,
      total.dataset.value,
      total.getAttribute('data-change-7d'),
    ]);
    expect(totals).toEqual([
      ['loves', '23', '10'],
      ['favorites', '3', '0'],
      ['views', '213', '83'],
      ['remixes', '0', '0'],
    ]);
    const chart = root.querySelector('svg[data-testid="stats-chart"]');
    expect(chart?.querySelectorAll('[data-point]')).toHaveLength(3);
    expect(root.querySelectorAll('[data-testid="stats-table"] tbody tr')).toHaveLength(3);
    const gainers = [...root.querySelectorAll<HTMLElement>('[data-testid="gainer"]')].map((gainer) => [
      gainer.dataset.projectId,
      gainer.dataset.gain,
    ]);
    expect(gainers).toEqual([
      ['2', '88'],
      ['1', '5'],
    ]);
    // A title is text, never markup.
    expect(root.querySelector('.ot-gainer-title')?.textContent).toBe('Game 2 <b>');
    expect(root.querySelector('.ot-gainer-title b')).toBeNull();
  });

  it('a gainer opens its own chart; a total chooses the count the chart shows', async () => {
    await projectHistoryItem.setValue({ demo: demoHistory() });
    const root = await show();
    await act(() => root.querySelector<HTMLButtonElement>('[data-project-id="2"] button')?.click());
    const values = () =>
      [...root.querySelectorAll<SVGElement>('[data-testid="stats-chart"] [data-point]')].map(
        (p) => p.dataset.value,
      );
    expect(values()).toEqual(['1', '4', '9']);
    await act(() => root.querySelector<HTMLButtonElement>('[data-kind="views"]')?.click());
    expect(values()).toEqual(['10', '40', '90']);
  });

  it('downloads the CSV, and forgets through the background after asking once more', async () => {
    await projectHistoryItem.setValue({ demo: demoHistory() });
    const root = await show();
    const made: Blob[] = [];
    URL.createObjectURL = (file: Blob | MediaSource) => {
      made.push(file as Blob);
      return 'blob:made';
    };
    URL.revokeObjectURL = () => undefined;
    await act(() => root.querySelector<HTMLButtonElement>('button[data-testid="stats-csv"]')?.click());
    const rows =
      (await made[0]?.text())
        ?.replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n') ?? [];
    expect(rows).toHaveLength(1 + 3 * 3);
    await act(() => root.querySelector<HTMLButtonElement>('[data-testid="stats-forget"]')?.click());
    expect(asked).not.toHaveBeenCalled();
    await act(() => root.querySelector<HTMLButtonElement>('[data-testid="stats-forget-yes"]')?.click());
    await vi.waitFor(() => expect(asked).toHaveBeenCalledWith('forgetProjectHistory'), WAIT);
  });

  it('never shows another member’s record', async () => {
    await projectHistoryItem.setValue({ carol: { ...demoHistory(), username: 'carol' } });
    const root = await show();
    expect(root.querySelector('[data-testid="stats-total"]')).toBeNull();
    expect(root.querySelector('[data-testid="over-time-empty"]')).not.toBeNull();
    expect(root.querySelector<HTMLButtonElement>('[data-testid="stats-csv"]')?.disabled).toBe(true);
  });
});

describe('My Stuff’s cards', () => {
  const project = (id: number): MyProject => ({
    id,
    title: `Game ${id}`,
    author: 'demo',
    thumbnailUrl: `https://cdn2.scratch.mit.edu/get_image/project/${id}_480x360.png`,
    sharedAt: '2026-01-01T00:00:00.000Z',
    stats: { loves: 1 },
  });

  it('show each project’s gain this week, the member’s own only, and open Over time on it', async () => {
    await myStuffCacheItem.setValue({
      demo: {
        username: 'demo',
        shared: { ...emptyList<MyProject>(), items: [project(1), project(2)], readAt: 1, complete: true },
        favorites: emptyList(),
      },
    });
    await projectWeekGainsItem.setValue({ demo: [[2, 88]], carol: [[1, 5]] });
    await projectHistoryItem.setValue({ demo: demoHistory() });
    const root = document.createElement('div');
    document.body.append(root);
    const modules = await freshModules();
    await modules.primeTab();
    const { MyStuffTab } = modules.tab;
    await act(() => render(<MyStuffTab member={demo} />, root));
    await vi.waitFor(
      () => expect(root.querySelectorAll('[data-testid="project-gain"]')).toHaveLength(1),
      WAIT,
    );
    const gain = root.querySelector<HTMLButtonElement>('[data-testid="project-gain"]');
    expect(gain?.closest('[data-project-id]')?.getAttribute('data-project-id')).toBe('2');
    expect(gain?.dataset.gain).toBe('88');
    await act(() => gain?.click());
    await vi.waitFor(
      () => expect(root.querySelector('[data-testid="mystuff-over-time"]')).not.toBeNull(),
      WAIT,
    );
    await vi.waitFor(
      () => expect(root.querySelector<HTMLSelectElement>('[data-testid="stats-project"]')?.value).toBe('2'),
      WAIT,
    );
  });
});
