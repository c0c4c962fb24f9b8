// @vitest-environment happy-dom
/**
 * The marks' asks for statuses, on a happy-dom page with the fake browser's storage and every
 * thumbnail in view: what is still unanswered is asked again, because the background that had it
 * queued may have been stopped (its queue lives in its memory), with a growing pause, and only
 * while something in view still waits.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { memberKey, type ProjectStatusCache } from '@/lib/project-status/project-status-cache';
import { sendMessage } from '@/lib/protocol';
import { sitePage } from '@/lib/site/pages';
import { projectStatusesItem, testMarksReaskAfterMsItem } from '@/lib/storage';
import { InViewObserver } from '@/tests/unit/in-view-observer';
import { projectStatusMarks, REASK_AFTER_MS, reaskAfterMs } from './project-status-marks';

vi.mock('@/lib/protocol', () => ({ sendMessage: vi.fn() }));

const asks = () =>
  vi
    .mocked(sendMessage)
    .mock.calls.filter(([type]) => type === 'getProjectStatuses')
    .map(([, data]) => (data as { ids: number[] }).ids);

const cacheWith = (loves: Record<number, boolean>): ProjectStatusCache => ({
  member: 'demo',
  members: {
    [memberKey('demo')]: {
      loves: Object.fromEntries(
        Object.entries(loves).map(([id, loved]) => [id, { loved, at: Date.now(), seen: Date.now() }]),
      ),
      favorites: { ids: [], complete: true, at: Date.now(), changed: false },
      favoriteReads: {},
      usedAt: Date.now(),
    },
  } as ProjectStatusCache['members'],
});

let running: AbortController;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  fakeBrowser.reset();
  vi.mocked(sendMessage).mockReset();
  vi.mocked(sendMessage).mockResolvedValue(undefined as never);
  vi.stubGlobal('IntersectionObserver', InViewObserver);
  running = new AbortController();
  document.body.innerHTML = [1, 2, 3]
    .map((id) => `<div class="thumbnail project"><a href="/projects/${id}/">Project ${id}</a></div>`)
    .join('');
});

afterEach(() => {
  running.abort();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('project status marks', () => {
  it('ask again for what stays unanswered (a stopped background lost its queue), less and less often', async () => {
    await projectStatusesItem.setValue(cacheWith({}));
    projectStatusMarks.run(sitePage('https://scratch.mit.edu/explore/projects/all/'), running.signal);
    await vi.waitFor(() => expect(asks()).toEqual([[1, 2, 3]]));

    // One answer arrives; the other two were in the queue of a background that was stopped.
    await projectStatusesItem.setValue(cacheWith({ 1: true }));
    await vi.advanceTimersByTimeAsync(REASK_AFTER_MS);
    expect(asks()).toEqual([
      [1, 2, 3],
      [2, 3],
    ]);
    // Next time after twice as long.
    await vi.advanceTimersByTimeAsync(REASK_AFTER_MS);
    expect(asks()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(REASK_AFTER_MS);
    expect(asks()).toEqual([
      [1, 2, 3],
      [2, 3],
      [2, 3],
    ]);

    // Everything answered: no more asks.
    await projectStatusesItem.setValue(cacheWith({ 1: true, 2: false, 3: true }));
    await vi.advanceTimersByTimeAsync(10 * REASK_AFTER_MS);
    expect(asks()).toHaveLength(3);
    expect(document.querySelectorAll('[data-companion="project-status"][data-loved="true"]')).toHaveLength(2);
  });

  it('ask again sooner with the test-only setting, doubling from there; only ever sooner', async () => {
    expect(reaskAfterMs(undefined)).toBe(REASK_AFTER_MS);
    expect(reaskAfterMs(null)).toBe(REASK_AFTER_MS);
    expect(reaskAfterMs(-5)).toBe(REASK_AFTER_MS);
    expect(reaskAfterMs('500')).toBe(REASK_AFTER_MS);
    expect(reaskAfterMs(60_000)).toBe(REASK_AFTER_MS);
    expect(reaskAfterMs(500)).toBe(500);

    await testMarksReaskAfterMsItem.setValue(500);
    await projectStatusesItem.setValue(cacheWith({}));
    projectStatusMarks.run(sitePage('https://scratch.mit.edu/explore/projects/all/'), running.signal);
    await vi.waitFor(() => expect(asks()).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(500);
    expect(asks()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(asks()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(asks()).toHaveLength(3);
  });

  it('stop asking when the page goes away', async () => {
    await projectStatusesItem.setValue(cacheWith({}));
    projectStatusMarks.run(sitePage('https://scratch.mit.edu/explore/projects/all/'), running.signal);
    await vi.waitFor(() => expect(asks()).toHaveLength(1));
    running.abort();
    await vi.advanceTimersByTimeAsync(10 * REASK_AFTER_MS);
    expect(asks()).toHaveLength(1);
  });
});
