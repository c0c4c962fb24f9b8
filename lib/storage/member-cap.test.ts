import { describe, expect, it } from 'vitest';
import { capRecentlyUsed } from './member-cap';

describe('capRecentlyUsed', () => {
  it('keeps the most recently used entries, dropping the least recently used', () => {
    const entries = { a: { usedAt: 1 }, b: { usedAt: 3 }, c: { usedAt: 2 }, d: {} };
    expect(Object.keys(capRecentlyUsed(entries, 2, undefined)).sort()).toEqual(['b', 'c']);
  });

  it('always keeps the entry being written, even when it looks older', () => {
    const entries = { a: { usedAt: 1 }, b: { usedAt: 3 }, c: { usedAt: 2 } };
    expect(Object.keys(capRecentlyUsed(entries, 1, 'a')).sort()).toEqual(['a', 'b']);
  });

  it('returns the same record when nothing is dropped, and never changes the one given', () => {
    const entries = { a: { usedAt: 1 }, b: { usedAt: 2 } };
    expect(capRecentlyUsed(entries, 2, 'a')).toBe(entries);
    capRecentlyUsed(entries, 1, undefined);
    expect(Object.keys(entries)).toEqual(['a', 'b']);
  });

  it('orders by the time the caller names', () => {
    const threads = { x: { readAt: 5 }, y: { readAt: 9 }, z: { readAt: 1 } };
    const kept = capRecentlyUsed(threads, 2, undefined, (thread) => thread.readAt);
    expect(Object.keys(kept).sort()).toEqual(['x', 'y']);
  });
});
