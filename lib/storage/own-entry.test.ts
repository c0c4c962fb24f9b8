import { describe, expect, it } from 'vitest';
import { ownEntry } from './own-entry';

describe('ownEntry', () => {
  it('finds own entries only, `__proto__` and `constructor` included', () => {
    const stored = JSON.parse('{"__proto__": 1, "constructor": 2, "a": 3}') as Record<string, number>;
    expect(['__proto__', 'constructor', 'a', 'toString', 'b'].map((key) => ownEntry(stored, key))).toEqual([
      1,
      2,
      3,
      null,
      null,
    ]);
    expect(ownEntry({}, '__proto__')).toBeNull();
    expect(ownEntry({}, 'hasOwnProperty')).toBeNull();
    expect(ownEntry(null, 'a')).toBeNull();
  });
});
