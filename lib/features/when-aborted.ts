/**
 * Runs a feature's clean-up once its signal aborts (lib/features/registry.ts). One function for
 * every feature: each call is a few bytes of the content script's size budget instead of forty.
 */
export function whenAborted(signal: AbortSignal, undo: () => void): void {
  signal.addEventListener('abort', undo, { once: true });
}
