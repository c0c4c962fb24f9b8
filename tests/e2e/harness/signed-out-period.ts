/**
 * The end of a quiet period while signed out. Signed out the extension sends nothing of its own (no
 * poll, no read), so no later request of its pipeline can close the period; signing in again can:
 * the background learns of it after whatever it was asked while signed out, and the poller's first
 * read of the member's count leaves after any request it had queued before, through the client's
 * first-come-first-served rate limiter. A background that never gets there fails the wait.
 *
 * The count's read must reach the service: a file that uses this turns the count's CDN copy off
 * before its browser starts (`messageCountCacheSeconds = 0`). Firefox keeps a cacheable answer in
 * its HTTP cache, so a read within the copy's max-age of the last one never arrives.
 */
import type { RequestLogEntry } from '@/sandbox/control';
import type { ExtensionBrowser } from './extension-browser';
import type { QuietPeriod } from './quiet-period';

/** A browser's request (not a test's own), made by the extension (a site page sends its origin). */
const fromExtension = (entry: RequestLogEntry) =>
  (entry.userAgent ?? '').startsWith('Mozilla/') && !(entry.origin ?? '').startsWith('http');

/** Signing in after the member signed out, on a loaded machine: only a stuck background waits this out. */
const SIGN_IN_TIMEOUT_MS = 30_000;

/**
 * Signs `username` in and waits for the extension's first read of their message count; returns when
 * signing in began and the requests of `period` that arrived before it, oldest first.
 */
export async function signInToEndQuietPeriod(
  browser: ExtensionBrowser,
  period: QuietPeriod,
  username: string,
): Promise<{ signingInAt: number; signedOut: RequestLogEntry[] }> {
  const signingInAt = Date.now();
  await browser.signIn(username);
  const countPath = `/users/${username}/messages/count`;
  const requests = await period.observe({
    what: `the extension's first read of ${username}'s message count after signing in again`,
    matches: (entry) =>
      entry.part === 'api' &&
      entry.path === countPath &&
      fromExtension(entry) &&
      Date.parse(entry.time) >= signingInAt,
    timeoutMs: SIGN_IN_TIMEOUT_MS,
  });
  return { signingInAt, signedOut: requests.filter((entry) => Date.parse(entry.time) < signingInAt) };
}
