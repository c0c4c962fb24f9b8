/**
 * Redirects to another place (control `POST /redirects`) and the second server they point to
 * (elsewhere.ts), which records every request with its headers (`GET|DELETE /elsewhere/requests`).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { ElsewhereRequest } from './elsewhere';
import { DEMO_USERNAME } from './index';
import { getJson, signIn, useSandbox } from './testing';

const sandbox = useSandbox();
const control = (path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') =>
  getJson<unknown>(`${sandbox().urls.control}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const elsewhere = async () => (await control('/elsewhere/requests')).body as ElsewhereRequest[];
const api = (path: string, init?: RequestInit) => fetch(`${sandbox().urls.api}${path}`, init);

beforeEach(async () => {
  expect((await control('/reset', {})).status).toBe(200);
});

describe('redirects', () => {
  it('answers matching requests with a redirect to the same path and query on the second server', async () => {
    const set = await control('/redirects', { part: 'api', pattern: '/users/*/messages', status: 302 });
    expect(set.body).toMatchObject({ ok: true, to: sandbox().urls.elsewhere });
    const response = await api(`/users/${DEMO_USERNAME}/messages?limit=5&offset=0`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(
      `${sandbox().urls.elsewhere}/users/${DEMO_USERNAME}/messages?limit=5&offset=0`,
    );
    expect(response.headers.get('x-sandbox-fault')).toBe('redirect');
    // Other paths and parts answer as before; the second server's port is not the api's.
    expect((await api(`/users/${DEMO_USERNAME}/messages/count`, { redirect: 'manual' })).status).toBe(200);
    expect((await fetch(`${sandbox().urls.site}/csrf_token/`, { redirect: 'manual' })).status).toBe(200);
    expect(new URL(sandbox().urls.elsewhere).port).not.toBe(new URL(sandbox().urls.api).port);
    // The log shows the redirect.
    const { body: log } = await control(
      `/requests?part=api&pattern=${encodeURIComponent('/users/*/messages')}`,
    );
    expect(log).toEqual([expect.objectContaining({ status: 302, fault: 'redirect' })]);
  });

  it('redirects with 307 (method, body and headers kept) and preflights too, for a count of requests', async () => {
    await control('/redirects', { pattern: '/proxy/**', status: 307, count: 2 });
    const preflight = await api('/proxy/comments/project/1', {
      method: 'OPTIONS',
      headers: {
        Origin: sandbox().urls.site,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-token, x-csrftoken',
      },
      redirect: 'manual',
    });
    expect(preflight.status).toBe(307);
    const post = await api('/proxy/comments/project/1', { method: 'POST', body: '{}', redirect: 'manual' });
    expect(post.status).toBe(307);
    expect(post.headers.get('location')).toBe(`${sandbox().urls.elsewhere}/proxy/comments/project/1`);
    // The count is spent: the next one reaches the real route (401 without a token).
    expect(
      (await api('/proxy/comments/project/1', { method: 'POST', body: '{}', redirect: 'manual' })).status,
    ).toBe(401);
  });

  it('refuses a status that is not a redirect', async () => {
    for (const status of [200, 304, 404, 'x']) {
      const answer = await control('/redirects', { pattern: '/**', status });
      expect(answer.status).toBe(400);
    }
  });

  it('stops redirecting once the faults are cleared', async () => {
    await control('/redirects', { pattern: '/**' });
    expect((await api('/projects/count/all', { redirect: 'manual' })).status).toBe(302);
    await control('/faults', undefined, 'DELETE');
    expect((await api('/projects/count/all', { redirect: 'manual' })).status).toBe(200);
  });
});

describe('the second server', () => {
  it('records what a client that follows the redirect carries there: headers, method, body', async () => {
    const member = await signIn(sandbox(), DEMO_USERNAME);
    await control('/redirects', { part: 'api', pattern: '/proxy/comments/**', status: 307 });
    const text = JSON.stringify({ content: 'a reply', parent_id: '', commentee_id: '' });
    // Node's fetch follows like a browser: custom headers go along to the other origin.
    const followed = await api('/proxy/comments/project/1', {
      method: 'POST',
      headers: member.writeHeaders,
      body: text,
    });
    expect(followed.status).toBe(200);
    expect(followed.url.startsWith(sandbox().urls.elsewhere)).toBe(true);
    const [request, ...more] = await elsewhere();
    expect(more).toEqual([]);
    expect(request).toMatchObject({
      method: 'POST',
      path: '/proxy/comments/project/1',
      query: '',
      body: text,
    });
    expect(request?.headers['x-token']).toBe(member.token);
    expect(request?.headers['x-csrftoken']).toBe(member.csrf);
  });

  it('a 302 turns a POST into a GET there, the token still along', async () => {
    const member = await signIn(sandbox(), DEMO_USERNAME);
    await control('/redirects', { part: 'api', pattern: '/proxy/**', status: 302 });
    await api('/proxy/comments/project/1', { method: 'POST', headers: member.writeHeaders, body: '{}' });
    const [request] = await elsewhere();
    expect(request).toMatchObject({ method: 'GET', body: '' });
    expect(request?.headers['x-token']).toBe(member.token);
  });

  it('allows any preflight, with credentials, as a host that wants the token would', async () => {
    const response = await fetch(`${sandbox().urls.elsewhere}/users/demo/messages`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'chrome-extension://abcdef',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'x-token',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('chrome-extension://abcdef');
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-allow-headers')).toBe('x-token');
  });

  it('forgets its log on DELETE /elsewhere/requests and on reset', async () => {
    await fetch(`${sandbox().urls.elsewhere}/anything?x=1`);
    expect(await elsewhere()).toEqual([
      expect.objectContaining({ method: 'GET', path: '/anything', query: 'x=1' }),
    ]);
    await control('/elsewhere/requests', undefined, 'DELETE');
    expect(await elsewhere()).toEqual([]);
    await fetch(`${sandbox().urls.elsewhere}/again`);
    await control('/reset', {});
    expect(await elsewhere()).toEqual([]);
  });
});
