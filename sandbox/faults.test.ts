/**
 * The latency rules' sleeps (faults.ts `Sleeper`): as long as the rule says, no longer than the
 * client waits, none left behind. On fake timers, so each check is exact and costs no real time
 * (the pipeline around them is tested over HTTP in control.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Sleeper } from './faults';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Whether `promise` has settled, after the microtasks now queued have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('the latency sleeper', () => {
  it('sleeps exactly the delay it is given', async () => {
    const sleeper = new Sleeper();
    const sleep = sleeper.sleep(300);
    expect(sleeper.size).toBe(1);
    await vi.advanceTimersByTimeAsync(299);
    expect(await settled(sleep)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(sleep)).toBe(true);
    expect(sleeper.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    expect(await settled(sleeper.sleep(0))).toBe(true);
  });

  it('ends a sleep at once when its client gives up (the request’s signal aborts)', async () => {
    const sleeper = new Sleeper();
    const client = new AbortController();
    const sleep = sleeper.sleep(60_000, client.signal);
    const other = sleeper.sleep(60_000, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await settled(sleep)).toBe(false);
    client.abort();
    expect(await settled(sleep)).toBe(true);
    // Only that one: the other request's client still waits.
    expect(await settled(other)).toBe(false);
    expect(sleeper.size).toBe(1);
    expect(vi.getTimerCount()).toBe(1);
    // A request whose client had already gone is not held at all.
    expect(await settled(sleeper.sleep(60_000, AbortSignal.abort()))).toBe(true);
  });

  it('ends every sleep on cancelAll (release, close), leaving no timer', async () => {
    const sleeper = new Sleeper();
    const sleeps = [sleeper.sleep(60_000), sleeper.sleep(8_000, new AbortController().signal)];
    sleeper.cancelAll();
    for (const sleep of sleeps) expect(await settled(sleep)).toBe(true);
    expect(sleeper.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
