/**
 * A page's main thread as the browsers' own sampling profilers saw it, in one shape for both:
 * Chromium's V8 CPU profile (DevTools `Profiler`, on the page's target: the page's scripts and the
 * content script's isolated world share the renderer's main thread) and Firefox's Gecko profile
 * (`Services.profiler`, the main thread of the tab's content process). Each sample says how long
 * the thread was busy until the next one and whether the content script was on the stack then
 * (anywhere on it: the time a content-script call spends in the engine, such as a forced layout or
 * a DOM write, is the content script's). What is busy and not the content script's is the page's
 * own work: its scripts, style, layout, paint preparation, garbage collection.
 *
 * Long tasks: in Chromium, the tasks of the main thread in a trace recorded alongside (DevTools
 * `Tracing`, its top-level `RunTask` events), with Companion's samples inside each. Firefox's
 * profile has no task boundaries: a stretch of busy samples with no idle gap between them stands
 * for a task (two tasks back to back count as one: the figure errs long). A long task (over 50 ms)
 * is Companion's when it would not be long without Companion's part.
 */

export interface Sample {
  /** Milliseconds, on the profile's own clock. */
  at: number;
  /** Busy milliseconds from this sample to the next. */
  busy: number;
  /** The content script was on the stack. */
  companion: boolean;
}

export interface MainThreadFigures {
  /** Busy milliseconds with the content script on the stack. */
  companion: number;
  /** Busy milliseconds without it: the page's own work. */
  page: number;
  /** Busy stretches over LONG_TASK_MS: their length and Companion's part of them. */
  longTasks: { ms: number; companion: number }[];
}

export const LONG_TASK_MS = 50;
/** A gap this long between busy samples ends a stretch (the sampling itself is finer). */
const IDLE_GAP_MS = 1;

/** A task of the main thread as a trace recorded it (milliseconds, the profile's clock). */
export interface Task {
  start: number;
  ms: number;
}

/**
 * The figures of a run. With `tasks` (Chromium's trace has them) the page's own time is theirs less
 * Companion's, and the long tasks are those; without, busy samples make both (see above).
 */
export function mainThreadFigures(samples: readonly Sample[], tasks?: readonly Task[]): MainThreadFigures {
  let companion = 0;
  let page = 0;
  const stretches: { start: number; ms: number; companion: number }[] = [];
  let stretch = { start: Number.NaN, end: Number.NaN, ms: 0, companion: 0 };
  for (const sample of samples) {
    if (sample.busy <= 0) continue;
    if (sample.companion) companion += sample.busy;
    else page += sample.busy;
    if (!(sample.at - stretch.end <= IDLE_GAP_MS)) {
      stretch = { start: sample.at, end: sample.at, ms: 0, companion: 0 };
      stretches.push(stretch);
    }
    stretch.ms += sample.busy;
    if (sample.companion) stretch.companion += sample.busy;
    stretch.end = sample.at + sample.busy;
  }
  const longTasks = tasks
    ? tasks
        .filter((task) => task.ms > LONG_TASK_MS)
        .map((task) => ({
          ms: task.ms,
          companion: samples
            .filter((s) => s.companion && s.at >= task.start && s.at < task.start + task.ms)
            .reduce((sum, s) => sum + s.busy, 0),
        }))
    : stretches
        .filter((s) => s.ms > LONG_TASK_MS)
        .map(({ ms, companion: part }) => ({ ms, companion: part }));
  // A trace's tasks hold all the thread's work (the profiler misses some outside JavaScript).
  if (tasks) page = tasks.reduce((sum, task) => sum + task.ms, 0) - companion;
  return { companion, page, longTasks };
}

/** Long tasks that are Companion's: without its part they would not be long. */
export const companionsLongTasks = (figures: MainThreadFigures) =>
  figures.longTasks.filter((task) => task.ms - task.companion <= LONG_TASK_MS);

// --- Chromium: a V8 CPU profile (DevTools Profiler.stop) ----------------------------------------

