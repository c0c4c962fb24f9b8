/**
 * The page benchmark's reading of the browsers' profiles (scripts/bench/page-load.ts): which
 * samples are Companion's (the content script anywhere on the stack), what is the page's own, and
 * which long tasks would not be long without Companion.
 */
import { describe, expect, it } from 'vitest';
import {
  companionsLongTasks,
  type GeckoProfile,
  geckoCompanionBreakdown,
  mainThreadFigures,
  rendererTasks,
  samplesOfGeckoThread,
  samplesOfV8Profile,
  type TraceEvent,
  v8CompanionBreakdown,
} from './main-thread-samples';

const EXT = 'chrome-extension://abc/content-scripts/site.js';
const isCompanion = (url: string) => url.startsWith('chrome-extension://abc/content-scripts/');

describe('a V8 profile', () => {
  // root > page function > (content-script callback > native)
  const profile = {
    startTime: 1_000_000,
    nodes: [
      { id: 1, callFrame: { functionName: '(root)', url: '' }, children: [2, 5, 6] },
      { id: 2, callFrame: { functionName: 'render', url: 'https://site/js/page.js' }, children: [3] },
      { id: 3, callFrame: { functionName: 'onMutation', url: EXT }, children: [4] },
      { id: 4, callFrame: { functionName: 'getBoundingClientRect', url: '' } },
      { id: 5, callFrame: { functionName: '(idle)', url: '' } },
      { id: 6, callFrame: { functionName: '(program)', url: '' } },
    ],
    // µs between samples: each sample's time is the delta before the next one.
    samples: [2, 4, 3, 5, 6, 2],
    timeDeltas: [0, 1000, 1000, 1000, 1000, 1000],
  };

  it("counts the content script's time wherever it is on the stack, and idle as nobody's", () => {
    const samples = samplesOfV8Profile(profile, isCompanion);
    expect(samples.map((s) => s.companion)).toEqual([false, true, true, false, false, false]);
    const figures = mainThreadFigures(samples);
    expect(figures.companion).toBeCloseTo(2);
    // The page: its own function and the engine's work; the idle sample counts for no one.
    expect(figures.page).toBeCloseTo(2);
  });

  it("breaks the content script's time down by its outermost and innermost frames (--breakdown)", () => {
    const { outer, inner } = v8CompanionBreakdown(profile, isCompanion);
    // A native call of the content script's callback (node 4), then the callback itself (node 3), 1 ms each.
    expect([...outer]).toEqual([['onMutation content-scripts/site.js', 2]]);
    expect([...inner]).toEqual([
      ['getBoundingClientRect   <  onMutation content-scripts/site.js', 1],
      ['onMutation content-scripts/site.js', 1],
    ]);
  });

  it("takes the page's own time and the long tasks from a trace's tasks when there are some", () => {
    const samples = samplesOfV8Profile(profile, isCompanion);
    // A 60 ms task holding both Companion samples: long, and not long without them? 60 - 2 > 50: not Companion's.
    const figures = mainThreadFigures(samples, [{ start: 1000, ms: 60 }]);
    expect(figures.page).toBeCloseTo(58);
    expect(figures.longTasks).toEqual([{ ms: 60, companion: 2 }]);
    expect(companionsLongTasks(figures)).toEqual([]);
    const tight = mainThreadFigures(samples, [{ start: 1000, ms: 51.5 }]);
    expect(companionsLongTasks(tight)).toEqual([{ ms: 51.5, companion: 2 }]);
  });
});

describe('busy stretches (no trace)', () => {
  it('joins busy samples with no idle gap into one stretch, and a gap ends it', () => {
    const busy = (at: number, ms: number, companion = false) => ({ at, busy: ms, companion });
    const figures = mainThreadFigures([
      busy(0, 30),
      busy(30, 15, true),
      busy(45, 10),
      // 20 ms idle, then a short one.
      busy(75, 10),
    ]);
    expect(figures.longTasks).toEqual([{ ms: 55, companion: 15 }]);
    expect(companionsLongTasks(figures)).toHaveLength(1);
  });
});

