/**
 * The sandbox's time: one clock for the seed and for everything the sandbox dates afterwards
 * (comments, messages, alerts, activity, shared projects, loves and favorites, sessions) or works out
 * from the time (the message count's CDN window, the comment rules' flood and spam windows, explore's
 * "trending" age, the profile's "joined ... ago").
 *
 * It runs with the wall clock, because the browser under test does: by default it reads exactly the
 * wall clock, so what the sandbox dates and what a browser or a test measures agree. A test moves
 * it (`advance`, `set`) to let time pass without waiting; the store's reset puts it back on its
 * course.
 *
 * The request logs are not dated by it: they record when a request really arrived, which tests
 * compare with their own wall clock.
 */
export class SandboxClock {
  /** When the clock started (ms since the epoch): the seed is dated from here. */
  readonly start: number;
  /** How far the clock is ahead of the wall clock (ms), as it started. */
  private readonly startOffset: number;
  /** How far the clock is ahead of the wall clock now (ms; negative when behind). */
  private offset: number;

  /** `start`: a fixed time to start from (deterministic pictures); default: the wall clock's now. */
  constructor(start?: number) {
    if (start !== undefined && !Number.isFinite(start)) throw new Error(`the clock cannot start at ${start}`);
    const wall = Date.now();
    this.start = start ?? wall;
    this.startOffset = this.start - wall;
    this.offset = this.startOffset;
  }

  /** The sandbox's time now (ms since the epoch). */
  now(): number {
    return Date.now() + this.offset;
  }

  /** The sandbox's time now as the service writes dates (`2026-11-20T12:00:00.000Z`). */
  iso(): string {
    return new Date(this.now()).toISOString();
  }

  /** How far it has been moved from its course (ms; 0 when never moved, or after `restore`). */
  moved(): number {
    return this.offset - this.startOffset;
  }

  /** Moves it forward by `ms` (0 or more), as if that much time had passed at once; it runs on from there. */
  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock moves forward by 0 ms or more');
    this.offset += ms;
    return this.now();
  }

  /** Sets it to `time` (ms since the epoch), forward or back; it runs on from there. */
  set(time: number): number {
    if (!Number.isFinite(time)) throw new RangeError('the clock is set to a time in ms since the epoch');
    this.offset = time - Date.now();
    return this.now();
  }

  /** Back on its course: its start plus the wall time since, as if it had never been moved. */
  restore(): void {
    this.offset = this.startOffset;
  }
}
