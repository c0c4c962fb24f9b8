/**
 * What the fault matrix's surfaces check alike: the sentence the popup's lists show for each fault
 * (entrypoints/popup/feed/error-sentence.ts, in English: the browsers run in English), and how many
 * times the extension really tried a route while a fault lasted.
 */
import type { RequestLogEntry, RouteMatch } from '@/sandbox/control';
import type { RunningSandbox } from '@/sandbox/index';
import type { BrowserName } from './browsers';
import { type FaultName, RATE_LIMIT_RETRY_AFTER_S } from './fault-matrix';

/** The sentence of a list (feed, messages, a conversation) whose read failed with this fault. */
export const LIST_SENTENCES: Readonly<Record<Exclude<FaultName, 'session expired'>, string>> = {
  'server error': 'The site had a problem (error 503).',
  'rate limited': `The site asked Companion to slow down. It will try again in ${RATE_LIMIT_RETRY_AFTER_S} second${RATE_LIMIT_RETRY_AFTER_S === 1 ? '' : 's'}.`,
  timeout: 'The site did not answer in time.',
  'malformed body': 'The site sent an answer Companion could not read.',
  'truncated body': 'The site sent an answer Companion could not read.',
  'network gone': 'You seem to be offline.',
};

/** The sentence a list shows under `fault` (none for an expired session: that one is renewed). */
export function listSentence(fault: FaultName): string | null {
  return fault === 'session expired' ? null : LIST_SENTENCES[fault];
}

/** Requests the sandbox received on `route` since `since` (ms), from the browsers only. */
export function requestsSince(sandbox: RunningSandbox, route: RouteMatch, since: number): RequestLogEntry[] {
  return sandbox.control.requestLog(route).filter((entry) => Date.parse(entry.time) >= since);
}

/**
 * Firefox re-sends a request whose connection was dropped before any answer, up to this many sends
 * in all (its `network.http.request.max-attempts`), within milliseconds: under `network gone` one
 * fetch arrives as a burst of ten.
 */
const FIREFOX_SENDS_PER_DROPPED_FETCH = 10;

/**
 * The extension's attempts among requests the sandbox saw: a burst (requests less than 50 ms
 * apart) is one attempt, as a browser re-sends a dropped request at once (Chromium once, on a reused
 * connection). In Firefox the requests whose connection was dropped count as one attempt per ten:
 * a pause of the busy browser can split its burst of ten, never make it longer, so the count is a
 * lower bound on its fetches that still grows with any storm.
 */
export function attempts(requests: readonly RequestLogEntry[], browser?: BrowserName): number[] {
  const dropped = browser === 'firefox' ? requests.filter((entry) => entry.fault === 'outage') : [];
  const rest = requests.filter((entry) => !dropped.includes(entry));
  const times = rest.map((entry) => Date.parse(entry.time)).sort((a, b) => a - b);
  const bursts = times.filter((time, i) => i === 0 || time - (times[i - 1] as number) > 50);
  const droppedTimes = dropped.map((entry) => Date.parse(entry.time)).sort((a, b) => a - b);
  const droppedFetches = droppedTimes.filter((_, i) => i % FIREFOX_SENDS_PER_DROPPED_FETCH === 0);
  return [...bursts, ...droppedFetches].sort((a, b) => a - b);
}
