/**
 * The HTTP layer with a scripted `fetch`: sharing, retries, Retry-After, timeouts, status mapping
 * and list parsing. (tests/contract/ runs the same client against the real sandbox over HTTP.)
 */
import { describe, expect, it, vi } from 'vitest';
import { WAIT } from '@/tests/unit/wait';
import {
  Forbidden,
  InvalidResponse,
  Network,
  NotFound,
  RateLimited,
  Redirected,
  ServerError,
  Timeout,
  Unauthorized,
  UnexpectedStatus,
} from './errors';
import {
  HttpClient,
  type HttpClientOptions,
  type HttpRequest,
  parseRetryAfter,
  summarizeIssues,
} from './http';
import { SlidingWindowLimiter } from './rate-limiter';
import { countSchema } from './schemas';
import { z } from './zod';

type Answer = Response | Error | (() => Promise<Response>);

/** A fetch that plays `answers` in order (the last one repeats) and records each call. */
function scriptedFetch(...answers: Answer[]) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)] as Answer;
    if (answer instanceof Error) throw answer;
    if (typeof answer === 'function') return answer();
    return answer.clone();
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

function client(fetch: typeof globalThis.fetch, options: HttpClientOptions = {}) {
  return new HttpClient({ fetch, limiter: null, backoffBaseMs: 1, backoffMaxMs: 4, ...options });
}

const url = 'http://127.0.0.1:1/users/demo/messages/count';

/** A clock that only moves when the limiter sleeps: the test sees exactly when each request may leave. */
function virtualClock() {
  let now = 0;
  return {
    now: () => now,
    sleep: async (ms: number) => {
      now += ms;
    },
  };
}

