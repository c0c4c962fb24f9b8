/**
 * The client-wide request limit: at most `max` requests in any window of `windowMs` (5 per second
 * by default: half the service's documented 10, as the design asks), bursts included.
 *
 * Each request holds a slot from the moment it leaves until `windowMs` after its answer came back.
 * Counting from the answer, not the departure, keeps the limit true where the service measures it:
 * requests of a burst that arrive late (a slow connection, a busy machine) cannot bunch up with the
 * next burst at the server. Bursts of up to `max` still go at once. Waiters are served first come,
 * first served. After a 429 with `Retry-After`, `pauseFor` holds every request back.
 */
export interface RequestLimiter {
  /** Resolves when a request may leave; call the returned function once its answer is in. */
  acquire(): Promise<() => void>;
  /** No request leaves for `ms` from now. */
  pauseFor(ms: number): void;
}

export interface SlidingWindowLimiterOptions {
  max?: number;
  windowMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
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
  /** Tail of the FIFO chain of waiters. */
  private tail: Promise<unknown> = Promise.resolve();
  /** Wakes the waiter when an in-flight request ends. */
  private wake: (() => void) | undefined;

  constructor(options: SlidingWindowLimiterOptions = {}) {
    this.max = options.max ?? 5;
    this.windowMs = options.windowMs ?? 1000;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? realSleep;
  }

  acquire(): Promise<() => void> {
    const turn = this.tail.then(() => this.waitForSlot());
    this.tail = turn.catch(() => undefined);
    return turn;
  }

  pauseFor(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.now() + ms);
  }

  private async waitForSlot(): Promise<() => void> {
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
      if (Number.isFinite(wait)) {
        await this.sleep(wait);
      } else {
        // Every slot is in flight: wait for one to end.
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
        this.wake = undefined;
      }
    }
  }
}
