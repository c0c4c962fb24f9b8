/**
 * Asking the background once more when it went away mid-request. The browser may stop the
 * background at any moment (an MV3 service worker, Firefox's event page); a request it was serving
 * then gets no answer, and the page's message fails with the browser's own plain `Error` ("The
 * message port closed before a response was received.", "Message manager disconnected", ...).
 * Errors the background answered with keep their names across the boundary (Timeout, RateLimited,
 * ...) and are not retried here. Sending again starts a new background, which serves it from
 * scratch: use this only for requests that are safe to repeat (reads, or writes whose service
 * recognises a repeat, like replies: lib/messages/pending-posts.ts).
 */

/** Before asking again: the new background needs a moment to register its listeners. */
export const RESEND_AFTER_MS = 300;

/** True for the plain error a message gets when no answer came back. */
export function backgroundWentAway(error: unknown): boolean {
  return error instanceof Error && error.name === 'Error';
}

/** `send()`, and once more if the background went away before answering. */
export async function sendSurvivingRestart<T>(
  send: () => Promise<T>,
  pause: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!backgroundWentAway(error)) throw error;
    await pause(RESEND_AFTER_MS);
    return send();
  }
}