describe('HttpClient', () => {
  it('shares identical GETs in flight: one request, every caller gets the answer', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { fetch, calls } = scriptedFetch(async () => {
      await gate;
      return json({ count: 4 });
    });
    const http = client(fetch);
    const reads = Array.from({ length: 50 }, () => http.json({ url }, countSchema));
    release();
    const results = await Promise.all(reads);
    expect(calls).toHaveLength(1);
    expect(results.every((r) => r.count === 4)).toBe(true);
    // Once settled, the next read is a new request.
    await http.json({ url }, countSchema);
    expect(calls).toHaveLength(2);
  });

  it('does not share GETs with different headers, nor writes', async () => {
    const { fetch, calls } = scriptedFetch(json({ count: 1 }));
    const http = client(fetch);
    await Promise.all([
      http.request({ url }),
      http.request({ url, headers: { 'X-Token': 'a' } }),
      http.request({ url, method: 'POST', json: {} }),
      http.request({ url, method: 'POST', json: {} }),
    ]);
    expect(calls).toHaveLength(4);
  });

  it('retries a GET after 5xx and network errors, then succeeds', async () => {
    const { fetch, calls } = scriptedFetch(
      json({}, 503),
      new TypeError('fetch failed'),
      json({}, 500),
      json({ count: 2 }),
    );
    expect(await client(fetch).json({ url }, countSchema)).toEqual({ count: 2 });
    expect(calls).toHaveLength(4);
  });

  it('gives up after the retries with ServerError or Network', async () => {
    const failing = scriptedFetch(json({}, 502));
    await expect(client(failing.fetch, { retries: 2 }).request({ url })).rejects.toBeInstanceOf(ServerError);
    expect(failing.calls).toHaveLength(3);
    const offline = scriptedFetch(new TypeError('fetch failed'));
    await expect(client(offline.fetch, { retries: 1 }).request({ url })).rejects.toBeInstanceOf(Network);
    expect(offline.calls).toHaveLength(2);
  });

  it('never retries a write', async () => {
    const { fetch, calls } = scriptedFetch(json({}, 500));
    await expect(client(fetch).request({ url, method: 'POST', json: { a: 1 } })).rejects.toBeInstanceOf(
      ServerError,
    );
    expect(calls).toHaveLength(1);
  });

  it('honours Retry-After on 429 and holds the whole client back meanwhile', async () => {
    const clock = virtualClock();
    const limiter = new SlidingWindowLimiter(clock);
    const other = 'http://127.0.0.1:1/users/other/messages/count';
    const sentAt: [string, number][] = [];
    const { fetch } = scriptedFetch(json({}, 429, { 'Retry-After': '0.2' }), json({ count: 0 }));
    const http = client(
      (async (input, init) => {
        sentAt.push([String(input), clock.now()]);
        return fetch(input, init);
      }) as typeof globalThis.fetch,
      { limiter },
    );
    const first = http.json({ url }, countSchema);
    // The 429 is in: a second, unrelated request waits out the same Retry-After.
    await vi.waitFor(() => expect(sentAt).toHaveLength(1), WAIT);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await http.json({ url: other }, countSchema);
    await first;
    expect(sentAt).toEqual([
      [url, 0],
      [other, 200],
      [url, 200],
    ]);
  });

  it('after a huge Retry-After, holds the client back no longer than it would wait itself', async () => {
    const clock = virtualClock();
    const limiter = new SlidingWindowLimiter(clock);
    const { fetch, calls } = scriptedFetch(json({}, 429, { 'Retry-After': '3600' }), json({ count: 5 }));
    const http = client(fetch, { limiter, maxRetryAfterMs: 100 });
    await expect(http.request({ url })).rejects.toBeInstanceOf(RateLimited);
    // The next request goes after the capped pause, not an hour later.
    expect(await http.json({ url }, countSchema)).toEqual({ count: 5 });
    expect(clock.now()).toBe(100);
    expect(calls).toHaveLength(2);
  });

  it('fails a request with RateLimited rather than queue it past maxQueueWaitMs', async () => {
    const limiter = new SlidingWindowLimiter(virtualClock());
    limiter.pauseFor(3_600_000);
    const { fetch, calls } = scriptedFetch(json({ count: 1 }));
    const error = await client(fetch, { limiter, maxQueueWaitMs: 1000 })
      .request({ url })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimited);
    expect(calls).toHaveLength(0);
  });

  it('gives the limiter its slot back when the onAttempt hook throws', async () => {
    const limiter = new SlidingWindowLimiter({ max: 1, windowMs: 1, ...virtualClock() });
    const { fetch, calls } = scriptedFetch(json({ count: 7 }));
    let hookCalls = 0;
    const http = client(fetch, {
      limiter,
      maxQueueWaitMs: 1000,
      onAttempt: () => {
        hookCalls++;
        if (hookCalls === 1) throw new Error('hook failed');
      },
    });
    await expect(http.request({ url })).rejects.toThrow('hook failed');
    // The only slot is free again: the next request goes.
    expect(await http.json({ url }, countSchema)).toEqual({ count: 7 });
    expect(calls).toHaveLength(1);
  });

  it('fails fast with RateLimited when Retry-After is longer than it will wait', async () => {
    const { fetch, calls } = scriptedFetch(json({}, 429, { 'Retry-After': '3600' }));
    const error = await client(fetch)
      .request({ url })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimited);
    expect((error as RateLimited).retryAfterMs).toBe(3_600_000);
    expect(calls).toHaveLength(1);
  });

  it('times out a request that does not answer, without retrying it', async () => {
    const { fetch, calls } = scriptedFetch(
      () =>
        new Promise<Response>((_resolve, reject) => {
          const signal = calls.at(-1)?.init?.signal;
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const error = await client(fetch, { timeoutMs: 50 })
      .request({ url })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Timeout);
    expect(calls).toHaveLength(1);
  });

  it('takes a changed timeout from the next request on, and goes back to its own', async () => {
    const { fetch, calls } = scriptedFetch(
      () =>
        new Promise<Response>((_resolve, reject) => {
          const signal = calls.at(-1)?.init?.signal;
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const http = client(fetch, { timeoutMs: 60_000 });
    http.setTimeoutMs(30);
    const error = await http.request({ url }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Timeout);
    expect((error as Timeout).timeoutMs).toBe(30);
    http.setTimeoutMs(null);
    const pending = http.request({ url: `${url}?2` }).catch((e: unknown) => e);
    const winner = await Promise.race([
      pending,
      new Promise((resolve) => setTimeout(resolve, 100, 'waiting')),
    ]);
    expect(winner).toBe('waiting');
  });

  it('scales its backoff with the test-only factor (as many retries, sooner, Retry-After as asked), and goes back to its own', async () => {
    const sleeps: number[] = [];
    const realSetTimeout = globalThis.setTimeout;
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      sleeps.push(ms ?? 0);
      return realSetTimeout(fn, 0);
    }) as typeof setTimeout);
    const backoffs = () => sleeps.filter((ms) => ms !== 60_000).splice(0);
    try {
      const { fetch, calls } = scriptedFetch(json({}, 503));
      const http = client(fetch, {
        backoffBaseMs: 1000,
        backoffMaxMs: 8000,
        random: () => 1,
        timeoutMs: 60_000,
      });
      // Unset: the production waits, 1, 2 and 4 s (the attempts' own timers are 60 s).
      await expect(http.request({ url })).rejects.toBeInstanceOf(ServerError);
      expect(backoffs()).toEqual([1000, 2000, 4000]);
      sleeps.length = 0;
      http.setBackoffScale(0.01);
      await expect(http.request({ url: `${url}?2` })).rejects.toBeInstanceOf(ServerError);
      expect(calls).toHaveLength(8);
      expect(backoffs()).toEqual([10, 20, 40]);
      sleeps.length = 0;
      // Out of range or cleared: the client's own waits again.
      for (const scale of [0, -1, 2, Number.NaN, null]) {
        http.setBackoffScale(scale);
        await expect(http.request({ url: `${url}?${scale}` })).rejects.toBeInstanceOf(ServerError);
        expect(backoffs()).toEqual([1000, 2000, 4000]);
        sleeps.length = 0;
      }
      // Retry-After is the service's to say: never scaled.
      const limited = scriptedFetch(json({}, 429, { 'Retry-After': '2' }), json({ count: 1 }));
      const other = client(limited.fetch, { random: () => 1, timeoutMs: 60_000 });
      other.setBackoffScale(0.01);
      await other.request({ url });
      expect(backoffs()).toEqual([2000]);
    } finally {
      spy.mockRestore();
    }
  });

  it('reports a request the browser held back after a 503 as the service failing, not as offline', async () => {
    // Chromium fails an extension's requests to a path that answered 500/503/509 for a while,
    // without sending them: to the page that is a fetch with no answer, like being offline.
    const heldBack = new TypeError('Failed to fetch');
    let clock = 0;
    let online = true;
    const { fetch, calls } = scriptedFetch(json({}, 503), heldBack);
    const http = client(fetch, { now: () => clock, isOnline: () => online });
    const error = await http.request({ url }).catch((e: unknown) => e);
    expect(calls).toHaveLength(4);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 503 });
    // The next read of the same path (another query) is held back at once, every attempt.
    await expect(http.request({ url: `${url}?again` })).rejects.toMatchObject({
      name: 'ServerError',
      status: 503,
    });
    // Offline by the browser's own word: offline.
    online = false;
    await expect(http.request({ url: `${url}?offline` })).rejects.toBeInstanceOf(Network);
    online = true;
    // Later than the browser's longest hold: no longer its doing.
    clock += 15 * 60_000 + 1;
    await expect(http.request({ url: `${url}?later` })).rejects.toBeInstanceOf(Network);
  });

  it('reports a failure with no answer as Network without a 5xx before it on that path, or after an answer since', async () => {
    const noAnswer = new TypeError('Failed to fetch');
    // Never answered: offline.
    await expect(client(scriptedFetch(noAnswer).fetch).request({ url })).rejects.toBeInstanceOf(Network);
    // Another path's 503 says nothing about this one.
    const other = scriptedFetch(json({}, 503), json({}, 503), json({}, 503), json({}, 503), noAnswer);
    const http = client(other.fetch);
    await expect(http.request({ url: 'http://127.0.0.1:1/other' })).rejects.toBeInstanceOf(ServerError);
    await expect(http.request({ url })).rejects.toBeInstanceOf(Network);
    // A 502 (a gateway's) is not held back by the browser; an answer since clears the 503.
    const gateway = scriptedFetch(json({}, 502), noAnswer);
    await expect(client(gateway.fetch).request({ url })).rejects.toBeInstanceOf(Network);
    const answered = scriptedFetch(json({}, 503), json({ count: 1 }), noAnswer);
    const again = client(answered.fetch);
    await expect(again.request({ url })).resolves.toMatchObject({ status: 200 });
    await expect(again.request({ url: `${url}?2` })).rejects.toBeInstanceOf(Network);
  });

  it('maps statuses to typed errors', async () => {
    const cases: [number, unknown][] = [
      [404, NotFound],
      [401, Unauthorized],
      [403, Forbidden],
      [400, UnexpectedStatus],
    ];
    for (const [status, type] of cases) {
      const { fetch } = scriptedFetch(json({ code: 'X', message: '' }, status));
      await expect(client(fetch).request({ url })).rejects.toBeInstanceOf(type);
    }
  });

  it('reports a body that is not JSON as InvalidResponse', async () => {
    const { fetch } = scriptedFetch(new Response('<html>oops', { status: 200 }));
    const error = await client(fetch)
      .json({ url }, countSchema)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponse);
    expect((error as InvalidResponse).summary).toMatch(/not JSON/);
  });

  it('drops a malformed item of a list, not the list', async () => {
    const { fetch } = scriptedFetch(json([{ count: 1 }, { count: 'two' }, { count: 3 }]));
    const list = await client(fetch).jsonList({ url }, countSchema);
    expect(list).toEqual({ items: [{ count: 1 }, { count: 3 }], received: 3, dropped: 1 });
  });

  it('refuses a list where nothing is valid, or a body that is not a list', async () => {
    const bad = scriptedFetch(json([{ count: 'x' }]));
    await expect(client(bad.fetch).jsonList({ url }, countSchema)).rejects.toBeInstanceOf(InvalidResponse);
    const object = scriptedFetch(json({ count: 1 }));
    await expect(client(object.fetch).jsonList({ url }, countSchema)).rejects.toBeInstanceOf(InvalidResponse);
  });

  it('sends JSON bodies, credentials and cache mode as asked', async () => {
    const { fetch, calls } = scriptedFetch(json({}));
    await client(fetch).request({
      url,
      method: 'POST',
      json: { content: 'hi' },
      credentials: 'include',
      cache: 'reload',
    });
    const init = calls[0]?.init;
    expect(init?.body).toBe('{"content":"hi"}');
    expect((init?.headers ?? {}) as Record<string, string>).toMatchObject({
      'Content-Type': 'application/json',
    });
    expect(init?.credentials).toBe('include');
    expect(init?.cache).toBe('reload');
  });

  it('never follows a redirect with the member’s credentials; a public read may', async () => {
    const { fetch, calls } = scriptedFetch(json({}));
    const http = client(fetch);
    const requests: HttpRequest[] = [
      { url, headers: { 'X-Token': 't' } },
      { url, headers: { 'x-csrftoken': 'c' }, method: 'POST' },
      { url, headers: { Cookie: 'scratchsessionsid=s' } },
      { url, credentials: 'include' },
      { url },
      { url, headers: { 'X-Requested-With': 'XMLHttpRequest' }, credentials: 'omit' },
    ];
    for (const request of requests) await http.request(request);
    expect(calls.map((call) => call.init?.redirect)).toEqual([
      'manual',
      'manual',
      'manual',
      'manual',
      'follow',
      'follow',
    ]);
  });

  it('fails with Redirected, at once and without a retry, on a redirect it did not follow', async () => {
    // What a browser hands back for `redirect: 'manual'`: an opaque answer, status 0.
    const opaque = scriptedFetch(
      async () =>
        ({
          type: 'opaqueredirect',
          status: 0,
          headers: new Headers(),
          body: null,
          arrayBuffer: async () => new ArrayBuffer(0),
        }) as unknown as Response,
    );
    const error = await client(opaque.fetch)
      .request({ url, headers: { 'X-Token': 't' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Redirected);
    expect(error).toMatchObject({ name: 'Redirected', status: undefined, url });
    expect(opaque.calls).toHaveLength(1);
    // What Node hands back: the 3xx itself.
    const node = scriptedFetch(new Response(null, { status: 307, headers: { Location: 'http://x/' } }));
    await expect(
      client(node.fetch).request({ url, method: 'POST', json: {}, credentials: 'include' }),
    ).rejects.toMatchObject({ name: 'Redirected', status: 307 });
    expect(node.calls).toHaveLength(1);
  });
});

describe('helpers', () => {
  it('parses Retry-After as seconds or as a date', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    const now = Date.parse('2024-01-01T00:00:00Z');
    expect(parseRetryAfter('Mon, 01 Jan 2024 00:00:30 GMT', now)).toBe(30_000);
  });

  it('summarises zod issues with their paths', () => {
    const result = z.object({ a: z.object({ b: z.number() }), c: z.string() }).safeParse({ a: { b: 'x' } });
    expect(result.success).toBe(false);
    if (!result.success) expect(summarizeIssues(result.error)).toMatch(/^a\.b: .*; c: /);
  });
});