describe('a trace', () => {
  it("gives the busiest renderer main thread's top-level tasks in milliseconds", () => {
    const meta = (pid: number, tid: number, name: string): TraceEvent => ({
      name: 'thread_name',
      ph: 'M',
      pid,
      tid,
      ts: 0,
      args: { name },
    });
    const task = (pid: number, tid: number, ts: number, dur: number): TraceEvent => ({
      name: 'RunTask',
      ph: 'X',
      pid,
      tid,
      ts,
      dur,
    });
    const tasks = rendererTasks([
      meta(1, 1, 'CrRendererMain'),
      meta(2, 7, 'CrRendererMain'),
      meta(1, 9, 'Compositor'),
      task(1, 1, 1000, 5000),
      task(1, 1, 2000, 1000), // nested in the one before
      task(1, 1, 10_000, 2000),
      task(2, 7, 0, 100), // a quiet renderer
      task(1, 9, 0, 90_000), // not a main thread
    ]);
    expect(tasks).toEqual([
      { start: 1, ms: 5 },
      { start: 10, ms: 2 },
    ]);
  });
});

describe('a Gecko profile', () => {
  it("weighs each sample by the thread's CPU time since the one before, on its own stack", () => {
    const profile: GeckoProfile = {
      meta: { interval: 1, sampleUnits: { threadCPUDelta: 'ns' } },
      threads: [],
    };
    const thread = {
      name: 'GeckoMain',
      processType: 'tab',
      stringTable: [
        'page (https://site/js/page.js:1:1)',
        'mark (moz-extension://u/content-scripts/site.js:3:4)',
      ],
      frameTable: { schema: { location: 0 }, data: [[0], [1]] },
      stackTable: {
        schema: { prefix: 0, frame: 1 },
        data: [
          [null, 0],
          [0, 1],
        ],
      },
      samples: {
        schema: { stack: 0, time: 1, threadCPUDelta: 2 },
        data: [
          [0, 10, null],
          [1, 14, 3_000_000],
          [0, 20, 1_000_000],
          [null, 30, 0],
        ],
      },
    };
    const samples = samplesOfGeckoThread(profile, thread, (location) =>
      location.includes('/content-scripts/'),
    );
    expect(samples).toEqual([
      { at: 10, busy: 0, companion: false },
      { at: 10, busy: 3, companion: true },
      { at: 14, busy: 1, companion: false },
      { at: 20, busy: 0, companion: false },
    ]);
  });

  it("breaks the content script's time down by its entry point and by the innermost named frame", () => {
    const profile: GeckoProfile = { meta: { interval: 1 }, threads: [] };
    // page > callback (ours) > scan (ours) > 0x1f (an unnamed native frame); page > callback > querySelectorAll
    const thread = {
      name: 'GeckoMain',
      stringTable: [
        'page (https://site/js/page.js:1:1)',
        'callback (moz-extension://u/content-scripts/site.js:3:4)[17]',
        'scan (moz-extension://u/content-scripts/site.js:9:1)',
        '0x1f',
        'querySelectorAll div.comment',
      ],
      frameTable: { schema: { location: 0 }, data: [[0], [1], [2], [3], [4]] },
      stackTable: {
        schema: { prefix: 0, frame: 1 },
        data: [
          [null, 0],
          [0, 1],
          [1, 2],
          [2, 3],
          [1, 4],
        ],
      },
      samples: {
        schema: { stack: 0, time: 1, threadCPUDelta: 2 },
        data: [
          [3, 1, 2_000_000],
          [4, 2, 1_000_000],
          [0, 3, 5_000_000],
          [3, 4, 0],
        ],
      },
    };
    const { outer, inner } = geckoCompanionBreakdown(profile, thread as never, (location) =>
      location.includes('content-scripts/'),
    );
    expect([...outer]).toEqual([['callback (content-scripts/site.js:3:4)', 3]]);
    expect([...inner]).toEqual([
      ['scan (content-scripts/site.js:9:1)', 2],
      ['querySelectorAll div.comment  <  callback (content-scripts/site.js:3:4)', 1],
    ]);
  });
});
