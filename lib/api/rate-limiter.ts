/**
 * The client-wide request limit: at most `max` requests in any window of `windowMs` (5 per second
 * by default: half the service's documented 10, as the design asks), bursts included.
 *
 * Each request holds a slot from the moment it leaves until `windowMs` after its answer came back.
 * Counting from the answer, not the departure, keeps the limit true where the service measures it:
 * requests of a burst that arrive late (a slow connection, a busy machine) cannot bunch up with the
 * next burst at the server. Bursts of up to `max` still go at once. Waiters are served first come,
 * first served. After a 429 with `Retry-After`, `pauseFor` holds every request back.
 *
 * Waiting is bounded: `acquire(maxWaitMs)` rejects with `LimiterWaitTooLong` as soon as it is clear
 * the turn would come later than that (a long pause fails at once, not after the pause), so no
 * request can hang in the queue however long the service asked us to hold back.
 */
import { serialQueue } from '@/lib/concurrency/serial';

export interface RequestLimiter {
  /**
   * Resolves when a request may leave; call the returned function once its answer is in. Rejects
   * with `LimiterWaitTooLong` when the turn would come more than `maxWaitMs` from now.
   */
  acquire(maxWaitMs?: number): Promise<() => void>;
  /** No request leaves for `ms` from now. */
  pauseFor(ms: number): void;
}

export interface SlidingWindowLimiterOptions {
  max?: number;
  windowMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** The turn would come later than the caller is willing to wait. */
export class LimiterWaitTooLong extends Error {
  readonly name = 'LimiterWaitTooLong';
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Slot {
  /** When the slot frees up; Infinity while its request is in flight. */
  freeAt: number;
}

export class SlidingWindowLimiter implements RequestLimiter {
  private readonly max: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private slots: Slot[] = [];
  private pausedUntil = 0;
  /** Waiters are served first come, first served. */
  private readonly waiters = serialQueue();
  /** Wakes the waiter when an in-flight request ends. */
  private wake: (() => void) | undefined;

  constructor(options: SlidingWindowLimiterOptions = {}) {
    this.max = options.max ?? 5;
    this.windowMs = options.windowMs ?? 1000;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? realSleep;
  }

  acquire(maxWaitMs = Number.POSITIVE_INFINITY): Promise<() => void> {
    const deadline = this.now() + maxWaitMs;
    return this.waiters(() => this.waitForSlot(deadline));
  }

  pauseFor(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.now() + ms);
  }

  private async waitForSlot(deadline: number): Promise<() => void> {
    for (;;) {
      const now = this.now();
      this.slots = this.slots.filter((slot) => slot.freeAt > now);
      const paused = this.pausedUntil - now;
      if (this.slots.length < this.max && paused <= 0) {
        const slot: Slot = { freeAt: Number.POSITIVE_INFINITY };
        this.slots.push(slot);
        let released = false;
        return () => {
          if (released) return;
          released = true;
          slot.freeAt = this.now() + this.windowMs;
          this.wake?.();
        };
      }
      const firstFree = Math.min(...this.slots.map((slot) => slot.freeAt));
      const wait = Math.max(paused, this.slots.length < this.max ? 0 : firstFree - now);
      // Known to come too late (or already too late): fail now rather than hold the queue.
      if (now >= deadline || (Number.isFinite(wait) && now + wait > deadline)) {
        throw new LimiterWaitTooLong(`no turn within the ${Math.max(0, Math.round(deadline - now))} ms left`);
      }
      if (Number.isFinite(wait)) {
        await this.sleep(wait);
      } else {
        // Every slot is in flight: wait for one to end, but not past the deadline.
        const woken = new Promise<void>((resolve) => {
          this.wake = resolve;
        });
        await (Number.isFinite(deadline) ? Promise.race([woken, this.sleep(deadline - now)]) : woken);
        this.wake = undefined;
      }
    }
  }
}
