/**
 * Whether the member is at the computer, as the background's pollers and notifiers ask it: the
 * browser's idle state (the `idle` permission), unless a development install's tuning says to ignore
 * it (headless browsers in the end-to-end tests get no input: lib/dev-tuning.ts).
 */
import { devTuning } from './dev-tuning';

/**
 * Without input for this long the member counts as away (the `idle` permission). Five minutes, not
 * less: reading a long project page or watching one runs without input.
 */
export const IDLE_AFTER_SECONDS = 300;

/** Whether the browser has gone without input for IDLE_AFTER_SECONDS (or is locked). */
export async function browserIdle(): Promise<boolean> {
  // `browser.idle` exists only with the `idle` permission; without it the focus test decides alone.
  const idle = (browser as { idle?: typeof browser.idle }).idle;
  if (!idle) return false;
  return (await idle.queryState(IDLE_AFTER_SECONDS)) !== 'active';
}

/** The browser's idle state, unless an end-to-end test (which gives no input) tuned it off. */
export async function idleUnlessTestSaysNo(): Promise<boolean> {
  if ((await devTuning()).ignoreIdle) return false;
  return browserIdle();
}
