/**
 * Absence over a quiet period the test proves it observed. "Nothing was asked" checked after a
 * fixed sleep passes whenever the extension is slower than the sleep: the unwanted request would
 * have come, just later. Instead a test names a later request that the extension makes in the same
 * pipeline as the unwanted one (its next count poll, a probe thumbnail's love read, the search for
 * a further keystroke), waits until that proof arrives in the sandbox's request log, and only then
 * looks at what arrived in between. A slow extension delays the proof as much as the request it
 * stands behind; a stuck one never sends it, and the wait fails instead of passing.
 */
import type { InFlightRequest, RequestLogEntry, SandboxControl } from '@/sandbox/control';

/** The request whose arrival proves the extension went past the moment in question. */
export interface Proof {
  /** What it is, for the failure message: "two more count polls of the extension". */
  what: string;
  matches(entry: RequestLogEntry): boolean;
  /** How many matching requests must have arrived since the period began; default 1. */
  count?: number;
  /** How long it may take before the test fails, in ms (generous: a passing run never waits it out). */
  timeoutMs: number;
}

export interface QuietPeriod {
  /**
   * Waits until the proof has arrived (`count` times) since the period began, and until every
   * request that had arrived by then has been answered (the log records a request when it is
   * answered); returns every request that arrived in the period, proofs included, oldest first.
   * Throws if the proof does not come within its timeout.
   */
  observe(proof: Proof): Promise<RequestLogEntry[]>;
  /** The requests that arrived since the period began and have been answered, oldest first. */
  arrived(): RequestLogEntry[];
}

const POLL_INTERVAL_MS = 50;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts a quiet period now: what the sandbox had received before, or was still answering, is not
 * part of it.
 */
export function startQuietPeriod(control: SandboxControl): QuietPeriod {
  const startedAt = Date.now();
  const before = new Set(control.requestLog());
  const underWay = new Set(control.inFlight());
  const arrived = () =>
    control
      .requestLog()
      .filter((entry) => !before.has(entry) && Date.parse(entry.time) >= startedAt)
      .sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  const stillAnswering = (since: ReadonlySet<InFlightRequest>) =>
    control.inFlight().filter((request) => !underWay.has(request) && since.has(request));

  return {
    arrived,
    async observe({ what, matches, count = 1, timeoutMs }) {
      const deadline = Date.now() + timeoutMs;
      let proofs = 0;
      for (;;) {
        proofs = arrived().filter(matches).length;
        if (proofs >= count) break;
        if (Date.now() > deadline) {
          throw new Error(
            `The proof of a quiet period never came: waited ${timeoutMs} ms for ${what} ` +
              `(${proofs} of ${count} arrived); the extension did not get past the moment the test checks`,
          );
        }
        await pause(POLL_INTERVAL_MS);
      }
      // Requests that arrived before the proof was seen are part of the period: wait for their answers.
      const pending = new Set(control.inFlight());
      while (stillAnswering(pending).length > 0) {
        if (Date.now() > deadline) {
          const paths = stillAnswering(pending).map((request) => `${request.method} ${request.path}`);
          throw new Error(`Requests of the quiet period were never answered: ${paths.join(', ')}`);
        }
        await pause(POLL_INTERVAL_MS);
      }
      return arrived();
    },
  };
}
