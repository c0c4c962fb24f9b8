/**
 * The control interface over HTTP (loopback only, JSON): the same operations as SandboxControl.
 * Every route is documented in sandbox/README.md.
 */
import type { Context, Hono } from 'hono';
import {
  type FailureRule,
  type ForcedRejection,
  type LatencyRule,
  type MalformedRule,
  type OutageRule,
  type RateLimitRule,
  REDIRECT_STATUSES,
  type RedirectRule,
  type RedirectStatus,
  type RouteMatch,
  type SandboxControl,
} from './control';
import type { SandboxPart } from './origins';
import type { NewActivity, NewMessage, NewSharedProject, ProjectCountsChange } from './store';

const PARTS: readonly SandboxPart[] = ['site', 'api', 'translate', 'synthesis', 'uploads'];

type Body = Record<string, unknown>;

class InputError extends Error {}

async function jsonBody(c: Context): Promise<Body> {
  try {
    const body = await c.req.json();
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new InputError('expected a JSON object');
    return body as Body;
  } catch (error) {
    throw error instanceof InputError ? error : new InputError('the body is not valid JSON');
  }
}

function num(body: Body, key: string, fallback?: number): number {
  const value = body[key] ?? fallback;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new InputError(`${key} must be a number`);
  return value;
}

function str(body: Body, key: string, fallback?: string): string {
  const value = body[key] ?? fallback;
  if (typeof value !== 'string' || value === '') throw new InputError(`${key} must be a non-empty string`);
  return value;
}

function match(body: Body): RouteMatch {
  const result: RouteMatch = {};
  if (body.pattern !== undefined) result.pattern = str(body, 'pattern');
  if (body.part !== undefined) {
    const part = str(body, 'part') as SandboxPart;
    if (!PARTS.includes(part)) throw new InputError(`part must be one of ${PARTS.join(', ')}`);
    result.part = part;
  }
  if (body.method !== undefined) result.method = str(body, 'method').toUpperCase();
  return result;
}

