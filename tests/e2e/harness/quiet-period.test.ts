/**
 * The quiet-period helper against a real sandbox over HTTP (no browser): it returns what arrived
 * between its start and the proof, leaves out what came before, waits for answers still under way,
 * and fails, saying what it waited for, when the proof never comes.
 */
import { describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '@/sandbox/control';
import { useSandbox } from '@/sandbox/testing';
import { startQuietPeriod } from './quiet-period';

const sandbox = useSandbox();

const get = (path: string) => fetch(`${sandbox().urls.api}${path}`).then((response) => response.text());
const pathIs = (path: string) => (entry: RequestLogEntry) => entry.path === path;

describe('startQuietPeriod', () => {
  it('returns the requests that arrived from its start to the proof, and none from before', async () => {
    await get('/projects/count/all');
    const period = startQuietPeriod(sandbox().control);
    await get('/proxy/featured');
    await get('/explore/projects');
    const requests = await period.observe({
      what: 'the explore read',
      matches: pathIs('/explore/projects'),
      timeoutMs: 10_000,
    });
    expect(requests.map((entry) => entry.path)).toEqual(['/proxy/featured', '/explore/projects']);
  });

  it('waits for as many proofs as it is asked for', async () => {
    const period = startQuietPeriod(sandbox().control);
    const observed = period.observe({
      what: 'two counts',
      matches: pathIs('/projects/count/all'),
      count: 2,
      timeoutMs: 10_000,
    });
    let settled = false;
    void observed.then(() => {
      settled = true;
    });
    await get('/projects/count/all');
    await get('/proxy/featured');
    // One proof of two: still waiting, whatever else arrived meanwhile.
    await expect.poll(() => period.arrived().length).toBe(2);
    expect(settled).toBe(false);
    await get('/projects/count/all');
    expect((await observed).map((entry) => entry.path)).toEqual([
      '/projects/count/all',
      '/proxy/featured',
      '/projects/count/all',
    ]);
  });

  it('includes a request that arrived before the proof and is answered after it', async () => {
    sandbox().control.addLatency({ pattern: '/proxy/featured', fixedMs: 60_000 });
    try {
      const period = startQuietPeriod(sandbox().control);
      const slow = get('/proxy/featured');
      await expect.poll(() => sandbox().control.inFlight({ pattern: '/proxy/featured' }).length).toBe(1);
      await get('/explore/projects');
      const observed = period.observe({
        what: 'the explore read',
        matches: pathIs('/explore/projects'),
        timeoutMs: 10_000,
      });
      await expect.poll(() => period.arrived().length).toBe(1);
      sandbox().control.releaseDelayed();
      await slow;
      expect((await observed).map((entry) => entry.path).sort()).toEqual([
        '/explore/projects',
        '/proxy/featured',
      ]);
    } finally {
      sandbox().control.clearFaults();
    }
  });

  it('fails, naming the proof, when the proof never comes', async () => {
    const period = startQuietPeriod(sandbox().control);
    await get('/proxy/featured');
    await expect(
      period.observe({ what: 'a read nobody makes', matches: pathIs('/users/nobody'), timeoutMs: 300 }),
    ).rejects.toThrow(/never came: waited 300 ms for a read nobody makes \(0 of 1 arrived\)/);
  });
});
