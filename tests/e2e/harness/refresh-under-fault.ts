/**
 * A popup list's fault sentence after the member's refresh. The list's service shares a read in
 * flight with every caller, so a refresh clicked while a read begun before the fault was still out
 * ends with that read's answer: no sentence, nothing new, and no request of the fault's in the log.
 * Then the member clicks refresh again, as they would. A refresh that did reach the faulty service
 * and still shows no sentence fails, with what the log and the popup showed.
 */
import type { RouteMatch } from '@/sandbox/control';
import type { RunningSandbox } from '@/sandbox/index';
import { requestsSince } from './fault-checks';
import type { TestPage } from './test-page';

export interface ListUnderFault {
  popup: TestPage;
  /** The list's sentence. */
  error: string;
  /** The list's refresh button (disabled while the list is read). */
  refresh: string;
  sandbox: RunningSandbox;
  /** The route the list is read from (the fault is set on it). */
  route: RouteMatch;
  /** When the fault began (ms since the epoch). */
  faultAt: number;
  /** How long the sentence may take, in ms. */
  timeoutMs: number;
}

/** Waits for `sentence` in the list's sentence and returns the whole text shown. */
export async function faultSentenceAfterRefresh(list: ListUnderFault, sentence: string): Promise<string> {
  const { popup, error, refresh, sandbox, route, faultAt, timeoutMs } = list;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = deadline - Date.now();
    try {
      return await popup.waitForText(error, sentence, { timeout: Math.max(500, Math.min(5_000, left)) });
    } catch (failure) {
      const log = requestsSince(sandbox, route, faultAt);
      const idle = await popup.evaluate(
        (s) => document.querySelector(`${s}:not([disabled])`) !== null,
        refresh,
      );
      const reachedFault = log.some((entry) => entry.fault !== undefined);
      if (left <= 5_000) {
        const seen = log.map((entry) => `${entry.time} ${entry.status} ${entry.fault ?? '-'}`).join('; ');
        throw new Error(
          `${(failure as Error).message}; refresh idle: ${idle}; requests since the fault: ${seen || 'none'}`,
        );
      }
      // Still reading, or answered by the fault (its sentence on its way): wait on.
      if (idle && !reachedFault) await popup.click(`${refresh}:not([disabled])`);
    }
  }
}
