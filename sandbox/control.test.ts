/** The control interface over HTTP: faults, messages, token expiry, the request log, reset. */
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_USERNAME } from './index';
import { getJson, signIn, useSandbox } from './testing';

const sandbox = useSandbox();
const control = (path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') =>
  getJson<Record<string, unknown>>(`${sandbox().urls.control}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const api = (path: string, init?: RequestInit) => fetch(`${sandbox().urls.api}${path}`, init);

beforeEach(async () => {
  expect((await control('/reset', {})).status).toBe(200);
});

describe('faults', () => {
  it('answers 429 with Retry-After for the next N matching requests, with CORS headers', async () => {
    await control('/rate-limit', { pattern: '/users/*', count: 2, retryAfterSeconds: 7 });
    const headers = { Origin: sandbox().urls.site };
    const first = await api(`/users/${DEMO_USERNAME}`, { headers });
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('7');
    expect(first.headers.get('access-control-allow-origin')).toBe(sandbox().urls.site);
    expect((await api('/users/alice')).status).toBe(429);
    expect((await api('/users/alice')).status).toBe(200);
    // Other routes were never limited.
    expect((await api('/projects/count/all')).status).toBe(200);
  });

  it('fails a share of matching requests with the chosen status', async () => {
    await control('/failures', { pattern: '/projects/**', rate: 1, status: 503 });
    expect((await api('/projects/count/all')).status).toBe(503);
    expect((await api(`/users/${DEMO_USERNAME}`)).status).toBe(200);
    await control('/faults', undefined, 'DELETE');
    await control('/failures', { pattern: '/projects/**', rate: 0.5 });
    const statuses = await Promise.all(
      Array.from({ length: 40 }, () => api('/projects/count/all').then((r) => r.status)),
    );
    const failed = statuses.filter((s) => s === 500).length;
    expect(failed).toBeGreaterThan(5);
    expect(failed).toBeLessThan(35);
  });

  it('spoils bodies: malformed or truncated JSON, for a count of responses', async () => {
    await control('/malformed', { pattern: '/users/*', kind: 'truncated', count: 1 });
    const truncated = await (await api(`/users/${DEMO_USERNAME}`)).text();
    expect(() => JSON.parse(truncated)).toThrow();
    expect(truncated.length).toBeGreaterThan(10);
    expect(JSON.parse(await (await api(`/users/${DEMO_USERNAME}`)).text())).toMatchObject({
      username: DEMO_USERNAME,
    });
    await control('/malformed', { pattern: '/proxy/featured', kind: 'malformed' });
    const malformed = await api('/proxy/featured');
    expect(malformed.status).toBe(200);
    await expect(malformed.json()).rejects.toThrow();
  });

  it('holds matching requests only: another route is answered while the matching one waits', async () => {
    await control('/latency', { pattern: '/users/*', fixedMs: 60_000 });
    const held = api(`/users/${DEMO_USERNAME}`);
    const heldOnly = [expect.objectContaining({ path: `/users/${DEMO_USERNAME}` })];
    await expect.poll(async () => (await control('/in-flight?part=api')).body).toEqual(heldOnly);
    expect((await api('/projects/count/all')).status).toBe(200);
    expect((await control('/in-flight?part=api')).body).toEqual(heldOnly);
    await control('/latency/release', {});
    expect((await held).status).toBe(200);
  });

  it('delays matching requests by fixedMs plus a seeded jitter of 0..jitterMs', async () => {
    await control('/latency', { pattern: '/users/*', fixedMs: 300, jitterMs: 50 });
    const delays = Array.from({ length: 200 }, () =>
      sandbox().control.latencyFor('api', 'GET', `/users/${DEMO_USERNAME}`),
    );
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(300);
    expect(Math.max(...delays)).toBeLessThanOrEqual(350);
    expect(new Set(delays).size).toBeGreaterThan(10);
    expect(sandbox().control.latencyFor('api', 'GET', '/projects/count/all')).toBe(0);
  });

  it('answers the requests a latency rule holds at once when released, and holds later ones again', async () => {
    // Held for a minute, longer than the test may take: only the release answers it.
    await control('/latency', { pattern: '/users/*', fixedMs: 60_000 });
    const held = api(`/users/${DEMO_USERNAME}`);
    await expect.poll(async () => (await control('/in-flight?part=api')).body).toHaveLength(1);
    expect((await control('/latency/release', {})).status).toBe(200);
    expect((await held).status).toBe(200);
    const later = api(`/users/${DEMO_USERNAME}`);
    await expect.poll(async () => (await control('/in-flight?part=api')).body).toHaveLength(1);
    await control('/latency/release', {});
    expect((await later).status).toBe(200);
  });

  it('stops holding a request once its client gives up: a read is no longer in flight, logged abandoned', async () => {
    await control('/latency', { pattern: '/users/*', fixedMs: 60_000 });
    const client = new AbortController();
    const held = api(`/users/${DEMO_USERNAME}`, { signal: client.signal }).catch((error: unknown) => error);
    await expect.poll(async () => (await control('/in-flight?part=api')).body).toHaveLength(1);
    client.abort();
    expect(await held).toMatchObject({ name: 'AbortError' });
    // Nothing waits out the minute: polled, not timed (a poll that outlasted it would fail the test).
    await expect
      .poll(async () => (await control('/in-flight?part=api')).body, { timeout: 15_000 })
      .toEqual([]);
    expect((await control('/requests?part=api')).body).toEqual([
      expect.objectContaining({ path: `/users/${DEMO_USERNAME}`, status: 200, fault: 'abandoned' }),
    ]);
  });

  it('lets a write whose client gave up land on the site once, as a slow server does (its answer is lost)', async () => {
    const alice = await signIn(sandbox(), 'alice');
    const { store } = sandbox().control;
    const project = store.sharedProjectsOf(store.getUser(DEMO_USERNAME)?.id ?? 0)[0];
    await control('/latency', { pattern: '/proxy/comments/**', method: 'POST', fixedMs: 60_000 });
    const client = new AbortController();
    const text = 'Posted, then the client gave up';
    const posting = api(`/proxy/comments/project/${project?.id}`, {
      method: 'POST',
      headers: alice.writeHeaders,
      body: JSON.stringify({ content: text, parent_id: '', commentee_id: '' }),
      signal: client.signal,
    }).catch((error: unknown) => error);
    await expect.poll(async () => (await control('/in-flight?part=api')).body).toHaveLength(1);
    client.abort();
    expect(await posting).toMatchObject({ name: 'AbortError' });
    await expect
      .poll(() => store.topLevelComments('project', project?.id ?? 0).filter((c) => c.content === text), {
        timeout: 15_000,
      })
      .toHaveLength(1);
    expect((await control('/requests?part=api&method=POST')).body).toEqual([
      expect.objectContaining({ status: 200, fault: 'abandoned' }),
    ]);
    expect((await control('/in-flight?part=api')).body).toEqual([]);
  });

  it('lists the requests received and not answered yet (GET /in-flight)', async () => {
    await control('/latency', { pattern: '/users/*', fixedMs: 400 });
    const held = api(`/users/${DEMO_USERNAME}`);
    await expect
      .poll(async () => (await control('/in-flight?part=api')).body)
      .toEqual([expect.objectContaining({ part: 'api', method: 'GET', path: `/users/${DEMO_USERNAME}` })]);
    expect((await control('/in-flight?pattern=/projects/**')).body).toEqual([]);
    expect((await held).status).toBe(200);
    expect((await control('/in-flight?part=api')).body).toEqual([]);
  });

  it('drops the connection of matching requests while the network is gone, until cleared', async () => {
    await control('/outage', { pattern: '/users/**' });
    await expect(api(`/users/${DEMO_USERNAME}`)).rejects.toThrow(TypeError);
    // A preflight gets no answer either, and other routes still work.
    await expect(api(`/users/${DEMO_USERNAME}`, { method: 'OPTIONS' })).rejects.toThrow(TypeError);
    expect((await api('/projects/count/all')).status).toBe(200);
    await control('/outage', { part: 'api' });
    await expect(api('/projects/count/all')).rejects.toThrow(TypeError);
    await control('/faults', undefined, 'DELETE');
    expect((await api(`/users/${DEMO_USERNAME}`)).status).toBe(200);
  });

  it('refuses malformed control requests with 400', async () => {
    expect((await control('/failures', { rate: 1 })).status).toBe(400);
    expect((await control('/failures', { pattern: '/x', rate: 2 })).status).toBe(400);
    expect((await control('/malformed', { pattern: '/x', kind: 'weird' })).status).toBe(400);
    expect((await control('/latency', { fixedMs: 'slow' })).status).toBe(400);
    expect((await control('/messages', { username: 'no_such_user_xyz', type: 'userjoin' })).status).toBe(404);
  });
});

describe('messages and tokens', () => {
  it('adds a message that shows in the list and the count (past the CDN cache with a cache-buster)', async () => {
    const demo = await signIn(sandbox(), DEMO_USERNAME);
    const count = async (query = '') =>
      ((await (await api(`/users/${DEMO_USERNAME}/messages/count${query}`)).json()) as { count: number })
        .count;
    const before = await count();
    const added = await control('/messages', {
      username: DEMO_USERNAME,
      type: 'loveproject',
      actor: 'alice',
      project_id: 1,
      title: 'T',
    });
    expect(added.body).toMatchObject({ ok: true, unread: before + 1 });
    // A plain read may be the CDN's stale copy; a cache-busting parameter is not.
    expect(await count()).toBe(before);
    expect(await count(`?_=${Date.now()}`)).toBe(before + 1);
    const response = await api(`/users/${DEMO_USERNAME}/messages?limit=1`, {
      headers: { 'X-Token': demo.token },
    });
    expect(((await response.json()) as unknown[])[0]).toMatchObject({
      type: 'loveproject',
      actor_username: 'alice',
      project_id: 1,
      title: 'T',
    });
    await control('/message-count-cache', { seconds: 0 });
    expect(await count()).toBe(before + 1);
  });

  it('adds an alert from the site team: in the count and /messages/admin, never in /messages; dismisses it', async () => {
    const demo = await signIn(sandbox(), DEMO_USERNAME);
    const count = async () =>
      (
        (await (await api(`/users/${DEMO_USERNAME}/messages/count?_=${Math.random()}`)).json()) as {
          count: number;
        }
      ).count;
    const before = await count();
    const added = await control('/admin-messages', { username: DEMO_USERNAME, message: 'Be kind' });
    expect(added.body).toMatchObject({ ok: true, unread: before + 1 });
    const id = (added.body as { id: number }).id;
    expect(await count()).toBe(before + 1);
    const token = { headers: { 'X-Token': demo.token } };
    const listed = (await (await api(`/users/${DEMO_USERNAME}/messages?limit=40`, token)).json()) as {
      id: number;
    }[];
    expect(listed.some((m) => m.id === id)).toBe(false);
    // As scratch-www's getAdminMessages reads them: with the member's token only.
    expect((await api(`/users/${DEMO_USERNAME}/messages/admin`)).status).toBe(401);
    const admin = await api(`/users/${DEMO_USERNAME}/messages/admin`, token);
    // Newest first, before demo's seeded ones.
    expect(((await admin.json()) as unknown[])[0]).toEqual({
      id,
      message: 'Be kind',
      datetime_created: expect.any(String),
    });

    expect((await control('/admin-messages/dismiss', { username: DEMO_USERNAME, id })).body).toMatchObject({
      ok: true,
      unread: before,
    });
    expect((await control('/admin-messages/dismiss', { username: DEMO_USERNAME, id })).status).toBe(404);
    expect((await control('/admin-messages', { username: 'no_such_user_xyz' })).status).toBe(404);
    expect(await count()).toBe(before);
  });

  it('turns the referer check of writes on and off (POST /referer-check)', async () => {
    expect((await control('/referer-check', { on: true })).body).toEqual({ ok: true, on: true });
    expect(sandbox().control.refererCheck).toBe(true);
    expect((await control('/referer-check', { on: 'yes' })).status).toBe(400);
    expect((await control('/referer-check', { on: false })).body).toEqual({ ok: true, on: false });
    expect(sandbox().control.refererCheck).toBe(false);
  });

  it('sends Cache-Control on the message count', async () => {
    const response = await api(`/users/${DEMO_USERNAME}/messages/count`);
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/);
  });

  it('expires a user’s token (401 afterwards)', async () => {
    const alice = await signIn(sandbox(), 'alice');
    const read = () => api('/users/alice/messages', { headers: { 'X-Token': alice.token } });
    expect((await read()).status).toBe(200);
    expect((await control('/tokens/expire', { username: 'alice' })).body).toMatchObject({ expired: 1 });
    expect((await read()).status).toBe(401);
  });

  it('signs in through the control interface', async () => {
    const session = (await control('/sessions', { username: 'bob' })).body as { token: string };
    expect((await api('/users/bob/messages', { headers: { 'X-Token': session.token } })).status).toBe(200);
  });
});

describe('the clock', () => {
  const DAY = 86_400_000;
  interface Reading {
    now: string;
    start: string;
    movedMs: number;
  }
  const reading = async (path = '/clock', body?: unknown) => {
    const response = await control(path, body);
    expect(response.status).toBe(200);
    return response.body as unknown as Reading;
  };
  /** The wall clock just before and after `act`, and what it returned. */
  const around = async <T>(act: () => Promise<T>) => {
    const before = Date.now();
    const result = await act();
    return { before, after: Date.now(), result };
  };
  /** A reading with the wall clock around it. */
  const read = async (path = '/clock', body?: unknown) => {
    const { before, after, result } = await around(() => reading(path, body));
    return { before, after, result, now: Date.parse(result.now) };
  };

  it('reads the wall clock until moved (GET /clock), the seed ending before its start', async () => {
    const { before, after, now, result } = await read();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(after);
    expect(result.movedMs).toBe(0);
    const start = Date.parse(result.start);
    expect(start).toBe(sandbox().control.clock.start);
    expect(sandbox().control.store.seedNow).toBeLessThan(start);
  });

  it('advances by ms and sets a time (POST /clock/advance, /clock/set); reset undoes it', async () => {
    const advanced = await read('/clock/advance', { ms: DAY });
    expect(advanced.result.movedMs).toBe(DAY);
    expect(advanced.now).toBeGreaterThanOrEqual(advanced.before + DAY);
    expect(advanced.now).toBeLessThanOrEqual(advanced.after + DAY);
    const target = Date.parse('2030-01-01T00:00:00.000Z');
    for (const time of ['2030-01-01T00:00:00.000Z', target]) {
      const set = await read('/clock/set', { time });
      expect(set.now).toBeGreaterThanOrEqual(target);
      expect(set.now).toBeLessThanOrEqual(target + (set.after - set.before));
    }
    // The in-process twin moves the same clock.
    expect(sandbox().control.advanceClock(1_000).movedMs).toBe((await reading()).movedMs);
    for (const bad of [{ ms: -1 }, { ms: 'a day' }, {}])
      expect((await control('/clock/advance', bad)).status).toBe(400);
    for (const bad of [{ time: 'soon' }, { time: null }, {}])
      expect((await control('/clock/set', bad)).status).toBe(400);
    expect((await control('/reset', {})).status).toBe(200);
    const reset = await read();
    expect(reset.result.movedMs).toBe(0);
    expect(reset.now).toBeLessThanOrEqual(reset.after);
  });

  it('dates seeded and added items by one clock: a day on, a new comment is a day newer than the seed’s newest', async () => {
    const alice = await signIn(sandbox(), 'alice');
    const demo = await signIn(sandbox(), DEMO_USERNAME);
    const { store } = sandbox().control;
    const project = store
      .sharedProjectsOf(store.getUser(DEMO_USERNAME)?.id ?? 0)
      .find((p) => p.commentsAllowed && store.topLevelComments('project', p.id).length > 0);
    if (!project) throw new Error('demo has no project with comments');
    type Dated = { datetime_created: string };
    const newest = async (path: string, headers: Record<string, string> = {}) => {
      const [first] = (await (await api(`${path}?limit=1`, { headers })).json()) as Dated[];
      return Date.parse(first?.datetime_created ?? '');
    };
    const comments = `/users/${DEMO_USERNAME}/projects/${project.id}/comments`;
    const messages = `/users/${DEMO_USERNAME}/messages`;
    const seededComment = await newest(comments);
    const seededMessage = await newest(messages, { 'X-Token': demo.token });
    expect(seededComment).toBeLessThanOrEqual(store.seedNow);
    expect(seededMessage).toBeLessThanOrEqual(store.seedNow);

    await control('/clock/advance', { ms: DAY });
    const { before, after, result } = await around(async () => {
      const response = await api(`/proxy/comments/project/${project.id}`, {
        method: 'POST',
        headers: alice.writeHeaders,
        body: JSON.stringify({ content: 'A day later', parent_id: '', commentee_id: '' }),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as Dated;
    });
    const added = Date.parse(result.datetime_created);
    // Dated by the moved clock (a day ahead of the wall clock around the post)...
    expect(added).toBeGreaterThanOrEqual(before + DAY);
    expect(added).toBeLessThanOrEqual(after + DAY);
    expect(added - seededComment).toBeGreaterThanOrEqual(DAY);
    expect(await newest(comments)).toBe(added);
    // ...and so is the message it sends the project's owner.
    const message = await newest(messages, { 'X-Token': demo.token });
    expect(message).toBeGreaterThanOrEqual(added);
    expect(message).toBeLessThanOrEqual(after + DAY);
    expect(message - seededMessage).toBeGreaterThanOrEqual(DAY);
  });

  it('ages what the site shows on the clock: ten years on, the profile says the member joined ten years earlier', async () => {
    const joined = async () => {
      const page = await (await fetch(`${sandbox().urls.site}/users/${DEMO_USERNAME}/`)).text();
      const match = /Joined <span title="[^"]*">(\d+) years? ago</.exec(page);
      if (!match) throw new Error('the profile does not say when the member joined');
      return Number(match[1]);
    };
    const before = await joined();
    await control('/clock/advance', { ms: 10 * 365.25 * DAY });
    expect(await joined()).toBe(before + 10);
  });

  it('ends the message count’s CDN window on the clock: moved past it, a plain read gets the new count', async () => {
    const count = async () =>
      ((await (await api(`/users/${DEMO_USERNAME}/messages/count`)).json()) as { count: number }).count;
    const before = await count();
    sandbox().control.addMessage(DEMO_USERNAME, { type: 'followuser', actor: 'alice' });
    expect(await count()).toBe(before);
    await control('/clock/advance', { ms: 30_000 });
    expect(await count()).toBe(before + 1);
  });
});

describe('request log and counters', () => {
  it('logs each request with part, path, query, status, origin, token presence and user agent', async () => {
    await api(`/users/${DEMO_USERNAME}/messages/count?x=1`, {
      headers: { Origin: sandbox().urls.site, 'X-Token': 'abc', 'User-Agent': 'sandbox-test' },
    });
    await fetch(`${sandbox().urls.translate}/translate?language=fr&text=hello`);
    const log = (await control('/requests?part=api')).body as unknown as Record<string, unknown>[];
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      part: 'api',
      method: 'GET',
      path: `/users/${DEMO_USERNAME}/messages/count`,
      query: 'x=1',
      status: 200,
      route: '/users/:username/messages/count',
      origin: sandbox().urls.site,
      hasToken: true,
      userAgent: 'sandbox-test',
    });
    expect(typeof log[0]?.time).toBe('string');
    const counters = (await control('/counters')).body;
    expect(counters).toEqual({
      'api GET /users/:username/messages/count': 1,
      'translate GET /translate': 1,
    });
    await control('/requests', undefined, 'DELETE');
    expect((await control('/requests')).body).toEqual([]);
  });

  it('filters the log by pattern and records faults', async () => {
    await control('/rate-limit', { pattern: '/projects/**', count: 1 });
    await api('/projects/count/all');
    await api(`/users/${DEMO_USERNAME}`);
    const log = (await control('/requests?pattern=/projects/**')).body as unknown as Record<
      string,
      unknown
    >[];
    expect(log).toEqual([expect.objectContaining({ status: 429, fault: 'rateLimit' })]);
  });
});

describe('reset', () => {
  it('restores the seed, signs everyone out and clears faults and the log', async () => {
    const alice = await signIn(sandbox(), 'alice');
    const { store } = sandbox().control;
    store.markMessagesRead(DEMO_USERNAME);
    await control('/failures', { pattern: '/**', rate: 1 });
    expect((await control('/reset', {})).status).toBe(200);
    expect(store.unreadCount(DEMO_USERNAME)).toBeGreaterThan(0);
    expect((await api('/users/alice/messages', { headers: { 'X-Token': alice.token } })).status).toBe(401);
    expect((await api('/projects/count/all')).status).toBe(200);
    const log = (await control('/requests')).body as unknown as { path: string }[];
    expect(log.map((e) => e.path)).toEqual(['/users/alice/messages', '/projects/count/all']);
  });

  it('has no certificate without HTTPS', async () => {
    expect((await control('/certificate')).status).toBe(404);
  });
});
