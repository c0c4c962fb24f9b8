/** When a rate-limited list shown in the popup is read again by itself. */
import { describe, expect, it } from 'vitest';
import { rateLimitRetryDelay } from './explore-data';

describe('rateLimitRetryDelay', () => {
  it('waits out the service’s Retry-After from when the 429 came, then at once', () => {
    const error = { kind: 'rate-limited' as const, at: 10_000, status: 429, retryAfterMs: 30_000 };
    expect(rateLimitRetryDelay(error, 10_000)).toBe(30_000);
    expect(rateLimitRetryDelay(error, 25_000)).toBe(15_000);
    expect(rateLimitRetryDelay(error, 90_000)).toBe(0);
  });

  it('does nothing by itself for other failures, or a 429 without a wait', () => {
    expect(rateLimitRetryDelay(null, 0)).toBeNull();
    expect(rateLimitRetryDelay({ kind: 'offline', at: 1 }, 2)).toBeNull();
    expect(rateLimitRetryDelay({ kind: 'rate-limited', at: 1, status: 429 }, 2)).toBeNull();
  });
});
