/**
 * The client-wide request limit: at most `max` requests start in any window of `windowMs`
 * (5 per second by default: half the service's documented 10, as the design asks). A sliding window,
 * not a token bucket, so bursts are allowed up to `max` at once but never push any one-second window
 * over the limit. Waiters are served first come, first served. After a 429 with `Retry-After`,
 * `pauseFor` holds every request back until the service is ready again.
 */
export interface RequestLimiter {
  /** Resolves when a request may start (and counts it as started). */
  acquire(): Promise<void>;
  /** No request starts for `ms` from now. */
  pauseFor(ms: number): void;
}

export interface SlidingWindowLimiterOptions {
  max?: number;
  windowMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class SlidingWindowLimiter implements RequestLimiter {
  private readonly max: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  /** Start times of the requests inside the current window, oldest first. */
  private readonly starts: number[] = [];
  private pausedUntil = 0;
  /** Tail of the FIFO chain of waiters. */
  private tail: Promise<void> = Promise.resolve();

  constructor(options: SlidingWindowLimiterOptions = {}) {
    this.max = options.max ?? 5;
    this.windowMs = options.windowMs ?? 1000;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? realSleep;
  }

  acquire(): Promise<void> {
    const turn = this.tail.then(() => this.waitForSlot());
    this.tail = turn.catch(() => undefined);
    return turn;
  }

  pauseFor(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.now() + ms);
  }

  private async waitForSlot(): Promise<void> {
    for (;;) {
      const now = this.now();
      while (this.starts.length > 0 && now - (this.starts[0] as number) >= this.windowMs) this.starts.shift();
      const untilSlot = this.starts.length >= this.max ? (this.starts[0] as number) + this.windowMs - now : 0;
      const wait = Math.max(untilSlot, this.pausedUntil - now);
      if (wait <= 0) {
        this.starts.push(now);
        return;
      }
      await this.sleep(wait);
    }
  }
}
