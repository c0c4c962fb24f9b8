/** The sandbox's clock: on the wall clock by default, from a fixed start on request, moved by tests. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SandboxClock } from './clock';

const DAY = 86_400_000;
const WALL = Date.parse('2026-12-05T10:00:00.000Z');

// The wall clock is faked (Date only), so each reading is exact.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: WALL });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the sandbox clock', () => {
  it('starts at the wall clock’s now and runs with it', () => {
    const clock = new SandboxClock();
    expect(clock.start).toBe(WALL);
    expect(clock.now()).toBe(WALL);
    vi.setSystemTime(WALL + 5_000);
    expect(clock.now()).toBe(WALL + 5_000);
    expect(clock.iso()).toBe('2026-12-05T10:00:05.000Z');
    expect(clock.moved()).toBe(0);
  });

  it('starts at a fixed time when given one, and runs on from it', () => {
    const start = Date.parse('2026-11-20T12:00:00.000Z');
    const clock = new SandboxClock(start);
    expect(clock.start).toBe(start);
    expect(clock.now()).toBe(start);
    vi.setSystemTime(WALL + 60_000);
    expect(clock.now()).toBe(start + 60_000);
    expect(clock.moved()).toBe(0);
    expect(() => new SandboxClock(Number.NaN)).toThrow();
  });

  it('advances: time passes at once, and goes on running from there', () => {
    const clock = new SandboxClock();
    expect(clock.advance(DAY)).toBe(WALL + DAY);
    expect(clock.moved()).toBe(DAY);
    vi.setSystemTime(WALL + 1_000);
    expect(clock.now()).toBe(WALL + DAY + 1_000);
    clock.advance(0);
    expect(clock.now()).toBe(WALL + DAY + 1_000);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.advance(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(clock.now()).toBe(WALL + DAY + 1_000);
  });

  it('is set to a time, forward or back, and runs on from there', () => {
    const clock = new SandboxClock();
    const earlier = Date.parse('2026-01-01T00:00:00.000Z');
    expect(clock.set(earlier)).toBe(earlier);
    expect(clock.moved()).toBe(earlier - WALL);
    vi.setSystemTime(WALL + 2_000);
    expect(clock.now()).toBe(earlier + 2_000);
    expect(() => clock.set(Number.NaN)).toThrow(RangeError);
    expect(clock.now()).toBe(earlier + 2_000);
  });

  it('goes back on its course when restored: its start plus the wall time since', () => {
    const clock = new SandboxClock(WALL - DAY);
    clock.advance(3 * DAY);
    vi.setSystemTime(WALL + 7_000);
    clock.restore();
    expect(clock.now()).toBe(WALL - DAY + 7_000);
    expect(clock.moved()).toBe(0);
    expect(clock.start).toBe(WALL - DAY);
  });
});
