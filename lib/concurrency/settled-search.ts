/**
 * Typing settles before a search is sent: `push` each keystroke's text; `run` is called once the
 * text has stayed the same for `delayMs` (about 300 ms), with nothing sent for the texts typed
 * through. Answers come back to `onAnswer` only while they are the newest: an answer to an older
 * text (typing went on, or a newer search was sent meanwhile) never replaces a newer one.
 * Used by the popup's search field and the address-bar keyword.
 */
export const SEARCH_SETTLE_MS = 300;

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface SettledSearch<Q> {
  /** The text changed (each keystroke). */
  push(query: Q): void;
  /** Sends what was typed now, without waiting (Enter). */
  flush(): void;
  /** Forgets what was typed: nothing pending is sent, no answer on its way is delivered. */
  cancel(): void;
}

export function settledSearch<Q, A>(options: {
  run: (query: Q) => Promise<A> | A;
  onAnswer?: (answer: A, query: Q) => void;
  delayMs?: number;
  timers?: Timers;
}): SettledSearch<Q> {
  const timers = options.timers ?? realTimers;
  const delay = options.delayMs ?? SEARCH_SETTLE_MS;
  let pending: { query: Q; handle: unknown } | null = null;
  /** Bumped by every keystroke and every send: an answer is delivered only if it is still current. */
  let generation = 0;

  const send = (query: Q) => {
    pending = null;
    const mine = ++generation;
    Promise.resolve()
      .then(() => options.run(query))
      .then(
        (answer) => {
          if (mine === generation) options.onAnswer?.(answer, query);
        },
        (error: unknown) => console.warn('[companion] search failed:', error),
      );
  };

  return {
    push(query) {
      generation++;
      if (pending !== null) timers.clearTimeout(pending.handle);
      const handle = timers.setTimeout(() => send(query), delay);
      pending = { query, handle };
    },
    flush() {
      if (pending === null) return;
      timers.clearTimeout(pending.handle);
      send(pending.query);
    },
    cancel() {
      generation++;
      if (pending !== null) timers.clearTimeout(pending.handle);
      pending = null;
    },
  };
}
