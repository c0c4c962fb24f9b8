import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from './rate-limiter';

/** A clock that only moves when the limiter sleeps: the test sees exactly when each request may start. */
function virtualClock() {
  let now = 0;
  return {
    now: () => now,
    sleep: async (ms: number) => {
      now += ms;
    },
  };
}

function maxInAnyWindow(starts: number[], windowMs: number): number {
  let max = 0;
  for (const start of starts) {
    max = Math.max(max, starts.filter((t) => t >= start && t < start + windowMs).length);
  }
  return max;
}

describe('SlidingWindowLimiter', () => {
  it('lets a burst of 5 go at once, then never more than 5 in any second', async () => {
    const clock = virtualClock();
    const limiter = new SlidingWindowLimiter({ max: 5, windowMs: 1000, ...clock });
    const starts: number[] = [];
    await Promise.all(
      Array.from({ length: 23 }, () => limiter.acquire().then(() => starts.push(clock.now()))),
    );
    expect(starts.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(maxInAnyWindow(starts, 1000)).toBe(5);
    // 23 requests at 5 per second need 4 full windows of waiting.
    expect(Math.max(...starts)).toBe(4000);
  });

  it('serves waiters in arrival order', async () => {
    const clock = virtualClock();
    const limiter = new SlidingWindowLimiter({ max: 1, windowMs: 100, ...clock });
    const order: number[] = [];
    await Promise.all([0, 1, 2, 3].map((i) => limiter.acquire().then(() => order.push(i))));
    expect(order).toEqual([0, 1, 2, 3]);
  });

  it('holds every request back during a pause (after a 429 with Retry-After)', async () => {
    const clock = virtualClock();
    const limiter = new SlidingWindowLimiter({ max: 5, windowMs: 1000, ...clock });
    limiter.pauseFor(3000);
    await limiter.acquire();
    expect(clock.now()).toBe(3000);
  });
});
