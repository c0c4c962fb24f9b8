/**
 * Other users' public counts: one read per user per TTL, the stale count when a read fails.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { PROFILE_COUNT_TTL_MS, publicCount } from './profile-message-counts';

let reads: string[];
let answer: () => Promise<number>;
const readCount = (username: string) => {
  reads.push(username);
  return answer();
};

beforeEach(() => {
  fakeBrowser.reset();
  reads = [];
  answer = async () => 7;
});

describe('public message counts', () => {
  it('reads a user once per TTL, whatever the case of the name', async () => {
    expect(await publicCount(readCount, 'Alice', 1_000)).toBe(7);
    answer = async () => 9;
    expect(await publicCount(readCount, 'alice', 1_000 + PROFILE_COUNT_TTL_MS - 1)).toBe(7);
    expect(reads).toEqual(['Alice']);
    expect(await publicCount(readCount, 'alice', 1_000 + PROFILE_COUNT_TTL_MS)).toBe(9);
    expect(reads).toEqual(['Alice', 'alice']);
  });

  it('keeps the stale count when a read fails, null when there is none', async () => {
    answer = () => Promise.reject(new Error('503'));
    expect(await publicCount(readCount, 'bob', 0)).toBeNull();
    answer = async () => 2;
    await publicCount(readCount, 'bob', 0);
    answer = () => Promise.reject(new Error('503'));
    expect(await publicCount(readCount, 'bob', 2 * PROFILE_COUNT_TTL_MS)).toBe(2);
  });

  it('reads and keeps users named like an object prototype’s properties (the name comes from the address)', async () => {
    const names = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];
    for (const [index, username] of names.entries()) {
      answer = async () => index + 1;
      expect(await publicCount(readCount, username, 1_000)).toBe(index + 1);
    }
    expect(reads).toEqual(names);
    answer = () => Promise.reject(new Error('503'));
    for (const [index, username] of names.entries()) {
      expect(await publicCount(readCount, username, 2_000)).toBe(index + 1);
    }
    expect(reads).toEqual(names);
    answer = () => Promise.reject(new Error('503'));
    expect(await publicCount(readCount, 'isPrototypeOf', 2_000)).toBeNull();
  });
});
