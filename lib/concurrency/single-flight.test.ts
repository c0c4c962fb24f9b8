import { describe, expect, it } from 'vitest';
import { deferred } from '@/tests/unit/deferred';
import { singleFlight } from './single-flight';

describe('singleFlight', () => {
  it('runs the work once for callers of the same key at the same time', async () => {
    const flights = singleFlight<number>();
    const gate = deferred<number>();
    let runs = 0;
    const work = () => {
      runs++;
      return gate.promise;
    };
    const first = flights.run('a', work);
    const second = flights.run('a', work);
    expect(flights.has('a')).toBe(true);
    gate.resolve(7);
    expect(await Promise.all([first, second])).toEqual([7, 7]);
    expect(runs).toBe(1);
  });

  it('frees the key once the work ended, on success and on failure', async () => {
    const flights = singleFlight<number>();
    await flights.run('a', async () => 1);
    expect(flights.has('a')).toBe(false);
    await expect(
      flights.run('a', async () => {
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(flights.get('a')).toBeUndefined();
    expect(await flights.run('a', async () => 2)).toBe(2);
  });

  it('keeps different keys apart', async () => {
    const flights = singleFlight<string>();
    const [a, b] = await Promise.all([flights.run('a', async () => 'A'), flights.run('b', async () => 'B')]);
    expect([a, b]).toEqual(['A', 'B']);
  });

  it('says what the running work is by its tag', async () => {
    const flights = singleFlight<void, 'refresh' | 'more'>();
    const gate = deferred<void>();
    const done = flights.run('list', () => gate.promise, 'more');
    expect(flights.get('list')?.tag).toBe('more');
    gate.resolve();
    await done;
    expect(flights.get('list')).toBeUndefined();
  });
});
