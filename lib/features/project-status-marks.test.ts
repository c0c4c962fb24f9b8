// @vitest-environment happy-dom
/**
 * The marks' asks for statuses, on a happy-dom page with the fake browser's storage and every
 * thumbnail in view: what is still unanswered is asked again, because the background that had it
 * queued may have been stopped (its queue lives in its memory), with a growing pause, and only
 * while something in view still waits.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { PageTuning } from '@/lib/dev-tuning';
import { pageStatusesOf } from '@/lib/project-status/project-status-lookup-model';
import { memberKey, type ProjectStatusCache } from '@/lib/project-status/project-status-model';
import { pageStatusesItem } from '@/lib/project-status/project-status-storage';
import { sitePage } from '@/lib/site/pages';
import { InViewObserver } from '@/tests/unit/in-view-observer';
import { EVERY_TEST_SWITCH } from '@/tests/unit/test-switches';
import { WAIT } from '@/tests/unit/wait';
import { projectStatusMarks, REASK_AFTER_MS } from './project-status-marks';

// One mock for every copy of the module (the tests of the tuning load the feature afresh).
const sendMessage = vi.hoisted(() => vi.fn());
vi.mock('@/lib/protocol/messaging', () => ({ sendMessage }));

/** What the background writes for pages when its cache holds `cache` (lib/project-status/status-cache.ts). */
const storeStatuses = (cache: ProjectStatusCache) => pageStatusesItem.setValue(pageStatusesOf(cache));

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
    await storeStatuses(cacheWith({}));
    projectStatusMarks.run(sitePage('https://scratch.mit.edu/explore/projects/all/'), running.signal);
    await vi.waitFor(() => expect(asks()).toEqual([[1, 2, 3]]), WAIT);

    // One answer arrives; the other two were in the queue of a background that was stopped.
    await storeStatuses(cacheWith({ 1: true }));
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
    await storeStatuses(cacheWith({ 1: true, 2: false, 3: true }));
    await vi.advanceTimersByTimeAsync(10 * REASK_AFTER_MS);
    expect(asks()).toHaveLength(3);
    expect(document.querySelectorAll('[data-companion="project-status"][data-loved="true"]')).toHaveLength(2);
  });

  it('show every change, whichever part of the statuses changed (only changed projects are looked at again)', async () => {
    const shown = () =>
      [...document.querySelectorAll('[data-companion="project-status"]')].map(
        (mark) => `${mark.getAttribute('data-loved')}/${mark.getAttribute('data-favorited')}`,
      );
    const cache = cacheWith({ 1: true, 2: false, 3: false });
    await storeStatuses(cache);
    projectStatusMarks.run(sitePage('https://scratch.mit.edu/explore/projects/all/'), running.signal);
    await vi.waitFor(() => expect(shown()).toEqual(['true/false', 'false/false', 'false/false']), WAIT);

    const demo = cache.members[memberKey('demo')];
    if (demo === undefined) throw new Error('no record');
    // One love answered.
    demo.loves[2] = { loved: true, at: Date.now(), seen: Date.now() };
    await storeStatuses(cache);
    await vi.waitFor(() => expect(shown()).toEqual(['true/false', 'true/false', 'false/false']), WAIT);
    // The favorites list read again: every project's star, though no love changed.
    demo.favorites = { ids: [1, 3], complete: true, at: Date.now() + 1, changed: false };
    await storeStatuses(cache);
    await vi.waitFor(() => expect(shown()).toEqual(['true/true', 'true/false', 'false/true']), WAIT);
    // One favorite learnt from the site's own button.
    demo.favoriteReads[2] = { favorited: true, at: Date.now() };
    await storeStatuses(cache);
    await vi.waitFor(() => expect(shown()).toEqual(['true/true', 'true/true', 'false/true']), WAIT);
    // Another member signs in: their answers, read at the same times.
    const other: ProjectStatusCache = {
      member: 'other',
      members: {
        [memberKey('other')]: {
          ...demo,
          loves: Object.fromEntries(
            Object.entries(demo.loves).map(([id, love]) => [id, { ...love, loved: id === '3' }]),
          ),
          favoriteReads: {},
        },
      } as ProjectStatusCache['members'],
    };
    await storeStatuses(other);
    await vi.waitFor(() => expect(shown()).toEqual(['false/true', 'false/false', 'true/true']), WAIT);
  });

  /**
   * The feature loaded afresh (its page asks the background for its tuning once), on a page whose
   * background answers `getPageTuning` with `tuning`: what a store install answers is `{}`.
   */
  const freshPageWhoseBackgroundAnswers = async (tuning: PageTuning) => {
    vi.mocked(sendMessage).mockImplementation(async (type: string) =>
      type === 'getPageTuning' ? tuning : undefined,
    );
    vi.resetModules();
    return (await import('./project-status-marks')).projectStatusMarks;
  };
  const tuningAsks = () => vi.mocked(sendMessage).mock.calls.filter(([type]) => type === 'getPageTuning');

  it('ask again after 4 s in a store install, whatever storage holds (the tuning item, the old test switches)', async () => {
    await fakeBrowser.storage.local.set(EVERY_TEST_SWITCH);
    const marks = await freshPageWhoseBackgroundAnswers({});
    await storeStatuses(cacheWith({}));
    marks.run(sitePage('https://scratch.mit.edu/explore/projects/all/'), running.signal);
    await vi.waitFor(() => expect(asks()).toHaveLength(1), WAIT);
    // Not at the switches' 500 ms (nor anywhere near), but at the member's 4 s.
    await vi.advanceTimersByTimeAsync(REASK_AFTER_MS / 2);
    expect(asks()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(REASK_AFTER_MS / 2);
    expect(asks()).toHaveLength(2);
  });

  it("ask again sooner with a development install's tuning, doubling from there", async () => {
    const marks = await freshPageWhoseBackgroundAnswers({ marksReaskAfterMs: 500 });
    await storeStatuses(cacheWith({}));
    marks.run(sitePage('https://scratch.mit.edu/explore/projects/all/'), running.signal);
    await vi.waitFor(() => expect(asks()).toHaveLength(1), WAIT);
    await vi.advanceTimersByTimeAsync(500);
    expect(asks()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(asks()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(asks()).toHaveLength(3);
    // The page asked for its tuning once, when it first needed it.
    expect(tuningAsks()).toHaveLength(1);
  });

  it('never ask for the tuning on a page whose statuses are all known', async () => {
    const marks = await freshPageWhoseBackgroundAnswers({ marksReaskAfterMs: 500 });
    await storeStatuses(cacheWith({ 1: true, 2: false, 3: true }));
    marks.run(sitePage('https://scratch.mit.edu/explore/projects/all/'), running.signal);
    await vi.waitFor(
      () =>
        expect(
          document.querySelectorAll('[data-companion="project-status"][data-loved="true"]'),
        ).toHaveLength(2),
      WAIT,
    );
    await vi.advanceTimersByTimeAsync(10 * REASK_AFTER_MS);
    expect(vi.mocked(sendMessage)).not.toHaveBeenCalled();
  });

  it('stop asking when the page goes away', async () => {
    await storeStatuses(cacheWith({}));
    projectStatusMarks.run(sitePage('https://scratch.mit.edu/explore/projects/all/'), running.signal);
    await vi.waitFor(() => expect(asks()).toHaveLength(1), WAIT);
    running.abort();
    await vi.advanceTimersByTimeAsync(10 * REASK_AFTER_MS);
    expect(asks()).toHaveLength(1);
  });
});
