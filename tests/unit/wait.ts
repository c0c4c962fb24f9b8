/**
 * How long a unit or contract test waits for what it expects: `vi.waitFor(fn, WAIT)`, and the unit
 * project's default for `expect.poll` (vitest.config.ts). Vitest's own default, one second, is
 * shorter than a sandbox round trip takes on a busy 2-core machine, so a correct test failed there.
 * A wait this long costs nothing when the thing happens: it returns as soon as it does. It stays
 * well under the unit project's test timeout, so a failure reports the last assertion that failed,
 * not a timeout.
 */
export const WAIT = { timeout: 10_000, interval: 50 } as const;