export function mountControlRoutes(app: Hono, control: SandboxControl): void {
  app.onError((error, c) => {
    if (error instanceof InputError) return c.json({ error: error.message }, 400);
    return c.json({ error: error instanceof Error ? error.message : String(error) }, 500);
  });

  app.get('/', (c) =>
    c.json({
      routes: [
        'POST /reset',
        'POST /latency',
        'POST /latency/release',
        'POST /failures',
        'POST /rate-limit',
        'POST /malformed',
        'POST /outage',
        'POST /redirects',
        'POST /comment-rejections',
        'DELETE /faults',
        'POST /tokens/expire',
        'POST /messages',
        'POST /admin-messages',
        'POST /admin-messages/dismiss',
        'POST /invites',
        'POST /alerts/clear',
        'POST /studio-projects',
        'POST /replies-paths',
        'POST /activity',
        'POST /projects',
        'POST /sessions',
        'POST /message-count-cache',
        'POST /referer-check',
        'POST /projects/counts',
        'GET /clock',
        'POST /clock/advance',
        'POST /clock/set',
        'GET /requests',
        'GET /in-flight',
        'GET /counters',
        'DELETE /requests',
        'GET /elsewhere/requests',
        'DELETE /elsewhere/requests',
        'GET /certificate',
      ],
    }),
  );

  app.post('/reset', (c) => {
    control.reset();
    return c.json({ ok: true });
  });

  app.post('/latency', async (c) => {
    const body = await jsonBody(c);
    const rule: LatencyRule = {
      ...match(body),
      fixedMs: num(body, 'fixedMs', 0),
      jitterMs: num(body, 'jitterMs', 0),
    };
    control.addLatency(rule);
    return c.json({ ok: true, rule });
  });

  app.post('/latency/release', (c) => {
    control.releaseDelayed();
    return c.json({ ok: true });
  });

  app.post('/failures', async (c) => {
    const body = await jsonBody(c);
    const rate = num(body, 'rate', 1);
    const status = num(body, 'status', 500);
    if (rate < 0 || rate > 1) throw new InputError('rate must be between 0 and 1');
    if (status < 400 || status > 599) throw new InputError('status must be 400..599');
    const rule: FailureRule = { ...match(body), pattern: str(body, 'pattern'), rate, status };
    control.addFailure(rule);
    return c.json({ ok: true, rule });
  });

  app.post('/rate-limit', async (c) => {
    const body = await jsonBody(c);
    const rule: RateLimitRule = {
      ...match(body),
      pattern: str(body, 'pattern'),
      count: num(body, 'count', 1),
      retryAfterSeconds: num(body, 'retryAfterSeconds', 2),
    };
    control.addRateLimit(rule);
    return c.json({ ok: true, rule });
  });

  app.post('/malformed', async (c) => {
    const body = await jsonBody(c);
    const kind = str(body, 'kind', 'malformed');
    if (kind !== 'malformed' && kind !== 'truncated')
      throw new InputError('kind must be malformed or truncated');
    const rule: MalformedRule = { ...match(body), pattern: str(body, 'pattern'), kind };
    if (body.count !== undefined) rule.count = num(body, 'count');
    control.addMalformed(rule);
    return c.json({ ok: true, rule });
  });

  app.post('/outage', async (c) => {
    const body = await jsonBody(c);
    const rule: OutageRule = match(body);
    control.addOutage(rule);
    return c.json({ ok: true, rule });
  });

  app.post('/redirects', async (c) => {
    const body = await jsonBody(c);
    const status = num(body, 'status', 302);
    if (!(REDIRECT_STATUSES as readonly number[]).includes(status))
      throw new InputError(`status must be one of ${REDIRECT_STATUSES.join(', ')}`);
    const rule: RedirectRule = { ...match(body), status: status as RedirectStatus };
    if (body.count !== undefined) rule.count = num(body, 'count');
    control.addRedirect(rule);
    return c.json({ ok: true, rule, to: control.elsewhereOrigin });
  });

  app.post('/comment-rejections', async (c) => {
    const body = await jsonBody(c);
    const rejection: ForcedRejection = { code: str(body, 'code'), count: num(body, 'count', 1) };
    if (typeof body.extra === 'object' && body.extra !== null)
      rejection.extra = body.extra as Record<string, unknown>;
    control.forceCommentRejection(rejection);
    return c.json({ ok: true, rejection });
  });

  app.delete('/faults', (c) => {
    control.clearFaults();
    return c.json({ ok: true });
  });

  app.post('/tokens/expire', async (c) => {
    const body = await jsonBody(c);
    const username = str(body, 'username');
    if (!control.store.getUser(username)) return c.json({ error: `no user ${username}` }, 404);
    return c.json({ ok: true, expired: control.expireToken(username) });
  });

  app.post('/messages', async (c) => {
    const body = await jsonBody(c);
    const username = str(body, 'username');
    const { username: _recipient, type: _type, actor: _actor, ...fields } = body;
    const message: NewMessage = { type: str(body, 'type'), fields: fields as NewMessage['fields'] };
    if (body.actor !== undefined) message.actor = str(body, 'actor');
    if (!control.store.getUser(username)) return c.json({ error: `no user ${username}` }, 404);
    if (message.actor && !control.store.getUser(message.actor))
      return c.json({ error: `no user ${message.actor}` }, 404);
    const created = control.addMessage(username, message);
    return c.json({ ok: true, id: created.id, unread: control.store.unreadCount(username) });
  });

  app.post('/admin-messages', async (c) => {
    const body = await jsonBody(c);
    const username = str(body, 'username');
    const text = body.message === undefined ? 'A message from the site team.' : str(body, 'message');
    if (!control.store.getUser(username)) return c.json({ error: `no user ${username}` }, 404);
    const created = control.addAdminMessage(username, text);
    return c.json({ ok: true, id: created.id, unread: control.store.unreadCount(username) });
  });

  app.post('/admin-messages/dismiss', async (c) => {
    const body = await jsonBody(c);
    const username = str(body, 'username');
    const id = num(body, 'id');
    if (!control.store.getUser(username)) return c.json({ error: `no user ${username}` }, 404);
    if (!control.dismissAdminMessage(username, id)) return c.json({ error: `no alert ${id}` }, 404);
    return c.json({ ok: true, unread: control.store.unreadCount(username) });
  });

  app.post('/invites', async (c) => {
    const body = await jsonBody(c);
    const username = str(body, 'username');
    if (!control.store.getUser(username)) return c.json({ error: `no user ${username}` }, 404);
    const invite = control.addInvite(username);
    return c.json({ ok: true, id: invite.id, unread: control.store.unreadCount(username) });
  });

  app.post('/alerts/clear', async (c) => {
    const body = await jsonBody(c);
    const username = str(body, 'username');
    if (!control.store.getUser(username)) return c.json({ error: `no user ${username}` }, 404);
    const cleared = control.clearAlerts(username);
    return c.json({ ok: true, cleared, unread: control.store.unreadCount(username) });
  });

  app.post('/studio-projects', async (c) => {
    const body = await jsonBody(c);
    const input = {
      studioId: num(body, 'studio'),
      projectId: num(body, 'project'),
      actor: str(body, 'actor'),
    };
    if (!control.store.getStudio(input.studioId))
      return c.json({ error: `no studio ${input.studioId}` }, 404);
    if (control.store.getProject(input.projectId)?.isShared !== true)
      return c.json({ error: `no shared project ${input.projectId}` }, 404);
    if (!control.store.getUser(input.actor)) return c.json({ error: `no user ${input.actor}` }, 404);
    const event = control.addProjectToStudio(input);
    return c.json({ ok: true, id: `${event.type}-${event.id}`, datetime_created: event.created });
  });

  app.post('/replies-paths', async (c) => {
    const body = await jsonBody(c);
    for (const key of ['users', 'user'] as const) {
      if (body[key] === undefined) continue;
      if (typeof body[key] !== 'boolean') throw new InputError(`${key} must be a boolean`);
      control.repliesPaths[key] = body[key];
    }
    return c.json({ ok: true, ...control.repliesPaths });
  });

  app.post('/activity', async (c) => {
    const body = await jsonBody(c);
    const { type: _type, actor: _actor, ...fields } = body;
    const activity: NewActivity = {
      actor: str(body, 'actor'),
      type: str(body, 'type'),
      fields: fields as NewActivity['fields'],
    };
    if (!control.store.getUser(activity.actor)) return c.json({ error: `no user ${activity.actor}` }, 404);
    const event = control.addActivity(activity);
    return c.json({ ok: true, id: event.id, datetime_created: event.created });
  });

  app.post('/projects', async (c) => {
    const body = await jsonBody(c);
    const input: NewSharedProject = { author: str(body, 'author') };
    if (body.title !== undefined) input.title = str(body, 'title');
    // The notes the author wrote before sharing (either may be empty, as on the site).
    for (const key of ['description', 'instructions'] as const) {
      if (body[key] === undefined) continue;
      if (typeof body[key] !== 'string') throw new InputError(`${key} must be a string`);
      input[key] = body[key];
    }
    if (!control.store.getUser(input.author)) return c.json({ error: `no user ${input.author}` }, 404);
    const { project, event } = control.shareProject(input);
    return c.json({
      ok: true,
      id: project.id,
      title: project.title,
      activityId: event.id,
      shared: project.shared,
    });
  });

  app.post('/projects/counts', async (c) => {
    const body = await jsonBody(c);
    const id = num(body, 'id');
    const change: ProjectCountsChange = {};
    for (const key of ['loves', 'favorites', 'views', 'remixes'] as const) {
      if (body[key] === undefined) continue;
      const delta = num(body, key);
      if (!Number.isInteger(delta)) throw new InputError(`${key} must be a whole number`);
      change[key] = delta;
    }
    if (change.remixes !== undefined && change.remixes < 0) throw new InputError('remixes only grow');
    if (!control.store.getProject(id)) return c.json({ error: `no project ${id}` }, 404);
    return c.json({ ok: true, id, ...control.changeProjectCounts(id, change) });
  });

  app.post('/sessions', async (c) => {
    const body = await jsonBody(c);
    const username = str(body, 'username');
    if (!control.store.getUser(username)) return c.json({ error: `no user ${username}` }, 404);
    return c.json(control.signIn(username));
  });

  app.post('/message-count-cache', async (c) => {
    const body = await jsonBody(c);
    const seconds = num(body, 'seconds');
    if (seconds < 0) throw new InputError('seconds must be 0 or more');
    control.messageCountCacheSeconds = seconds;
    return c.json({ ok: true, seconds });
  });

  app.post('/referer-check', async (c) => {
    const body = await jsonBody(c);
    if (typeof body.on !== 'boolean') throw new InputError('on must be a boolean');
    control.refererCheck = body.on;
    return c.json({ ok: true, on: control.refererCheck });
  });

  app.get('/clock', (c) => c.json(control.clockReading()));

  app.post('/clock/advance', async (c) => {
    const ms = num(await jsonBody(c), 'ms');
    if (ms < 0) throw new InputError('ms must be 0 or more (to go back, set the clock)');
    return c.json(control.advanceClock(ms));
  });

  app.post('/clock/set', async (c) => {
    const body = await jsonBody(c);
    // An ISO date, as the service writes them, or ms since the epoch.
    const time = typeof body.time === 'string' ? Date.parse(body.time) : body.time;
    if (typeof time !== 'number' || !Number.isFinite(time))
      throw new InputError('time must be an ISO date or ms since the epoch');
    return c.json(control.setClock(time));
  });

  app.get('/requests', (c) => {
    const part = c.req.query('part') as SandboxPart | undefined;
    return c.json(
      control.requestLog({ part, pattern: c.req.query('pattern'), method: c.req.query('method') }),
    );
  });

  app.get('/in-flight', (c) => {
    const part = c.req.query('part') as SandboxPart | undefined;
    return c.json(control.inFlight({ part, pattern: c.req.query('pattern'), method: c.req.query('method') }));
  });

  app.get('/counters', (c) => c.json(control.counters()));

  app.delete('/requests', (c) => {
    control.clearLog();
    return c.json({ ok: true });
  });

  app.get('/elsewhere/requests', (c) => c.json(control.elsewhereRequests()));

  app.delete('/elsewhere/requests', (c) => {
    control.clearElsewhereLog();
    return c.json({ ok: true });
  });

  app.get('/certificate', (c) => {
    if (!control.certificatePem) return c.json({ error: 'the sandbox runs without HTTPS' }, 404);
    return c.text(control.certificatePem, 200, { 'Content-Type': 'application/x-pem-file' });
  });
}
