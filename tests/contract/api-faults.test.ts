/**
 * Contract: the client against the sandbox's faults (control interface): an expired token, 429
 * with Retry-After, 5xx then success, timeouts, malformed and truncated bodies; and the request
 * economy the service sees (shared in-flight reads, the 5-per-second limit).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SlidingWindowLimiter } from '@/lib/api/rate-limiter';
import { DEMO_USERNAME, type RunningSandbox } from '@/sandbox/index';
import { WAIT } from '@/tests/unit/wait';
import { signIn, startTestSandbox, wire } from './harness';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(() => {
  sandbox.control.reset();
});

const countPattern = '/users/*/messages/count';
const countRequests = () => sandbox.control.requestLog({ part: 'api', pattern: countPattern });

describe('faults', () => {
  it('an expired token re-reads the session once and retries with the new token', async () => {
    const w = wire(sandbox);
    await signIn(sandbox, w.jar, DEMO_USERNAME);
    await w.session.whoami();
    expect(sandbox.control.expireToken(DEMO_USERNAME)).toBeGreaterThan(0);
    sandbox.control.clearLog();
    const messages = await w.api.messages.list({ username: DEMO_USERNAME }, { limit: 5 });
    expect(messages.length).toBeGreaterThan(0);
    const statuses = sandbox.control.requestLog({ part: 'api' }).map((e) => e.status);
    expect(statuses).toEqual([401, 200]);
    expect(sandbox.control.requestLog({ part: 'site', pattern: '/session/' })).toHaveLength(1);
  });

  it('a token refused again after the re-read is Unauthorized, with one re-read only', async () => {
    const w = wire(sandbox);
    await signIn(sandbox, w.jar, DEMO_USERNAME);
    await w.session.whoami();
    // Reading another member's messages: 403 with a valid token, whatever the session says.
    const error = await w.api.messages.list({ username: 'alice' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'Unauthorized' });
    expect(sandbox.control.requestLog({ part: 'site', pattern: '/session/' })).toHaveLength(2);
  });

  it('honours Retry-After on 429, then succeeds', async () => {
    const { api } = wire(sandbox);
    sandbox.control.addRateLimit({ pattern: countPattern, count: 1, retryAfterSeconds: 1 });
    const started = Date.now();
    expect(await api.getMessageCount(DEMO_USERNAME)).toBeGreaterThan(0);
    const log = countRequests();
    expect(log.map((e) => e.status)).toEqual([429, 200]);
    expect(Date.parse(log[1]?.time ?? '') - Date.parse(log[0]?.time ?? '')).toBeGreaterThanOrEqual(900);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('fails with RateLimited, carrying Retry-After, when the service keeps refusing', async () => {
    const { api } = wire(sandbox, { retries: 0 });
    sandbox.control.addRateLimit({ pattern: countPattern, count: 5, retryAfterSeconds: 7 });
    await expect(api.getMessageCount(DEMO_USERNAME)).rejects.toMatchObject({
      name: 'RateLimited',
      retryAfterMs: 7000,
    });
  });

  it('retries a GET after a 5xx and gets the answer', async () => {
    const { api } = wire(sandbox, {
      // The fault is lifted as the retry leaves: one failure, then success.
      onAttempt: ({ attempt }) => {
        if (attempt === 1) sandbox.control.clearFaults();
      },
    });
    sandbox.control.addFailure({ pattern: '/users/*', rate: 1, status: 503 });
    expect((await api.getUser(DEMO_USERNAME)).username).toBe(DEMO_USERNAME);
    const log = sandbox.control.requestLog({ part: 'api', pattern: '/users/*' });
    expect(log.map((e) => e.status)).toEqual([503, 200]);
  });

  it('gives up with ServerError after its retries', async () => {
    const { api } = wire(sandbox, { retries: 2 });
    sandbox.control.addFailure({ pattern: '/users/*', rate: 1, status: 500 });
    await expect(api.getUser(DEMO_USERNAME)).rejects.toMatchObject({ name: 'ServerError', status: 500 });
    expect(sandbox.control.requestLog({ part: 'api', pattern: '/users/*' })).toHaveLength(3);
  });

  it('never retries a failed write', async () => {
    const w = wire(sandbox, { retries: 3 });
    await signIn(sandbox, w.jar, DEMO_USERNAME);
    const [project] = await w.api.userProjects.list({ username: DEMO_USERNAME }, { limit: 1 });
    sandbox.control.addFailure({ pattern: '/proxy/**', rate: 1, status: 502 });
    await expect(w.api.postProjectComment(project?.id ?? 0, { content: 'once' })).rejects.toMatchObject({
      name: 'ServerError',
    });
    expect(sandbox.control.requestLog({ part: 'api', method: 'POST' })).toHaveLength(1);
  });

  it('times out a slow answer', async () => {
    const { api } = wire(sandbox, { timeoutMs: 150 });
    sandbox.control.addLatency({ pattern: countPattern, fixedMs: 1000 });
    await expect(api.getMessageCount(DEMO_USERNAME)).rejects.toMatchObject({
      name: 'Timeout',
      timeoutMs: 150,
    });
    // The sandbox lets the request go once the client gives up, and logs it abandoned: one request,
    // not retried.
    await vi.waitFor(
      () => expect(countRequests()).toEqual([expect.objectContaining({ fault: 'abandoned' })]),
      WAIT,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(countRequests()).toHaveLength(1);
  });

  it.each(['malformed', 'truncated'] as const)('reports a %s body as InvalidResponse', async (kind) => {
    const { api } = wire(sandbox);
    sandbox.control.addMalformed({ pattern: '/users/*', kind, count: 1 });
    const error = await api.getUser(DEMO_USERNAME).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'InvalidResponse' });
    expect((error as { summary: string }).summary).toMatch(/not JSON/);
    // The next read is fine: nothing is left broken.
    expect((await api.getUser(DEMO_USERNAME)).username).toBe(DEMO_USERNAME);
  });

  it('answers 404 with NotFound, without retrying', async () => {
    const { api } = wire(sandbox);
    await expect(api.getUser('no_such_member_at_all')).rejects.toMatchObject({ name: 'NotFound' });
    expect(sandbox.control.requestLog({ part: 'api' })).toHaveLength(1);
  });
});

describe('request economy', () => {
  it('shares identical reads in flight: 200 status reads, one request', async () => {
    const w = wire(sandbox);
    await signIn(sandbox, w.jar, DEMO_USERNAME);
    await w.session.whoami();
    const [project] = await w.api.followingUsersProjects.list({ username: DEMO_USERNAME }, { limit: 1 });
    sandbox.control.clearLog();
    sandbox.control.addLatency({ pattern: '/projects/**', fixedMs: 50 });
    const reads = await Promise.all(
      Array.from({ length: 200 }, () => w.api.getProjectLove(project?.id ?? 0, DEMO_USERNAME)),
    );
    expect(new Set(reads.map((r) => r.userLove)).size).toBe(1);
    expect(sandbox.control.requestLog({ part: 'api' })).toHaveLength(1);
  });

  it('keeps to 5 requests in any second, bursts included', async () => {
    const { api } = wire(sandbox, { limiter: new SlidingWindowLimiter() });
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => api.userProjects.list({ username: DEMO_USERNAME }, { offset: i })),
    );
    // By path: a request of an earlier test (held by injected latency) may be logged late.
    const times = sandbox.control
      .requestLog({ part: 'api', pattern: '/users/*/projects' })
      .map((e) => Date.parse(e.time))
      .sort((a, b) => a - b);
    expect(times).toHaveLength(12);
    const worstWindow = Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + 1000).length));
    expect(worstWindow).toBeLessThanOrEqual(5);
  });
});
