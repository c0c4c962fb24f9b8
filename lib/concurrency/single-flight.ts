/**
 * Single flight: one piece of work per key at a time. A caller asking for a key whose work is under
 * way joins it (same promise) instead of starting it again, so identical reads are shared, not
 * repeated, and a second click never sends twice. The key is free again once the work has ended.
 */

export interface Flight<V, Tag> {
  /** What the running work is (a refresh or a next page, say), for callers that join differently. */
  tag: Tag;
  done: Promise<V>;
}

export interface SingleFlight<V, Tag = undefined> {
  /** The work running for `key`, if any. */
  get(key: string): Flight<V, Tag> | undefined;
  has(key: string): boolean;
  /** Joins the work running for `key`, or starts `work` as the one for it. */
  run(key: string, work: () => Promise<V>, ...tag: Tag extends undefined ? [] : [Tag]): Promise<V>;
}

export function singleFlight<V, Tag = undefined>(): SingleFlight<V, Tag> {
  const running = new Map<string, Flight<V, Tag>>();
  return {
    get: (key) => running.get(key),
    has: (key) => running.has(key),
    run(key, work, ...tag) {
      const existing = running.get(key);
      if (existing !== undefined) return existing.done;
      const done = work().finally(() => {
        if (running.get(key)?.done === done) running.delete(key);
      });
      running.set(key, { tag: tag[0] as Tag, done });
      return done;
    },
  };
}
