/**
 * The queue of projects whose statuses are to be read (./project-status.ts), served newest-visible
 * first: the projects of the latest `want` before those of earlier ones, each call's in document
 * order. An entry whose every requester said it left view before its turn is dropped. A project whose
 * read failed while someone showed it is parked, and goes back in the queue when its wait is over
 * (one timer for the earliest), as long as someone still shows it.
 */

export interface QueueEntry {
  id: number;
  requesters: Set<string>;
  /** The `want` call that last asked for it: higher goes first (newest visible). */
  batch: number;
  /** Its place in that call (document order): lower goes first. */
  index: number;
}

export interface ReadQueue {
  /** A new `want` call: what it asks for goes before everything asked for earlier. */
  newBatch(): void;
  /** `requester` shows `id`, at `index` of the latest call. */
  want(id: number, requester: string, index: number): void;
  /** The next entry, taken off the queue. */
  take(): QueueEntry | undefined;
  /** Keeps a project whose read failed for a retry at `dueAt`, as long as someone shows it. */
  park(id: number, requesters: Iterable<string>, dueAt: number): void;
  /** These projects left `requester`'s view: out of the queue and the parked, unless someone else shows them. */
  drop(requester: string, ids: Iterable<number>): void;
  /** Every project queued or parked. */
  ids(): number[];
  /** Empties the queue and the parked (another member). */
  clear(): void;
  /** Entries waiting for their turn. */
  size(): number;
  /** Ids waiting for their turn, next first. */
  queued(): number[];
}

export function createReadQueue(
  now: () => number,
  later: (ms: number, run: () => void) => () => void,
  woken: () => void,
): ReadQueue {
  const queue = new Map<number, QueueEntry>();
  let batch = 0;
  /** Projects whose read failed while someone showed them: who still does, and when to try again. */
  const parked = new Map<number, { requesters: Set<string>; dueAt: number }>();
  let wake: { at: number; cancel: () => void } | null = null;

  /** One timer for the earliest retry: due projects go back in the queue, as if just seen. */
  function scheduleWake() {
    let earliest = Number.POSITIVE_INFINITY;
    for (const entry of parked.values()) earliest = Math.min(earliest, entry.dueAt);
    if (wake !== null && wake.at === earliest) return;
    wake?.cancel();
    wake = null;
    if (earliest === Number.POSITIVE_INFINITY) return;
    const at = earliest;
    wake = { at, cancel: later(Math.max(0, at - now()), () => wakeUp(at)) };
  }
  function wakeUp(at: number) {
    if (wake?.at === at) wake = null;
    const time = now();
    batch++;
    let index = 0;
    for (const [id, entry] of parked) {
      if (entry.dueAt > time) continue;
      parked.delete(id);
      const queued = queue.get(id);
      if (queued) for (const requester of entry.requesters) queued.requesters.add(requester);
      else queue.set(id, { id, requesters: entry.requesters, batch, index: index++ });
    }
    scheduleWake();
    woken();
  }

  return {
    newBatch() {
      batch++;
    },
    want(id, requester, index) {
      const entry = queue.get(id);
      if (entry) {
        entry.requesters.add(requester);
        entry.batch = batch;
        entry.index = index;
      } else {
        queue.set(id, { id, requesters: new Set([requester]), batch, index });
      }
    },
    take() {
      let best: QueueEntry | undefined;
      for (const entry of queue.values()) {
        if (
          best === undefined ||
          entry.batch > best.batch ||
          (entry.batch === best.batch && entry.index < best.index)
        ) {
          best = entry;
        }
      }
      if (best !== undefined) queue.delete(best.id);
      return best;
    },
    park(id, requesters, dueAt) {
      const entry = parked.get(id) ?? { requesters: new Set<string>(), dueAt };
      for (const requester of requesters) entry.requesters.add(requester);
      entry.dueAt = dueAt;
      if (entry.requesters.size === 0) return;
      parked.set(id, entry);
      scheduleWake();
    },
    drop(requester, ids) {
      for (const id of ids) {
        const waiting = parked.get(id);
        if (waiting !== undefined) {
          waiting.requesters.delete(requester);
          if (waiting.requesters.size === 0) parked.delete(id);
        }
        const entry = queue.get(id);
        if (entry === undefined) continue;
        entry.requesters.delete(requester);
        if (entry.requesters.size === 0) queue.delete(id);
      }
    },
    ids: () => [...queue.keys(), ...parked.keys()],
    clear() {
      queue.clear();
      parked.clear();
      scheduleWake();
    },
    size: () => queue.size,
    queued: () =>
      [...queue.values()].sort((a, b) => b.batch - a.batch || a.index - b.index).map((entry) => entry.id),
  };
}
