/**
 * What the fault matrix's surfaces check alike: the sentence the popup's lists show for each fault
 * (components/error-sentence.ts, in English: the browsers run in English), and how many
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
 * How many times a browser sends one fetch whose connection is dropped before any answer (`network
 * gone`), at most: Firefox re-sends it within milliseconds up to ten sends in all (its
 * `network.http.request.max-attempts`); Chromium re-sends once when the request went out on a reused
 * keep-alive connection (measured: 4 fetches arrived as 5 requests, the first two 4 ms apart).
 */
const SENDS_PER_DROPPED_FETCH: Readonly<Record<BrowserName, number>> = { firefox: 10, chromium: 2 };

/**
 * The extension's attempts among requests the sandbox saw: a burst (requests less than 50 ms
 * apart) is one attempt. Requests whose connection was dropped count one attempt per the browser's
 * sends of a dropped fetch: on a busy machine a pause can split a browser's re-sends into two bursts,
 * never make them more, so the count is a lower bound on its fetches that still grows with any storm.
 */
export function attempts(requests: readonly RequestLogEntry[], browser?: BrowserName): number[] {
  const isDropped = (entry: RequestLogEntry) => browser !== undefined && entry.fault === 'outage';
  const timesOf = (entries: readonly RequestLogEntry[]) =>
    entries.map((entry) => Date.parse(entry.time)).sort((a, b) => a - b);
  const times = timesOf(requests.filter((entry) => !isDropped(entry)));
  const bursts = times.filter((time, i) => i === 0 || time - (times[i - 1] as number) > 50);
  const perFetch = browser === undefined ? 1 : SENDS_PER_DROPPED_FETCH[browser];
  const droppedFetches = timesOf(requests.filter(isDropped)).filter((_, i) => i % perFetch === 0);
  return [...bursts, ...droppedFetches].sort((a, b) => a - b);
}
