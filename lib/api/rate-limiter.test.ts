import { describe, expect, it } from 'vitest';
import { LimiterWaitTooLong, SlidingWindowLimiter } from './rate-limiter';

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
      Array.from({ length: 23 }, async () => {
        const release = await limiter.acquire();
        starts.push(clock.now());
        release();
      }),
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
    await Promise.all(
      [0, 1, 2, 3].map(async (i) => {
        const release = await limiter.acquire();
        order.push(i);
        release();
      }),
    );
    expect(order).toEqual([0, 1, 2, 3]);
  });

  it('counts a slow request from its answer, so late arrivals cannot bunch up at the service', async () => {
    const clock = virtualClock();
    const limiter = new SlidingWindowLimiter({ max: 1, windowMs: 1000, ...clock });
    const slow = await limiter.acquire();
    let nextLeftAt: number | undefined;
    const next = limiter.acquire().then((release) => {
      nextLeftAt = clock.now();
      release();
    });
    // However long the slow request takes, the next one waits for it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(nextLeftAt).toBeUndefined();
    // Its answer comes in at 2500: the slot frees a full window later.
    await clock.sleep(2500);
    slow();
    await next;
    expect(nextLeftAt).toBe(3500);
  });

  it('holds every request back during a pause (after a 429 with Retry-After)', async () => {
    const clock = virtualClock();
    const limiter = new SlidingWindowLimiter({ max: 5, windowMs: 1000, ...clock });
    limiter.pauseFor(3000);
    await limiter.acquire();
    expect(clock.now()).toBe(3000);
  });

  it('bounds the wait: a turn that would come too late fails at once', async () => {
    const clock = virtualClock();
    const limiter = new SlidingWindowLimiter({ max: 1, windowMs: 1000, ...clock });
    limiter.pauseFor(3_600_000);
    await expect(limiter.acquire(5000)).rejects.toBeInstanceOf(LimiterWaitTooLong);
    expect(clock.now()).toBe(0);
    // The queue is not left stuck: a caller willing to wait gets the turn after the pause.
    await limiter.acquire();
    expect(clock.now()).toBe(3_600_000);
  });

  it('bounds the wait for a request in flight that never ends', async () => {
    const clock = virtualClock();
    const limiter = new SlidingWindowLimiter({ max: 1, windowMs: 1000, ...clock });
    await limiter.acquire();
    await expect(limiter.acquire(5000)).rejects.toBeInstanceOf(LimiterWaitTooLong);
    expect(clock.now()).toBe(5000);
  });
});