export interface V8Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export function samplesOfV8Profile(profile: V8Profile, isCompanion: (url: string) => boolean): Sample[] {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const companionNode = new Map<number, boolean>();
  const onStack = (id: number): boolean => {
    const known = companionNode.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    const up = parent.get(id);
    const value =
      (node !== undefined && isCompanion(node.callFrame.url)) || (up !== undefined && onStack(up));
    companionNode.set(id, value);
    return value;
  };
  const samples: Sample[] = [];
  let time = profile.startTime;
  profile.samples.forEach((id, index) => {
    time += profile.timeDeltas[index] ?? 0;
    const next = profile.timeDeltas[index + 1] ?? 0;
    const name = byId.get(id)?.callFrame.functionName;
    const idle = name === '(idle)';
    samples.push({ at: time / 1000, busy: idle ? 0 : next / 1000, companion: !idle && onStack(id) });
  });
  return samples;
}

/**
 * Where the content script's time went in a V8 profile (`--breakdown`), in the shape of
 * `geckoCompanionBreakdown`: busy milliseconds by the outermost content-script frame on the stack and
 * by the innermost frame with the innermost content-script frame that called it. A frame is
 * `name url:line` with the extension's origin cut off.
 */
export function v8CompanionBreakdown(
  profile: V8Profile & {
    nodes: { callFrame: { lineNumber?: number } }[];
  },
  isCompanion: (url: string) => boolean,
): { outer: Map<string, number>; inner: Map<string, number> } {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const name = (id: number) => {
    const frame = byId.get(id)?.callFrame as { functionName: string; url: string; lineNumber?: number };
    const url = frame.url.replace(/^[a-z-]+:\/\/[^/]+\//, '');
    return `${frame.functionName || '(anonymous)'} ${url}${frame.lineNumber !== undefined && url ? `:${frame.lineNumber + 1}` : ''}`;
  };
  const outer = new Map<string, number>();
  const inner = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  profile.samples.forEach((leaf, index) => {
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    if (ms <= 0) return;
    const chain: number[] = [];
    for (let at: number | undefined = leaf; at !== undefined; at = parent.get(at)) chain.push(at);
    const ours = chain.filter((id) => isCompanion(byId.get(id)?.callFrame.url ?? ''));
    const outermost = ours.at(-1);
    const innermost = ours[0];
    if (outermost === undefined || innermost === undefined) return;
    add(outer, name(outermost), ms);
    add(inner, leaf === innermost ? name(leaf) : `${name(leaf)}  <  ${name(innermost)}`, ms);
  });
  return { outer, inner };
}

/** A Chrome trace event (the parts used here). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/**
 * The top-level tasks of the busiest renderer main thread in a trace (the page measured: the other
 * renderers are idle), in milliseconds on the same clock as the V8 profile (both count the
 * monotonic clock in microseconds).
 */
export function rendererTasks(events: readonly TraceEvent[]): Task[] {
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, Task[]>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.name !== 'RunTask' || event.ph !== 'X' || !mainThreads.has(thread)) continue;
    const tasks = byThread.get(thread) ?? [];
    byThread.set(thread, tasks);
    tasks.push({ start: event.ts / 1000, ms: (event.dur ?? 0) / 1000 });
  }
  const total = (tasks: Task[]) => tasks.reduce((sum, task) => sum + task.ms, 0);
  const busiest = [...byThread.values()].sort((a, b) => total(b) - total(a))[0] ?? [];
  // Top level only: a task run inside another (a nested loop) is part of it.
  const sorted = busiest.sort((a, b) => a.start - b.start);
  const top: Task[] = [];
  for (const task of sorted) {
    const last = top.at(-1);
    if (last && task.start < last.start + last.ms) continue;
    top.push(task);
  }
  return top;
}

// --- Firefox: a Gecko profile (Services.profiler.getProfileDataAsync) ----------------------------

interface Table {
  schema: Record<string, number>;
  data: unknown[][];
}
export interface GeckoThread {
  name: string;
  processType?: string;
  samples: Table;
  stackTable: Table;
  frameTable: Table;
  stringTable: string[];
}
export interface GeckoProfile {
  meta: { interval: number; sampleUnits?: { threadCPUDelta?: string } };
  threads: GeckoThread[];
  processes?: GeckoProfile[];
}

/** Every thread of the profile and its child processes' profiles. */
export function geckoThreads(profile: GeckoProfile): { thread: GeckoThread; profile: GeckoProfile }[] {
  return [
    ...profile.threads.map((thread) => ({ thread, profile })),
    ...(profile.processes ?? []).flatMap(geckoThreads),
  ];
}

/**
 * The samples of one Gecko thread. Busy time is the thread's CPU time between samples
 * (`threadCPUDelta`, which the `cpu` feature records): the profiler's timer is coarse on a loaded
 * machine, the CPU time is exact.
 */
