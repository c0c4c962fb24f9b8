/**
 * When a read of the count may bypass the CDN in front of it. The site's pages read the count at its
 * bare address, and the service throttles on purpose reads that look like cache-busting (the leading
 * extension stopped sending `nocache`/`timestamp` parameters after that). So Companion reads the bare
 * address too, and bypasses the cache only when it knows the count changed under the CDN's copy: it
 * dismissed one of the team's alerts, the messages page marked everything read, or a site page's
 * reading disagrees with its own within the CDN's window. Even then, at most
 * MAX_BYPASSES_PER_HOUR an hour: past that, a known change waits for the CDN's copy to age.
 *
 * Pure: the times of the bypassing reads are kept in the message-count state (`bypasses`).
 */

/** Reads that bypass the cache, at most, in any hour. */
export const MAX_BYPASSES_PER_HOUR = 6;
const HOUR_MS = 3_600_000;

/** The times of the last hour's bypassing reads, of those kept (anything malformed dropped). */
function lastHour(times: readonly number[] | undefined, now: number): number[] {
  if (!Array.isArray(times)) return [];
  return times.filter((at) => Number.isFinite(at) && at > now - HOUR_MS && at <= now);
}

/** Whether one more read may bypass the cache now. */
export function mayBypass(times: readonly number[] | undefined, now: number): boolean {
  return lastHour(times, now).length < MAX_BYPASSES_PER_HOUR;
}

/** The times to keep after a bypassing read at `now`. */
export function withBypass(times: readonly number[] | undefined, now: number): number[] {
  return [...lastHour(times, now), now];
}
