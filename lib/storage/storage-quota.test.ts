/**
 * How Chrome counts storage.local and how the browsers refuse a write past their room. The counts
 * below were measured in Chromium 156 with `getBytesInUse` (tests/e2e/storage-quota.test.ts checks
 * them in the browser on every run).
 */
import { describe, expect, it } from 'vitest';
import { HOSTILE_STRINGS, LONG_HOSTILE_TEXT } from '@/sandbox/hostile';
import { isQuotaError, storedBytes } from './storage-quota';

describe('isQuotaError', () => {
  it('knows the browsers’ refusals for room', () => {
    expect(isQuotaError(new Error('Resource::kQuotaBytes quota exceeded'))).toBe(true);
    expect(isQuotaError(new Error('QUOTA_BYTES quota exceeded'))).toBe(true);
    expect(
      isQuotaError(new Error('QuotaExceededError: storage.local API call exceeded its quota limitations.')),
    ).toBe(true);
    expect(
      isQuotaError(Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' })),
    ).toBe(true);
  });

  it('does not take other refusals for a full disk', () => {
    expect(isQuotaError(new Error('QUOTA_BYTES_PER_ITEM quota exceeded'))).toBe(false);
    expect(isQuotaError(new Error('Resource::kQuotaBytesPerItem quota exceeded'))).toBe(false);
    expect(isQuotaError(new Error('This request exceeds the MAX_WRITE_OPERATIONS_PER_MINUTE quota.'))).toBe(
      false,
    );
    expect(isQuotaError(new Error('Error in invocation of storage.set'))).toBe(false);
    expect(isQuotaError('QUOTA_BYTES quota exceeded')).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });
});

describe('storedBytes counts as Chromium does', () => {
  it('escapes hostile text as Chromium’s JSON writer', () => {
    expect(storedBytes('hostileStrings', [...HOSTILE_STRINGS])).toBe(794);
    expect(storedBytes('longHostileText', LONG_HOSTILE_TEXT)).toBe(5027);
    expect(storedBytes('x', '<')).toBe(1 + 8);
    expect(storedBytes('x', '\u2028')).toBe(1 + 8);
    expect(storedBytes('x', 'é🐱')).toBe(1 + 2 + 2 + 4);
    expect(storedBytes('x', 'a\ud83db')).toBe(1 + 2 + 1 + 3 + 1);
  });

  it('writes numbers as Chromium’s doubles', () => {
    const measured: [number, number][] = [
      [42, 2],
      [-7, 2],
      [1_764_000_000_000, 9],
      [0.25, 4],
      [2 ** 31, 12],
      [1e25, 5],
      [1.5e-7, 6],
      [123.456, 7],
      [-2147483648, 11],
      [2147483647, 10],
      [1e21, 5],
      [1e20, 5],
      [0, 1],
      [-1.5, 4],
    ];
    for (const [value, bytes] of measured) expect([value, storedBytes('', value)]).toEqual([value, bytes]);
    expect(storedBytes('o', [1.0, 2.5])).toBe(8);
    expect(storedBytes('p', { q: 1e300 })).toBe(13);
  });
});