export function samplesOfGeckoThread(
  profile: GeckoProfile,
  thread: GeckoThread,
  isCompanion: (location: string) => boolean,
): Sample[] {
  const { samples, stackTable, frameTable, stringTable } = thread;
  const unit = profile.meta.sampleUnits?.threadCPUDelta ?? 'ns';
  const toMs = unit === 'ns' ? 1e-6 : unit === 'µs' ? 1e-3 : 1;
  const frameCompanion = frameTable.data.map((row) => {
    const location = stringTable[row[frameTable.schema.location ?? 0] as number] ?? '';
    return isCompanion(location);
  });
  const stackCompanion = new Map<number, boolean>();
  const onStack = (stack: number | null): boolean => {
    if (stack === null) return false;
    const known = stackCompanion.get(stack);
    if (known !== undefined) return known;
    const row = stackTable.data[stack] ?? [];
    const frame = row[stackTable.schema.frame ?? 1] as number;
    const prefix = row[stackTable.schema.prefix ?? 0] as number | null;
    const value = frameCompanion[frame] === true || onStack(prefix);
    stackCompanion.set(stack, value);
    return value;
  };
  const stackColumn = samples.schema.stack ?? 0;
  const timeColumn = samples.schema.time ?? 1;
  const cpuColumn = samples.schema.threadCPUDelta;
  if (cpuColumn === undefined) throw new Error('The Gecko profile has no CPU times (start it with "cpu")');
  const rows = samples.data;
  // A sample's CPU delta is the thread's CPU time since the sample before, whose stack it weighs
  // (as the Firefox Profiler does): the interval starts at the sample before.
  return rows.map((row, index) => {
    const cpu = ((row[cpuColumn] as number | null) ?? 0) * toMs;
    const at = (rows[index - 1]?.[timeColumn] as number | undefined) ?? (row[timeColumn] as number) - cpu;
    const stack = row[stackColumn] as number | null;
    return { at, busy: cpu, companion: cpu > 0 && onStack(stack) };
  });
}

/**
 * Where the content script's time went in a Gecko thread (`--breakdown`): its busy milliseconds by
 * the outermost content-script frame on the stack (which entry point: a feature's start, an
 * observer's callback) and by the innermost named frame (what it was doing: a DOM call, a script
 * function) with the innermost content-script frame that called it. Frames are the profile's location strings with the extension's URL shortened.
 */
export function geckoCompanionBreakdown(
  profile: GeckoProfile,
  thread: GeckoThread,
  isCompanion: (location: string) => boolean,
): { outer: Map<string, number>; inner: Map<string, number> } {
  const { samples, stackTable, frameTable, stringTable } = thread;
  const unit = profile.meta.sampleUnits?.threadCPUDelta ?? 'ns';
  const toMs = unit === 'ns' ? 1e-6 : unit === 'µs' ? 1e-3 : 1;
  const location = (frame: number) =>
    (stringTable[frameTable.data[frame]?.[frameTable.schema.location ?? 0] as number] ?? '?').replace(
      /moz-extension:\/\/[^/]+\//,
      '',
    );
  const frames = (stack: number | null): number[] => {
    const chain: number[] = [];
    for (let at = stack; at !== null && at !== undefined; ) {
      const row = stackTable.data[at] ?? [];
      chain.push(row[stackTable.schema.frame ?? 1] as number);
      at = row[stackTable.schema.prefix ?? 0] as number | null;
    }
    return chain; // leaf first
  };
  const outer = new Map<string, number>();
  const inner = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  const rows = samples.data;
  const cpuColumn = samples.schema.threadCPUDelta ?? -1;
  rows.forEach((row) => {
    const cpu = ((row[cpuColumn] as number | null) ?? 0) * toMs;
    if (cpu <= 0) return;
    const chain = frames(row[samples.schema.stack ?? 0] as number | null);
    // Without the category suffix ("[17]"); unnamed native frames (addresses) left out.
    const names = chain.map(location).map((name) => name.replace(/\[\d+\]$/, ''));
    const outermost = names.findLast((name) => isCompanion(name));
    if (outermost === undefined) return;
    add(outer, outermost, cpu);
    const ours = names.find((name) => isCompanion(name)) ?? '?';
    const named = names.find((name) => !/^0x[0-9a-f]+$/.test(name)) ?? '?';
    add(inner, named === ours ? ours : `${named}  <  ${ours}`, cpu);
  });
  return { outer, inner };
}
